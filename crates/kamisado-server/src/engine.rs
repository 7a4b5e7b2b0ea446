//! The computer opponent: the one place where the server meets the engine.
//!
//! Searches are CPU work: they run on blocking threads (`spawn_blocking`), at
//! most [`EnginePool::new`]'s `slots` at a time, each with an engine of its own
//! taken from a pool so that hash tables are reused.

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

use kamisado_core::{Fill, Match, Move, Position};
use tokio::sync::Semaphore;

use crate::error::ServerError;

/// Nodes searched for a hint.
pub const HINT_NODES: u64 = 400_000;
/// Nodes searched for each position of an analysis board.
pub const ANALYSIS_NODES: u64 = 60_000;
/// Megabytes of hash table for each engine.
const HASH_MB: usize = 16;

/// One move of an analysis and its value from the mover's side
/// (`win 7`, `loss 4`, `cp 35`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysed {
    /// The move.
    pub mv: Move,
    /// Its value.
    pub value: String,
    /// The line the engine expects after it.
    pub line: Vec<Move>,
}

/// What the server asks of an engine.
pub trait Brain: Send + 'static {
    /// The engine's move at a level (1–6); the seed varies the choice among equals.
    fn choose_move(&mut self, m: &Match, level: u8, seed: u64) -> Option<Move>;
    /// The engine's fill choice after it won a round.
    fn choose_fill(&mut self, m: &Match, level: u8) -> Fill;
    /// Every legal move with its value, best first, searched up to `nodes` nodes.
    fn analyse(&mut self, pos: &Position, nodes: u64) -> Vec<Analysed>;
}

impl Brain for kamisado_engine::Engine {
    fn choose_move(&mut self, m: &Match, level: u8, seed: u64) -> Option<Move> {
        kamisado_engine::Engine::choose_move(self, m, level.clamp(1, 6), seed)
    }

    fn choose_fill(&mut self, m: &Match, level: u8) -> Fill {
        kamisado_engine::Engine::choose_fill(self, m, level.clamp(1, 6))
    }

    fn analyse(&mut self, pos: &Position, nodes: u64) -> Vec<Analysed> {
        let stop = AtomicBool::new(false);
        kamisado_engine::Engine::analyse(self, pos, kamisado_engine::Limit::Nodes(nodes), &stop)
            .into_iter()
            .map(|a| Analysed {
                mv: a.mv,
                value: a.value.to_string(),
                line: a.line,
            })
            .collect()
    }
}

/// A bounded set of engines for blocking threads.
pub struct EnginePool {
    slots: Arc<Semaphore>,
    idle: Mutex<Vec<Box<dyn Brain>>>,
    make: fn() -> Box<dyn Brain>,
}

impl EnginePool {
    /// A pool that runs at most `slots` searches at a time.
    pub fn new(slots: usize) -> EnginePool {
        EnginePool {
            slots: Arc::new(Semaphore::new(slots.max(1))),
            idle: Mutex::new(Vec::new()),
            make: || Box::new(kamisado_engine::Engine::new(HASH_MB)),
        }
    }

    /// Runs `work` with an engine on a blocking thread once a slot is free.
    ///
    /// # Errors
    /// [`ServerError::Unavailable`] when the search failed.
    pub async fn run<T: Send + 'static>(
        self: &Arc<Self>,
        work: impl FnOnce(&mut dyn Brain) -> T + Send + 'static,
    ) -> Result<T, ServerError> {
        let permit = Arc::clone(&self.slots)
            .acquire_owned()
            .await
            .map_err(|_| ServerError::Unavailable("the engine is shutting down".into()))?;
        let mut brain = self
            .idle
            .lock()
            .ok()
            .and_then(|mut idle| idle.pop())
            .unwrap_or_else(self.make);
        let pool = Arc::clone(self);
        tokio::task::spawn_blocking(move || {
            let answer = work(brain.as_mut());
            if let Ok(mut idle) = pool.idle.lock() {
                idle.push(brain);
            }
            drop(permit);
            answer
        })
        .await
        .map_err(|e| ServerError::Unavailable(format!("the engine failed: {e}")))
    }
}
