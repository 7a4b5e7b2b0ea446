//! A game between two engine entrants, played out on the server's engine:
//! nobody watches it move by move, so it is played whole, and its record
//! is kept for review on the analysis board.

use std::sync::atomic::{AtomicBool, Ordering};

use kamisado_core::any::Erase;
use kamisado_core::geometry::{Board, BoardSize};
use kamisado_core::{Game, Rules, Side, with_board};

use crate::engine::Brain;
use crate::games::create::engine_name;

/// Actions at most before a game is given up as endless (no match of the
/// rules runs this long: each round ends within a few hundred plies).
const MAX_ACTIONS: usize = 20_000;

/// What an engine game needs.
#[derive(Clone, Copy, Debug)]
pub struct EngineGame {
    /// The board.
    pub board: BoardSize,
    /// The rule set.
    pub rules: Rules,
    /// The points that win the match.
    pub target: u8,
    /// Black's level and White's.
    pub levels: (u8, u8),
    /// The seed of both engines' choices.
    pub seed: u64,
}

/// Plays the match out: its winner and its record, or why it could not be
/// (the server stopping, `stop`, ends it unfinished).
pub fn play(
    brain: &mut dyn Brain,
    g: EngineGame,
    date: &str,
    stop: &AtomicBool,
) -> Result<(Side, String), String> {
    with_board!(g.board, B => play_on::<B>(brain, g, date, stop))
}

fn play_on<B: Board + Erase>(
    brain: &mut dyn Brain,
    g: EngineGame,
    date: &str,
    stop: &AtomicBool,
) -> Result<(Side, String), String> {
    let (black, white) = (engine_name(g.levels.0), engine_name(g.levels.1));
    let mut game =
        Game::<B>::new(g.rules, g.target, &black, &white, date).map_err(|e| e.to_string())?;
    for n in 0..MAX_ACTIONS {
        if stop.load(Ordering::Relaxed) {
            return Err("the server is stopping".into());
        }
        let Some(side) = game.current().side_to_act() else {
            let score = game.current().score();
            let winner = if score.black >= score.target {
                Side::Black
            } else {
                Side::White
            };
            return Ok((winner, game.record().to_string()));
        };
        let level = match side {
            Side::Black => g.levels.0,
            Side::White => g.levels.1,
        };
        let m = B::erase_match(game.current().clone());
        if matches!(m.state(), kamisado_core::MatchState::AwaitingFill { .. }) {
            let fill = brain.choose_fill(&m, level);
            game.fill(fill).map_err(|e| e.to_string())?;
            continue;
        }
        let seed = g.seed ^ (n as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let mv = brain
            .choose_move(&m, level, seed)
            .ok_or("the engine found no move in a live round")?;
        game.play(mv.on::<B>()?).map_err(|e| e.to_string())?;
    }
    Err(format!("the game ran past {MAX_ACTIONS} actions"))
}
