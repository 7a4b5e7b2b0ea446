//! The session's match on whichever board the `Board` option names.

use kamisado_core::geometry::{Board, BoardSize, Eight, Six, Ten};
use kamisado_core::{Match, MatchError, MatchState, Move, Rules, Setup, perft};

use crate::command::Start;

/// A match on one of the boards.
#[derive(Clone, Debug)]
pub enum Current {
    /// On the 6×6 board.
    Six(Match<Six>),
    /// On the standard board.
    Eight(Match<Eight>),
    /// On the 10×10 board.
    Ten(Match<Ten>),
}

/// Runs `$body` with `$m` bound to the match, whatever its board.
macro_rules! on_board {
    ($current:expr, $m:ident => $body:expr) => {
        match $current {
            Current::Six($m) => $body,
            Current::Eight($m) => $body,
            Current::Ten($m) => $body,
        }
    };
}
pub(crate) use on_board;

/// Wraps a match of board `B` as a [`Current`].
pub trait IntoCurrent: Board {
    /// The match as a [`Current`].
    fn wrap(m: Match<Self>) -> Current;
}

impl IntoCurrent for Six {
    fn wrap(m: Match<Six>) -> Current {
        Current::Six(m)
    }
}

impl IntoCurrent for Eight {
    fn wrap(m: Match<Eight>) -> Current {
        Current::Eight(m)
    }
}

impl IntoCurrent for Ten {
    fn wrap(m: Match<Ten>) -> Current {
        Current::Ten(m)
    }
}

impl Current {
    /// A single round from the start of a board.
    pub fn single_round(board: BoardSize, rules: Rules) -> Current {
        kamisado_core::with_board!(board, B => B::wrap(Match::new(rules, 1).expect("1 is a match target")))
    }

    /// The match a `position` command describes on a board, or why it cannot be.
    pub fn build(
        board: BoardSize,
        start: &Start,
        moves: &[String],
        rules: Rules,
    ) -> Result<Current, String> {
        kamisado_core::with_board!(board, B => build_on::<B>(start, moves, rules).map(B::wrap))
    }

    /// The board.
    pub fn board(&self) -> BoardSize {
        on_board!(self, m => board_of(m))
    }

    /// The match's state.
    pub fn state(&self) -> MatchState {
        on_board!(self, m => m.state())
    }

    /// The same position under other rules, if it is valid under them.
    pub fn with_rules(&self, rules: Rules) -> Option<Current> {
        on_board!(self, m => with_rules_on(m, rules))
    }

    /// Perft from the current position.
    pub fn perft(&self, depth: u32) -> u64 {
        on_board!(self, m => perft(m.position(), depth))
    }

    /// The legal moves, as text.
    pub fn legal_moves(&self) -> Vec<String> {
        on_board!(self, m => m.position().legal_moves().iter().map(|mv| mv.to_string()).collect())
    }

    /// Why `go` has nothing to search: the round or the match is over.
    pub fn round_over(&self) -> Option<String> {
        let how = match on_board!(self, m => m.position().outcome()).map(|o| o.ending) {
            Some(kamisado_core::Ending::HomeRow) => " by home row",
            Some(kamisado_core::Ending::Deadlock) => " by deadlock",
            None => "",
        };
        match self.state() {
            MatchState::Playing => None,
            MatchState::AwaitingFill { winner } => Some(format!(
                "the round is over: {} won it{how} and chooses the fill (go fill)",
                winner.name()
            )),
            MatchState::Over { winner } => Some(format!(
                "the match is over: {} has won it{how}",
                winner.name()
            )),
        }
    }

    /// A seed for a level's choice that depends only on the position, so that
    /// a session replays the same way.
    pub fn seed(&self) -> u64 {
        // FNV-1a over the position's text.
        on_board!(self, m => m.to_string())
            .bytes()
            .fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
                (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
            })
    }
}

fn with_rules_on<B: IntoCurrent>(m: &Match<B>, rules: Rules) -> Option<Current> {
    let setup: Setup<B> = m.to_string().parse().expect("a match reads back");
    Match::from_setup(&setup, rules).ok().map(B::wrap)
}

fn board_of<B: Board>(_: &Match<B>) -> BoardSize {
    B::KIND
}

fn build_on<B: Board>(start: &Start, moves: &[String], rules: Rules) -> Result<Match<B>, String> {
    let mut current = match start {
        Start::StartPos => Match::new(rules, 1).expect("1 is a match target"),
        Start::Fen(text) => {
            let setup: Setup<B> = text.parse().map_err(|e| format!("bad position: {e}"))?;
            if let Some(score) = setup.score
                && !kamisado_core::Score::TARGETS.contains(&score.target)
            {
                return Err(format!(
                    "bad position: {}",
                    MatchError::<B>::Target(score.target)
                ));
            }
            Match::from_setup(&setup, rules).map_err(|e| format!("bad position: {e}"))?
        }
    };
    for (i, text) in moves.iter().enumerate() {
        let mv: Move<B> = text.parse().map_err(|e| format!("move {}: {e}", i + 1))?;
        match current.play(mv) {
            Ok(_) => {}
            Err(MatchError::AwaitingFill(_) | MatchError::Over(_)) => {
                return Err(format!(
                    "move {} ({mv}): the round is already over; moves of the next round follow a `position fen` of its start",
                    i + 1
                ));
            }
            Err(e) => return Err(format!("move {}: {e}", i + 1)),
        }
    }
    Ok(current)
}
