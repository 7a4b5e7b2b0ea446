//! The thread that thinks: a search, a level's move or a fill choice, run
//! while the protocol loop goes on reading commands.

use std::io::Write;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::thread::{self, Scope, ScopedJoinHandle};
use std::time::Duration;

use kamisado_core::{Fill, Match, Side};
use kamisado_engine::EngineBoard;
use kamisado_engine::{Engine, Limit, SearchResult};

use crate::command::{GoParams, MAX_LEVEL};
use crate::output::Output;

/// The search time of a bare `go`, with no limit at all, in milliseconds.
pub const DEFAULT_MOVETIME_MS: u64 = 1000;
/// The share of the clock a move may use: the time left divided by this.
const CLOCK_SHARE: u64 = 20;
/// Time kept back from the clock for the answer to arrive, in milliseconds.
const CLOCK_MARGIN_MS: u64 = 20;

/// What the thread is asked to do.
pub enum Job<B: EngineBoard> {
    /// A search within limits (Level 6).
    Search {
        /// The match whose position is searched.
        current: Match<B>,
        /// The `go` command's limits.
        params: GoParams,
    },
    /// The move of a level below 6.
    Level {
        /// The match to move in.
        current: Match<B>,
        /// The level, 1 to 5.
        level: u8,
        /// Varies the choice among equal moves.
        seed: u64,
    },
    /// The fill side for the winner of the round just ended.
    Fill {
        /// The match awaiting the fill.
        current: Match<B>,
        /// The level that chooses.
        level: u8,
        /// Limits for a full search of both fills; the level's own choice without.
        limits: Option<GoParams>,
    },
}

/// A job running on its thread.
pub struct Worker<'scope> {
    handle: ScopedJoinHandle<'scope, ()>,
    stop: Arc<AtomicBool>,
    engine: Receiver<Engine>,
    infinite: bool,
}

/// What became of a worker that was looked at.
pub enum Reaped<'scope> {
    /// It is still thinking.
    Running(Worker<'scope>),
    /// It has answered and handed the engine back.
    Done(Engine),
}

impl<'scope> Worker<'scope> {
    /// Starts `job` with `engine` on a new thread of `scope`; it writes its
    /// `info` lines and its answer to `out`. `hash_mb` sizes a fresh engine
    /// should the job fail.
    pub fn start<'env, W: Write + Send, B: EngineBoard>(
        scope: &'scope Scope<'scope, 'env>,
        job: Job<B>,
        engine: Engine,
        hash_mb: usize,
        out: &'env Output<W>,
    ) -> Worker<'scope> {
        let stop = Arc::new(AtomicBool::new(false));
        let (sender, receiver) = mpsc::channel();
        let flag = Arc::clone(&stop);
        let infinite = matches!(&job, Job::Search { params, .. } if params.infinite);
        let handle = scope.spawn(move || {
            let mut engine = engine;
            let answer = catch_unwind(AssertUnwindSafe(|| job.run(&mut engine, &flag, out)));
            let answer = answer.unwrap_or_else(|_| {
                engine = Engine::new(hash_mb);
                vec![
                    "info string the engine failed on this position".to_string(),
                    "bestmove none".to_string(),
                ]
            });
            if infinite {
                // `go infinite` answers only after `stop`, even when the search ended sooner.
                while !flag.load(Ordering::Acquire) {
                    thread::park();
                }
            }
            // The engine goes back before the answer, so a command sent in reply
            // to the answer finds the engine free.
            let _ = sender.send(engine);
            let _ = out.lines(&answer);
        });
        Worker {
            handle,
            stop,
            engine: receiver,
            infinite,
        }
    }

    /// Whether the job is finished; if so, the engine it hands back.
    pub fn reap(self, hash_mb: usize) -> Reaped<'scope> {
        match self.engine.try_recv() {
            Ok(engine) => Reaped::Done(engine),
            Err(TryRecvError::Empty) => Reaped::Running(self),
            Err(TryRecvError::Disconnected) => Reaped::Done(Engine::new(hash_mb)),
        }
    }

    /// Whether the job is a `go infinite`, which ends only at `stop`.
    pub fn is_infinite(&self) -> bool {
        self.infinite
    }

    /// Asks the job to stop, waits for its answer and takes the engine back.
    pub fn stop(self, hash_mb: usize) -> Engine {
        self.stop.store(true, Ordering::Release);
        self.wait(hash_mb)
    }

    /// Lets the job finish within its limits (stopping `go infinite`), waits
    /// for its answer and takes the engine back.
    pub fn finish(self, hash_mb: usize) -> Engine {
        if self.infinite {
            self.stop.store(true, Ordering::Release);
        }
        self.wait(hash_mb)
    }

    fn wait(self, hash_mb: usize) -> Engine {
        self.handle.thread().unpark();
        let _ = self.handle.join();
        self.engine
            .try_recv()
            .unwrap_or_else(|_| Engine::new(hash_mb))
    }
}

impl<B: EngineBoard> Job<B> {
    /// Does the job; returns the answer lines.
    fn run<W: Write>(self, engine: &mut Engine, stop: &AtomicBool, out: &Output<W>) -> Vec<String> {
        match self {
            Job::Search { current, params } => search(engine, &current, params, stop, out),
            Job::Level {
                current,
                level,
                seed,
            } => {
                let mv = engine.choose_move(&current, level, seed);
                vec![format!("bestmove {}", or_none(mv))]
            }
            Job::Fill {
                current,
                level,
                limits,
            } => {
                let fill = match limits {
                    Some(params) => search_fill(engine, &current, params, stop),
                    None => engine.choose_fill(&current, level),
                };
                vec![format!("bestfill {fill}")]
            }
        }
    }
}

fn or_none<B: EngineBoard>(mv: Option<kamisado_core::Move<B>>) -> String {
    mv.map_or_else(|| "none".to_string(), |m| m.to_string())
}

/// A full search: an `info` line per completed depth, then `bestmove`.
fn search<W: Write, B: EngineBoard>(
    engine: &mut Engine,
    current: &Match<B>,
    params: GoParams,
    stop: &AtomicBool,
    out: &Output<W>,
) -> Vec<String> {
    let position = current.position();
    let limit = primary_limit(params, position.side_to_move());
    let mut report = |result: &SearchResult<B>| {
        let _ = out.line(&info_line(result));
        // Limits other than the primary one end the search after a completed depth.
        let deep = params.depth.is_some_and(|d| result.depth >= d);
        let wide = params.nodes.is_some_and(|n| result.nodes >= n);
        if !params.infinite && (deep || wide) {
            stop.store(true, Ordering::Release);
        }
    };
    let result = engine.search(position, limit, stop, &mut report);
    let best = result
        .best
        .or_else(|| position.legal_moves().first().copied());
    vec![format!("bestmove {}", or_none(best))]
}

/// The fill that leaves the opponent, who moves first in the next round,
/// the worst start, each fill searched within half the limits.
fn search_fill<B: EngineBoard>(
    engine: &mut Engine,
    current: &Match<B>,
    params: GoParams,
    stop: &AtomicBool,
) -> Fill {
    let winner = match current.state() {
        kamisado_core::MatchState::AwaitingFill { winner } => winner,
        _ => current.position().side_to_move(),
    };
    let limit = match primary_limit(params, winner) {
        Limit::Time(t) => Limit::Time(t / 2),
        Limit::Nodes(n) => Limit::Nodes((n / 2).max(1)),
        other => other,
    };
    let mut best = (Fill::Left, None);
    for fill in Fill::BOTH {
        let Some(next) = current.filled(fill) else {
            continue;
        };
        let theirs = engine.search(&next, limit, stop, &mut |_| {}).value;
        if best.1.is_none_or(|v| theirs < v) {
            best = (fill, Some(theirs));
        }
    }
    best.0
}

/// The limit the engine searches within; other limits are checked at each completed depth.
pub fn primary_limit(params: GoParams, side: Side) -> Limit {
    if params.infinite {
        return Limit::Infinite;
    }
    if let Some(ms) = move_time(params, side) {
        return Limit::Time(Duration::from_millis(ms.max(1)));
    }
    match (params.nodes, params.depth) {
        (Some(nodes), _) => Limit::Nodes(nodes),
        (None, Some(depth)) => Limit::Depth(depth),
        (None, None) => Limit::Time(Duration::from_millis(DEFAULT_MOVETIME_MS)),
    }
}

/// The time for this move: `movetime`, or a share of the side's clock plus
/// half its increment, whichever is less.
fn move_time(params: GoParams, side: Side) -> Option<u64> {
    let (clock, inc) = match side {
        Side::Black => (params.btime, params.binc),
        Side::White => (params.wtime, params.winc),
    };
    let from_clock = clock.map(|left| {
        let budget = left / CLOCK_SHARE + inc.unwrap_or(0) / 2;
        budget.min(left.saturating_sub(CLOCK_MARGIN_MS))
    });
    match (params.movetime, from_clock) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// `info depth … score … nodes … nps … time … pv …`.
pub fn info_line<B: EngineBoard>(result: &SearchResult<B>) -> String {
    let ms = result.elapsed.as_millis();
    let nps = u128::from(result.nodes) * 1000 / ms.max(1);
    let mut line = format!(
        "info depth {} score {} nodes {} nps {nps} time {ms}",
        result.depth, result.value, result.nodes
    );
    if !result.line.is_empty() {
        line.push_str(" pv");
        for mv in &result.line {
            line.push(' ');
            line.push_str(&mv.to_string());
        }
    }
    line
}

/// Whether a level plays by full search.
pub fn searches(level: u8) -> bool {
    level >= MAX_LEVEL
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_gives_a_share_of_the_time_left() {
        let params = GoParams {
            btime: Some(20_000),
            wtime: Some(1_000),
            winc: Some(100),
            ..GoParams::default()
        };
        assert_eq!(move_time(params, Side::Black), Some(1000));
        assert_eq!(move_time(params, Side::White), Some(100));
        let both = GoParams {
            movetime: Some(300),
            ..params
        };
        assert_eq!(move_time(both, Side::Black), Some(300));
    }

    #[test]
    fn the_primary_limit_prefers_time_then_nodes_then_depth() {
        let p = GoParams {
            depth: Some(3),
            nodes: Some(100),
            ..GoParams::default()
        };
        assert_eq!(primary_limit(p, Side::Black), Limit::Nodes(100));
        let p = GoParams {
            depth: Some(3),
            ..GoParams::default()
        };
        assert_eq!(primary_limit(p, Side::Black), Limit::Depth(3));
        let p = GoParams {
            movetime: Some(5),
            ..p
        };
        assert_eq!(
            primary_limit(p, Side::Black),
            Limit::Time(Duration::from_millis(5))
        );
    }
}
