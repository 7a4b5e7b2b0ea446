//! Swindles: which move to play when every move loses. Against a perfect
//! opponent every losing move is as good as another; against a fallible one
//! the move that leaves the fewest replies keeping the win is the one it
//! most often gets wrong.

use std::fmt;
use std::sync::atomic::AtomicBool;

use kamisado_core::geometry::Board;
use kamisado_core::{Move, Position, Side};

use crate::search::Budget;
use crate::{Engine, EngineBoard, Limit, Value};

/// Nodes a level that solves spends, in all, counting the opponent's
/// winning replies after each of its losing moves.
pub(crate) const COUNT_NODES: u64 = 1_000_000;
/// The fewest nodes the solver gets for one reply.
const MIN_REPLY_NODES: u64 = 2_000;
/// The most nodes the solver gets for one reply.
const MAX_REPLY_NODES: u64 = 50_000;

/// The winning replies counted for a move that loses at once.
const ENDS_AT_ONCE: u32 = 1_000;

/// How a level that solves (level 6) chooses among moves that all lose.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum LostPolicy {
    /// The longest defence: the round lasts as long as it can against the
    /// best play.
    LongestLoss,
    /// The move after which the opponent has the fewest replies that keep
    /// their win (proven by the solver within a budget); on a tie the
    /// longest defence.
    FewestWinningReplies,
    /// The longest defence; on a tie the fewest winning replies. Level 6's
    /// choice: as long a defence as [`LostPolicy::LongestLoss`], and the
    /// best measured against levels 3 to 5 (the engine's README).
    #[default]
    LongestThenFewest,
    /// The smallest share of winning replies among the opponent's replies;
    /// on a tie the fewest winning replies, then the longest defence.
    SmallestWinningShare,
    /// The longest defence up to this many plies, then the fewest winning
    /// replies, then the longest defence: a short win is found by any
    /// opponent however few replies keep it, so only among moves that hold
    /// out this long does the count decide.
    FewestBeyond(u32),
    /// A move after which the opponent's natural reply (the best by a
    /// heuristic search of this many plies) is proven to throw the win
    /// away; on a tie the longest defence.
    Trap(u32),
}

impl LostPolicy {
    /// The policies measured by `examples/swindles.rs`, today's first.
    pub const MEASURED: [LostPolicy; 10] = [
        LostPolicy::LongestLoss,
        LostPolicy::FewestWinningReplies,
        LostPolicy::LongestThenFewest,
        LostPolicy::SmallestWinningShare,
        LostPolicy::FewestBeyond(6),
        LostPolicy::FewestBeyond(10),
        LostPolicy::FewestBeyond(14),
        LostPolicy::Trap(2),
        LostPolicy::Trap(3),
        LostPolicy::Trap(4),
    ];

    /// Whether the policy needs the opponent's replies counted.
    pub(crate) fn counts_replies(self) -> bool {
        self != LostPolicy::LongestLoss
    }

    /// A key ordering losing moves from the worst to the best.
    pub(crate) fn key<B: Board>(self, m: &LostMove<B>) -> (i64, i64, i64) {
        let fewer = -i64::from(m.winning);
        let longer = match m.value {
            Value::Loss(n) => i64::from(n),
            // Not proven within the analysis: ranked below every proven loss.
            _ => -1,
        };
        match self {
            LostPolicy::LongestLoss => (longer, 0, 0),
            LostPolicy::FewestWinningReplies => (fewer, longer, 0),
            LostPolicy::LongestThenFewest => (longer, fewer, 0),
            LostPolicy::FewestBeyond(plies) => (longer.min(i64::from(plies)), fewer, longer),
            LostPolicy::Trap(_) => (i64::from(m.natural_turns), longer, 0),
            LostPolicy::SmallestWinningShare => {
                // Winning replies per thousand replies.
                let share = i64::from(m.winning) * 1000 / i64::from(m.replies.max(1));
                (-share, fewer, longer)
            }
        }
    }
}

impl fmt::Display for LostPolicy {
    /// `longest`, `fewest`, `longest-fewest`, `share` or `fewest-beyond-N`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LostPolicy::LongestLoss => f.write_str("longest"),
            LostPolicy::FewestWinningReplies => f.write_str("fewest"),
            LostPolicy::LongestThenFewest => f.write_str("longest-fewest"),
            LostPolicy::SmallestWinningShare => f.write_str("share"),
            LostPolicy::FewestBeyond(plies) => write!(f, "fewest-beyond-{plies}"),
            LostPolicy::Trap(plies) => write!(f, "trap-{plies}"),
        }
    }
}

/// A losing move and how the opponent's replies to it stand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LostMove<B: Board> {
    /// The move.
    pub mv: Move<B>,
    /// Its value for the side that plays it: a loss, or a score when the
    /// length of the loss was not proven within the budget.
    pub value: Value,
    /// The opponent's legal replies (after a push, those after the pusher's
    /// best follow-up; 0 when the move ends the round).
    pub replies: u32,
    /// Replies proven to keep the opponent's win (1 000, more than any
    /// position has replies, when the move ends the round against its
    /// mover, R8).
    pub winning: u32,
    /// Replies proven to throw the win away.
    pub turning: u32,
    /// Whether the opponent's natural reply (the best by the heuristic
    /// search of [`LostPolicy::Trap`], when that is the engine's policy)
    /// is one of them.
    pub natural_turns: bool,
}

/// How the opponent's replies in one position stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Replies {
    all: u32,
    winning: u32,
    turning: u32,
    natural_turns: bool,
}

impl Engine {
    /// Which move [`Engine::choose_move`] plays at level 6 when every
    /// move loses.
    pub fn lost_policy(&self) -> LostPolicy {
        self.lost_policy
    }

    /// Sets the choice among losing moves for the levels that solve.
    pub fn set_lost_policy(&mut self, policy: LostPolicy) {
        self.lost_policy = policy;
    }

    /// Every legal move of `pos` (a position whose side to move loses) with
    /// its value and the opponent's replies after it counted: those the
    /// solver proves keep their win and those it proves throw it away.
    /// About `nodes` nodes go to the values (shared among the moves) and as
    /// many to the replies (shared among them). Best first by the engine's
    /// [`LostPolicy`], so the first is the move level 6 plays in a single
    /// round. The same position and budget from an empty table
    /// ([`Engine::clear`]) give the same answer.
    ///
    /// ```
    /// use std::sync::atomic::AtomicBool;
    /// use kamisado_core::Position;
    /// use kamisado_engine::{Engine, Value};
    /// // White's blue tower on b8 must move, and every move loses. b8-a7
    /// // and b8-b7 hold out as long, but after b8-a7 one reply of Black's
    /// // keeps the win, after b8-b7 five.
    /// let pos: Position = "ob2yr1n/2p5/4P3/1v6/2R2Vg1/3G4/8/N2Y2BO w b".parse().unwrap();
    /// let mut engine = Engine::new(4);
    /// let moves = engine.lost_moves(&pos, 400_000, &AtomicBool::new(false));
    /// assert_eq!(moves.len(), 3);
    /// assert_eq!(moves[0].mv.to_string(), "b8-a7");
    /// assert_eq!((moves[0].value, moves[0].winning), (Value::Loss(6), 1));
    /// assert_eq!((moves[1].value, moves[1].winning), (Value::Loss(6), 5));
    /// ```
    pub fn lost_moves<B: EngineBoard>(
        &mut self,
        pos: &Position<B>,
        nodes: u64,
        stop: &AtomicBool,
    ) -> Vec<LostMove<B>> {
        let analyses = self.analyse(pos, Limit::Nodes(nodes), stop);
        let values: Vec<(Move<B>, Value)> = analyses.iter().map(|a| (a.mv, a.value)).collect();
        let mut moves = self.count_replies(pos, &values, nodes, stop);
        let policy = self.lost_policy;
        moves.sort_by_key(|m| std::cmp::Reverse(policy.key(m)));
        moves
    }

    /// `moves` of `pos` (each with its value) with the opponent's replies
    /// after each counted, about `nodes` nodes shared among the replies.
    pub(crate) fn count_replies<B: Board>(
        &mut self,
        pos: &Position<B>,
        moves: &[(Move<B>, Value)],
        nodes: u64,
        stop: &AtomicBool,
    ) -> Vec<LostMove<B>> {
        let mover = pos.side_to_move();
        let children: Vec<Position<B>> = moves
            .iter()
            .map(|&(mv, _)| pos.play_unchecked(mv))
            .collect();
        let total: u64 = children.iter().map(|c| c.legal_moves().len() as u64).sum();
        let per_reply = (nodes / total.max(1)).clamp(MIN_REPLY_NODES, MAX_REPLY_NODES);
        moves
            .iter()
            .zip(&children)
            .map(|(&(mv, value), child)| {
                let r = self.replies_after(child, mover, per_reply, 1, stop);
                LostMove {
                    mv,
                    value,
                    replies: r.all,
                    winning: r.winning,
                    turning: r.turning,
                    natural_turns: r.natural_turns,
                }
            })
            .collect()
    }

    /// The opponent's replies in `pos`, reached by a move of `mover`: after
    /// a push (`mover` to move again, R13) those after the follow-up that
    /// leaves the fewest winning ones, looked at `pushes` pushes deep.
    fn replies_after<B: Board>(
        &mut self,
        pos: &Position<B>,
        mover: Side,
        per_reply: u64,
        pushes: u32,
        stop: &AtomicBool,
    ) -> Replies {
        if let Some(outcome) = pos.outcome() {
            // Over at once: below every move that is not, when it loses.
            let lost = outcome.winner != mover;
            return Replies {
                all: 0,
                winning: if lost { ENDS_AT_ONCE } else { 0 },
                turning: 0,
                natural_turns: false,
            };
        }
        let moves = pos.legal_moves();
        if pos.side_to_move() == mover {
            if pushes == 0 {
                return Replies {
                    all: moves.len() as u32,
                    winning: 0,
                    turning: 0,
                    natural_turns: false,
                };
            }
            return moves
                .iter()
                .map(|&mv| {
                    let next = pos.play_unchecked(mv);
                    self.replies_after(&next, mover, per_reply, pushes - 1, stop)
                })
                .min_by_key(|r| r.winning)
                .unwrap_or(Replies {
                    all: 0,
                    winning: 0,
                    turning: 0,
                    natural_turns: false,
                });
        }
        let opponent = pos.side_to_move();
        let natural = match self.lost_policy {
            LostPolicy::Trap(plies) => {
                let limit = Limit::Depth(plies);
                self.search_on(pos, limit, stop, &mut |_| {}).best
            }
            _ => None,
        };
        let mut replies = Replies {
            all: moves.len() as u32,
            winning: 0,
            turning: 0,
            natural_turns: false,
        };
        let budget = Budget {
            nodes: per_reply,
            deadline: None,
        };
        for &mv in &moves {
            let next = pos.play_unchecked(mv);
            let Some(wins) = self.prove_within(&next, budget, stop) else {
                continue;
            };
            // The reply's result for the opponent, who moves again after a push.
            if wins == (next.side_to_move() == opponent) {
                replies.winning += 1;
            } else {
                replies.turning += 1;
                replies.natural_turns |= natural == Some(mv);
            }
        }
        replies
    }
}
