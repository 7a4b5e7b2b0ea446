//! What an action did, as typed events: a step, a push, a pass, a fill or a
//! concession, and what it leaves the next player with — the tower they are
//! forced to move and why, free choice, or the end of the round and of the match.
//!
//! Front ends turn a [`Story`] into words; [`fmt::Display`](std::fmt::Display)
//! gives the English (in [`english`]), with the sides called Black and Gold.
//!
//! ```
//! use kamisado_core::story::{self, Act, ForcedBy, Next};
//! use kamisado_core::{Colour, Match, Rules};
//! let m: Match = Match::new(Rules::STANDARD, 3).unwrap();
//! let s = story::of_move(&m, "d1-d6".parse().unwrap()).unwrap();
//! assert!(matches!(s.act, Act::Step { tower, .. } if tower.colour == Colour::Yellow));
//! let Some(Next::Forced { tower, by: ForcedBy::Landed { colour, .. }, blocked, .. }) = s.next
//! else { panic!() };
//! assert_eq!((tower.colour, colour, blocked), (Colour::Red, Colour::Red, false));
//! assert_eq!(
//!     s.to_string(),
//!     "Black's yellow tower moves d1-d6. Gold must move the red tower on f8 (d6 is a red square)."
//! );
//! ```

pub mod english;

use crate::geometry::{Board, Eight, colour_of};
use crate::illegal::{IllegalMove, IllegalReason};
use crate::rules::{PushFollow, Variant};
use crate::tower::MAX_TEETH;
use crate::{
    Colour, Fill, Match, MatchError, Move, Position, RoundEnd, RoundResult, Score, Side, Square,
    Tower,
};

pub use english::player;

/// What one action did and what it leaves the next player with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Story<B: Board = Eight> {
    /// What the player did.
    pub act: Act<B>,
    /// What follows for the next player: none after a concession, which ends the match.
    pub next: Option<Next<B>>,
}

/// What a player did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Act<B: Board = Eight> {
    /// A tower moved (R3, R11).
    Step {
        /// The tower, with its rank (its side is the mover).
        tower: Tower,
        /// Where it stood.
        from: Square<B>,
        /// Where it landed.
        to: Square<B>,
    },
    /// A sumo pushed (R12; one tower along any direction it moves in under zvezda).
    Push {
        /// The pushing tower (its side is the mover).
        pusher: Tower,
        /// Where it stood.
        from: Square<B>,
        /// Where it landed: the first pushed tower's square.
        to: Square<B>,
        /// The pushed towers, from the one nearest the pusher.
        line: PushedLine<B>,
        /// Who moves next.
        turn: PushTurn,
    },
    /// The forced tower could not move, so its owner passed (R7).
    Pass {
        /// The blocked tower (its side is the one who passed).
        tower: Tower,
        /// Where it stands.
        square: Square<B>,
    },
    /// The round's winner chose the fill side; the towers are re-seated (R14).
    Fill {
        /// Who chose.
        side: Side,
        /// From which side.
        fill: Fill,
        /// The number of the round that starts.
        round: u32,
        /// Who moves first: the loser of the last round (R14).
        first: Side,
    },
    /// A player resigned or ran out of time, which ends the match with no points.
    Concession {
        /// Who conceded.
        side: Side,
        /// How.
        how: Concession,
        /// Who wins the match.
        winner: Side,
        /// The score, unchanged by the concession.
        score: Score,
    },
}

/// One pushed tower and where it went.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pushed<B: Board = Eight> {
    /// The tower (the opponent's of the pusher, in the standard game always).
    pub tower: Tower,
    /// Where it stood.
    pub from: Square<B>,
    /// Where it came to rest.
    pub to: Square<B>,
}

/// The towers a push moved: one to three (R12), nearest the pusher first.
///
/// ```
/// use kamisado_core::story::{self, Act};
/// use kamisado_core::{Match, Rules, Setup};
/// let setup: Setup = "obvpy2n/8/3g4/3r4/3Y++4/8/8/NGR1PVBO b y".parse().unwrap();
/// let m = Match::from_setup(&setup, Rules::STANDARD).unwrap();
/// let Act::Push { line, .. } = story::of_move(&m, "d4>d5".parse().unwrap()).unwrap().act
/// else { panic!() };
/// let moved: Vec<String> = line.iter().map(|p| format!("{}-{}", p.from, p.to)).collect();
/// assert_eq!(moved, ["d5-d6", "d6-d7"]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PushedLine<B: Board = Eight> {
    towers: [Option<Pushed<B>>; MAX_TEETH as usize],
}

impl<B: Board> PushedLine<B> {
    /// The pushed towers, nearest the pusher first.
    pub fn iter(&self) -> impl Iterator<Item = Pushed<B>> + '_ {
        self.towers.iter().flatten().copied()
    }

    /// How many towers were pushed.
    pub fn len(&self) -> usize {
        self.iter().count()
    }

    /// Whether no tower was pushed (never, for a line made from a push).
    pub fn is_empty(&self) -> bool {
        self.towers[0].is_none()
    }

    /// The tower furthest from the pusher: its square decides the next colour (R13).
    pub fn last(&self) -> Option<Pushed<B>> {
        self.iter().last()
    }
}

/// Who moves after a push.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PushTurn {
    /// The opponent loses the turn and the pusher moves again (R13).
    OpponentLosesTurn,
    /// The opponent moves next (zvezda).
    OpponentMoves,
}

/// How a player conceded the match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Concession {
    /// They resigned.
    Resignation,
    /// They ran out of time.
    Time,
}

impl From<Concession> for RoundEnd {
    fn from(how: Concession) -> RoundEnd {
        match how {
            Concession::Resignation => RoundEnd::Resignation,
            Concession::Time => RoundEnd::Time,
        }
    }
}

/// What an action leaves the next player with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Next<B: Board = Eight> {
    /// The next mover must move this tower (R5, R7, R13).
    Forced {
        /// The forced tower (its side is the next mover).
        tower: Tower,
        /// Where it stands.
        square: Square<B>,
        /// Why this colour.
        by: ForcedBy<B>,
        /// Whether the tower cannot move, so that its owner must pass (R7).
        blocked: bool,
    },
    /// The next mover may move any tower: the first move of a round (R4).
    FreeChoice {
        /// Who moves.
        side: Side,
    },
    /// The round is over.
    RoundOver(RoundOver),
}

/// Why the next mover must move a tower of a colour: the square whose colour it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ForcedBy<B: Board = Eight> {
    /// The last move landed on a square of this colour (R5).
    Landed {
        /// The square.
        square: Square<B>,
        /// Its colour.
        colour: Colour,
    },
    /// The last pushed tower stopped on a square of this colour (R13).
    LastPushed {
        /// The square.
        square: Square<B>,
        /// Its colour.
        colour: Colour,
    },
    /// The pushed tower stopped on a square of this colour (zvezda).
    Pushed {
        /// The square.
        square: Square<B>,
        /// Its colour.
        colour: Colour,
    },
    /// The sumo landed on a square of this colour (the `sumo-square` option).
    SumoSquare {
        /// The square.
        square: Square<B>,
        /// Its colour.
        colour: Colour,
    },
    /// The blocked tower that passed stands on a square of this colour (R7).
    Passed {
        /// The square.
        square: Square<B>,
        /// Its colour.
        colour: Colour,
    },
}

impl<B: Board> ForcedBy<B> {
    /// The square whose colour is forced.
    pub fn square(self) -> Square<B> {
        match self {
            ForcedBy::Landed { square, .. }
            | ForcedBy::LastPushed { square, .. }
            | ForcedBy::Pushed { square, .. }
            | ForcedBy::SumoSquare { square, .. }
            | ForcedBy::Passed { square, .. } => square,
        }
    }

    /// The forced colour.
    pub fn colour(self) -> Colour {
        match self {
            ForcedBy::Landed { colour, .. }
            | ForcedBy::LastPushed { colour, .. }
            | ForcedBy::Pushed { colour, .. }
            | ForcedBy::SumoSquare { colour, .. }
            | ForcedBy::Passed { colour, .. } => colour,
        }
    }
}

/// The end of a round: who won, how, what it scored and what comes next (R10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RoundOver {
    /// The number of the round.
    pub round: u32,
    /// Who won it.
    pub winner: Side,
    /// How it ended.
    pub end: RoundEnd,
    /// The winner's tower that scores, with the rank it won with (R10).
    pub scorer: Option<Tower>,
    /// The points scored.
    pub points: u8,
    /// The scoring tower with its new dragon's tooth; none for a triple sumo,
    /// which has every tooth.
    pub promoted: Option<Tower>,
    /// The score after the round, with the target.
    pub score: Score,
    /// What comes next: the fill or the end of the match.
    pub then: AfterRound,
}

/// What follows a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AfterRound {
    /// The winner chooses to fill from the left or the right (R14).
    Fill {
        /// Who chooses.
        chooser: Side,
    },
    /// The winner has reached the target (R9).
    MatchOver {
        /// Who won the match.
        winner: Side,
    },
}

/// The story of a move in a match.
///
/// # Errors
/// As [`Match::play`]: an illegal move, or no round being played.
///
/// ```
/// use kamisado_core::story;
/// use kamisado_core::{Match, Move, Rules};
/// let m: Match = Match::new(Rules::STANDARD, 1).unwrap();
/// assert!(story::of_move(&m, "d1-d6".parse().unwrap()).is_ok());
/// let e = story::of_move(&m, Move::Pass).unwrap_err();
/// assert!(e.to_string().contains("any tower may move"));
/// ```
pub fn of_move<B: Board>(before: &Match<B>, mv: Move<B>) -> Result<Story<B>, MatchError<B>> {
    let mut after = before.clone();
    let result = after.play(mv)?;
    // The match has just played the move, so its tower is there.
    let (act, by) = act_of(before.position(), mv, after.position()).ok_or(MatchError::Illegal(
        IllegalMove {
            mv,
            reason: IllegalReason::NotAllowed,
        },
    ))?;
    let next = match result {
        Some(result) => Next::RoundOver(round_over(before, result, &after)),
        None => next_mover(after.position(), by),
    };
    Ok(Story {
        act,
        next: Some(next),
    })
}

/// The story of the round's winner choosing the fill side (R14).
///
/// # Errors
/// As [`Match::fill`]: no round has just ended, or the match is over.
///
/// ```
/// use kamisado_core::story;
/// use kamisado_core::{Fill, Match, Rules, Setup};
/// let setup: Setup = "obvYy1gn/3p4/8/8/8/5r2/1G6/N1R1PVBO w y 1-0/3".parse().unwrap();
/// let m = Match::from_setup(&setup, Rules::STANDARD).unwrap();
/// assert_eq!(
///     story::of_fill(&m, Fill::Left).unwrap().to_string(),
///     "Black fills from the left: the towers are re-seated for round 2 (R14). \
///      Gold moves first, with any tower (R4)."
/// );
/// ```
pub fn of_fill<B: Board>(before: &Match<B>, fill: Fill) -> Result<Story<B>, MatchError<B>> {
    let mut after = before.clone();
    after.fill(fill)?;
    // The loser of the round moves first (R14): the chooser is the other side.
    let first = after.position().side_to_move();
    Ok(Story {
        act: Act::Fill {
            side: !first,
            fill,
            round: after.round(),
            first,
        },
        next: Some(Next::FreeChoice { side: first }),
    })
}

/// The story of a player resigning or running out of time, which ends the match.
///
/// # Errors
/// As [`Match::concede`]: the match is already over.
///
/// ```
/// use kamisado_core::story::{self, Concession};
/// use kamisado_core::{Match, Rules, Side};
/// let m: Match = Match::new(Rules::STANDARD, 3).unwrap();
/// let s = story::of_concession(&m, Side::White, Concession::Resignation).unwrap();
/// assert_eq!(s.to_string(), "Gold resigned: Black wins the match.");
/// ```
pub fn of_concession<B: Board>(
    before: &Match<B>,
    side: Side,
    how: Concession,
) -> Result<Story<B>, MatchError<B>> {
    let mut after = before.clone();
    let result = after.concede(side, how.into())?;
    Ok(Story {
        act: Act::Concession {
            side,
            how,
            winner: result.winner,
            score: after.score(),
        },
        next: None,
    })
}

/// The story of a resignation: [`of_concession`] with [`Concession::Resignation`].
///
/// # Errors
/// The match is already over.
pub fn of_resignation<B: Board>(before: &Match<B>, side: Side) -> Result<Story<B>, MatchError<B>> {
    of_concession(before, side, Concession::Resignation)
}

/// What a legal move did, and the square whose colour it forces next.
fn act_of<B: Board>(
    before: &Position<B>,
    mv: Move<B>,
    after: &Position<B>,
) -> Option<(Act<B>, ForcedBy<B>)> {
    match mv {
        Move::Step { from, to } => {
            let tower = before.tower_at(from)?;
            let by = ForcedBy::Landed {
                square: to,
                colour: colour_of(to),
            };
            Some((Act::Step { tower, from, to }, by))
        }
        Move::Push { from, to } => push_act(before, from, to, after),
        Move::Pass => {
            let (square, tower) = before.forced_tower()?;
            let by = ForcedBy::Passed {
                square,
                colour: colour_of(square),
            };
            Some((Act::Pass { tower, square }, by))
        }
    }
}

/// What a push did, who moves next and the square whose colour it forces
/// (R13, zvezda, sumo-square).
fn push_act<B: Board>(
    before: &Position<B>,
    from: Square<B>,
    to: Square<B>,
    after: &Position<B>,
) -> Option<(Act<B>, ForcedBy<B>)> {
    let pusher = before.tower_at(from)?;
    let line = pushed_line(before, from, to, after);
    let rest = line.last()?.to;
    let rules = before.rules();
    let (turn, by) = match (rules.variant, rules.push_follow) {
        (Variant::Zvezda, _) => (
            PushTurn::OpponentMoves,
            ForcedBy::Pushed {
                square: rest,
                colour: colour_of(rest),
            },
        ),
        (Variant::Standard, PushFollow::LastPushed) => (
            PushTurn::OpponentLosesTurn,
            ForcedBy::LastPushed {
                square: rest,
                colour: colour_of(rest),
            },
        ),
        (Variant::Standard, PushFollow::SumoSquare) => (
            PushTurn::OpponentLosesTurn,
            ForcedBy::SumoSquare {
                square: to,
                colour: colour_of(to),
            },
        ),
    };
    let act = Act::Push {
        pusher,
        from,
        to,
        line,
        turn,
    };
    Some((act, by))
}

/// The towers a push from `from` to `to` moved: the unbroken line from `to` on
/// in the push's direction, each found where it stands after the push.
fn pushed_line<B: Board>(
    before: &Position<B>,
    from: Square<B>,
    to: Square<B>,
    after: &Position<B>,
) -> PushedLine<B> {
    let (df, dr) = (to.file() - from.file(), to.rank() - from.rank());
    let pusher = before.side_to_move();
    let mut line = PushedLine {
        towers: [None; MAX_TEETH as usize],
    };
    let mut square = Some(to);
    for slot in &mut line.towers {
        let Some(sq) = square else { break };
        let Some(tower) = before.tower_at(sq).filter(|t| t.side != pusher) else {
            break;
        };
        *slot = Some(Pushed {
            tower,
            from: sq,
            to: after.tower_square(tower.side, tower.colour),
        });
        square = Square::at(sq.file() + df, sq.rank() + dr);
    }
    line
}

/// What the position after a move asks of the next mover.
fn next_mover<B: Board>(after: &Position<B>, by: ForcedBy<B>) -> Next<B> {
    match after.forced_tower() {
        Some((square, tower)) => {
            let moves = after.legal_moves();
            Next::Forced {
                tower,
                square,
                by,
                blocked: moves.as_ref() == [Move::Pass],
            }
        }
        None => Next::FreeChoice {
            side: after.side_to_move(),
        },
    }
}

/// The end of a round from its result and the match after it (R10).
fn round_over<B: Board>(before: &Match<B>, result: RoundResult, after: &Match<B>) -> RoundOver {
    let winner = result.winner;
    let scorer = result.tower.map(|colour| Tower {
        side: winner,
        colour,
        teeth: before.teeth(winner, colour),
    });
    let promoted = scorer
        .map(|t| Tower {
            teeth: after.teeth(winner, t.colour),
            ..t
        })
        .filter(|now| scorer.is_some_and(|t| now.teeth > t.teeth));
    let score = after.score();
    let then = if score.of(winner) >= score.target {
        AfterRound::MatchOver { winner }
    } else {
        AfterRound::Fill { chooser: winner }
    };
    RoundOver {
        round: after.round(),
        winner,
        end: result.end,
        scorer,
        points: result.points,
        promoted,
        score,
        then,
    }
}
