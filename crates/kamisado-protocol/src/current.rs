//! The session's match on whichever board the `Board` option names: the
//! rules crate's [`AnyMatch`], with what a KEP session asks of it.

use kamisado_core::any::{AnyMatch, Erase};
use kamisado_core::geometry::{Board, BoardSize};
use kamisado_core::{Match, MatchError, MatchState, Move, Rules, Setup, on_any, perft};

use crate::command::Start;

/// What a session asks of its match, on any board.
pub trait SessionMatch: Sized {
    /// A single round from the start of a board.
    fn single_round(board: BoardSize, rules: Rules) -> Self;
    /// The match a `position` command describes on a board, or why it cannot be.
    fn build(
        board: BoardSize,
        start: &Start,
        moves: &[String],
        rules: Rules,
    ) -> Result<Self, String>;
    /// The same position under other rules, if it is valid under them.
    fn with_rules(&self, rules: Rules) -> Option<Self>;
    /// Perft from the current position.
    fn perft(&self, depth: u32) -> u64;
    /// Why `go` has nothing to search: the round or the match is over.
    fn round_over(&self) -> Option<String>;
    /// A seed for a level's choice that depends only on the position, so that
    /// a session replays the same way.
    fn seed(&self) -> u64;
}

impl SessionMatch for AnyMatch {
    fn single_round(board: BoardSize, rules: Rules) -> AnyMatch {
        AnyMatch::new(board, rules, 1).expect("1 is a match target")
    }

    fn build(
        board: BoardSize,
        start: &Start,
        moves: &[String],
        rules: Rules,
    ) -> Result<AnyMatch, String> {
        kamisado_core::with_board!(board, B => build_on::<B>(start, moves, rules).map(B::erase_match))
    }

    fn with_rules(&self, rules: Rules) -> Option<AnyMatch> {
        on_any!(self, AnyMatch, m => with_rules_on(m, rules))
    }

    fn perft(&self, depth: u32) -> u64 {
        on_any!(self, AnyMatch, m => perft(m.position(), depth))
    }

    fn round_over(&self) -> Option<String> {
        let how = match on_any!(self, AnyMatch, m => m.position().outcome()).map(|o| o.ending) {
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

    fn seed(&self) -> u64 {
        // FNV-1a over the position's text.
        self.fen()
            .bytes()
            .fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
                (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
            })
    }
}

fn with_rules_on<B: Erase>(m: &Match<B>, rules: Rules) -> Option<AnyMatch> {
    let setup: Setup<B> = m.to_string().parse().expect("a match reads back");
    Match::from_setup(&setup, rules).ok().map(B::erase_match)
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
