//! Games on any board: the server keeps each game's match on the board it was
//! created with, and moves travel between client, store and engine as text
//! that any board can read ([`AnyMove`]).

use std::fmt;
use std::str::FromStr;

use kamisado_core::geometry::{Board, Eight, Six, Ten};
use kamisado_core::{Game, Match, MatchState, Move, Side, Square};

/// A move in board-independent form: squares as (file, rank), both from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnyMove {
    /// A step.
    Step {
        /// From (file, rank).
        from: (i32, i32),
        /// To (file, rank).
        to: (i32, i32),
    },
    /// A sumo push.
    Push {
        /// From (file, rank).
        from: (i32, i32),
        /// To (file, rank).
        to: (i32, i32),
    },
    /// A pass.
    Pass,
}

fn coords<B: Board>(sq: Square<B>) -> (i32, i32) {
    (sq.file(), sq.rank())
}

impl AnyMove {
    /// The move of a board as an `AnyMove`.
    pub fn of<B: Board>(mv: Move<B>) -> AnyMove {
        match mv {
            Move::Step { from, to } => AnyMove::Step {
                from: coords(from),
                to: coords(to),
            },
            Move::Push { from, to } => AnyMove::Push {
                from: coords(from),
                to: coords(to),
            },
            Move::Pass => AnyMove::Pass,
        }
    }

    /// The move on board `B`.
    ///
    /// # Errors
    /// A square off that board.
    pub fn on<B: Board>(self) -> Result<Move<B>, String> {
        let square = |(file, rank): (i32, i32)| {
            Square::<B>::at(file, rank).ok_or_else(|| {
                format!(
                    "`{self}` is not a move of the {} board: a square is off the board",
                    B::KIND
                )
            })
        };
        Ok(match self {
            AnyMove::Step { from, to } => Move::Step {
                from: square(from)?,
                to: square(to)?,
            },
            AnyMove::Push { from, to } => Move::Push {
                from: square(from)?,
                to: square(to)?,
            },
            AnyMove::Pass => Move::Pass,
        })
    }
}

impl fmt::Display for AnyMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Written as on the largest board, which names every square of the smaller ones.
        let on_ten = self.on::<Ten>().map_err(|_| fmt::Error)?;
        write!(f, "{on_ten}")
    }
}

impl FromStr for AnyMove {
    type Err = kamisado_core::mv::ParseMoveError;

    /// Reads a move in notation; whether its squares are on a game's board
    /// is checked when it is played there.
    fn from_str(s: &str) -> Result<AnyMove, Self::Err> {
        s.parse::<Move<Ten>>().map(AnyMove::of)
    }
}

/// A match on one of the boards.
#[derive(Clone, Debug)]
pub enum AnyMatch {
    /// 6×6.
    Six(Match<Six>),
    /// 8×8.
    Eight(Match<Eight>),
    /// 10×10.
    Ten(Match<Ten>),
}

/// A game (match and record) on one of the boards.
#[derive(Clone, Debug)]
pub enum AnyGame {
    /// 6×6.
    Six(Game<Six>),
    /// 8×8.
    Eight(Game<Eight>),
    /// 10×10.
    Ten(Game<Ten>),
}

/// Runs `$body` with `$x` bound to the inner value of an [`AnyMatch`] or an
/// [`AnyGame`], whatever its board; `$wrap` rebuilds the same variant.
macro_rules! on_board {
    ($any:expr, $kind:ident, $x:ident => $body:expr) => {
        match $any {
            $kind::Six($x) => $body,
            $kind::Eight($x) => $body,
            $kind::Ten($x) => $body,
        }
    };
}
pub(crate) use on_board;

/// Boards that wrap their matches and games.
pub trait AnyBoard: kamisado_engine::EngineBoard {
    /// The match as an [`AnyMatch`].
    fn wrap_match(m: Match<Self>) -> AnyMatch;
    /// The game as an [`AnyGame`].
    fn wrap_game(g: Game<Self>) -> AnyGame;
}

macro_rules! any_board {
    ($($board:ident),*) => {$(
        impl AnyBoard for $board {
            fn wrap_match(m: Match<$board>) -> AnyMatch {
                AnyMatch::$board(m)
            }
            fn wrap_game(g: Game<$board>) -> AnyGame {
                AnyGame::$board(g)
            }
        }
    )*};
}

any_board!(Six, Eight, Ten);

impl AnyMatch {
    /// The score and target.
    pub fn score(&self) -> kamisado_core::Score {
        on_board!(self, AnyMatch, m => m.score())
    }

    /// The match's state.
    pub fn state(&self) -> MatchState {
        on_board!(self, AnyMatch, m => m.state())
    }
}

impl AnyGame {
    /// The side whose turn it is to move or fill; `None` when the match is over.
    pub fn side_to_act(&self) -> Option<Side> {
        on_board!(self, AnyGame, g => g.current().side_to_act())
    }

    /// The match's state.
    pub fn state(&self) -> MatchState {
        on_board!(self, AnyGame, g => g.current().state())
    }

    /// The match as it stands (a copy, for the engine).
    pub fn current(&self) -> AnyMatch {
        on_board!(self, AnyGame, g => AnyBoard::wrap_match(g.current().clone()))
    }

    /// The game's record, as text.
    pub fn record_text(&self) -> String {
        on_board!(self, AnyGame, g => g.record().to_string())
    }
}
