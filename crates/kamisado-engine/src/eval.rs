//! What decides Kamisado, as numbers: open paths to the goal row, the colours
//! a move hands the opponent, the forced tower's mobility and sumo power.

use kamisado_core::geometry::{Bits, Board, colour_of, forward_targets, ray_bits, squares};
use kamisado_core::rules::Variant;
use kamisado_core::tower::{reach, zvezda_reach};
use kamisado_core::{Colour, Move, Position, Side, Square};

use crate::score;

/// Per safe move of the forced tower (one that does not hand the opponent a
/// tower with an open path), counted up to [`MAX_SAFE_COUNTED`].
pub const SAFE_MOVE: i32 = 30;
/// Safe moves beyond this many add nothing.
pub const MAX_SAFE_COUNTED: u32 = 4;
/// Per tower with an open path to the goal row, ours minus theirs.
pub const OPEN_PATH: i32 = 25;
/// Per rank of advance of a tower, ours minus theirs.
pub const ADVANCE: i32 = 2;
/// Per dragon's tooth (sumo power), ours minus theirs.
pub const TOOTH: i32 = 40;
/// When the forced tower can push (R12).
pub const PUSH_THREAT: i32 = 35;
/// When the side to move must pass (R7).
pub const MUST_PASS: i32 = -20;

/// Ranks between a square and the goal row of `side`.
#[inline]
fn distance_to_goal<B: Board>(side: Side, sq: Square<B>) -> i32 {
    match side {
        Side::Black => B::SIZE as i32 - 1 - sq.rank(),
        Side::White => sq.rank(),
    }
}

/// How many squares a side's tower of a colour may move: R11's limits, or
/// under zvezda up to five for every ringed tower. Only forward moves reach
/// the goal row, so this is all that the tests for a win at once need.
#[inline]
pub fn reach_of<B: Board>(pos: &Position<B>, side: Side, colour: Colour) -> i32 {
    let zvezda = pos.rules().variant == Variant::Zvezda;
    let reach = REACH[usize::from(zvezda)][usize::from(pos.teeth(side, colour))];
    // A round's opening plies may be shorter still (`opening-limits`).
    match pos.opening_limit() {
        Some(limit) => reach.min(i32::from(limit)),
        None => reach,
    }
}

// A plain tower reaches the far row of every board, 10×10's the farthest
// ([`danger_squares`]).
const _: () = assert!(reach(0) >= 9 && zvezda_reach(0) >= 9);

/// Squares a tower moves at most, by rule set (standard, zvezda) and teeth.
const REACH: [[i32; 4]; 2] = [
    [reach(0), reach(1), reach(2), reach(3)],
    [
        zvezda_reach(0),
        zvezda_reach(1),
        zvezda_reach(2),
        zvezda_reach(3),
    ],
];

/// Whether a tower of `side` on `from` that moves up to `reach` squares
/// could reach the goal row in one move over the board `occupied`.
#[inline]
pub fn open_path<B: Board>(side: Side, from: Square<B>, reach: i32, occupied: B::Bits) -> bool {
    if distance_to_goal(side, from) > reach {
        return false;
    }
    let goal = B::goal_row(side);
    (0..3).any(|d| {
        let ray = ray_bits(side, d, from);
        !(ray & goal).is_empty() && (ray & occupied).is_empty()
    })
}

/// Whether a side's tower of a colour is near enough to the goal row to
/// reach it in one move, were its path open.
#[inline]
fn within_reach<B: Board>(pos: &Position<B>, side: Side, colour: Colour) -> bool {
    distance_to_goal(side, pos.tower_square(side, colour)) <= reach_of(pos, side, colour)
}

/// The squares whose colour names a tower of `side` within reach of its
/// goal row: the landing squares that may hand `side` a win at once. Every
/// square when no tower of `side` has teeth and no opening limit applies: a
/// plain tower reaches across the board.
#[inline]
fn danger_squares<B: Board>(pos: &Position<B>, side: Side) -> B::Bits {
    if pos.opening_limit().is_none() && B::COLOURS.iter().all(|&c| pos.teeth(side, c) == 0) {
        return B::Bits::MAX;
    }
    B::COLOURS
        .iter()
        .copied()
        .filter(|&c| within_reach(pos, side, c))
        .fold(B::Bits::ZERO, |squares, c| squares | B::colour_squares(c))
}

/// The move that wins at once for the side to move, if any: its forced tower
/// (or any tower, with free choice) reaching the goal row.
pub fn winning_move<B: Board>(pos: &Position<B>) -> Option<Move<B>> {
    let side = pos.side_to_move();
    let occupied = pos.occupied();
    let try_colour = |colour: Colour| {
        let from = pos.tower_square(side, colour);
        if !open_path(side, from, reach_of(pos, side, colour), occupied) {
            return None;
        }
        let goal = pos.tower_targets(side, colour) & B::goal_row(side);
        Square::new(goal.trailing_zeros() as u8).map(|to| Move::Step { from, to })
    };
    match pos.forced_colour() {
        Some(colour) => try_colour(colour),
        None => B::COLOURS.iter().copied().find_map(try_colour),
    }
}

/// Whether every tower is plain: then none can push for the rest of the
/// round (teeth come only between rounds, R10), and sides alternate ply by ply.
pub fn plain_round<B: Board>(pos: &Position<B>) -> bool {
    Side::BOTH
        .into_iter()
        .all(|side| B::COLOURS.iter().all(|&c| pos.teeth(side, c) == 0))
}

/// Whether either side already stands on the other's home row.
#[inline]
pub fn goal_reached<B: Board>(pos: &Position<B>) -> Option<Side> {
    Side::BOTH
        .into_iter()
        .find(|&s| !(pos.occupied_by(s) & B::goal_row(s)).is_empty())
}

/// The winner when the round is over by a deadlock (R8): the forced tower
/// is blocked and the chain of forced passes cycles. Most positions are
/// settled by the square straight ahead of the forced tower being empty.
#[inline]
pub fn deadlock<B: Board>(pos: &Position<B>) -> Option<Side> {
    let side = pos.side_to_move();
    let colour = pos.forced_colour()?;
    if free_ahead(side, pos.tower_square(side, colour), pos.occupied()) {
        return None;
    }
    pos.outcome().map(|o| o.winner)
}

/// Whether the step `from`-`to` by the side to move is a move into a deadlock
/// (R8), which loses for its mover.
#[inline]
fn into_deadlock<B: Board>(pos: &Position<B>, from: Square<B>, to: Square<B>) -> bool {
    let opponent = !pos.side_to_move();
    let forced = pos.tower_square(opponent, colour_of(to));
    let occupied = pos.occupied() ^ from.bit() ^ to.bit();
    !free_ahead(opponent, forced, occupied)
        && deadlock(&pos.play_unchecked(Move::Step { from, to })).is_some()
}

/// Whether the square straight ahead of a tower of `side` on `from` is empty
/// on `occupied`: a tower with an empty square ahead can move (R3), so it is
/// not blocked.
#[inline]
fn free_ahead<B: Board>(side: Side, from: Square<B>, occupied: B::Bits) -> bool {
    let ahead = match side {
        Side::Black => from.rank() + 1,
        Side::White => from.rank() - 1,
    };
    Square::<B>::at(from.file(), ahead).is_some_and(|sq| (occupied & sq.bit()).is_empty())
}

/// The colour of the tower that moves from `from` (the forced one, or the one there).
#[inline]
pub fn mover_colour<B: Board>(pos: &Position<B>, from: Square<B>) -> Colour {
    pos.forced_colour()
        .or_else(|| pos.colour_at(pos.side_to_move(), from))
        .expect("a tower stands on the move's square")
}

/// Whether the step `from`-`to` by the side to move hands the opponent a tower
/// with an open path (so that the opponent wins at once).
#[inline(always)]
pub fn hands_a_win<B: Board>(pos: &Position<B>, from: Square<B>, to: Square<B>) -> bool {
    let opponent = !pos.side_to_move();
    let colour = colour_of(to);
    let occupied = pos.occupied() ^ from.bit() ^ to.bit();
    open_path(
        opponent,
        pos.tower_square(opponent, colour),
        reach_of(pos, opponent, colour),
        occupied,
    )
}

/// After the step `from`-`to` (which does not hand a win), how many replies
/// of the opponent's forced tower do not hand the mover a win at once (a
/// sumo's replies, pushes among them, are all counted as safe).
pub fn safe_replies<B: Board>(pos: &Position<B>, from: Square<B>, to: Square<B>) -> u32 {
    let threats = Threats::new(pos, mover_colour(pos, from));
    threats.safe_replies(pos, from, to)
}

/// Where the side to move's towers threaten to reach the goal row, for the
/// steps of one of its towers: the squares whose colour names another of its
/// towers within reach of the goal row, the moving tower's colour and reach,
/// and the paths the other towers would reach the goal row by.
#[derive(Clone, Copy, Debug)]
pub struct Threats<B: Board> {
    others: B::Bits,
    mover: Colour,
    reach: i32,
    /// By colour slot, the rays (at most three) along which each other tower
    /// would reach the goal row in one move were they empty; every square
    /// for a ray that misses the goal row or a tower out of reach, so that it
    /// is never empty. Worked out ([`Threats::with_paths`]) where many
    /// replies are looked at.
    paths: Option<[[B::Bits; 3]; MAX_COLOURS]>,
}

/// The most colours of a board (10×10's).
const MAX_COLOURS: usize = 10;

impl<B: Board> Threats<B> {
    /// The threats of the side to move when its tower of `mover` steps.
    #[inline]
    pub fn new(pos: &Position<B>, mover: Colour) -> Threats<B> {
        let side = pos.side_to_move();
        Threats {
            others: danger_squares(pos, side) & !B::colour_squares(mover),
            mover,
            reach: reach_of(pos, side, mover),
            paths: None,
        }
    }

    /// [`Threats::new`] with the other towers' paths to the goal row worked
    /// out at once: for counting the safe replies of many steps.
    #[inline]
    pub fn with_paths(pos: &Position<B>, mover: Colour) -> Threats<B> {
        let side = pos.side_to_move();
        let goal = B::goal_row(side);
        let mut paths = [[B::Bits::MAX; 3]; MAX_COLOURS];
        for (slot, &colour) in B::COLOURS.iter().enumerate() {
            let from = pos.tower_square(side, colour);
            if colour == mover || distance_to_goal(side, from) > reach_of(pos, side, colour) {
                continue;
            }
            for (d, path) in paths[slot].iter_mut().enumerate() {
                let ray = ray_bits(side, d, from);
                if !(ray & goal).is_empty() {
                    *path = ray;
                }
            }
        }
        Threats {
            paths: Some(paths),
            ..Threats::new(pos, mover)
        }
    }

    /// The squares whose colour names a tower within reach of the goal row
    /// once the moving tower stands on `to`.
    #[inline]
    fn after_step(&self, side: Side, to: Square<B>) -> B::Bits {
        if distance_to_goal(side, to) <= self.reach {
            self.others | B::colour_squares(self.mover)
        } else {
            self.others
        }
    }

    /// [`safe_replies`] for a step of the moving tower.
    #[inline]
    pub fn safe_replies(&self, pos: &Position<B>, from: Square<B>, to: Square<B>) -> u32 {
        match plain_replies(pos, from, to) {
            Some(replies) => {
                debug_assert_eq!(
                    self.safe_replies_after_play(pos, from, to),
                    self.count_safe(pos, to, replies)
                );
                self.count_safe(pos, to, replies)
            }
            None => self.safe_replies_after_play(pos, from, to),
        }
    }

    /// `None` if the step `from`-`to` hands the opponent a win at once
    /// ([`hands_a_win`]), else its [`Threats::safe_replies`]: for a plain
    /// forced tower, from one look at its steps, whose reaching the goal row
    /// is the win handed.
    #[inline]
    pub fn safe_replies_unless_handing(
        &self,
        pos: &Position<B>,
        from: Square<B>,
        to: Square<B>,
    ) -> Option<u32> {
        let Some(replies) = plain_replies(pos, from, to) else {
            return (!hands_a_win(pos, from, to))
                .then(|| self.safe_replies_after_play(pos, from, to));
        };
        let hands = !(replies.targets & B::goal_row(!pos.side_to_move())).is_empty();
        debug_assert_eq!(hands, hands_a_win(pos, from, to));
        (!hands).then(|| self.count_safe(pos, to, replies))
    }

    /// How many of `replies` (after the moving tower's step to `to`) do not
    /// hand the side to move a win at once.
    #[inline(always)]
    fn count_safe(&self, pos: &Position<B>, to: Square<B>, replies: Replies<B>) -> u32 {
        let Replies {
            tower,
            occupied,
            targets,
        } = replies;
        if targets.is_empty() {
            return 1;
        }
        let side = pos.side_to_move();
        let danger = self.after_step(side, to);
        let risky = targets & danger;
        let winning = squares::<B>(risky)
            .filter(|&reply| self.reply_opens(pos, to, tower, occupied, reply))
            .count() as u32;
        targets.count_ones() - winning
    }

    /// Whether the opponent's forced plain tower on `tower`, stepping to
    /// `reply` over `occupied` (after the moving tower's step to `to`), opens
    /// a path to the goal row for the tower of the side to move that it forces.
    #[inline(always)]
    fn reply_opens(
        &self,
        pos: &Position<B>,
        to: Square<B>,
        tower: Square<B>,
        occupied: B::Bits,
        reply: Square<B>,
    ) -> bool {
        let colour = colour_of(reply);
        let after = occupied ^ tower.bit() ^ reply.bit();
        if colour == self.mover {
            return open_path(pos.side_to_move(), to, self.reach, after);
        }
        let side = pos.side_to_move();
        let Some(paths) = &self.paths else {
            return open_path(
                side,
                pos.tower_square(side, colour),
                reach_of(pos, side, colour),
                after,
            );
        };
        let opens = paths[B::slot(colour)]
            .iter()
            .any(|&path| (path & after).is_empty());
        debug_assert_eq!(
            opens,
            open_path(
                side,
                pos.tower_square(side, colour),
                reach_of(pos, side, colour),
                after
            )
        );
        opens
    }

    /// [`Threats::safe_replies`] by playing the step.
    fn safe_replies_after_play(&self, pos: &Position<B>, from: Square<B>, to: Square<B>) -> u32 {
        let side = pos.side_to_move();
        let opponent = !side;
        let forced = colour_of(to);
        let child = pos.play_unchecked(Move::Step { from, to });
        let targets = child.tower_targets(opponent, forced);
        if targets.is_empty() || child.teeth(opponent, forced) > 0 {
            return 1 + targets.count_ones();
        }
        let danger = self.after_step(side, to);
        let risky = targets & danger;
        (targets & !danger).count_ones() + risky.count_ones() - winning_replies(&child, risky)
    }

    /// Whether the opponent's forced plain tower has `replies` after the
    /// moving tower's step to `to` (which does not hand a win), and every one
    /// hands the mover a win at once.
    #[inline]
    fn no_safe_reply_among(&self, pos: &Position<B>, to: Square<B>, replies: Replies<B>) -> bool {
        let danger = self.after_step(pos.side_to_move(), to);
        let Replies {
            tower,
            occupied,
            targets,
        } = replies;
        !targets.is_empty()
            && (targets & !danger).is_empty()
            && squares::<B>(targets).all(|reply| self.reply_opens(pos, to, tower, occupied, reply))
    }

    /// Whether after the step `from`-`to` (which does not hand a win) every
    /// reply of the opponent's forced plain tower hands the mover a win at once.
    fn leave_no_safe_reply(&self, pos: &Position<B>, from: Square<B>, to: Square<B>) -> bool {
        let opponent = !pos.side_to_move();
        let forced = colour_of(to);
        if pos.teeth(opponent, forced) > 0 {
            return false;
        }
        if let Some(replies) = plain_replies(pos, from, to) {
            return self.no_safe_reply_among(pos, to, replies);
        }
        let child = pos.play_unchecked(Move::Step { from, to });
        let replies = child.tower_targets(opponent, forced);
        !replies.is_empty()
            && (replies & !self.after_step(pos.side_to_move(), to)).is_empty()
            && every_reply_wins(&child, replies)
    }
}

/// `None` if the step `from`-`to` by the side to move hands the opponent a
/// win at once, else how many steps the opponent's forced plain tower then
/// has, safe or not, a pass counted as one (read from the board without
/// playing the step); for a forced sumo, or with an opening limit or rings,
/// its [`safe_replies`].
#[inline]
pub fn replies_unless_handing<B: Board>(
    pos: &Position<B>,
    from: Square<B>,
    to: Square<B>,
) -> Option<u32> {
    let Some(replies) = plain_replies(pos, from, to) else {
        return (!hands_a_win(pos, from, to)).then(|| safe_replies(pos, from, to));
    };
    let hands = !(replies.targets & B::goal_row(!pos.side_to_move())).is_empty();
    debug_assert_eq!(hands, hands_a_win(pos, from, to));
    (!hands).then(|| replies.targets.count_ones().max(1))
}

/// The replies of the opponent's forced tower after the step `from`-`to` by
/// the side to move, found from the board without playing the step, when
/// that tower is plain and no opening limit or ring applies ([`plain_steps`]).
#[inline(always)]
fn plain_replies<B: Board>(
    pos: &Position<B>,
    from: Square<B>,
    to: Square<B>,
) -> Option<Replies<B>> {
    let opponent = !pos.side_to_move();
    let forced = colour_of(to);
    if pos.teeth(opponent, forced) > 0 || !plain_steps(pos) {
        return None;
    }
    let occupied = pos.occupied() ^ from.bit() ^ to.bit();
    let tower = pos.tower_square(opponent, forced);
    Some(Replies {
        tower,
        occupied,
        targets: plain_step_targets(opponent, tower, occupied),
    })
}

/// The steps of the opponent's forced tower after a step, without playing it.
#[derive(Clone, Copy)]
struct Replies<B: Board> {
    /// Where the forced tower stands.
    tower: Square<B>,
    /// The board after the step.
    occupied: B::Bits,
    /// Where the forced tower may step.
    targets: B::Bits,
}

/// Whether a plain tower's steps in `pos` and the positions after its next
/// few steps are those of R3 alone: no ring (zvezda) and no opening limit.
#[inline(always)]
fn plain_steps<B: Board>(pos: &Position<B>) -> bool {
    pos.rules().variant != Variant::Zvezda && pos.opening_limit().is_none()
}

/// Where a plain tower of `side` on `from` may step over the board
/// `occupied` (R3): [`Position::tower_targets`] for a board that is not a position's.
#[inline(always)]
fn plain_step_targets<B: Board>(side: Side, from: Square<B>, occupied: B::Bits) -> B::Bits {
    forward_targets(side, from, occupied, reach(0))
}

/// Whether every one of the forced tower's `replies` (steps) in `child`
/// hands the opponent a win at once.
fn every_reply_wins<B: Board>(child: &Position<B>, replies: B::Bits) -> bool {
    squares::<B>(replies).all(|reply| reply_hands_a_win(child, reply))
}

/// How many of the forced tower's `replies` (steps) in `child` hand the
/// opponent a win at once.
fn winning_replies<B: Board>(child: &Position<B>, replies: B::Bits) -> u32 {
    squares::<B>(replies)
        .filter(|&reply| reply_hands_a_win(child, reply))
        .count() as u32
}

/// Whether the forced tower's step to `reply` in `child` opens a path to the
/// goal row for the opponent's tower that it forces.
#[inline(always)]
fn reply_hands_a_win<B: Board>(child: &Position<B>, reply: Square<B>) -> bool {
    let replier = child.side_to_move();
    let side = !replier;
    let forced = child.forced_colour().expect("a reply has a forced tower");
    let after = child.occupied() ^ child.tower_square(replier, forced).bit() ^ reply.bit();
    let colour = colour_of(reply);
    open_path(
        side,
        child.tower_square(side, colour),
        reach_of(child, side, colour),
        after,
    )
}

/// The forced tower's options: how many steps, how many of them safe, and
/// whether it may push.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Steps the forced tower can make.
    pub steps: u32,
    /// Steps that do not hand the opponent a win at once.
    pub safe: u32,
    /// Whether a push (R12) is legal.
    pub push: bool,
}

/// The forced tower's options (`None` with free choice).
pub fn forced_options<B: Board>(pos: &Position<B>) -> Option<Options> {
    let side = pos.side_to_move();
    let colour = pos.forced_colour()?;
    let from = pos.tower_square(side, colour);
    let mut targets = pos.tower_targets(side, colour);
    let steps = targets.count_ones();
    let mut safe = 0;
    while !targets.is_empty() {
        let to = Square::from_index_unchecked(targets.trailing_zeros());
        targets = targets.clear_lowest();
        safe += u32::from(!hands_a_win(pos, from, to));
    }
    let push = pos.push_target(side, colour).is_some();
    Some(Options { steps, safe, push })
}

/// A proven result within three plies, without search: a win in two by a
/// deadlock, a win in three when a step leaves the opponent's forced (plain)
/// tower only replies that hand a win back, a loss within two when every
/// move hands a win or moves into a deadlock (R8) or a forced pass lets the
/// opponent win at once.
pub fn short_proof<B: Board>(pos: &Position<B>, ply: usize) -> Option<i32> {
    win_in_two_or_three(pos, ply).or_else(|| loss_in_two(pos, ply))
}

/// [`win_in_two`], else [`win_in_three`], in one pass over the forced
/// tower's steps.
pub fn win_in_two_or_three<B: Board>(pos: &Position<B>, ply: usize) -> Option<i32> {
    let side = pos.side_to_move();
    let Some(colour) = pos.forced_colour() else {
        return win_in_two(pos, ply);
    };
    let from = pos.tower_square(side, colour);
    let mut targets = pos.tower_targets(side, colour);
    if targets.is_empty() {
        return win_in_two(pos, ply);
    }
    let threats = Threats::new(pos, colour);
    let goal = B::goal_row(!side);
    let mut three = false;
    while !targets.is_empty() {
        let to = Square::from_index_unchecked(targets.trailing_zeros());
        targets = targets.clear_lowest();
        // The opponent's replies, read once: whether one reaches the goal
        // row is whether the step hands a win.
        let replies = plain_replies(pos, from, to);
        let hands = match replies {
            Some(replies) => !(replies.targets & goal).is_empty(),
            None => hands_a_win(pos, from, to),
        };
        debug_assert_eq!(hands, hands_a_win(pos, from, to));
        if hands {
            continue;
        }
        if wins_in_two_by(pos, colour, from, to) {
            return Some(score::win_at(ply + 2));
        }
        three = three
            || match replies {
                Some(replies) => threats.no_safe_reply_among(pos, to, replies),
                None => threats.leave_no_safe_reply(pos, from, to),
            };
    }
    three.then(|| score::win_at(ply + 3))
}

/// A win two plies on (the side to move has no win at once): a step or a
/// pass after which the opponent has no win at once, can step, cannot push,
/// and every step of theirs moves into a deadlock (R8), which loses for its
/// mover. Where no tower can push, a win two plies on is always one of these,
/// so with [`winning_move`] this finds every win within two plies.
pub fn win_in_two<B: Board>(pos: &Position<B>, ply: usize) -> Option<i32> {
    let side = pos.side_to_move();
    let wins_with = |colour: Colour| {
        let from = pos.tower_square(side, colour);
        let steps = pos.tower_targets(side, colour);
        if steps.is_empty() && pos.push_targets(side, colour).is_empty() {
            // A pass (R7), which ends nothing itself.
            let child = pos.play_unchecked(Move::Pass);
            return winning_move(&child).is_none() && every_step_deadlocks(&child);
        }
        squares::<B>(steps)
            .any(|to| !hands_a_win(pos, from, to) && wins_in_two_by(pos, colour, from, to))
    };
    let wins = match pos.forced_colour() {
        Some(colour) => wins_with(colour),
        None => B::COLOURS.iter().copied().any(wins_with),
    };
    wins.then(|| score::win_at(ply + 2))
}

/// Whether the side to move's step `from`-`to` with its tower of `colour`,
/// which hands the opponent no win at once, wins two plies on: it moves into
/// no deadlock, and every step of the opponent's forced tower then does.
#[inline]
fn wins_in_two_by<B: Board>(
    pos: &Position<B>,
    colour: Colour,
    from: Square<B>,
    to: Square<B>,
) -> bool {
    if escapes_nearby(pos, colour, from, to) {
        return false;
    }
    let child = pos.play_unchecked(Move::Step { from, to });
    deadlock(&child).is_none() && every_step_deadlocks(&child)
}

/// Whether, after the side to move's step `from`-`to` with its tower of
/// `colour`, the step surely wins nothing two plies on: one of the three
/// squares next to the opponent's forced tower ahead (straight or diagonal)
/// is empty and leaves the mover's tower of its colour free to move (a reply
/// into no deadlock), or none is empty (a plain tower then cannot step; the
/// sideways steps of zvezda's rings are not looked for, so such a win is
/// missed, never claimed). A test without playing the step, which settles
/// most steps before [`every_step_deadlocks`] must.
#[inline]
fn escapes_nearby<B: Board>(
    pos: &Position<B>,
    colour: Colour,
    from: Square<B>,
    to: Square<B>,
) -> bool {
    let side = pos.side_to_move();
    let opponent = !side;
    let occupied = pos.occupied() ^ from.bit() ^ to.bit();
    let replier = pos.tower_square(opponent, colour_of(to));
    let rank = match opponent {
        Side::Black => replier.rank() + 1,
        Side::White => replier.rank() - 1,
    };
    let mut can_step = false;
    for file in replier.file() - 1..=replier.file() + 1 {
        let Some(near) = Square::<B>::at(file, rank) else {
            continue;
        };
        if !(occupied & near.bit()).is_empty() {
            continue;
        }
        can_step = true;
        let next = colour_of(near);
        let forced = if next == colour {
            to
        } else {
            pos.tower_square(side, next)
        };
        if free_ahead(side, forced, occupied ^ replier.bit() ^ near.bit()) {
            return true;
        }
    }
    !can_step
}

/// Whether the side to move's forced tower has steps and no push, and every
/// step moves into a deadlock (R8).
fn every_step_deadlocks<B: Board>(pos: &Position<B>) -> bool {
    let side = pos.side_to_move();
    let Some(colour) = pos.forced_colour() else {
        return false;
    };
    let from = pos.tower_square(side, colour);
    let steps = pos.tower_targets(side, colour);
    !steps.is_empty()
        && pos.push_targets(side, colour).is_empty()
        && squares::<B>(steps).all(|to| into_deadlock(pos, from, to))
}

/// A win three plies on: a step of the forced tower that does not hand a win
/// and leaves the opponent's forced plain tower only replies that do.
pub fn win_in_three<B: Board>(pos: &Position<B>, ply: usize) -> Option<i32> {
    let side = pos.side_to_move();
    let colour = pos.forced_colour()?;
    let from = pos.tower_square(side, colour);
    let mut targets = pos.tower_targets(side, colour);
    let threats = Threats::new(pos, colour);
    while !targets.is_empty() {
        let to = Square::from_index_unchecked(targets.trailing_zeros());
        targets = targets.clear_lowest();
        if !hands_a_win(pos, from, to) && threats.leave_no_safe_reply(pos, from, to) {
            return Some(score::win_at(ply + 3));
        }
    }
    None
}

/// A loss within two plies (the side to move has no win at once): the forced
/// tower can move, and every move either hands the opponent a win at once or
/// ends the round against its mover (R8: a move into a deadlock loses, and
/// by R13 so does a push whose follow-up is one); or it cannot move, and
/// after its pass (R7) the opponent wins at once. The loss is one ply on
/// when every move ends the round, else two. Where no tower can push, this
/// finds every loss within two plies of a position with a forced tower.
pub fn loss_in_two<B: Board>(pos: &Position<B>, ply: usize) -> Option<i32> {
    let side = pos.side_to_move();
    let colour = pos.forced_colour()?;
    let from = pos.tower_square(side, colour);
    let steps = pos.tower_targets(side, colour);
    let mut plies = 1;
    for to in squares::<B>(steps) {
        if hands_a_win(pos, from, to) {
            plies = 2;
        } else if !into_deadlock(pos, from, to) {
            return None;
        }
    }
    let pushes = pos.push_targets(side, colour);
    if steps.is_empty() && pushes.is_empty() {
        // A pass (R7) ends nothing itself: lost if the opponent then wins at once.
        let child = pos.play_unchecked(Move::Pass);
        return winning_move(&child).map(|_| score::loss_at(ply + 2));
    }
    for to in squares::<B>(pushes) {
        let child = pos.play_unchecked(Move::Push { from, to });
        if lost_by_mover(&child, side) {
            continue;
        }
        // Under zvezda the opponent moves after a push.
        if child.side_to_move() == side || winning_move(&child).is_none() {
            return None;
        }
        plies = 2;
    }
    Some(score::loss_at(ply + plies))
}

/// Whether the round is over in `child` and `mover`, who moved into it, lost:
/// by a deadlock (R8), or under zvezda by pushing an opponent's tower onto
/// their own home row (R6).
#[inline]
fn lost_by_mover<B: Board>(child: &Position<B>, mover: Side) -> bool {
    child.outcome().is_some_and(|o| o.winner != mover)
}

/// Towers with an open path, per side, counted.
fn open_paths<B: Board>(pos: &Position<B>, side: Side) -> i32 {
    let occupied = pos.occupied();
    B::COLOURS
        .iter()
        .copied()
        .filter(|&c| {
            open_path(
                side,
                pos.tower_square(side, c),
                reach_of(pos, side, c),
                occupied,
            )
        })
        .count() as i32
}

/// Advance and sumo power of one side.
fn material<B: Board>(pos: &Position<B>, side: Side) -> i32 {
    B::COLOURS
        .iter()
        .copied()
        .map(|c| {
            let advance = B::SIZE as i32 - 1 - distance_to_goal(side, pos.tower_square(side, c));
            advance * ADVANCE + i32::from(pos.teeth(side, c)) * TOOTH
        })
        .sum()
}

/// The static score of a quiet position for the side to move (no win at
/// once), or a proven result: a win in three or a loss within two. The
/// solver's wins in two ([`short_proof`]) are left out: the heuristic search
/// needs no complete horizon, and looking for them would cost it an eighth
/// more work (the bench's instructions) without changing the bench's nodes.
pub fn evaluate<B: Board>(pos: &Position<B>, ply: usize) -> i32 {
    let side = pos.side_to_move();
    let balance = (open_paths(pos, side) - open_paths(pos, !side)) * OPEN_PATH
        + material(pos, side)
        - material(pos, !side);
    if let Some(proof) = win_in_three(pos, ply).or_else(|| loss_in_two(pos, ply)) {
        return proof;
    }
    let Some(options) = forced_options(pos) else {
        return balance;
    };
    let mobility = match options.steps {
        0 if !options.push => MUST_PASS,
        _ => options.safe.min(MAX_SAFE_COUNTED) as i32 * SAFE_MOVE,
    };
    let push = if options.push { PUSH_THREAT } else { 0 };
    (balance + mobility + push).clamp(-score::MAX_EVAL, score::MAX_EVAL)
}
