//! The story of an action, as typed events a page tells in its language
//! beside the rules crate's English.

use kamisado_core::geometry::Board;
use kamisado_core::story::{Act, AfterRound, ForcedBy, Next, PushTurn, Story};
use kamisado_core::{Fill, RoundEnd, Side, Tower};
use serde::{Deserialize, Serialize};

use crate::text::{as_text, from_text};
use crate::vocabulary::{PerSide, SideCode};

/// What a push leaves the opponent with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PushTurnView {
    /// The opponent loses the turn (R13).
    Loses,
    /// The opponent moves next (zvezda).
    Moves,
}

/// Why the next mover's tower is the one it must move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ForcedByView {
    /// The colour of the square the last move landed on (R5): the usual
    /// reason, which a note leaves unwritten.
    #[default]
    Landed,
    /// The colour under the last tower pushed (R13).
    LastPushed,
    /// The colour under the pushed tower (zvezda).
    Pushed,
    /// The sumo square's colour (sumo-square).
    SumoSquare,
    /// The colour under the blocked tower whose owner passed (R7).
    Passed,
}

impl ForcedByView {
    /// Whether the colour is the square's the last move landed on.
    pub fn is_landed(&self) -> bool {
        *self == ForcedByView::Landed
    }
}

/// What follows the end of a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Then {
    /// The winner chooses the fill (R14).
    Fill,
    /// The match is over.
    MatchOver,
}

/// A round's end written by its record's words (`home row`, `deadlock`, …).
pub(crate) mod round_end {
    use kamisado_core::RoundEnd;
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(end: &RoundEnd, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(end.name())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<RoundEnd, D::Error> {
        let text = String::deserialize(d)?;
        RoundEnd::ALL
            .into_iter()
            .find(|end| end.name() == text)
            .ok_or_else(|| {
                D::Error::custom(format!(
                    "`{text}` is not a round's end: expected home row, deadlock, repetition, resignation or time"
                ))
            })
    }
}

/// A tower named in a story: its side, colour and rank.
///
/// In a patch's new note, a tower the client's state shows on the square
/// the note names is left out (unnamed: no colour), and the client names it
/// from its state ([`crate::PatchView::apply`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TowerName {
    /// Its owner.
    pub side: SideCode,
    /// Its colour's name.
    pub colour: String,
    /// Its rank: `tower`, `sumo`, `double sumo` or `triple sumo`.
    pub rank: String,
}

impl Default for TowerName {
    /// A tower left out, for the client to name ([`TowerName::is_unnamed`]).
    fn default() -> TowerName {
        TowerName {
            side: SideCode::Black,
            colour: String::new(),
            rank: String::new(),
        }
    }
}

impl TowerName {
    /// Whether the tower is left out, for the client to name from its state.
    pub fn is_unnamed(&self) -> bool {
        self.colour.is_empty()
    }
}

impl From<Tower> for TowerName {
    fn from(t: Tower) -> TowerName {
        TowerName {
            side: t.side.into(),
            colour: t.colour.name().to_string(),
            rank: t.rank_name().to_string(),
        }
    }
}

/// A pushed tower and where it went.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PushedView {
    /// The tower.
    #[serde(flatten)]
    pub tower: TowerName,
    /// Where it stood.
    pub from: String,
    /// Where it came to rest.
    pub to: String,
}

/// A tower's step: the commonest act, written without its `kind` in a
/// patch's new note.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StepAct {
    /// The tower (its side is the mover's).
    #[serde(default, skip_serializing_if = "TowerName::is_unnamed")]
    pub tower: TowerName,
    /// From.
    pub from: String,
    /// To.
    pub to: String,
}

/// What a player did, as the rules crate's story tells it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ActView {
    /// A tower moved.
    Step(StepAct),
    /// A sumo pushed (R12).
    Push {
        /// The pusher.
        #[serde(default, skip_serializing_if = "TowerName::is_unnamed")]
        tower: TowerName,
        /// From.
        from: String,
        /// To.
        to: String,
        /// The pushed towers, nearest first.
        pushed: Vec<PushedView>,
        /// `loses`: the opponent loses the turn (R13); `moves`: the opponent moves next (zvezda).
        turn: PushTurnView,
    },
    /// The forced tower was blocked: its owner passed (R7).
    Pass {
        /// The blocked tower.
        #[serde(default, skip_serializing_if = "TowerName::is_unnamed")]
        tower: TowerName,
        /// Its square.
        square: String,
    },
    /// The round's winner chose the fill (R14).
    Fill {
        /// Who chose.
        side: SideCode,
        /// `left` or `right`.
        #[serde(serialize_with = "as_text", deserialize_with = "from_text")]
        fill: Fill,
        /// The round that starts.
        round: u32,
        /// Who moves first.
        first: SideCode,
    },
    /// A player resigned or ran out of time, which ends the match.
    Concession {
        /// Who conceded.
        side: SideCode,
        /// `resignation` or `time`.
        #[serde(with = "round_end")]
        how: RoundEnd,
        /// Who wins the match.
        winner: SideCode,
        /// The points the match is played to (1: a single round).
        target: u8,
    },
}

/// The end of a round, as the story tells it (R10).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundOverView {
    /// The round's number.
    pub round: u32,
    /// Its winner.
    pub winner: SideCode,
    /// How it ended: `home row`, `deadlock`, `repetition`, `resignation`, `time`.
    #[serde(with = "round_end")]
    pub end: RoundEnd,
    /// The tower that scored, with the rank it won with.
    pub scorer: Option<TowerName>,
    /// The points scored.
    pub points: u8,
    /// The scoring tower with its new dragon's tooth.
    pub promoted: Option<TowerName>,
    /// The score after the round.
    pub score: PerSide<u8>,
    /// The points that win the match.
    pub target: u8,
    /// `fill` (the winner chooses it) or `match_over`.
    pub then: Then,
}

/// The tower the next mover must move: the commonest next, written
/// without its `kind` in a patch's new note.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForcedView {
    /// The tower (its side is the next mover's).
    #[serde(default, skip_serializing_if = "TowerName::is_unnamed")]
    pub tower: TowerName,
    /// Its square.
    pub square: String,
    /// Why its colour: `landed` (written only when it is another),
    /// `last_pushed`, `pushed`, `sumo_square` or `passed`.
    #[serde(default, skip_serializing_if = "ForcedByView::is_landed")]
    pub by: ForcedByView,
    /// The square whose colour decided (in a patch's new note, left
    /// out when it is the square the tower that acted came to).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub by_square: String,
    /// That square's colour, the tower's (in a patch's new note, left
    /// out with the tower).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub by_colour: String,
    /// Whether the tower cannot move, so that its owner must pass
    /// (written only when it cannot).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub blocked: bool,
}

/// What an action leaves the next player with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum NextView {
    /// The next mover must move this tower (R5, R7, R13).
    Forced(ForcedView),
    /// The next mover may move any tower (R4).
    Free {
        /// Who moves.
        side: SideCode,
    },
    /// The round is over.
    RoundOver(RoundOverView),
}

/// One action of a game told: its English text (the rules crate's words)
/// and the same story as typed events, for a page to tell in its language.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Note {
    /// The story in English: in the state `GET /api/games/{id}` answers and
    /// in the record, but left out (empty) of what a game's WebSocket tells,
    /// whose clients tell the events in their own language.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub text: String,
    /// What the player did.
    pub act: ActView,
    /// What follows; none after a concession.
    pub next: Option<NextView>,
}

impl Note {
    /// The note as a game's WebSocket tells it: its events without the
    /// English story.
    pub fn events(&self) -> Note {
        Note {
            text: String::new(),
            act: self.act.clone(),
            next: self.next.clone(),
        }
    }

    /// The side to act after the action told: to move, or to choose the
    /// fill; none once the match is over.
    pub fn next_to_act(&self) -> Option<Side> {
        match self.next.as_ref()? {
            NextView::Forced(forced) => Some(forced.tower.side.into()),
            NextView::Free { side } => Some((*side).into()),
            NextView::RoundOver(end) if end.then == Then::Fill => Some(end.winner.into()),
            NextView::RoundOver(_) => None,
        }
    }
}

impl<B: Board> From<&Story<B>> for Note {
    fn from(story: &Story<B>) -> Note {
        Note {
            text: story.to_string(),
            act: act_view(&story.act),
            next: story.next.map(|n| next_view(&n)),
        }
    }
}

fn act_view<B: Board>(act: &Act<B>) -> ActView {
    match *act {
        Act::Step { tower, from, to } => ActView::Step(StepAct {
            tower: tower.into(),
            from: from.to_string(),
            to: to.to_string(),
        }),
        Act::Push {
            pusher,
            from,
            to,
            line,
            turn,
        } => ActView::Push {
            tower: pusher.into(),
            from: from.to_string(),
            to: to.to_string(),
            pushed: line
                .iter()
                .map(|p| PushedView {
                    tower: p.tower.into(),
                    from: p.from.to_string(),
                    to: p.to.to_string(),
                })
                .collect(),
            turn: match turn {
                PushTurn::OpponentLosesTurn => PushTurnView::Loses,
                PushTurn::OpponentMoves => PushTurnView::Moves,
            },
        },
        Act::Pass { tower, square } => ActView::Pass {
            tower: tower.into(),
            square: square.to_string(),
        },
        Act::Fill {
            side,
            fill,
            round,
            first,
        } => ActView::Fill {
            side: side.into(),
            fill,
            round,
            first: first.into(),
        },
        Act::Concession {
            side,
            how,
            winner,
            score,
        } => ActView::Concession {
            side: side.into(),
            how: RoundEnd::from(how),
            winner: winner.into(),
            target: score.target,
        },
    }
}

fn next_view<B: Board>(next: &Next<B>) -> NextView {
    match *next {
        Next::Forced {
            tower,
            square,
            by,
            blocked,
        } => NextView::Forced(ForcedView {
            tower: tower.into(),
            square: square.to_string(),
            by: match by {
                ForcedBy::Landed { .. } => ForcedByView::Landed,
                ForcedBy::LastPushed { .. } => ForcedByView::LastPushed,
                ForcedBy::Pushed { .. } => ForcedByView::Pushed,
                ForcedBy::SumoSquare { .. } => ForcedByView::SumoSquare,
                ForcedBy::Passed { .. } => ForcedByView::Passed,
            },
            by_square: by.square().to_string(),
            by_colour: by.colour().name().to_string(),
            blocked,
        }),
        Next::FreeChoice { side } => NextView::Free { side: side.into() },
        Next::RoundOver(r) => NextView::RoundOver(RoundOverView {
            round: r.round,
            winner: r.winner.into(),
            end: r.end,
            scorer: r.scorer.map(Into::into),
            points: r.points,
            promoted: r.promoted.map(Into::into),
            score: PerSide {
                b: r.score.black,
                w: r.score.white,
            },
            target: r.score.target,
            then: match r.then {
                AfterRound::Fill { .. } => Then::Fill,
                AfterRound::MatchOver { .. } => Then::MatchOver,
            },
        }),
    }
}
