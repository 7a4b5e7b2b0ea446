//! The contract of the Kamisado server: every message and body that crosses
//! the network, as Rust types with serde only. The server, its typed client,
//! the load generator and the fuzz targets all read and write these, so they
//! cannot disagree; the page speaks the same JSON.
//!
//! - [`socket`]: the game WebSocket's messages both ways ([`ClientMessage`],
//!   [`ServerMessage`]), the [`StateView`] of a game and its [`PatchView`]s,
//!   the story of each action ([`Note`]).
//! - [`games`], [`analysis`], [`players`], [`learning`], [`bots`],
//!   [`tournaments`]: the HTTP
//!   bodies, and the bot's event stream.
//! - The vocabulary they share: [`Seat`], [`Mode`], [`PlayAs`],
//!   [`SideCode`], [`PerSide`], and the one body reader ([`read_body`],
//!   [`read_json`]) with its error ([`ReadError`]).
//! - [`refusal`]: why a request or a message was refused, typed: a
//!   [`Code`], its params, and the English words written from the two
//!   ([`Refusal`]), in HTTP bodies and WebSocket errors alike.
//!
//! Fields are typed: the rules crate's own types (rule sets, boards, moves,
//! fills) are written as their notation and read back by their parsers.
//!
//! ```
//! use kamisado_wire::{ClientMessage, Kind, ServerMessage};
//! let m = ClientMessage::decode(r#"{"t":"move","n":0,"mv":"d1-d6"}"#, 2048).unwrap();
//! assert_eq!(m.kind(), Kind::Move);
//! let ack = ServerMessage::ack(Kind::Move, Some(0), false);
//! assert_eq!(ack.to_text(), r#"{"t":"ack","of":"move","n":0}"#);
//! let again = ServerMessage::ack(Kind::Move, Some(0), true);
//! assert_eq!(again.to_text(), r#"{"t":"ack","of":"move","n":0,"duplicate":true}"#);
//! assert_eq!(ServerMessage::decode(&ack.to_text()).unwrap(), ack);
//! ```

#![warn(missing_docs)]

pub mod analysis;
mod body;
pub mod bots;
pub mod games;
pub mod learning;
pub mod note;
pub mod patch;
pub mod players;
pub mod refusal;
pub mod socket;
pub mod state;
mod text;
pub mod tournaments;
mod vocabulary;

pub use analysis::{
    AnalysisRequest, AnalysisView, GamePositionsView, HintView, Lean, LeanView, MoveView, PlyView,
    PositionView, StepView, ValueKind, ValueView,
};
pub use body::{ReadError, read_body, read_json};
pub use games::{Created, NewGame};
pub use note::{
    ActView, ForcedByView, ForcedView, NextView, Note, PushTurnView, PushedView, RoundOverView,
    StepAct, Then, TowerName,
};
pub use patch::{PatchError, PatchView, Tail, Told};
pub use refusal::{Choice, Code, Param, ParamKind, Params, Refusal, RefusalBody};
pub use socket::{ClientMessage, Kind, ServerMessage, Unreadable};
pub use state::{
    ClockView, FillPreview, OfferAnswer, OfferEnd, Rights, RoundLog, RoundView, SeatRights,
    StateView, Status, TowerView,
};
pub use vocabulary::{Mode, ParseModeError, ParsePlayAsError, PerSide, PlayAs, Seat, SideCode};
