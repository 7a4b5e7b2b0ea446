//! The game WebSocket's messages, both ways.
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
//! | every other (`move`, `fill`, `resign`, `undo`, `takeback`, `takeback_reply`, `name`, `rematch`) | `ack`, or `error` |
//!
//! A message that cannot be read at all is answered by an `error` whose `of`
//! names its kind when that much could be read. `state` and `patch` messages
//! are not answers: a client receives the full `state` on connecting and,
//! after each change to the game, a `patch` from the state it has to the new
//! one ([`PatchView`]); the sender of a change receives it before its `ack`.
//! Every state carries `seq`, the number of the change that made it, and
//! every patch its `base`, the number it applies to: a client whose state is
//! not the base has missed one and asks for the full state with `sync`.

use std::fmt;

use kamisado_core::Fill;
use kamisado_core::any::AnyMove;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::analysis::HintView;
use crate::body::{ReadError, reason};
use crate::patch::PatchView;
use crate::refusal::{Code, Params, Refusal};
use crate::state::StateView;
use crate::text::{as_text, from_text, text_move};
use crate::vocabulary::Seat;

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
    /// `rematch`.
    Rematch,
    /// `sync`.
    Sync,
}

impl Kind {
    /// Every kind, in the order of the table above.
    pub const ALL: [Kind; 11] = [
        Kind::Join,
        Kind::Move,
        Kind::Fill,
        Kind::Resign,
        Kind::Undo,
        Kind::Takeback,
        Kind::TakebackReply,
        Kind::Hint,
        Kind::Name,
        Kind::Rematch,
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
            Kind::Rematch => "rematch",
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
            Kind::TakebackReply | Kind::Rematch => &[("accept", Field::Bool)],
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

/// An action's number as a message may carry it: up to `u32::MAX`.
fn action_number(n: u64) -> Option<usize> {
    u32::try_from(n).ok().and_then(|n| usize::try_from(n).ok())
}

impl Field {
    fn accepts(self, value: Option<&Value>) -> bool {
        match (self, value) {
            (Field::OptionalText, None | Some(Value::Null | Value::String(_))) => true,
            (Field::Number, Some(v)) => v.as_u64().and_then(action_number).is_some(),
            (Field::Text, Some(Value::String(_))) => true,
            (Field::Bool, Some(Value::Bool(_))) => true,
            _ => false,
        }
    }

    fn explain(self, name: &str) -> Refusal {
        match (self, name) {
            (Field::Number, _) => Refusal::field_not_number(name),
            (Field::Text, "mv") => Refusal::field_not_move(name),
            (Field::Text, "fill") => Refusal::field_not_choice(name, "left, right"),
            (Field::Text, _) => Refusal::field_not_text(name),
            (Field::OptionalText, _) => Refusal::field_not_text_or_null(name),
            (Field::Bool, _) => Refusal::field_not_bool(name),
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
    /// Offers a rematch of a finished match or accepts the opponent's
    /// (`accept: true`); declines it or withdraws one's own (`false`).
    Rematch {
        /// Whether the rematch is wanted.
        accept: bool,
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
    pub error: ReadError,
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
            ClientMessage::Rematch { .. } => Kind::Rematch,
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
            | ClientMessage::Rematch { .. }
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
    /// use kamisado_wire::{ClientMessage, Kind};
    /// let bad = ClientMessage::decode(r#"{"t":"move","n":"x","mv":"d1-d6"}"#, 2048).unwrap_err();
    /// assert_eq!(bad.of, Some(Kind::Move));
    /// assert!(bad.error.to_string().contains("\"n\" must be the action's number"));
    /// assert_eq!(bad.error.refusal().code, kamisado_wire::Code::FieldNotNumber);
    /// ```
    ///
    /// # Errors
    /// [`ReadError::TooLarge`] for a longer message, [`ReadError::Malformed`]
    /// for anything else that is not one of the messages, each with its reason.
    pub fn decode(text: &str, max_len: usize) -> Result<ClientMessage, Unreadable> {
        if text.len() > max_len {
            return Err(Unreadable {
                of: None,
                error: ReadError::TooLarge(Refusal::message_too_large(text.len(), max_len)),
            });
        }
        match canonical_move(text) {
            Some(message) => Ok(message),
            None => Self::decode_in_general(text),
        }
    }

    /// [`ClientMessage::decode`] of any text within the length: its JSON
    /// read whole, its kind and fields checked, then the message read.
    fn decode_in_general(text: &str) -> Result<ClientMessage, Unreadable> {
        let bad = |of, r: Refusal| Unreadable {
            of,
            error: ReadError::Malformed(r),
        };
        let not_json = || bad(None, Refusal::message_not_json(EXAMPLE));
        let value: Value = serde_json::from_str(text).map_err(|_| not_json())?;
        let Value::Object(fields) = &value else {
            return Err(not_json());
        };
        let kinds = || {
            Kind::ALL
                .iter()
                .map(|k| k.name())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let kind = match fields.get("t") {
            Some(Value::String(t)) => {
                Kind::named(t).ok_or_else(|| bad(None, Refusal::unknown_message(t, kinds())))?
            }
            _ => return Err(bad(None, Refusal::message_without_kind("t", kinds()))),
        };
        check_fields(kind, fields).map_err(|reason| bad(Some(kind), reason))?;
        serde_json::from_value(value).map_err(|e| {
            // The fields have their types: what remains is the rules' reading
            // of a move or a fill, whose message is the parser's own.
            bad(Some(kind), Refusal::malformed_message(kind, reason(&e)))
        })
    }
}

/// A move written as clients write one, `{"t":"move","n":12,"mv":"c1-c6"}`
/// (the fields in this order, no spaces), read without building its JSON
/// first: the message sent most, read as [`ClientMessage::decode`] reads
/// it. Anything else, a move the rules' parser refuses among it, is left to
/// the general reading and its reasons.
fn canonical_move(text: &str) -> Option<ClientMessage> {
    let rest = text.strip_prefix(r#"{"t":"move","n":"#)?;
    let digits = rest.find(|c: char| !c.is_ascii_digit())?;
    let (number, rest) = rest.split_at(digits);
    // JSON writes no leading zero, and a number beyond an action's is
    // refused: both are left to the general reading and its reasons.
    if number.is_empty() || (number.len() > 1 && number.starts_with('0')) {
        return None;
    }
    let n = action_number(number.parse().ok()?)?;
    let mv = rest.strip_prefix(r#","mv":""#)?.strip_suffix(r#""}"#)?;
    // A quote, an escape or a control character needs JSON's own reading.
    if mv.bytes().any(|b| b == b'"' || b == b'\\' || b < 0x20) {
        return None;
    }
    Some(ClientMessage::Move {
        n,
        mv: mv.parse().ok()?,
    })
}

/// A message as a refusal shows one.
const EXAMPLE: &str = r#"{"t":"move","n":0,"mv":"c1-c6"}"#;

/// Checks that a message of `kind` has exactly its fields, each of its type.
fn check_fields(kind: Kind, fields: &serde_json::Map<String, Value>) -> Result<(), Refusal> {
    let expected = kind.fields();
    if let Some(extra) = fields
        .keys()
        .find(|k| *k != "t" && !expected.iter().any(|(name, _)| name == k))
    {
        if expected.is_empty() {
            return Err(Refusal::message_takes_no_fields(kind, extra));
        }
        let allowed: Vec<&str> = expected.iter().map(|(n, _)| *n).collect();
        return Err(Refusal::unknown_message_field(
            kind,
            extra,
            allowed.join(", "),
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
        /// Whether the action had already been applied (a retry); written
        /// only when it had.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        duplicate: bool,
    },
    /// The answer to a message that was refused; the game is unchanged.
    Error {
        /// The kind of message it answers, when the message was readable that far.
        of: Option<Kind>,
        /// Why it was refused, in English.
        reason: String,
        /// The refusal's code.
        code: Code,
        /// Its params.
        #[serde(default)]
        params: Params,
    },
}

impl ServerMessage {
    /// An `ack` of a message of kind `of` that carried number `n`.
    pub fn ack(of: Kind, n: Option<usize>, duplicate: bool) -> ServerMessage {
        ServerMessage::Ack { of, n, duplicate }
    }

    /// An `error` answering a message of kind `of`.
    pub fn error(of: Option<Kind>, refusal: Refusal) -> ServerMessage {
        ServerMessage::Error {
            of,
            reason: refusal.reason(),
            code: refusal.code,
            params: refusal.params,
        }
    }

    /// The refusal an `error` carries.
    pub fn refusal(&self) -> Option<Refusal> {
        match self {
            ServerMessage::Error { code, params, .. } => Some(Refusal {
                code: *code,
                params: params.clone(),
            }),
            _ => None,
        }
    }

    /// The message as JSON text.
    pub fn to_text(&self) -> String {
        // Room for a move's patch at once, rather than grown to it.
        let mut text = Vec::with_capacity(512);
        serde_json::to_writer(&mut text, self).expect("a server message is always JSON");
        String::from_utf8(text).expect("JSON is text")
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
#[cfg(test)]
mod tests {
    use super::*;

    /// What the general reading makes of `text`, without the fast path.
    fn read_in_general(text: &str) -> Result<ClientMessage, String> {
        ClientMessage::decode_in_general(text).map_err(|e| e.error.to_string())
    }

    #[test]
    fn a_move_as_clients_write_it_reads_as_the_general_reading_reads_it() {
        for (text, read) in [
            (r#"{"t":"move","n":0,"mv":"c1-c6"}"#, true),
            (r#"{"t":"move","n":12,"mv":"d4>d5"}"#, true),
            (r#"{"t":"move","n":7,"mv":"pass"}"#, true),
            (r#"{"t":"move","n":3,"mv":"j1-j9"}"#, true),
            // Left to the general reading, which accepts or refuses them itself.
            (r#"{"t":"move","n":01,"mv":"c1-c6"}"#, false),
            (r#"{"t":"move","n":-1,"mv":"c1-c6"}"#, false),
            (r#"{"t":"move","n":,"mv":"c1-c6"}"#, false),
            (r#"{"t":"move","n":4294967295,"mv":"c1-c6"}"#, true),
            (r#"{"t":"move","n":4294967296,"mv":"c1-c6"}"#, false),
            (r#"{"t":"move","n":1099511627776,"mv":"d1-d6"}"#, false),
            (
                r#"{"t":"move","n":99999999999999999999999,"mv":"c1-c6"}"#,
                false,
            ),
            (r#"{"t":"move","n":1,"mv":"c1\u002dc6"}"#, false),
            (r#"{"t":"move","n":1,"mv":"c1-z9"}"#, false),
            (r#"{"t":"move","n":1,"mv":"c1-c6","x":1}"#, false),
            (r#"{"t":"move","n":1,"mv":"c1-c6"} "#, false),
            (r#"{"t":"move", "n":1,"mv":"c1-c6"}"#, false),
            (r#"{"n":1,"t":"move","mv":"c1-c6"}"#, false),
        ] {
            let fast = canonical_move(text);
            assert_eq!(fast.is_some(), read, "{text}");
            if let Some(fast) = fast {
                assert_eq!(Ok(fast), read_in_general(text), "{text}");
            }
            let decoded = ClientMessage::decode(text, 2048).map_err(|e| e.error.to_string());
            assert_eq!(decoded, read_in_general(text), "{text}");
        }
    }

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
            ClientMessage::Rematch { accept: false },
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
        assert!(r.contains("\"n\" must be the action's number"), "{r}");
        assert!(!r.contains("usize"), "{r}");
        let (of, r) = reason(r#"{"t":"dance"}"#);
        assert_eq!(of, None);
        assert!(
            r.contains("\"dance\" is not a message: expected join, move"),
            "{r}"
        );
        let (_, r) = reason(r#"{"t":"fill","n":0,"fill":"up"}"#);
        assert!(r.starts_with("malformed fill:"), "{r}");
        assert!(!r.contains("line 1"), "{r}");
        let (_, r) = reason(r#"{"t":"move","n":0,"mv":"c1c6"}"#);
        assert!(r.starts_with("malformed move:"), "{r}");
        let (of, r) = reason(r#"{"t":"undo","n":0,"mv":"c1-c6"}"#);
        assert_eq!(of, Some(Kind::Undo));
        assert!(r.contains("has no field \"mv\"; it takes n"), "{r}");
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
            ServerMessage::error(
                Some(Kind::Move),
                Refusal::not_your_turn(kamisado_core::Side::Black, kamisado_core::Side::White),
            ),
            ServerMessage::error(None, Refusal::rate_limited(20.0)),
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
        assert_eq!(extra.error.refusal().code, Code::MessageTakesNoFields);
    }

    #[test]
    fn an_error_carries_its_code_and_params_beside_its_reason() {
        let refusal = Refusal::rate_limited(20.0);
        let e = ServerMessage::error(Some(Kind::Move), refusal.clone());
        assert_eq!(
            e.to_text(),
            r#"{"t":"error","of":"move","reason":"rate limit: at most 20 messages a second on one connection; this one was not read","code":"rate_limited","params":{"rate":20}}"#
        );
        assert_eq!(
            ServerMessage::decode(&e.to_text()).unwrap().refusal(),
            Some(refusal)
        );
    }
}
