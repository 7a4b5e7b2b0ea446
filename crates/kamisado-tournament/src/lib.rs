//! Tournament logic for Kamisado, with no I/O and no dependencies.
//!
//! - [`berger`]: FIDE's Berger tables for an all-play-all, single or double.
//! - [`swiss`]: the next round of a Swiss by the FIDE Dutch system (C.04.3).
//! - [`arena`]: arena pairing as games end, with streak scoring.
//! - [`standings`]: points, tiebreaks and a crosstable.
//! - [`trf`]: the FIDE Tournament Report File (TRF16), written and read.
//!
//! A tournament is a list of [`Player`]s, each with one [`Entry`] per round.
//! A pairing may be a single game or a match of two games with the colours
//! swapped; the Swiss counts a match as one result ([`Outcome::from_games`]).
//! Scores are kept in half points ([`Points`]) so that draws stay exact.
//!
//! ```
//! use kamisado_tournament::{swiss, Player, PlayerId};
//! let players: Vec<Player> =
//!     (1..=5).map(|i| Player::new(PlayerId(i), &format!("p{i}"), 0)).collect();
//! let round = swiss::pair(&players, &swiss::Options::default()).unwrap();
//! assert_eq!(round.boards.len(), 2);
//! assert_eq!(round.bye, Some(PlayerId(5)));
//! ```

#![warn(missing_docs)]

pub mod arena;
pub mod berger;
pub mod record;
pub mod standings;
pub mod swiss;
pub mod trf;
mod types;

pub use record::{Entry, Outcome, Player};
pub use types::{Colour, PlayerId, Points};
