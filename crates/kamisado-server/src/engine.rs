//! The computer opponent: the one place where the server meets the engine.
//!
//! Searches are CPU work: they run on blocking threads (`spawn_blocking`), at
//! most [`EnginePool::new`]'s `slots` at a time, each with an engine of its own
//! taken from a pool so that hash tables are reused. Hints and analyses are
//! admitted first ([`EnginePool::admit`]): when `slots + queue` are running or
//! waiting, they are refused. Each search is given a stop flag that is set
//! when its time is up.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use kamisado_core::{Fill, Side};
use kamisado_engine::Value;

use kamisado_core::any::{AnyMatch, AnyMove};
use kamisado_core::on_any;
use kamisado_engine::EngineBoard;
use kamisado_wire::{Lean, LeanView, ValueKind, ValueView};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::error::ServerError;
use kamisado_wire::Refusal;

/// Nodes of solving behind every assessment by default
/// ([`crate::Limits::assess_nodes`]): the engine's, which the terminal's
/// hints use too.
pub use kamisado_engine::ASSESS_NODES;
/// Megabytes of hash table for each engine: the assessments' size, which
/// the terminal's hints use too, so that both give the same verdict.
const HASH_MB: usize = kamisado_engine::ASSESS_HASH_MB;

/// One move of an assessment and its value for the player who makes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysed {
    /// The move.
    pub mv: AnyMove,
    /// Its value for the mover.
    pub value: Value,
    /// The line the engine expects, starting with the move.
    pub line: Vec<AnyMove>,
}

/// The engine's verdict on a position ([`kamisado_engine::Assessment`]) on
/// any board: every legal move with its value, best first. The same
/// position always gets the same assessment (each starts from an empty
/// table), whether it is asked for as a hint or on the analysis board, here
/// or in the terminal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assessment {
    /// The side to move.
    pub side: Side,
    /// Every legal move, best first.
    pub moves: Vec<Analysed>,
}

impl Assessment {
    /// The best move, if the round is not over.
    pub fn best(&self) -> Option<&Analysed> {
        self.moves.first()
    }

    /// The value of `mv` for the side to move, if it is legal.
    pub fn value_of(&self, mv: AnyMove) -> Option<Value> {
        self.moves.iter().find(|a| a.mv == mv).map(|a| a.value)
    }

    /// The engine's assessment on a board, its moves on any board.
    fn of<B: EngineBoard>(assessment: kamisado_engine::Assessment<B>) -> Assessment {
        let moves = assessment
            .moves
            .into_iter()
            .map(|a| Analysed {
                mv: AnyMove::of(a.mv),
                value: a.value,
                line: a.line.into_iter().map(AnyMove::of).collect(),
            })
            .collect();
        Assessment {
            side: assessment.side,
            moves,
        }
    }
}

/// A value as the wire shows it, for `side`.
pub fn value_view(side: Side, value: Value) -> ValueView {
    let (kind, plies, score) = match value {
        Value::Win(n) => (ValueKind::Win, Some(n), None),
        Value::Loss(n) => (ValueKind::Loss, Some(n), None),
        Value::Score(s) => (ValueKind::Estimate, None, Some(s)),
    };
    let lean = kamisado_engine::Told::new(side, value)
        .estimate()
        .map(|(ahead, by)| LeanView {
            ahead: ahead.into(),
            by: match by {
                kamisado_engine::Lean::Even => Lean::Even,
                kamisado_engine::Lean::Slight => Lean::Slight,
                kamisado_engine::Lean::Better => Lean::Better,
                kamisado_engine::Lean::Much => Lean::Much,
            },
        });
    ValueView {
        side: side.into(),
        kind,
        plies,
        score,
        lean,
    }
}

/// One move of a tower with its danger ([`kamisado_engine::danger`]), on any board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnyDanger {
    /// The move.
    pub mv: AnyMove,
    /// What it does to its mover's chances.
    pub verdict: kamisado_engine::danger::Verdict,
    /// For a loss, the opponent's winning line after it.
    pub line: Vec<AnyMove>,
}

/// A puzzle ([`kamisado_engine::Puzzle`]) with its position as text, on any board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnyPuzzle {
    /// The board's name.
    pub board: String,
    /// The position in notation.
    pub position: String,
    /// The winning move, then the proven line.
    pub line: Vec<AnyMove>,
    /// Plies to the win.
    pub plies: u32,
    /// The difficulty, 1 to 5.
    pub grade: u8,
    /// Legal moves.
    pub moves: usize,
    /// Legal moves that do not lose at once.
    pub plausible: usize,
}

impl AnyPuzzle {
    fn of<B: EngineBoard>(p: &kamisado_engine::Puzzle<B>) -> AnyPuzzle {
        AnyPuzzle {
            board: B::KIND.name().to_string(),
            position: p.position.to_string(),
            line: p.line.iter().map(|&m| AnyMove::of(m)).collect(),
            plies: p.plies,
            grade: p.grade,
            moves: p.moves,
            plausible: p.plausible,
        }
    }
}

/// What the server asks of an engine.
pub trait Brain: Send + 'static {
    /// The engine's move at a level (1–6); the seed varies the choice among equals.
    fn choose_move(&mut self, m: &AnyMatch, level: u8, seed: u64) -> Option<AnyMove>;
    /// The engine's fill choice after it won a round.
    fn choose_fill(&mut self, m: &AnyMatch, level: u8) -> Fill;
    /// The assessment of the match's position within `nodes`, or less when
    /// `stop` is set.
    fn assess(&mut self, m: &AnyMatch, nodes: u64, stop: &AtomicBool) -> Assessment;
    /// Every move of the tower on `from` with its danger, the solver given
    /// `nodes` a move; an error for a square that is not on the board.
    fn dangers(
        &mut self,
        m: &AnyMatch,
        from: &str,
        nodes: u64,
        stop: &AtomicBool,
    ) -> Result<Vec<AnyDanger>, String>;
    /// The puzzle in the match's position, if it is one (the default settings).
    fn puzzle_at(&mut self, m: &AnyMatch, stop: &AtomicBool) -> Option<AnyPuzzle>;
    /// Up to `count` puzzles of standard 8×8 rounds, found from `seed`.
    fn find_puzzles(&mut self, count: usize, seed: u64, stop: &AtomicBool) -> Vec<AnyPuzzle>;
}

impl Brain for kamisado_engine::Engine {
    fn choose_move(&mut self, m: &AnyMatch, level: u8, seed: u64) -> Option<AnyMove> {
        on_any!(m, AnyMatch, m => self.choose_move(m, level.clamp(1, 6), seed).map(AnyMove::of))
    }

    fn choose_fill(&mut self, m: &AnyMatch, level: u8) -> Fill {
        on_any!(m, AnyMatch, m => self.choose_fill(m, level.clamp(1, 6)))
    }

    fn assess(&mut self, m: &AnyMatch, nodes: u64, stop: &AtomicBool) -> Assessment {
        on_any!(m, AnyMatch, m => Assessment::of(self.assess(m.position(), nodes, stop)))
    }

    fn dangers(
        &mut self,
        m: &AnyMatch,
        from: &str,
        nodes: u64,
        stop: &AtomicBool,
    ) -> Result<Vec<AnyDanger>, String> {
        on_any!(m, AnyMatch, m => {
            let from = from
                .parse()
                .map_err(|e: kamisado_core::square::ParseSquareError| e.to_string())?;
            Ok(self
                .dangers(m.position(), from, nodes, stop)
                .into_iter()
                .map(|d| AnyDanger {
                    mv: AnyMove::of(d.mv),
                    verdict: d.verdict,
                    line: d.line.into_iter().map(AnyMove::of).collect(),
                })
                .collect())
        })
    }

    fn puzzle_at(&mut self, m: &AnyMatch, stop: &AtomicBool) -> Option<AnyPuzzle> {
        on_any!(m, AnyMatch, m => self
            .puzzle_at(m.position(), kamisado_engine::PuzzleSettings::default(), stop)
            .map(|p| AnyPuzzle::of(&p)))
    }

    fn find_puzzles(&mut self, count: usize, seed: u64, stop: &AtomicBool) -> Vec<AnyPuzzle> {
        let settings = kamisado_engine::PuzzleSettings::default();
        self.find_puzzles::<kamisado_core::geometry::Eight>(
            count,
            seed,
            settings,
            stop,
            &mut |_, _| {},
        )
        .iter()
        .map(AnyPuzzle::of)
        .collect()
    }
}

/// A place among the searches that may run or wait, for a hint or an analysis.
#[derive(Debug)]
pub struct Ticket(#[allow(dead_code)] OwnedSemaphorePermit);

/// A bounded set of engines for blocking threads.
pub struct EnginePool {
    slots: Arc<Semaphore>,
    tickets: Arc<Semaphore>,
    capacity: usize,
    slot_count: usize,
    search_time: Duration,
    idle: Mutex<Vec<Box<dyn Brain>>>,
    make: fn() -> Box<dyn Brain>,
    /// Set when the server stops: long work stops with it.
    stopping: Arc<AtomicBool>,
}

impl EnginePool {
    /// A pool that runs at most `slots` searches at a time, admits at most
    /// `queue` more hints or analyses to wait, and stops a search's analysis
    /// after `search_time`.
    pub fn new(slots: usize, queue: usize, search_time: Duration) -> EnginePool {
        let slots = slots.max(1);
        EnginePool {
            slots: Arc::new(Semaphore::new(slots)),
            tickets: Arc::new(Semaphore::new(slots + queue)),
            capacity: slots + queue,
            slot_count: slots,
            search_time,
            idle: Mutex::new(Vec::new()),
            make: || Box::new(kamisado_engine::Engine::new(HASH_MB)),
            stopping: Arc::new(AtomicBool::new(false)),
        }
    }

    /// The searches running, and the hints and analyses waiting for a slot.
    pub fn load(&self) -> (usize, usize) {
        let running = self.slot_count - self.slots.available_permits();
        let admitted = self.capacity - self.tickets.available_permits();
        (running, admitted.saturating_sub(running))
    }

    /// Admits one more hint or analysis, or refuses it when the engine is busy.
    ///
    /// # Errors
    /// [`ServerError::TooMany`] when every place is taken.
    pub fn admit(&self) -> Result<Ticket, ServerError> {
        Arc::clone(&self.tickets)
            .try_acquire_owned()
            .map(Ticket)
            .map_err(|_| ServerError::TooMany(Refusal::engine_busy(self.capacity)))
    }

    /// Runs `work` with an engine and a stop flag on a blocking thread once a
    /// slot is free; the flag is set when the search time is up.
    ///
    /// # Errors
    /// [`ServerError::Unavailable`] when the search failed.
    pub async fn run<T: Send + 'static>(
        self: &Arc<Self>,
        work: impl FnOnce(&mut dyn Brain, &AtomicBool) -> T + Send + 'static,
    ) -> Result<T, ServerError> {
        let stop = Arc::new(AtomicBool::new(false));
        let timer = {
            let stop = Arc::clone(&stop);
            let time = self.search_time;
            tokio::spawn(async move {
                tokio::time::sleep(time).await;
                stop.store(true, Ordering::SeqCst);
            })
        };
        let answer = self.on_slot(stop, work).await;
        timer.abort();
        answer
    }

    /// Runs long work (making the puzzle set) with an engine on a blocking
    /// thread once a slot is free, with no time limit: its stop flag is set
    /// when the pool stops ([`EnginePool::stop`]).
    ///
    /// # Errors
    /// [`ServerError::Unavailable`] when the work failed.
    pub async fn run_long<T: Send + 'static>(
        self: &Arc<Self>,
        work: impl FnOnce(&mut dyn Brain, &AtomicBool) -> T + Send + 'static,
    ) -> Result<T, ServerError> {
        self.on_slot(Arc::clone(&self.stopping), work).await
    }

    /// Runs `work` with a pooled engine and the stop flag `stop` on a
    /// blocking thread once a slot is free; the engine goes back to the pool.
    async fn on_slot<T: Send + 'static>(
        self: &Arc<Self>,
        stop: Arc<AtomicBool>,
        work: impl FnOnce(&mut dyn Brain, &AtomicBool) -> T + Send + 'static,
    ) -> Result<T, ServerError> {
        let permit = Arc::clone(&self.slots)
            .acquire_owned()
            .await
            .map_err(|_| ServerError::Unavailable(Refusal::engine_stopping()))?;
        let mut brain = self
            .idle
            .lock()
            .ok()
            .and_then(|mut idle| idle.pop())
            .unwrap_or_else(self.make);
        let pool = Arc::clone(self);
        tokio::task::spawn_blocking(move || {
            let answer = work(brain.as_mut(), &stop);
            if let Ok(mut idle) = pool.idle.lock() {
                idle.push(brain);
            }
            drop(permit);
            answer
        })
        .await
        .map_err(|e| ServerError::Unavailable(Refusal::engine_failed(e.to_string())))
    }

    /// Stops the long work under way (the server stops); searches already
    /// have their time limit.
    pub fn stop(&self) {
        self.stopping.store(true, Ordering::SeqCst);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_estimate_carries_its_lean_and_a_proof_none() {
        let lean = |side, score| value_view(side, Value::Score(score)).lean;
        let of = |ahead: Side, by| {
            Some(LeanView {
                ahead: ahead.into(),
                by,
            })
        };
        assert_eq!(lean(Side::Black, 10), of(Side::Black, Lean::Even));
        assert_eq!(lean(Side::White, 100), of(Side::White, Lean::Slight));
        assert_eq!(lean(Side::White, -200), of(Side::Black, Lean::Better));
        assert_eq!(lean(Side::Black, -900), of(Side::White, Lean::Much));
        assert_eq!(value_view(Side::Black, Value::Win(17)).lean, None);
    }
}
