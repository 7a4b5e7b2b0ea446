//! Values on whichever board is chosen at run time: a move, a match and a
//! game with their board erased, beside [`BoardSize`] and
//! [`with_board!`](crate::with_board). Programs that hold games of several
//! boards (a server, an engine protocol session) keep them as these and reach
//! the board's own type with [`on_any!`](crate::on_any).
//!
//! ```
//! use kamisado_core::any::{AnyMatch, AnyMove};
//! use kamisado_core::geometry::BoardSize;
//! use kamisado_core::{Rules, on_any};
//! let m = AnyMatch::new(BoardSize::Six, Rules::STANDARD, 1).unwrap();
//! assert_eq!(m.board(), BoardSize::Six);
//! let moves = on_any!(&m, AnyMatch, m => m.position().legal_moves().len());
//! assert_eq!(moves, 52);
//! let mv: AnyMove = "e1-e5".parse().unwrap();
//! assert!(mv.on::<kamisado_core::geometry::Six>().is_ok());
//! assert!("j1-j5".parse::<AnyMove>().unwrap().on::<kamisado_core::geometry::Six>().is_err());
//! ```

use std::fmt;
use std::str::FromStr;

use crate::geometry::{Board, BoardSize, Eight, Six, Ten};
use crate::mv::{MoveText, ParseMoveError};
use crate::{Game, Match, MatchError, MatchState, Move, Rules, Score, Side, Square};

/// A move in board-independent form: squares as (file, rank), both from 0.
/// It is read and written in notation; whether its squares are on a game's
/// board is checked when it is placed there ([`AnyMove::on`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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

    /// The move in notation ([`fmt::Display`]'s text, held inline:
    /// [`crate::Move::text`]), as on the largest board; none for a move off it.
    pub fn text(self) -> Option<MoveText> {
        self.on::<Ten>().ok().map(Move::text)
    }

    /// The names of the squares a step goes from and to, `("c1", "c6")`
    /// for `c1-c6`, without writing the move: none for a push, a pass or a
    /// square off the largest board.
    ///
    /// ```
    /// use kamisado_core::any::AnyMove;
    /// let step: AnyMove = "c1-c6".parse().unwrap();
    /// assert_eq!(step.step_squares(), Some(("c1", "c6")));
    /// assert_eq!("pass".parse::<AnyMove>().unwrap().step_squares(), None);
    /// ```
    pub fn step_squares(self) -> Option<(&'static str, &'static str)> {
        let AnyMove::Step { from, to } = self else {
            return None;
        };
        let name = |(file, rank)| Square::<Ten>::at(file, rank).map(Square::name);
        Some((name(from)?, name(to)?))
    }

    /// The move on board `B`.
    ///
    /// # Errors
    /// A square off that board, with the move and the board named.
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
    /// In notation, as on the largest board, which names every square of the smaller ones.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text().ok_or(fmt::Error)?.as_str())
    }
}

impl FromStr for AnyMove {
    type Err = ParseMoveError;

    /// Reads a move in notation (`c1-c6`, `d4>d5`, `pass`) on any board.
    fn from_str(s: &str) -> Result<AnyMove, ParseMoveError> {
        s.parse::<Move<Ten>>().map(AnyMove::of)
    }
}

/// The position written `text` (NOTATION.md) after `moves` are played in
/// it under `rules`, on `board`, written the same way; a match field after
/// the position is kept as it is. None when the text is not a valid
/// position of that board or a move is not legal in it.
///
/// ```
/// use kamisado_core::any::fen_after;
/// use kamisado_core::geometry::BoardSize;
/// use kamisado_core::Rules;
/// let start = "obvpyrgn/8/8/8/8/8/8/NGRYPVBO b - 0-0/3";
/// let moves = ["h1-h5".parse().unwrap()];
/// let after = fen_after(BoardSize::Eight, Rules::STANDARD, start, &moves);
/// assert_eq!(after.as_deref(), Some("obvpyrgn/8/8/7O/8/8/8/NGRYPVB1 w y 0-0/3"));
/// assert_eq!(fen_after(BoardSize::Six, Rules::STANDARD, start, &moves), None);
/// ```
pub fn fen_after(board: BoardSize, rules: Rules, text: &str, moves: &[AnyMove]) -> Option<String> {
    // The match field, `2-1/7`, is the only field with a `/` after the board's.
    let kept = match text.rsplit_once(' ') {
        Some((_, last)) if last.contains('/') => &text[text.len() - last.len() - 1..],
        _ => "",
    };
    crate::with_board!(board, B => {
        let setup: crate::Setup<B> = text.parse().ok()?;
        let mut position = crate::Position::<B>::from_setup(&setup, rules).ok()?;
        for mv in moves {
            position = position.play(mv.on::<B>().ok()?).ok()?;
        }
        let mut out = String::with_capacity(text.len() + 4);
        position.to_setup().push_text(&mut out);
        out.push_str(kept);
        Some(out)
    })
}

/// A match on one of the boards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyMatch {
    /// 6×6.
    Six(Match<Six>),
    /// 8×8.
    Eight(Match<Eight>),
    /// 10×10.
    Ten(Match<Ten>),
}

/// A game (a match and its record) on one of the boards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyGame {
    /// 6×6.
    Six(Game<Six>),
    /// 8×8.
    Eight(Game<Eight>),
    /// 10×10.
    Ten(Game<Ten>),
}

/// Runs `$body` with `$x` bound to the inner value of an
/// [`AnyMatch`] or an [`AnyGame`] (named by `$kind`), whatever its board.
///
/// ```
/// use kamisado_core::any::AnyGame;
/// use kamisado_core::geometry::BoardSize;
/// use kamisado_core::{Rules, on_any};
/// let g = AnyGame::new(BoardSize::Ten, Rules::STANDARD, 3, "A", "B", "2026.01.01").unwrap();
/// assert_eq!(on_any!(&g, AnyGame, g => g.current().round()), 1);
/// ```
#[macro_export]
macro_rules! on_any {
    ($any:expr, $kind:ident, $x:ident => $body:expr) => {
        match $any {
            $crate::any::$kind::Six($x) => $body,
            $crate::any::$kind::Eight($x) => $body,
            $crate::any::$kind::Ten($x) => $body,
        }
    };
}

/// A board whose matches and games erase into [`AnyMatch`] and [`AnyGame`].
pub trait Erase: Board {
    /// The match as an [`AnyMatch`].
    fn erase_match(m: Match<Self>) -> AnyMatch;
    /// The game as an [`AnyGame`].
    fn erase_game(g: Game<Self>) -> AnyGame;
}

macro_rules! erase {
    ($($board:ident),*) => {$(
        impl Erase for $board {
            fn erase_match(m: Match<$board>) -> AnyMatch {
                AnyMatch::$board(m)
            }
            fn erase_game(g: Game<$board>) -> AnyGame {
                AnyGame::$board(g)
            }
        }
    )*};
}

erase!(Six, Eight, Ten);

impl AnyMatch {
    /// A new match on a board.
    ///
    /// # Errors
    /// A target other than 1, 3, 7 or 15.
    pub fn new(board: BoardSize, rules: Rules, target: u8) -> Result<AnyMatch, String> {
        crate::with_board!(board, B => Match::<B>::new(rules, target)
            .map(B::erase_match)
            .map_err(|e| e.to_string()))
    }

    /// The board.
    pub fn board(&self) -> BoardSize {
        match self {
            AnyMatch::Six(_) => BoardSize::Six,
            AnyMatch::Eight(_) => BoardSize::Eight,
            AnyMatch::Ten(_) => BoardSize::Ten,
        }
    }

    /// The side whose turn it is to move or fill; `None` when the match is over.
    pub fn side_to_act(&self) -> Option<Side> {
        on_any!(self, AnyMatch, m => m.side_to_act())
    }

    /// The match's state.
    pub fn state(&self) -> MatchState {
        on_any!(self, AnyMatch, m => m.state())
    }

    /// The score and target.
    pub fn score(&self) -> Score {
        on_any!(self, AnyMatch, m => m.score())
    }

    /// The legal moves of the position.
    pub fn legal_moves(&self) -> Vec<AnyMove> {
        on_any!(self, AnyMatch, m => m.position().legal_moves().iter().map(|&mv| AnyMove::of(mv)).collect())
    }

    /// The position in notation, with the match field.
    pub fn fen(&self) -> String {
        on_any!(self, AnyMatch, m => m.to_string())
    }
}

impl AnyGame {
    /// A new game on a board between two named players.
    ///
    /// # Errors
    /// A target other than 1, 3, 7 or 15.
    pub fn new(
        board: BoardSize,
        rules: Rules,
        target: u8,
        black: &str,
        white: &str,
        date: &str,
    ) -> Result<AnyGame, String> {
        crate::with_board!(board, B => Game::<B>::new(rules, target, black, white, date)
            .map(B::erase_game)
            .map_err(|e: MatchError<B>| e.to_string()))
    }

    /// The side whose turn it is to move or fill; `None` when the match is over.
    pub fn side_to_act(&self) -> Option<Side> {
        on_any!(self, AnyGame, g => g.current().side_to_act())
    }

    /// The match's state.
    pub fn state(&self) -> MatchState {
        on_any!(self, AnyGame, g => g.current().state())
    }

    /// The match as it stands (a copy).
    pub fn current(&self) -> AnyMatch {
        on_any!(self, AnyGame, g => Erase::erase_match(g.current().clone()))
    }

    /// The game's record, as text.
    pub fn record_text(&self) -> String {
        on_any!(self, AnyGame, g => g.record().to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_read_back_what_they_write_on_every_board() {
        for text in ["c1-c6", "d4>d5", "pass", "j1-j10", "a10-b9"] {
            let mv: AnyMove = text.parse().unwrap();
            assert_eq!(mv.to_string(), text);
        }
        assert!("k1-k2".parse::<AnyMove>().is_err());
        let wide: AnyMove = "h1-h8".parse().unwrap();
        assert!(wide.on::<Eight>().is_ok());
        let err = wide.on::<Six>().unwrap_err();
        assert!(err.contains("6x6"), "{err}");
    }

    #[test]
    fn erased_matches_tell_their_board_and_state() {
        for board in [BoardSize::Six, BoardSize::Eight, BoardSize::Ten] {
            let m = AnyMatch::new(board, Rules::STANDARD, 3).unwrap();
            assert_eq!(m.board(), board);
            assert_eq!(m.state(), MatchState::Playing);
            assert_eq!(m.side_to_act(), Some(Side::Black));
            assert_eq!(m.score().target, 3);
            let g = AnyGame::new(board, Rules::STANDARD, 3, "A", "B", "2026.01.01").unwrap();
            assert_eq!(g.current(), m);
            assert!(g.record_text().contains("[Black \"A\"]"));
        }
        assert!(AnyMatch::new(BoardSize::Eight, Rules::STANDARD, 2).is_err());
    }
}
