//! The engine's entry points for each board.
//!
//! The searches are generic over the board, and generic code is compiled by
//! the crate that uses it, with that crate's settings. So that every program
//! runs the engine as this crate compiles it (optimised, as one unit, in
//! every profile), each board's entry points are instantiated here, behind
//! [`EngineBoard`], and [`Engine`]'s methods call through it.

use std::sync::atomic::AtomicBool;

use kamisado_core::geometry::{Board, Eight, Six, Ten};
use kamisado_core::{Fill, Match, Move, Position, Rules};

use crate::{Engine, Horizon, Limit, MatchSolution, MoveAnalysis, Proof, SearchResult};

/// A board the engine plays: the three boards of the rules crate.
pub trait EngineBoard: Board {
    /// [`Engine::solve`] on this board.
    fn solve(
        engine: &mut Engine,
        pos: &Position<Self>,
        stop: &AtomicBool,
    ) -> Option<SearchResult<Self>>;
    /// [`Engine::solve_nodes`] on this board.
    fn solve_nodes(
        engine: &mut Engine,
        pos: &Position<Self>,
        nodes: u64,
        stop: &AtomicBool,
    ) -> Option<SearchResult<Self>>;
    /// [`Engine::solve_reporting`] on this board.
    fn solve_reporting(
        engine: &mut Engine,
        pos: &Position<Self>,
        stop: &AtomicBool,
        horizon: &mut dyn FnMut(&Horizon),
    ) -> Option<SearchResult<Self>>;
    /// [`Engine::prove`] on this board.
    fn prove(engine: &mut Engine, pos: &Position<Self>, stop: &AtomicBool) -> Option<Proof<Self>>;
    /// [`Engine::solve_match_nodes`] on this board.
    fn solve_match_nodes(
        engine: &mut Engine,
        m: &Match<Self>,
        nodes: u64,
        stop: &AtomicBool,
    ) -> Option<MatchSolution<Self>>;
    /// [`Engine::search`] on this board.
    fn search(
        engine: &mut Engine,
        pos: &Position<Self>,
        limit: Limit,
        stop: &AtomicBool,
        info: &mut dyn FnMut(&SearchResult<Self>),
    ) -> SearchResult<Self>;
    /// [`Engine::analyse`] on this board.
    fn analyse(
        engine: &mut Engine,
        pos: &Position<Self>,
        limit: Limit,
        stop: &AtomicBool,
    ) -> Vec<MoveAnalysis<Self>>;
    /// [`Engine::choose_move`] on this board.
    fn choose_move(
        engine: &mut Engine,
        m: &Match<Self>,
        level: u8,
        seed: u64,
    ) -> Option<Move<Self>>;
    /// [`Engine::choose_fill`] on this board.
    fn choose_fill(engine: &mut Engine, m: &Match<Self>, level: u8) -> Fill;
    /// [`crate::solve_first_moves`] on this board.
    fn solve_first_moves(
        engine: &mut Engine,
        rules: Rules,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Vec<MoveAnalysis<Self>>;
}

macro_rules! engine_board {
    ($($board:ty),*) => {$(
        impl EngineBoard for $board {
            fn solve(engine: &mut Engine, pos: &Position<Self>, stop: &AtomicBool) -> Option<SearchResult<Self>> {
                engine.solve_on(pos, stop)
            }
            fn solve_nodes(engine: &mut Engine, pos: &Position<Self>, nodes: u64, stop: &AtomicBool) -> Option<SearchResult<Self>> {
                engine.solve_nodes_on(pos, nodes, stop)
            }
            fn solve_reporting(
                engine: &mut Engine,
                pos: &Position<Self>,
                stop: &AtomicBool,
                horizon: &mut dyn FnMut(&Horizon),
            ) -> Option<SearchResult<Self>> {
                engine.solve_reporting_on(pos, stop, horizon)
            }
            fn prove(engine: &mut Engine, pos: &Position<Self>, stop: &AtomicBool) -> Option<Proof<Self>> {
                engine.prove_on(pos, stop)
            }
            fn solve_match_nodes(engine: &mut Engine, m: &Match<Self>, nodes: u64, stop: &AtomicBool) -> Option<MatchSolution<Self>> {
                engine.solve_match_on(m, nodes, stop)
            }
            fn search(
                engine: &mut Engine,
                pos: &Position<Self>,
                limit: Limit,
                stop: &AtomicBool,
                info: &mut dyn FnMut(&SearchResult<Self>),
            ) -> SearchResult<Self> {
                engine.search_on(pos, limit, stop, info)
            }
            fn analyse(engine: &mut Engine, pos: &Position<Self>, limit: Limit, stop: &AtomicBool) -> Vec<MoveAnalysis<Self>> {
                engine.analyse_on(pos, limit, stop)
            }
            fn choose_move(engine: &mut Engine, m: &Match<Self>, level: u8, seed: u64) -> Option<Move<Self>> {
                engine.choose_move_on(m, level, seed)
            }
            fn choose_fill(engine: &mut Engine, m: &Match<Self>, level: u8) -> Fill {
                engine.choose_fill_on(m, level)
            }
            fn solve_first_moves(engine: &mut Engine, rules: Rules, progress: &mut dyn FnMut(usize, usize)) -> Vec<MoveAnalysis<Self>> {
                crate::engine::solve_first_moves_on(engine, rules, progress)
            }
        }
    )*};
}

engine_board!(Six, Eight, Ten);

impl Engine {
    /// The exact value of `pos` for the side to move, with the shortest win
    /// or the longest defence and a principal line to the end of the round.
    /// `None` only when `stop` was set before the proof was complete.
    pub fn solve<B: EngineBoard>(
        &mut self,
        pos: &Position<B>,
        stop: &AtomicBool,
    ) -> Option<SearchResult<B>> {
        B::solve(self, pos, stop)
    }

    /// Who wins `pos`, proven without seeking the shortest win: the
    /// solver's deepening stops at the first depth that proves a result, and
    /// the distance is only bounded ([`Proof::within`]). A winning move comes
    /// with a win. `None` only when `stop` was set first.
    ///
    /// ```
    /// use std::sync::atomic::AtomicBool;
    /// use kamisado_core::Position;
    /// use kamisado_engine::Engine;
    ///
    /// let mut engine = Engine::new(16);
    /// let proof = engine.prove(&Position::start(), &AtomicBool::new(false)).unwrap();
    /// assert!(proof.wins && proof.within >= 17);
    /// assert!(Position::start().is_legal(proof.best.unwrap()));
    /// ```
    pub fn prove<B: EngineBoard>(
        &mut self,
        pos: &Position<B>,
        stop: &AtomicBool,
    ) -> Option<Proof<B>> {
        B::prove(self, pos, stop)
    }

    /// Who wins, with a winning move, by the faster prover for the
    /// position: proof-number search ([`crate::prove_pn`], over a table as
    /// large as this engine's) for a plain round, where every tower is
    /// plain, else [`Engine::prove`]. `within` is a bound, the height of the
    /// proof found. `None` only when `stop` was set first.
    ///
    /// ```
    /// use std::sync::atomic::AtomicBool;
    /// use kamisado_core::Position;
    /// use kamisado_engine::Engine;
    ///
    /// let mut engine = Engine::new(16);
    /// let proof = engine.who_wins(&Position::start(), &AtomicBool::new(false)).unwrap();
    /// assert!(proof.wins && proof.within >= 17);
    /// ```
    pub fn who_wins<B: EngineBoard>(
        &mut self,
        pos: &Position<B>,
        stop: &AtomicBool,
    ) -> Option<Proof<B>> {
        if !crate::eval::plain_round(pos) {
            return self.prove(pos, stop);
        }
        let proof = crate::prove_pn(pos, self.table_bytes() >> 20, stop)?;
        Some(Proof {
            wins: proof.wins,
            within: proof.within,
            best: proof.best,
            nodes: proof.nodes,
            elapsed: proof.elapsed,
        })
    }

    /// [`Engine::solve`] within about `nodes` nodes of the proof itself: the
    /// exact value, or `None` when the budget or `stop` ran out first. The
    /// same position and budget from an empty table ([`Engine::clear`]) give
    /// the same answer.
    pub fn solve_nodes<B: EngineBoard>(
        &mut self,
        pos: &Position<B>,
        nodes: u64,
        stop: &AtomicBool,
    ) -> Option<SearchResult<B>> {
        B::solve_nodes(self, pos, nodes, stop)
    }

    /// [`Engine::solve`], calling `horizon` after every depth of its
    /// iterative deepening that proves neither a win nor a loss: the round
    /// is then not decided within [`Horizon::open_plies`] plies, whoever
    /// plays best. With `stop` set from another thread (say after a time
    /// cap) this measures how far the proof got.
    ///
    /// ```
    /// use std::sync::atomic::AtomicBool;
    /// use kamisado_core::Position;
    /// use kamisado_engine::{Engine, Value};
    ///
    /// let mut engine = Engine::new(16);
    /// let mut open = Vec::new();
    /// let result = engine
    ///     .solve_reporting(&Position::start(), &AtomicBool::new(false), &mut |h| {
    ///         open.push(h.open_plies)
    ///     })
    ///     .unwrap();
    /// assert_eq!(result.value, Value::Win(17));
    /// // Each open horizon is shorter than the win.
    /// assert!(open.iter().all(|&plies| plies < 17));
    /// ```
    pub fn solve_reporting<B: EngineBoard>(
        &mut self,
        pos: &Position<B>,
        stop: &AtomicBool,
        horizon: &mut dyn FnMut(&Horizon),
    ) -> Option<SearchResult<B>> {
        B::solve_reporting(self, pos, stop, horizon)
    }

    /// The points-exact value of the round being played in `m` for its side
    /// to move ([`MatchValue`](crate::MatchValue): whether it wins or loses
    /// the round, how many points, whether that ends the match), with a move
    /// and a line to the end of the round that keep it, and how the line
    /// ends. `None` when no round is being played (the round or the match is
    /// over) or when `stop` was set before the proof was complete.
    ///
    /// ```
    /// use std::sync::atomic::AtomicBool;
    /// use kamisado_core::{Match, Rules, Setup};
    /// use kamisado_engine::{Engine, MatchValue};
    ///
    /// // Black's red sumo on c7 must move and reaches d8: 3 points, and
    /// // with 5 already the match to 7.
    /// let setup: Setup = "obv1yrgn/2R+p4/8/8/8/8/8/NG1YPVBO b r 5-0/7".parse().unwrap();
    /// let m = Match::from_setup(&setup, Rules::STANDARD).unwrap();
    /// let mut engine = Engine::new(16);
    /// let solution = engine.solve_match(&m, &AtomicBool::new(false)).unwrap();
    /// assert_eq!(solution.value, MatchValue::WinsMatch);
    /// assert_eq!(solution.best.unwrap().to_string(), "c7-d8");
    /// assert_eq!(solution.end.unwrap().points, 3);
    /// ```
    pub fn solve_match<B: EngineBoard>(
        &mut self,
        m: &Match<B>,
        stop: &AtomicBool,
    ) -> Option<MatchSolution<B>> {
        B::solve_match_nodes(self, m, u64::MAX, stop)
    }

    /// [`Engine::solve_match`] within about `nodes` nodes (of both the
    /// win/loss solve and the points search): `None` also when the budget
    /// ran out. The same match and budget from an empty table
    /// ([`Engine::clear`]) give the same answer.
    pub fn solve_match_nodes<B: EngineBoard>(
        &mut self,
        m: &Match<B>,
        nodes: u64,
        stop: &AtomicBool,
    ) -> Option<MatchSolution<B>> {
        B::solve_match_nodes(self, m, nodes, stop)
    }

    /// Searches `pos` within `limit` (or until `stop`): proven results where
    /// it can, heuristic scores where it cannot. `info` sees each completed
    /// depth.
    pub fn search<B: EngineBoard>(
        &mut self,
        pos: &Position<B>,
        limit: Limit,
        stop: &AtomicBool,
        info: &mut dyn FnMut(&SearchResult<B>),
    ) -> SearchResult<B> {
        B::search(self, pos, limit, stop, info)
    }

    /// Every legal move with its value for the side to move and its best line,
    /// best first, the limit shared among the moves.
    pub fn analyse<B: EngineBoard>(
        &mut self,
        pos: &Position<B>,
        limit: Limit,
        stop: &AtomicBool,
    ) -> Vec<MoveAnalysis<B>> {
        B::analyse(self, pos, limit, stop)
    }

    /// The move a level plays in a match, or `None` when no round is being
    /// played or there is no legal move. Deterministic for a seed. Under the
    /// zvezda rules it never brings a position back a third time (which loses
    /// the round) while another move is left.
    pub fn choose_move<B: EngineBoard>(
        &mut self,
        m: &Match<B>,
        level: u8,
        seed: u64,
    ) -> Option<Move<B>> {
        B::choose_move(self, m, level, seed)
    }

    /// The fill side that leaves the opponent, who moves first in the next
    /// round, the worst position, as the level sees it (R14).
    pub fn choose_fill<B: EngineBoard>(&mut self, m: &Match<B>, level: u8) -> Fill {
        B::choose_fill(self, m, level)
    }
}

/// Every first move of a round from the start of board `B` with its exact
/// value for Black, best first; `progress(done, total)` is called after each move.
pub fn solve_first_moves<B: EngineBoard>(
    engine: &mut Engine,
    progress: &mut dyn FnMut(usize, usize),
) -> Vec<MoveAnalysis<B>> {
    B::solve_first_moves(engine, Rules::STANDARD, progress)
}

/// [`solve_first_moves`] from the start of a round under `rules`: under
/// `standard+opening-limits`, the championship's opening.
pub fn solve_first_moves_under<B: EngineBoard>(
    engine: &mut Engine,
    rules: Rules,
    progress: &mut dyn FnMut(usize, usize),
) -> Vec<MoveAnalysis<B>> {
    B::solve_first_moves(engine, rules, progress)
}
