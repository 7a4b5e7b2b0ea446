//! The rules of Kamisado (Peter Burley, 2008), as a library with no I/O.
//!
//! The rule numbers R1–R14 refer to the project's rule book, `RULES.md`; the
//! text forms to `NOTATION.md`.
//!
//! - [`Position`]: a checked position; [`Position::legal_moves`] and
//!   [`Position::play`] implement R3–R8 and R11–R13.
//! - [`Match`]: a match to 1, 3, 7 or 15 points with promotion, scoring and
//!   re-seating (R9, R10, R14).
//! - [`Record`]: game records of whole matches; [`Game`]: a match and its record.
//! - [`any`]: a move, a match and a game on whichever board is chosen at run time.
//! - [`story`]: what a move, a pass, a push, a fill or a resignation did, as
//!   typed events for front ends, with their English words.
//!
//! ```
//! use kamisado_core::{perft, Position};
//! let start = Position::start();
//! assert_eq!(perft(&start, 3), 11182);
//! ```

pub mod any;
pub mod colour;
pub mod game;
pub mod geometry;
pub mod illegal;
pub mod r#match;

pub mod movelist;
pub mod mv;
pub mod perft;
pub mod position;
pub mod random;
pub mod record;

pub mod rules;
pub mod setup;
pub mod side;
pub mod square;
pub mod story;
pub mod tower;

pub use colour::Colour;
pub use game::Game;
pub use r#match::{Fill, Match, MatchError, MatchState, RoundEnd, RoundResult, round_result};

pub use illegal::{IllegalMove, IllegalReason};
pub use movelist::MoveList;
pub use mv::{Move, MoveText};
pub use perft::{divide, perft};
pub use position::{Ending, InvalidPosition, InvalidReason, Outcome, Position, PositionError};
pub use record::{Record, RecordError};

pub use rules::Rules;
pub use setup::{Score, Setup};
pub use side::Side;
pub use square::Square;
pub use tower::Tower;
