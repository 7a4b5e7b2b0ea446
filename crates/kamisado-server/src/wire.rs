//! The WebSocket's messages, both ways, as Rust types: the one contract
//! between the page, the server, its tests and the load generator.
//!
//! A client sends [`ClientMessage`]s and receives [`ServerMessage`]s. Every
//! client message gets exactly one answer addressed to it, which names the
//! message it answers ([`Kind`]):
//!
//! | message | answer |
//! |---|---|
//! | `join` | `welcome` with the seat taken, or `error` |
//! | `hint` | `hint` with the engine's move, or `error` |
//! | `sync` | the full `state`, then `ack` |
//! | every other (`move`, `fill`, `resign`, `undo`, `takeback`, `takeback_reply`, `name`) | `ack`, or `error` |
//!
//! A message that cannot be read at all is answered by an `error` whose `of`
//! names its kind when that much could be read. `state` and `patch` messages
//! are not answers: a client receives the full `state` on connecting and,
//! after each change to the game, a `patch` from the state it has to the new
//! one ([`PatchView`]); the sender of a change receives it before its `ack`.
//! Every state carries `seq`, the number of the change that made it, and
//! every patch its `base`, the number it applies to: a client whose state is
//! not the base has missed one and asks for the full state with `sync`.
//!
//! ```
//! use kamisado_server::wire::{ClientMessage, Kind, ServerMessage};
//! let m = ClientMessage::decode(r#"{"t":"move","n":0,"mv":"d1-d6"}"#, 2048).unwrap();
//! assert_eq!(m.kind(), Kind::Move);
//! let ack = ServerMessage::ack(Kind::Move, Some(0), false);
//! assert_eq!(ack.to_text(), r#"{"t":"ack","of":"move","n":0,"duplicate":false}"#);
//! ```

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use kamisado_core::geometry::Board;
use kamisado_core::story::{Act, AfterRound, ForcedBy, Next, PushTurn, Story};
use kamisado_core::{Fill, RoundEnd, Side, Tower};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

use crate::error::ServerError;
use crate::live::Seat;
use crate::store::Mode;
use kamisado_core::any::AnyMove;

pub mod learning;
pub mod players;

/// Writes a value with its `Display` as a JSON string.
fn as_text<T: fmt::Display, S: Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(value)
}

/// Reads a JSON string with the value's `FromStr`.
fn from_text<'de, T, D>(d: D) -> Result<T, D::Error>
where
    T: FromStr,
    T::Err: fmt::Display,
    D: Deserializer<'de>,
{
    let text = String::deserialize(d)?;
    text.parse().map_err(D::Error::custom)
}

/// Moves on the wire are text in notation (`c1-c6`, `d4>d5`, `pass`):
/// `#[serde(with = "text_move")]` on a field that holds one.
mod text_move {
    use super::*;

    pub fn serialize<S: Serializer>(mv: &AnyMove, s: S) -> Result<S::Ok, S::Error> {
        as_text(mv, s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<AnyMove, D::Error> {
        from_text(d)
    }
}

/// [`text_move`] for a list of moves.
mod text_moves {
    use super::*;

    pub fn serialize<S: Serializer>(moves: &[AnyMove], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(moves.iter().map(ToString::to_string))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<AnyMove>, D::Error> {
        Vec::<String>::deserialize(d)?
            .iter()
            .map(|t| t.parse().map_err(D::Error::custom))
            .collect()
    }
}

/// [`text_move`] for a move that may be absent (`null`).
mod text_move_option {
    use super::*;

    pub fn serialize<S: Serializer>(mv: &Option<AnyMove>, s: S) -> Result<S::Ok, S::Error> {
        match mv {
            Some(mv) => as_text(mv, s),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<AnyMove>, D::Error> {
        Option::<String>::deserialize(d)?
            .map(|t| t.parse().map_err(D::Error::custom))
            .transpose()
    }
}

impl Serialize for Seat {
    /// `b`, `w` or `both`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Seat {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Seat, D::Error> {
        match String::deserialize(d)?.as_str() {
            "b" => Ok(Seat::Side(Side::Black)),
            "w" => Ok(Seat::Side(Side::White)),
            "both" => Ok(Seat::Both),
            other => Err(D::Error::custom(format!(
                "`{other}` is not a seat: expected b, w or both"
            ))),
        }
    }
}

/// A side as the wire writes it: `b` (Black) or `w` (White, shown as Gold).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SideCode {
    /// Black, `b`.
    #[serde(rename = "b")]
    Black,
    /// White, `w`.
    #[serde(rename = "w")]
    White,
}

impl From<Side> for SideCode {
    fn from(side: Side) -> SideCode {
        match side {
            Side::Black => SideCode::Black,
            Side::White => SideCode::White,
        }
    }
}

impl From<SideCode> for Side {
    fn from(side: SideCode) -> Side {
        match side {
            SideCode::Black => Side::Black,
            SideCode::White => Side::White,
        }
    }
}

/// One value for each side, written `{"b": …, "w": …}`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PerSide<T> {
    /// Black's.
    pub b: T,
    /// White's.
    pub w: T,
}

impl<T> PerSide<T> {
    /// The value of `side`.
    pub fn of(&self, side: Side) -> &T {
        match side {
            Side::Black => &self.b,
            Side::White => &self.w,
        }
    }
}

/// The kinds of client message, as their `t` names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// `join`.
    Join,
    /// `move`.
    Move,
    /// `fill`.
    Fill,
    /// `resign`.
    Resign,
    /// `undo`.
    Undo,
    /// `takeback`.
    Takeback,
    /// `takeback_reply`.
    TakebackReply,
    /// `hint`.
    Hint,
    /// `name`.
    Name,
    /// `sync`.
    Sync,
}

impl Kind {
    /// Every kind, in the order of the table above.
    pub const ALL: [Kind; 10] = [
        Kind::Join,
        Kind::Move,
        Kind::Fill,
        Kind::Resign,
        Kind::Undo,
        Kind::Takeback,
        Kind::TakebackReply,
        Kind::Hint,
        Kind::Name,
        Kind::Sync,
    ];

    /// The `t` of the message.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Join => "join",
            Kind::Move => "move",
            Kind::Fill => "fill",
            Kind::Resign => "resign",
            Kind::Undo => "undo",
            Kind::Takeback => "takeback",
            Kind::TakebackReply => "takeback_reply",
            Kind::Hint => "hint",
            Kind::Name => "name",
            Kind::Sync => "sync",
        }
    }

    /// The kind whose `t` is `name`.
    pub fn named(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// The fields the message carries besides `t`, each with what it must be.
    const fn fields(self) -> &'static [(&'static str, Field)] {
        match self {
            Kind::Join => &[("key", Field::OptionalText)],
            Kind::Move => &[("n", Field::Number), ("mv", Field::Text)],
            Kind::Fill => &[("n", Field::Number), ("fill", Field::Text)],
            Kind::Resign | Kind::Undo | Kind::Takeback | Kind::Hint => &[("n", Field::Number)],
            Kind::TakebackReply => &[("accept", Field::Bool)],
            Kind::Name => &[("name", Field::Text)],
            Kind::Sync => &[],
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a field of a client message must hold.
#[derive(Clone, Copy, Debug)]
enum Field {
    Number,
    Text,
    OptionalText,
    Bool,
}

impl Field {
    fn accepts(self, value: Option<&Value>) -> bool {
        match (self, value) {
            (Field::OptionalText, None | Some(Value::Null | Value::String(_))) => true,
            (Field::Number, Some(v)) => v.as_u64().is_some_and(|n| n <= u32::MAX as u64),
            (Field::Text, Some(Value::String(_))) => true,
            (Field::Bool, Some(Value::Bool(_))) => true,
            _ => false,
        }
    }

    fn explain(self, name: &str) -> String {
        match (self, name) {
            (Field::Number, _) => format!(
                "`{name}` must be the action's number: a whole number, the `n` of the last state"
            ),
            (Field::Text, "mv") => {
                "`mv` must be a move in notation, such as c1-c6, d4>d5 or pass".into()
            }
            (Field::Text, "fill") => "`fill` must be left or right".into(),
            (Field::Text, _) => format!("`{name}` must be text"),
            (Field::OptionalText, _) => format!("`{name}` must be text or null"),
            (Field::Bool, _) => format!("`{name}` must be true or false"),
        }
    }
}

/// A message from a client.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// Takes a seat with its key, or watches without one.
    Join {
        /// The seat key, or none to watch.
        #[serde(default)]
        key: Option<String>,
    },
    /// Plays a move as action number `n`.
    Move {
        /// The action's number.
        n: usize,
        /// The move (`c1-c6`, `d4>d5`, `pass`), read by the rules' parser.
        #[serde(with = "text_move")]
        mv: AnyMove,
    },
    /// Chooses the fill side as action number `n`.
    Fill {
        /// The action's number.
        n: usize,
        /// `left` or `right`.
        #[serde(serialize_with = "as_text", deserialize_with = "from_text")]
        fill: Fill,
    },
    /// Resigns the match as action number `n`.
    Resign {
        /// The action's number.
        n: usize,
    },
    /// Takes back moves (against the engine, or on one screen).
    Undo {
        /// The action's number.
        n: usize,
    },
    /// Offers to take back one's last move (with a friend).
    Takeback {
        /// The action's number.
        n: usize,
    },
    /// Answers the opponent's takeback offer.
    TakebackReply {
        /// Whether the offer is accepted.
        accept: bool,
    },
    /// Asks the engine for the best move (against the engine, or on one screen).
    Hint {
        /// The action's number.
        n: usize,
    },
    /// Sets one's name.
    Name {
        /// The name.
        name: String,
    },
    /// Asks for the full state again (after a missed patch).
    Sync,
}

/// Why a client message could not be read: the reason, and the kind of
/// message when that much was readable (so that the answer can name it).
#[derive(Debug)]
pub struct Unreadable {
    /// The message's kind, when its `t` was one.
    pub of: Option<Kind>,
    /// What was wrong, in the words a player or a client's author reads.
    pub error: ServerError,
}

impl ClientMessage {
    /// The message's kind.
    pub fn kind(&self) -> Kind {
        match self {
            ClientMessage::Join { .. } => Kind::Join,
            ClientMessage::Move { .. } => Kind::Move,
            ClientMessage::Fill { .. } => Kind::Fill,
            ClientMessage::Resign { .. } => Kind::Resign,
            ClientMessage::Undo { .. } => Kind::Undo,
            ClientMessage::Takeback { .. } => Kind::Takeback,
            ClientMessage::TakebackReply { .. } => Kind::TakebackReply,
            ClientMessage::Hint { .. } => Kind::Hint,
            ClientMessage::Name { .. } => Kind::Name,
            ClientMessage::Sync => Kind::Sync,
        }
    }

    /// The action number the message carries, if its kind has one.
    pub fn number(&self) -> Option<usize> {
        match *self {
            ClientMessage::Move { n, .. }
            | ClientMessage::Fill { n, .. }
            | ClientMessage::Resign { n }
            | ClientMessage::Undo { n }
            | ClientMessage::Takeback { n }
            | ClientMessage::Hint { n } => Some(n),
            ClientMessage::Join { .. }
            | ClientMessage::TakebackReply { .. }
            | ClientMessage::Name { .. }
            | ClientMessage::Sync => None,
        }
    }

    /// The message as JSON text.
    pub fn to_text(&self) -> String {
        serde_json::to_string(self).expect("a client message is always JSON")
    }

    /// Reads one client message: at most `max_len` bytes of JSON with a known
    /// `t` and the fields that kind needs; its move or fill is read by the
    /// rules' parsers.
    ///
    /// ```
    /// use kamisado_server::wire::{ClientMessage, Kind};
    /// let bad = ClientMessage::decode(r#"{"t":"move","n":"x","mv":"d1-d6"}"#, 2048).unwrap_err();
    /// assert_eq!(bad.of, Some(Kind::Move));
    /// assert!(bad.error.to_string().contains("`n` must be the action's number"));
    /// ```
    ///
    /// # Errors
    /// [`ServerError::TooLarge`] for a longer message, [`ServerError::BadRequest`]
    /// for anything else that is not one of the messages, each with its reason.
    pub fn decode(text: &str, max_len: usize) -> Result<ClientMessage, Unreadable> {
        let bad = |of, m: String| Unreadable {
            of,
            error: ServerError::BadRequest(m),
        };
        if text.len() > max_len {
            return Err(Unreadable {
                of: None,
                error: ServerError::TooLarge(format!(
                    "message refused: {} bytes, the limit is {max_len}",
                    text.len()
                )),
            });
        }
        let value: Value = serde_json::from_str(text).map_err(|_| {
            bad(
                None,
                "a message must be a JSON object such as {\"t\":\"move\",\"n\":0,\"mv\":\"c1-c6\"}"
                    .into(),
            )
        })?;
        let Value::Object(fields) = &value else {
            return Err(bad(
                None,
                "a message must be a JSON object with a `t`".into(),
            ));
        };
        let kinds = || {
            Kind::ALL
                .iter()
                .map(|k| k.name())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let kind = match fields.get("t") {
            Some(Value::String(t)) => Kind::named(t).ok_or_else(|| {
                bad(
                    None,
                    format!("`{t}` is not a message: expected {}", kinds()),
                )
            })?,
            _ => {
                return Err(bad(
                    None,
                    format!("a message needs `t`, its kind: one of {}", kinds()),
                ));
            }
        };
        check_fields(kind, fields).map_err(|reason| bad(Some(kind), reason))?;
        serde_json::from_value(value).map_err(|e| {
            // The fields have their types: what remains is the rules' reading
            // of a move or a fill, whose message is the parser's own.
            let text = e.to_string();
            let reason = text.split(" at line ").next().unwrap_or(&text).to_string();
            bad(Some(kind), format!("malformed {kind}: {reason}"))
        })
    }
}

/// Checks that a message of `kind` has exactly its fields, each of its type.
fn check_fields(kind: Kind, fields: &serde_json::Map<String, Value>) -> Result<(), String> {
    let expected = kind.fields();
    if let Some(extra) = fields
        .keys()
        .find(|k| *k != "t" && !expected.iter().any(|(name, _)| name == k))
    {
        let allowed: Vec<String> = expected.iter().map(|(n, _)| format!("`{n}`")).collect();
        return Err(format!(
            "a `{kind}` message has no field `{extra}`; it takes {}",
            if allowed.is_empty() {
                "none".to_string()
            } else {
                allowed.join(" and ")
            }
        ));
    }
    match expected
        .iter()
        .find(|(name, field)| !field.accepts(fields.get(*name)))
    {
        Some((name, field)) => Err(field.explain(name)),
        None => Ok(()),
    }
}

/// A value from the point of view of one side: proven (a win or a loss in so
/// many plies) or the engine's estimate.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ValueView {
    /// The side whose value it is.
    pub side: SideCode,
    /// `win`, `loss` or `estimate`.
    pub kind: ValueKind,
    /// For a proven value, the plies to the end of the round.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub plies: Option<u32>,
    /// For an estimate, the engine's score (positive is good for `side`).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub score: Option<i32>,
}

/// Whether a value is proven, and which way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ValueKind {
    /// The side wins in `plies` against any defence.
    Win,
    /// The side loses in `plies` at the longest defence.
    Loss,
    /// Not proven: `score` is the engine's estimate.
    Estimate,
}

/// The engine's recommendation for the player to move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HintView {
    /// The number of the state it was asked for.
    pub n: usize,
    /// The move.
    #[serde(with = "text_move")]
    pub mv: AnyMove,
    /// The move's value for the player to move.
    pub value: ValueView,
    /// The line the engine expects, starting with the move.
    #[serde(with = "text_moves")]
    pub line: Vec<AnyMove>,
}

/// A tower named in a story: its side, colour and rank.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TowerName {
    /// Its owner.
    pub side: SideCode,
    /// Its colour's name.
    pub colour: String,
    /// Its rank: `tower`, `sumo`, `double sumo` or `triple sumo`.
    pub rank: String,
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

/// What a player did, as the rules crate's story tells it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ActView {
    /// A tower moved.
    Step {
        /// The tower (its side is the mover's).
        tower: TowerName,
        /// From.
        from: String,
        /// To.
        to: String,
    },
    /// A sumo pushed (R12).
    Push {
        /// The pusher.
        tower: TowerName,
        /// From.
        from: String,
        /// To.
        to: String,
        /// The pushed towers, nearest first.
        pushed: Vec<PushedView>,
        /// `loses`: the opponent loses the turn (R13); `moves`: the opponent moves next (zvezda).
        turn: String,
    },
    /// The forced tower was blocked: its owner passed (R7).
    Pass {
        /// The blocked tower.
        tower: TowerName,
        /// Its square.
        square: String,
    },
    /// The round's winner chose the fill (R14).
    Fill {
        /// Who chose.
        side: SideCode,
        /// `left` or `right`.
        fill: String,
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
        how: String,
        /// Who wins the match.
        winner: SideCode,
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
    pub end: String,
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
    pub then: String,
}

/// What an action leaves the next player with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum NextView {
    /// The next mover must move this tower (R5, R7, R13).
    Forced {
        /// The tower (its side is the next mover's).
        tower: TowerName,
        /// Its square.
        square: String,
        /// Why its colour: `landed`, `last_pushed`, `pushed`, `sumo_square` or `passed`.
        by: String,
        /// The square whose colour decided.
        by_square: String,
        /// That square's colour.
        by_colour: String,
        /// Whether the tower cannot move, so that its owner must pass.
        blocked: bool,
    },
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
    /// The story in English.
    pub text: String,
    /// What the player did.
    pub act: ActView,
    /// What follows; none after a concession.
    pub next: Option<NextView>,
}

impl Note {
    /// The side to act after the action told: to move, or to choose the
    /// fill; none once the match is over.
    pub fn next_to_act(&self) -> Option<Side> {
        match self.next.as_ref()? {
            NextView::Forced { tower, .. } => Some(tower.side.into()),
            NextView::Free { side } => Some((*side).into()),
            NextView::RoundOver(end) if end.then == "fill" => Some(end.winner.into()),
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
        Act::Step { tower, from, to } => ActView::Step {
            tower: tower.into(),
            from: from.to_string(),
            to: to.to_string(),
        },
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
                PushTurn::OpponentLosesTurn => "loses",
                PushTurn::OpponentMoves => "moves",
            }
            .to_string(),
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
            fill: fill.to_string(),
            round,
            first: first.into(),
        },
        Act::Concession {
            side, how, winner, ..
        } => ActView::Concession {
            side: side.into(),
            how: RoundEnd::from(how).name().to_string(),
            winner: winner.into(),
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
        } => NextView::Forced {
            tower: tower.into(),
            square: square.to_string(),
            by: match by {
                ForcedBy::Landed { .. } => "landed",
                ForcedBy::LastPushed { .. } => "last_pushed",
                ForcedBy::Pushed { .. } => "pushed",
                ForcedBy::SumoSquare { .. } => "sumo_square",
                ForcedBy::Passed { .. } => "passed",
            }
            .to_string(),
            by_square: by.square().to_string(),
            by_colour: by.colour().name().to_string(),
            blocked,
        },
        Next::FreeChoice { side } => NextView::Free { side: side.into() },
        Next::RoundOver(r) => NextView::RoundOver(RoundOverView {
            round: r.round,
            winner: r.winner.into(),
            end: r.end.name().to_string(),
            scorer: r.scorer.map(Into::into),
            points: r.points,
            promoted: r.promoted.map(Into::into),
            score: PerSide {
                b: r.score.black,
                w: r.score.white,
            },
            target: r.score.target,
            then: match r.then {
                AfterRound::Fill { .. } => "fill",
                AfterRound::MatchOver { .. } => "match_over",
            }
            .to_string(),
        }),
    }
}

/// A tower on the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TowerView {
    /// Its square, `c1`.
    pub sq: String,
    /// Its owner.
    pub side: SideCode,
    /// Its colour's name, `orange`.
    pub colour: String,
    /// Its dragon's teeth (0–3).
    pub teeth: u8,
    /// Its rank: `tower`, `sumo`, `double sumo` or `triple sumo` (R10).
    pub rank: String,
}

/// Whether a round is being played, a fill is to be chosen, or the match is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// A round is being played.
    Playing,
    /// The last round's winner chooses the fill (R14).
    Fill,
    /// The match is over.
    Over,
}

/// How the last round ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundView {
    /// Its winner.
    pub winner: SideCode,
    /// How it ended: `home row`, `deadlock`, `repetition`, `resignation` or `time`.
    pub end: String,
    /// The colour of the winner's tower that scored and was promoted.
    pub tower: Option<String>,
    /// The rank that tower has now.
    pub promoted_to: Option<String>,
    /// The points it scored.
    pub points: u8,
}

/// One round as the record writes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundLog {
    /// Its number, from 1.
    pub round: usize,
    /// The fill it started with (none for the first).
    pub fill: Option<String>,
    /// Its moves in notation.
    #[serde(with = "text_moves")]
    pub moves: Vec<AnyMove>,
    /// Its result as the record writes it (`1-0 home row`), once over.
    pub result: Option<String>,
}

/// The towers after each fill choice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FillPreview {
    /// After filling from the left.
    pub left: Vec<TowerView>,
    /// After filling from the right.
    pub right: Vec<TowerView>,
}

/// A game as every client sees it (no seat keys): sent whole on connecting
/// and on `sync`, as a [`PatchView`] after every change.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StateView {
    /// The number of the change that made this state, counted by the server
    /// process from the game's loading: each patch's `seq`.
    pub seq: u64,
    /// The game's id.
    pub id: String,
    /// How it is played.
    pub mode: Mode,
    /// The engine's level, against the engine.
    pub level: Option<u8>,
    /// The engine's side, against the engine.
    pub engine: Option<SideCode>,
    /// The players' names.
    pub names: PerSide<String>,
    /// Whether each seat has been taken by its player (the engine's always is).
    pub joined: PerSide<bool>,
    /// The number of actions so far: the number the next action carries.
    pub n: usize,
    /// The rule set's name.
    pub rules: String,
    /// The board's name: `6x6`, `8x8` or `10x10`.
    pub board: String,
    /// The colour of every square, the top rank first, each from file a.
    pub layout: Vec<Vec<String>>,
    /// The points that win the match.
    pub target: u8,
    /// The points so far.
    pub score: PerSide<u8>,
    /// The round being played (from 1).
    pub round: u32,
    /// The position in notation, with the match field.
    pub fen: String,
    /// Every tower.
    pub towers: Vec<TowerView>,
    /// Playing, choosing the fill, or over.
    pub status: Status,
    /// The side to move or to choose the fill; none once the match is over.
    pub to_act: Option<SideCode>,
    /// The match's winner, once over.
    pub winner: Option<SideCode>,
    /// The square of the tower that must move (none when any may).
    pub forced: Option<String>,
    /// The colour that must move.
    pub forced_colour: Option<String>,
    /// The legal moves, from the rules crate.
    #[serde(with = "text_moves")]
    pub legal: Vec<AnyMove>,
    /// The last move of the round.
    #[serde(with = "text_move_option")]
    pub last: Option<AnyMove>,
    /// How the last round ended.
    pub last_round: Option<RoundView>,
    /// Every round's fill, moves and result.
    pub rounds: Vec<RoundLog>,
    /// Each action told, in English and as typed events.
    /// (Each shared with the game that told it: a state is made after every
    /// change, and its notes are not copied each time.)
    pub notes: Vec<Arc<Note>>,
    /// The towers after each fill choice, while the fill is being chosen.
    pub fill_preview: Option<FillPreview>,
    /// The side offering a takeback.
    pub takeback: Option<SideCode>,
    /// Whether the engine is thinking about its turn.
    pub thinking: bool,
    /// The players' accounts, where a side has one.
    pub players: PerSide<Option<String>>,
    /// Whether the game is rated (between two accounts).
    pub rated: bool,
    /// The clock, in a timed game.
    pub clock: Option<ClockView>,
}

/// A timed game's clock, as it stood when the running side's clock started.
/// A page counts down from it with the server's time (`welcome`'s `now_ms`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockView {
    /// Each side's time for the match, in ms (live games).
    pub initial_ms: Option<i64>,
    /// The time added after each action, in ms (live games).
    pub increment_ms: Option<i64>,
    /// The days for each action (correspondence games).
    pub days: Option<u8>,
    /// Black's time left at `since_ms` (live games).
    pub b_ms: Option<i64>,
    /// White's time left at `since_ms` (live games).
    pub w_ms: Option<i64>,
    /// The side whose clock runs: none before the first move and after the match.
    pub running: Option<SideCode>,
    /// When the running clock started, in ms since 1970 by the server's clock.
    pub since_ms: i64,
    /// When the running side loses on time.
    pub deadline_ms: Option<i64>,
}

impl StateView {
    /// The patch that turns `old` into this state: every field whose value
    /// differs, and the changed tails of `notes` and `rounds`. Applied to
    /// `old` ([`PatchView::apply`]), it gives this state.
    pub fn patch_from(&self, old: &StateView) -> PatchView {
        PatchView {
            seq: self.seq,
            base: old.seq,
            set: self.changed_fields(old),
            notes: Tail::between(&old.notes, &self.notes),
            rounds: Tail::between(&old.rounds, &self.rounds),
        }
    }
}

/// A field's value as JSON, written as a state writes it (through its
/// `serde(with)` module, when it has one).
macro_rules! field_to_value {
    ($value:expr) => {
        serde_json::to_value($value)
    };
    ($value:expr, $with:ident) => {
        $with::serialize($value, serde_json::value::Serializer)
    };
}

/// A field's value read from JSON, as a state reads it.
macro_rules! field_from_value {
    ($value:expr) => {
        Deserialize::deserialize($value)
    };
    ($value:expr, $with:ident) => {
        $with::deserialize($value)
    };
}

/// The fields a patch sets, named as a state writes them: one list for
/// finding the fields that changed and for setting them, field by field
/// (no whole state is turned into JSON values on either side).
macro_rules! patched_fields {
    ($($field:ident $(with $with:ident)?),* $(,)?) => {
        impl StateView {
            /// Each field of `self` (in the list) that differs from `old`'s, as JSON.
            fn changed_fields(&self, old: &StateView) -> serde_json::Map<String, Value> {
                let mut set = serde_json::Map::new();
                $(
                    if self.$field != old.$field {
                        // Never fails: each field is written as JSON in every state.
                        let value = field_to_value!(&self.$field $(, $with)?).unwrap_or(Value::Null);
                        set.insert(stringify!($field).to_string(), value);
                    }
                )*
                set
            }

            /// Sets the field called `name` from its JSON value.
            fn set_field(&mut self, name: &str, value: &Value) -> Result<(), PatchError> {
                let bad = |e: serde_json::Error| PatchError::Value(format!("{name}: {e}"));
                match name {
                    $(
                        stringify!($field) => {
                            self.$field = field_from_value!(value $(, $with)?).map_err(bad)?;
                        }
                    )*
                    _ => return Err(PatchError::Field(name.to_string())),
                }
                Ok(())
            }
        }

        /// Fails to compile when a state has a field the list leaves out.
        const _: fn(&StateView) = |state| {
            let StateView { seq: _, notes: _, rounds: _, $($field: _),* } = state;
        };
    };
}

// Every field of a state but `seq`, `notes` and `rounds`, which a patch
// carries on its own.
patched_fields!(
    id, mode, level, engine, names, joined, n, rules, board, layout, target, score, round,
    fen, towers, status, to_act, winner, forced, forced_colour, legal with text_moves,
    last with text_move_option, last_round, fill_preview, takeback, thinking, players, rated,
    clock,
);

/// The end of a list that changed: keep the first `from` items, replace the
/// rest with `items`. A move adds a note (`from` the old length, one item);
/// a takeback removes some (`from` the new length, no items).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tail<T> {
    /// How many items are kept.
    pub from: usize,
    /// The items after them.
    pub items: Vec<T>,
}

impl<T: Clone + PartialEq> Tail<T> {
    /// The tail that turns `old` into `new`; none when they are equal.
    pub fn between(old: &[T], new: &[T]) -> Option<Tail<T>> {
        let from = old.iter().zip(new).take_while(|(a, b)| a == b).count();
        (from < old.len() || from < new.len()).then(|| Tail {
            from,
            items: new[from..].to_vec(),
        })
    }

    /// Whether the tail applies to a list of `len` items (`what` names it
    /// in the error).
    ///
    /// # Errors
    /// [`PatchError::Tail`] when the list is shorter than `from`.
    pub fn check(&self, len: usize, what: &'static str) -> Result<(), PatchError> {
        if self.from > len {
            return Err(PatchError::Tail {
                list: what,
                from: self.from,
                len,
            });
        }
        Ok(())
    }

    /// Applies the tail to `list` (`what` names it in the error).
    ///
    /// # Errors
    /// [`PatchError::Tail`] when the list is shorter than `from`.
    pub fn apply(&self, list: &mut Vec<T>, what: &'static str) -> Result<(), PatchError> {
        self.check(list.len(), what)?;
        list.truncate(self.from);
        list.extend_from_slice(&self.items);
        Ok(())
    }
}

/// A change to a game: what turns the state numbered `base` into the state
/// numbered `seq` (`base + 1`), sent to every client after each change.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PatchView {
    /// The number of the new state.
    pub seq: u64,
    /// The number of the state it applies to.
    pub base: u64,
    /// Each field of the state whose value changed (but `seq`, `notes` and
    /// `rounds`), with its new value as a state writes it.
    #[serde(default)]
    pub set: serde_json::Map<String, Value>,
    /// The change to `notes`, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notes: Option<Tail<Arc<Note>>>,
    /// The change to `rounds`, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<Tail<RoundLog>>,
}

impl PatchView {
    /// Applies the patch to `state`, which must be the state numbered
    /// `base`, in place.
    ///
    /// # Errors
    /// [`PatchError`]: a state of another number or a tail beyond its list's
    /// end (the state is then unchanged); a field that a state does not have
    /// or a value it cannot hold (a patch no server sends: the state may then
    /// be changed in part, and is to be replaced by a whole one, as after a
    /// missed patch).
    pub fn apply(&self, state: &mut StateView) -> Result<(), PatchError> {
        if state.seq != self.base {
            return Err(PatchError::Base {
                base: self.base,
                seq: state.seq,
            });
        }
        self.notes
            .as_ref()
            .map_or(Ok(()), |tail| tail.check(state.notes.len(), "notes"))?;
        self.rounds
            .as_ref()
            .map_or(Ok(()), |tail| tail.check(state.rounds.len(), "rounds"))?;
        for (name, value) in &self.set {
            state.set_field(name, value)?;
        }
        if let Some(tail) = &self.notes {
            tail.apply(&mut state.notes, "notes")?;
        }
        if let Some(tail) = &self.rounds {
            tail.apply(&mut state.rounds, "rounds")?;
        }
        state.seq = self.seq;
        Ok(())
    }
}

/// Why a patch does not apply to a state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PatchError {
    /// The state is not the one the patch applies to: a patch was missed.
    Base {
        /// The number the patch applies to.
        base: u64,
        /// The state's number.
        seq: u64,
    },
    /// `set` names a field that a state does not have, or one it never sets.
    Field(String),
    /// A value in `set` that its field cannot hold, with the reason.
    Value(String),
    /// A tail that keeps more items than its list has.
    Tail {
        /// `notes` or `rounds`.
        list: &'static str,
        /// The items it keeps.
        from: usize,
        /// The items the list has.
        len: usize,
    },
}

impl fmt::Display for PatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PatchError::Base { base, seq } => write!(
                f,
                "the patch applies to state {base}, but the state is {seq}: a patch was missed"
            ),
            PatchError::Field(name) => write!(f, "a patch cannot set `{name}`"),
            PatchError::Value(reason) => write!(f, "a patched value does not fit: {reason}"),
            PatchError::Tail { list, from, len } => write!(
                f,
                "the patch keeps {from} of `{list}`, which has only {len}"
            ),
        }
    }
}

impl std::error::Error for PatchError {}

/// A position on the analysis board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PositionView {
    /// The position in notation, with the match field.
    pub fen: String,
    /// Every tower.
    pub towers: Vec<TowerView>,
    /// The side to move or to fill; none once the match is over.
    pub to_act: Option<SideCode>,
    /// The square of the tower that must move.
    pub forced: Option<String>,
    /// The points so far.
    pub score: PerSide<u8>,
    /// The round (from 1).
    pub round: u32,
}

/// A legal move and its value for the player who makes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveView {
    /// The move.
    #[serde(with = "text_move")]
    pub mv: AnyMove,
    /// Its value for the mover.
    pub value: ValueView,
    /// The line the engine expects, starting with the move.
    #[serde(with = "text_moves")]
    pub line: Vec<AnyMove>,
}

/// A move of a record on the analysis board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StepView {
    /// The move played.
    #[serde(with = "text_move")]
    pub mv: AnyMove,
    /// Its mover.
    pub side: SideCode,
    /// Its round.
    pub round: u32,
    /// Its value for the mover, as a hint in the position before would value it.
    pub value: Option<ValueView>,
    /// The engine's best move there.
    #[serde(with = "text_move_option")]
    pub best: Option<AnyMove>,
    /// The best move's value.
    pub best_value: Option<ValueView>,
    /// The move told, in English and as typed events.
    pub note: Note,
    /// The position after it.
    pub after: PositionView,
    /// Whether it turned its mover's proven win into a proven loss.
    #[serde(default)]
    pub turning: bool,
}

/// The answer of `POST /api/analysis`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AnalysisView {
    /// The board's name.
    pub board: String,
    /// The colour of every square, the top rank first, each from file a.
    pub layout: Vec<Vec<String>>,
    /// The position the record or the text starts from.
    pub start: PositionView,
    /// Every move of the record.
    pub steps: Vec<StepView>,
    /// Every legal move of the last position with its value, best first.
    pub moves: Vec<MoveView>,
}

/// A message from the server.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ServerMessage {
    /// The whole game: on connecting, on `sync`, and after a patch missed.
    State(Box<StateView>),
    /// The change to the game from the state numbered `base`, to every client.
    Patch(PatchView),
    /// The answer to `join`: the seat taken (none: watching).
    Welcome {
        /// `b`, `w`, `both` or null.
        seat: Option<Seat>,
        /// The server's clock, in ms since 1970, for counting a clock down.
        now_ms: u64,
    },
    /// The answer to `hint`.
    Hint(HintView),
    /// The answer to any other message that was carried out.
    Ack {
        /// The kind of message it answers.
        of: Kind,
        /// The action number that message carried, if its kind has one.
        n: Option<usize>,
        /// Whether the action had already been applied (a retry).
        duplicate: bool,
    },
    /// The answer to a message that was refused; the game is unchanged.
    Error {
        /// The kind of message it answers, when the message was readable that far.
        of: Option<Kind>,
        /// Why it was refused.
        reason: String,
    },
}

impl ServerMessage {
    /// An `ack` of a message of kind `of` that carried number `n`.
    pub fn ack(of: Kind, n: Option<usize>, duplicate: bool) -> ServerMessage {
        ServerMessage::Ack { of, n, duplicate }
    }

    /// An `error` answering a message of kind `of`.
    pub fn error(of: Option<Kind>, reason: impl fmt::Display) -> ServerMessage {
        ServerMessage::Error {
            of,
            reason: reason.to_string(),
        }
    }

    /// The message as JSON text.
    pub fn to_text(&self) -> String {
        serde_json::to_string(self).expect("a server message is always JSON")
    }

    /// Reads a server message (for clients written in Rust: the tests and
    /// the load generator).
    ///
    /// # Errors
    /// Text that is not one of the messages.
    pub fn decode(text: &str) -> Result<ServerMessage, serde_json::Error> {
        // The server writes the tag first: the messages sent most are read
        // straight into their types (which ignore the tag) rather than
        // buffered whole first, as a tagged enum is read.
        if text.starts_with(r#"{"t":"patch","#) {
            return serde_json::from_str(text).map(ServerMessage::Patch);
        }
        if text.starts_with(r#"{"t":"state","#) {
            return serde_json::from_str(text).map(|s| ServerMessage::State(Box::new(s)));
        }
        serde_json::from_str(text)
    }

    /// Whether this is the answer to a message of `kind` (rather than a
    /// state or a patch).
    pub fn answers(&self, kind: Kind) -> bool {
        match self {
            ServerMessage::State(_) | ServerMessage::Patch(_) => false,
            ServerMessage::Welcome { .. } => kind == Kind::Join,
            ServerMessage::Hint(_) => kind == Kind::Hint,
            ServerMessage::Ack { of, .. } => *of == kind,
            ServerMessage::Error { of, .. } => of.is_none_or(|of| of == kind),
        }
    }
}

/// The creator's side in a new game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PlayAs {
    /// Black, who moves first.
    Black,
    /// White (shown as Gold).
    White,
    /// Drawn by lot.
    Random,
}

impl PlayAs {
    /// The word the request carries: `black`, `white` or `random`.
    pub const fn name(self) -> &'static str {
        match self {
            PlayAs::Black => "black",
            PlayAs::White => "white",
            PlayAs::Random => "random",
        }
    }
}

/// The body of `POST /api/games`: a mode and, optionally, everything else
/// (the server's defaults fill in what is left out). The server reads it
/// ([`NewGame::read`]); Rust clients build it.
///
/// ```
/// use kamisado_server::wire::{NewGame, PlayAs};
/// let request = NewGame::engine(3).target(7).colour(PlayAs::Black).seed(42);
/// assert_eq!(
///     request.to_text(),
///     r#"{"mode":"engine","target":7,"level":3,"colour":"black","seed":42}"#
/// );
/// assert_eq!(NewGame::read(request.to_text().as_bytes()).unwrap(), request);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewGame {
    /// `engine`, `local` or `friend`.
    pub mode: String,
    /// The points that win the match: 1 (the default), 3, 7 or 15.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<u8>,
    /// The engine's level, 1–6 (3 by default), against the engine.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<u8>,
    /// The creator's colour: `black`, `white` (or `gold`) or `random` (the default).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colour: Option<String>,
    /// The creator's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The other player's name (two players on one screen).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opponent: Option<String>,
    /// The rule set: `standard` (the default), `sumo-square` or `zvezda`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    /// The board: `8x8` (the default), `6x6` or `10x10`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
    /// A seed for the draw of colours and the engine's choices, for
    /// reproducible games (random when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
}

impl NewGame {
    /// The fields of a new game: name, whether a number, what it holds.
    const FIELDS: [(&str, bool, &str); 9] = [
        ("mode", false, "engine, local or friend"),
        (
            "target",
            true,
            "the points that win the match: 1, 3, 7 or 15",
        ),
        ("level", true, "the engine's level, a number from 1 to 6"),
        ("colour", false, "black, white or random"),
        ("name", false, "a name, as text"),
        ("opponent", false, "a name, as text"),
        ("rules", false, "standard, sumo-square or zvezda"),
        ("board", false, "6x6, 8x8 or 10x10"),
        ("seed", true, "a whole number"),
    ];

    /// Reads a request body, with a reason for anything it cannot take.
    ///
    /// # Errors
    /// [`ServerError::BadRequest`] naming the field that is wrong.
    pub fn read(body: &[u8]) -> Result<NewGame, ServerError> {
        read_body(body, "a new game", &Self::FIELDS, &["mode"])
    }

    /// A game of `mode` with the server's defaults.
    pub fn new(mode: Mode) -> NewGame {
        NewGame {
            mode: mode.name().to_string(),
            target: None,
            level: None,
            colour: None,
            name: None,
            opponent: None,
            rules: None,
            board: None,
            seed: None,
        }
    }

    /// A game against the engine at `level`.
    pub fn engine(level: u8) -> NewGame {
        NewGame {
            level: Some(level),
            ..NewGame::new(Mode::Engine)
        }
    }

    /// Two players on one screen.
    pub fn local() -> NewGame {
        NewGame::new(Mode::Local)
    }

    /// A game with a friend, who joins through the invite.
    pub fn friend() -> NewGame {
        NewGame::new(Mode::Friend)
    }

    /// The points that win the match.
    #[must_use]
    pub fn target(mut self, points: u8) -> NewGame {
        self.target = Some(points);
        self
    }

    /// The creator's side.
    #[must_use]
    pub fn colour(mut self, side: PlayAs) -> NewGame {
        self.colour = Some(side.name().to_string());
        self
    }

    /// The creator's name.
    #[must_use]
    pub fn name(mut self, name: &str) -> NewGame {
        self.name = Some(name.into());
        self
    }

    /// The other player's name (two players on one screen).
    #[must_use]
    pub fn opponent(mut self, name: &str) -> NewGame {
        self.opponent = Some(name.into());
        self
    }

    /// The rule set's name.
    #[must_use]
    pub fn rules(mut self, rules: &str) -> NewGame {
        self.rules = Some(rules.into());
        self
    }

    /// The board's name.
    #[must_use]
    pub fn board(mut self, board: &str) -> NewGame {
        self.board = Some(board.into());
        self
    }

    /// The seed.
    #[must_use]
    pub fn seed(mut self, seed: u64) -> NewGame {
        self.seed = Some(seed);
        self
    }

    /// The request as JSON text.
    pub fn to_text(&self) -> String {
        serde_json::to_string(self).expect("a game request is always JSON")
    }
}

/// The body of `POST /api/analysis`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AnalysisRequest {
    /// A game record or a position.
    pub text: String,
}

impl AnalysisRequest {
    /// Reads a request body, with a reason for anything it cannot take.
    ///
    /// # Errors
    /// [`ServerError::BadRequest`] naming what is wrong.
    pub fn read(body: &[u8]) -> Result<AnalysisRequest, ServerError> {
        read_body(
            body,
            "an analysis request",
            &[("text", false, "a game record or a position, as text")],
            &["text"],
        )
    }
}

/// Reads a JSON request body (`what` names it in refusals) whose fields are
/// those of `fields`: each a name, whether it must be a number (else text),
/// and what it must hold, in a player's words. Unknown fields, fields of the
/// wrong type and text that is not a JSON object are refused with a reason
/// that names the field; `required` fields must be present.
///
/// # Errors
/// [`ServerError::BadRequest`] with that reason.
pub fn read_body<T: serde::de::DeserializeOwned>(
    body: &[u8],
    what: &str,
    fields: &[(&str, bool, &str)],
    required: &[&str],
) -> Result<T, ServerError> {
    let example = || {
        let (name, number, help) = fields[0];
        let sample = if number {
            "1".to_string()
        } else {
            format!("\"{}\"", help.split([',', ' ']).next().unwrap_or(""))
        };
        format!("{what} is a JSON object such as {{\"{name}\": {sample}}}")
    };
    let value: Value =
        serde_json::from_slice(body).map_err(|_| ServerError::BadRequest(example()))?;
    let Value::Object(map) = &value else {
        return Err(ServerError::BadRequest(example()));
    };
    let names = || {
        fields
            .iter()
            .map(|(n, _, _)| format!("`{n}`"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    for (key, v) in map {
        let Some((name, number, help)) = fields.iter().find(|(n, _, _)| n == key) else {
            return Err(ServerError::BadRequest(format!(
                "{what} has no field `{key}`; it takes {}",
                names()
            )));
        };
        let fits = match v {
            Value::Null => !required.contains(name),
            Value::Number(n) => *number && n.as_u64().is_some(),
            Value::String(_) => !*number,
            _ => false,
        };
        if !fits {
            return Err(ServerError::BadRequest(format!("`{name}` must be {help}")));
        }
    }
    if let Some(missing) = required.iter().find(|r| !map.contains_key(**r)) {
        let help = fields
            .iter()
            .find(|(n, _, _)| n == missing)
            .map_or("", |f| f.2);
        return Err(ServerError::BadRequest(format!(
            "{what} needs `{missing}`: {help}"
        )));
    }
    serde_json::from_value(value).map_err(|e| {
        let text = e.to_string();
        ServerError::BadRequest(format!(
            "{what}: {}",
            text.split(" at line ").next().unwrap_or(&text)
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_client_message_reads_back_what_it_writes() {
        let messages = [
            ClientMessage::Join { key: None },
            ClientMessage::Join {
                key: Some("k".into()),
            },
            ClientMessage::Move {
                n: 3,
                mv: "d4>d5".parse().unwrap(),
            },
            ClientMessage::Move {
                n: 0,
                mv: "pass".parse().unwrap(),
            },
            ClientMessage::Fill {
                n: 9,
                fill: Fill::Right,
            },
            ClientMessage::Resign { n: 1 },
            ClientMessage::Undo { n: 2 },
            ClientMessage::Takeback { n: 2 },
            ClientMessage::TakebackReply { accept: true },
            ClientMessage::Hint { n: 4 },
            ClientMessage::Name { name: "Ann".into() },
            ClientMessage::Sync,
        ];
        for m in messages {
            let text = m.to_text();
            assert_eq!(ClientMessage::decode(&text, 2048).unwrap(), m, "{text}");
        }
    }

    #[test]
    fn refusals_say_what_was_wrong_in_plain_words() {
        let reason = |text: &str| {
            let e = ClientMessage::decode(text, 2048).unwrap_err();
            (e.of, e.error.to_string())
        };
        let (of, r) = reason(r#"{"t":"move","n":-1,"mv":"c1-c6"}"#);
        assert_eq!(of, Some(Kind::Move));
        assert!(r.contains("`n` must be the action's number"), "{r}");
        assert!(!r.contains("usize"), "{r}");
        let (of, r) = reason(r#"{"t":"dance"}"#);
        assert_eq!(of, None);
        assert!(
            r.contains("`dance` is not a message: expected join, move"),
            "{r}"
        );
        let (_, r) = reason(r#"{"t":"fill","n":0,"fill":"up"}"#);
        assert!(r.starts_with("malformed fill:"), "{r}");
        assert!(!r.contains("line 1"), "{r}");
        let (_, r) = reason(r#"{"t":"move","n":0,"mv":"c1c6"}"#);
        assert!(r.starts_with("malformed move:"), "{r}");
        let (of, r) = reason(r#"{"t":"undo","n":0,"mv":"c1-c6"}"#);
        assert_eq!(of, Some(Kind::Undo));
        assert!(r.contains("has no field `mv`; it takes `n`"), "{r}");
        let (_, r) = reason("[1,2]");
        assert!(r.contains("JSON object"), "{r}");
        let (_, r) = reason("{");
        assert!(r.contains("JSON object"), "{r}");
        assert!(reason(&"x".repeat(3000)).1.contains("limit is 2048"));
    }

    #[test]
    fn server_messages_read_back_what_they_write() {
        for m in [
            ServerMessage::ack(Kind::Undo, Some(4), false),
            ServerMessage::ack(Kind::Name, None, false),
            ServerMessage::error(Some(Kind::Move), "no"),
            ServerMessage::error(None, "no"),
            ServerMessage::Welcome {
                seat: Some(Seat::Both),
                now_ms: 1_764_547_200_000,
            },
            ServerMessage::Welcome {
                seat: None,
                now_ms: 0,
            },
        ] {
            assert_eq!(ServerMessage::decode(&m.to_text()).unwrap(), m);
        }
        assert!(ServerMessage::ack(Kind::Undo, Some(1), false).answers(Kind::Undo));
        assert!(!ServerMessage::ack(Kind::Undo, Some(1), false).answers(Kind::Move));
        assert!(ServerMessage::ack(Kind::Sync, None, false).answers(Kind::Sync));
        assert_eq!(
            ClientMessage::decode(r#"{"t":"sync"}"#, 2048).unwrap(),
            ClientMessage::Sync
        );
        let extra = ClientMessage::decode(r#"{"t":"sync","n":0}"#, 2048).unwrap_err();
        assert_eq!(extra.of, Some(Kind::Sync));
    }

    /// A match to 3 points on one screen, its first legal move each time
    /// (a fill when the round is over): the game after each action, numbered
    /// from 1.
    fn played(rules: kamisado_core::Rules, board: &str, actions: usize) -> Vec<StateView> {
        use crate::live::{Action, LiveGame};
        let row = crate::store::GameRow {
            id: "0123456789abcdef".into(),
            created_at: "2026.01.01".into(),
            mode: Mode::Local,
            rules,
            board: board.parse().unwrap(),
            target: 3,
            black_name: "Black".into(),
            white_name: "Gold".into(),
            black_key: None,
            white_key: None,
            engine_side: None,
            level: None,
            seed: 0,
            black_account: None,
            white_account: None,
            rated: false,
            time: None,
        };
        let mut game = LiveGame::rebuild(row, &[]).unwrap();
        let mut states = vec![game.view()];
        while states.len() <= actions {
            let last = states.last().unwrap();
            let action = match last.status {
                Status::Playing => Action::Move(last.legal[0]),
                Status::Fill => Action::Fill(Fill::Right),
                Status::Over => break,
            };
            let note = game.tell(action).unwrap();
            game.apply(action, note).unwrap();
            states.push(game.view());
        }
        for (i, state) in states.iter_mut().enumerate() {
            state.seq = i as u64 + 1;
        }
        states
    }

    /// Checks that the patch from `old` to `new`, written and read back,
    /// turns `old` into `new`; returns it.
    fn round_trip(old: &StateView, new: &StateView) -> PatchView {
        let mut new = new.clone();
        new.seq = old.seq + 1;
        let patch = new.patch_from(old);
        let text = ServerMessage::Patch(patch.clone()).to_text();
        let ServerMessage::Patch(read) = ServerMessage::decode(&text).unwrap() else {
            panic!("not a patch: {text}");
        };
        assert_eq!(read, patch);
        let mut state = old.clone();
        read.apply(&mut state).unwrap();
        assert_eq!(state, new, "{text}");
        // A whole state reads back as itself too.
        let whole = ServerMessage::State(Box::new(new.clone())).to_text();
        assert_eq!(
            ServerMessage::decode(&whole).unwrap(),
            ServerMessage::State(Box::new(new.clone()))
        );
        assert!(!patch.set.contains_key("layout"), "{text}");
        patch
    }

    #[test]
    fn a_patch_turns_each_state_into_the_next() {
        let boards = [
            (kamisado_core::Rules::STANDARD, "8x8"),
            (kamisado_core::Rules::STANDARD, "6x6"),
            ("sumo-square".parse().unwrap(), "10x10"),
            ("zvezda".parse().unwrap(), "8x8"),
        ];
        for (rules, board) in boards {
            let states = played(rules, board, 80);
            assert!(
                states.iter().any(|s| s.round > 1),
                "{board}: a round is won and another filled"
            );
            for pair in states.windows(2) {
                let patch = round_trip(&pair[0], &pair[1]);
                assert_eq!((patch.seq, patch.base), (pair[1].seq, pair[0].seq));
                // A move adds one note and changes the last round only.
                let notes = patch.notes.expect("a note for every action");
                assert_eq!((notes.from, notes.items.len()), (pair[0].notes.len(), 1));
                let rounds = patch.rounds.expect("every action is in the record");
                assert!(rounds.from + 1 >= pair[0].rounds.len(), "{rounds:?}");
            }
        }
    }

    #[test]
    fn a_patch_takes_back_renames_and_changes_nothing() {
        let states = played(kamisado_core::Rules::STANDARD, "8x8", 80);
        let end = states.len() - 1;
        assert!(end > 20, "{end} actions");
        // Taking back: from any state to an earlier one.
        for (later, earlier) in [(end, end - 1), (end, 20), (end, 0), (12, 11)] {
            let patch = round_trip(&states[later], &states[earlier]);
            let notes = patch.notes.unwrap();
            assert_eq!(notes.from, earlier);
            assert!(notes.items.is_empty());
        }
        // A name, an offer, a seat taken, the engine thinking: those fields only.
        let old = &states[10];
        let mut new = old.clone();
        new.names.w = "Ann".into();
        new.takeback = Some(SideCode::Black);
        new.joined.b = !old.joined.b;
        new.thinking = true;
        let patch = round_trip(old, &new);
        let mut set: Vec<&str> = patch.set.keys().map(String::as_str).collect();
        set.sort_unstable();
        assert_eq!(set, ["joined", "names", "takeback", "thinking"]);
        assert_eq!((patch.notes, patch.rounds), (None, None));
        // Nothing changed: an empty patch.
        let patch = round_trip(old, old);
        assert!(patch.set.is_empty() && patch.notes.is_none() && patch.rounds.is_none());
        assert_eq!(
            ServerMessage::Patch(patch).to_text(),
            format!(
                r#"{{"t":"patch","seq":{},"base":{},"set":{{}}}}"#,
                old.seq + 1,
                old.seq
            )
        );
    }

    #[test]
    fn a_patch_applies_only_to_its_base_and_the_reason_it_does_not_is_given() {
        let states = played(kamisado_core::Rules::STANDARD, "8x8", 3);
        let patch = states[2].patch_from(&states[1]);
        let mut state = states[0].clone();
        assert_eq!(
            patch.apply(&mut state),
            Err(PatchError::Base { base: 2, seq: 1 })
        );
        assert_eq!(state, states[0]);
        let refused = |edit: &dyn Fn(&mut PatchView)| {
            let mut bad = patch.clone();
            edit(&mut bad);
            let mut state = states[1].clone();
            let error = bad.apply(&mut state).unwrap_err();
            // A missed patch leaves the state as it was; a field no state has
            // or a value it cannot hold may have changed it in part.
            if matches!(error, PatchError::Base { .. } | PatchError::Tail { .. }) {
                assert_eq!(state, states[1], "{error}");
            }
            error
        };
        let e = refused(&|p| {
            p.set.insert("colour".into(), Value::Null);
        });
        assert_eq!(e, PatchError::Field("colour".into()));
        let e = refused(&|p| {
            p.set.insert("seq".into(), 9.into());
        });
        assert_eq!(e, PatchError::Field("seq".into()));
        let e = refused(&|p| {
            p.set.insert("n".into(), "three".into());
        });
        assert!(matches!(e, PatchError::Value(_)), "{e}");
        let e = refused(&|p| p.notes.as_mut().unwrap().from = 99);
        assert_eq!(
            e.to_string(),
            "the patch keeps 99 of `notes`, which has only 1"
        );
    }
}
