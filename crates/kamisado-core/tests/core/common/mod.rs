//! Test helpers: a slow, obviously correct reference of the rules, and seeded
//! random positions that exercise every rule.

#![allow(dead_code)]

use kamisado_core::geometry::{Board, Eight, colour_of};
use kamisado_core::random::SplitMix64;
use kamisado_core::{Colour, Move, Position, Rules, Setup, Side, Square, Tower};

/// The board as a plain grid, `grid[file][rank]`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RefPosition<B: Board = Eight> {
    pub grid: Vec<Vec<Option<Tower>>>,
    pub side: Side,
    pub forced: Option<Colour>,
    pub pushed: bool,
    pub rules: Rules,
    /// The plies of the round already played (3 and more: past the opening).
    pub plies: u32,
    pub board: std::marker::PhantomData<B>,
}

fn forward(side: Side) -> i32 {
    match side {
        Side::Black => 1,
        Side::White => -1,
    }
}

fn max_distance(teeth: u8) -> i32 {
    [99, 5, 3, 1][teeth as usize]
}

fn square<B: Board>(file: i32, rank: i32) -> Option<Square<B>> {
    let n = B::SIZE as i32;
    if (0..n).contains(&file) && (0..n).contains(&rank) {
        Square::at(file, rank)
    } else {
        None
    }
}

/// What the reference says about a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RefStatus<B: Board = Eight> {
    /// The round is over; the winner.
    Over(Side),
    /// The legal moves, sorted by text.
    Moves(Vec<Move<B>>),
}

impl<B: Board> RefPosition<B> {
    pub fn from_position(p: &Position<B>) -> RefPosition<B> {
        let n = B::SIZE;
        let mut grid = vec![vec![None; n]; n];
        for i in 0..(n * n) as u8 {
            let sq = Square::<B>::new(i).unwrap();
            grid[sq.file() as usize][sq.rank() as usize] = p.tower_at(sq);
        }
        RefPosition {
            grid,
            side: p.side_to_move(),
            forced: p.forced_colour(),
            pushed: p.just_pushed(),
            rules: p.rules(),
            plies: p.opening_ply().map_or(3, u32::from),
            board: std::marker::PhantomData,
        }
    }

    /// The rule set without `opening-limits`, which decides how towers move.
    fn base(&self) -> Rules {
        self.rules.without_opening_limits()
    }

    /// `opening-limits`: the most squares the next move may cover, in every
    /// round 1, 3 and 5 for the first three plies.
    fn opening_limit(&self) -> i32 {
        match self.plies {
            0 if self.rules.opening_limits => 1,
            1 if self.rules.opening_limits => 3,
            2 if self.rules.opening_limits => 5,
            _ => 99,
        }
    }

    fn at(&self, file: i32, rank: i32) -> Option<Tower> {
        self.grid[file as usize][rank as usize]
    }

    fn find(&self, side: Side, colour: Colour) -> (i32, i32) {
        for f in 0..B::SIZE {
            for r in 0..B::SIZE {
                if let Some(t) = self.grid[f][r]
                    && t.side == side
                    && t.colour == colour
                {
                    return (f as i32, r as i32);
                }
            }
        }
        panic!("no {side:?} {colour:?} tower");
    }

    /// R6: a tower on the opponent's home row.
    fn home_row_winner(&self) -> Option<Side> {
        for f in 0..B::SIZE {
            if let Some(t) = self.grid[f][B::SIZE - 1]
                && t.side == Side::Black
            {
                return Some(Side::Black);
            }
            if let Some(t) = self.grid[f][0]
                && t.side == Side::White
            {
                return Some(Side::White);
            }
        }
        None
    }

    /// The zvezda option: moves and pushes of one tower.
    fn zvezda_tower_moves(&self, side: Side, colour: Colour) -> Vec<Move<B>> {
        let (f, r) = self.find(side, colour);
        let from = square::<B>(f, r).unwrap();
        let tower = self.at(f, r).unwrap();
        let fwd = forward(side);
        let mut directions = vec![(-1, fwd), (0, fwd), (1, fwd)];
        if tower.teeth >= 2 {
            directions.extend([(-1, 0), (1, 0)]);
        }
        if tower.teeth >= 3 {
            directions.extend([(-1, -fwd), (0, -fwd), (1, -fwd)]);
        }
        let reach = if tower.teeth == 0 { 99 } else { 5 }.min(self.opening_limit());
        let mut moves = Vec::new();
        for (df, dr) in directions {
            for k in 1..=reach {
                let Some(to) = square(f + df * k, r + dr * k) else {
                    break;
                };
                if self.at(to.file(), to.rank()).is_some() {
                    if k == 1 && tower.teeth > 0 {
                        let victim = self.at(to.file(), to.rank()).unwrap();
                        let behind = square::<B>(f + 2 * df, r + 2 * dr);
                        if victim.side != side
                            && victim.teeth < tower.teeth
                            && behind.is_some_and(|b| self.at(b.file(), b.rank()).is_none())
                        {
                            moves.push(Move::Push { from, to });
                        }
                    }
                    break;
                }
                moves.push(Move::Step { from, to });
            }
        }
        moves
    }

    /// R3, R11, R12: the moves of one tower, ignoring whose turn it is.
    pub fn tower_moves(&self, side: Side, colour: Colour) -> Vec<Move<B>> {
        if self.base() == Rules::ZVEZDA {
            return self.zvezda_tower_moves(side, colour);
        }
        let (f, r) = self.find(side, colour);
        let from = square::<B>(f, r).unwrap();
        let tower = self.at(f, r).unwrap();
        let dr = forward(side);
        let mut moves = Vec::new();
        for df in [-1, 0, 1] {
            for k in 1..=max_distance(tower.teeth).min(self.opening_limit()) {
                let Some(to) = square(f + df * k, r + dr * k) else {
                    break;
                };
                if self.at(to.file(), to.rank()).is_some() {
                    break;
                }
                moves.push(Move::Step { from, to });
            }
        }
        if tower.teeth > 0 {
            // Walk the unbroken line of towers straight ahead.
            let mut line = Vec::new();
            let mut k = 1;
            while let Some(sq) = square::<B>(f, r + dr * k) {
                match self.at(sq.file(), sq.rank()) {
                    Some(t) => line.push(t),
                    None => break,
                }
                k += 1;
            }
            let behind = square::<B>(f, r + dr * k);
            let ok = !line.is_empty()
                && line.len() <= tower.teeth as usize
                && line.iter().all(|t| t.side != side && t.teeth < tower.teeth)
                && behind.is_some();
            if ok {
                moves.push(Move::Push {
                    from,
                    to: square(f, r + dr).unwrap(),
                });
            }
        }
        moves
    }

    /// R7, R8: follows the passes from (side, colour); true if they cycle.
    fn passes_cycle(&self, mut side: Side, mut colour: Colour) -> bool {
        let mut seen: Vec<(Side, Colour)> = Vec::new();
        loop {
            if !self.tower_moves(side, colour).is_empty() {
                return false;
            }
            if seen.contains(&(side, colour)) {
                return true;
            }
            seen.push((side, colour));
            let (f, r) = self.find(side, colour);
            colour = colour_of(square::<B>(f, r).unwrap());
            side = !side;
        }
    }

    pub fn status(&self) -> RefStatus<B> {
        if let Some(w) = self.home_row_winner() {
            return RefStatus::Over(w);
        }
        let mut moves = match self.forced {
            None => B::COLOURS
                .iter()
                .copied()
                .flat_map(|c| self.tower_moves(self.side, c))
                .collect(),
            Some(c) => {
                let moves = self.tower_moves(self.side, c);
                if !moves.is_empty() {
                    moves
                } else if self.passes_cycle(self.side, c) {
                    // R8: the last real mover loses.
                    let loser = if self.pushed { self.side } else { !self.side };
                    return RefStatus::Over(!loser);
                } else {
                    vec![Move::Pass]
                }
            }
        };
        moves.sort_by_key(|m| m.to_string());
        RefStatus::Moves(moves)
    }

    pub fn play(&self, mv: Move<B>) -> RefPosition<B> {
        let mut next = self.clone();
        next.pushed = false;
        next.plies = (self.plies + 1).min(3);
        match mv {
            Move::Pass => {
                let (f, r) = self.find(self.side, self.forced.unwrap());
                next.forced = Some(colour_of(square::<B>(f, r).unwrap()));
                next.side = !self.side;
            }
            Move::Step { from, to } => {
                let t = self.at(from.file(), from.rank()).unwrap();
                next.grid[from.file() as usize][from.rank() as usize] = None;
                next.grid[to.file() as usize][to.rank() as usize] = Some(t);
                next.forced = Some(colour_of(to));
                next.side = !self.side;
            }
            Move::Push { from, to } if self.base() == Rules::ZVEZDA => {
                let rest =
                    square::<B>(2 * to.file() - from.file(), 2 * to.rank() - from.rank()).unwrap();
                let sumo = self.at(from.file(), from.rank()).unwrap();
                let victim = self.at(to.file(), to.rank()).unwrap();
                next.grid[from.file() as usize][from.rank() as usize] = None;
                next.grid[to.file() as usize][to.rank() as usize] = Some(sumo);
                next.grid[rest.file() as usize][rest.rank() as usize] = Some(victim);
                next.forced = Some(colour_of(rest));
                next.side = !self.side;
            }
            Move::Push { from, to } => {
                let dr = forward(self.side);
                let f = from.file();
                // Find the end of the line, then shift everything one square on.
                let mut end = to.rank();
                while self.at(f, end).is_some() {
                    end += dr;
                }
                let mut r = end;
                while r != from.rank() {
                    next.grid[f as usize][r as usize] = self.at(f, r - dr);
                    r -= dr;
                }
                next.grid[f as usize][from.rank() as usize] = None;
                let last_rest = square::<B>(f, end).unwrap();
                next.forced = Some(if self.base() == Rules::SUMO_SQUARE {
                    colour_of(to)
                } else {
                    colour_of(last_rest)
                });
                next.pushed = true;
            }
        }
        next
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        match self.status() {
            RefStatus::Over(_) => 0,
            RefStatus::Moves(moves) => moves.iter().map(|&m| self.play(m).perft(depth - 1)).sum(),
        }
    }
}

/// Sorted move texts of a fast position.
pub fn fast_moves<B: Board>(p: &Position<B>) -> Vec<Move<B>> {
    let mut moves: Vec<Move<B>> = p.legal_moves().to_vec();
    moves.sort_by_key(|m| m.to_string());
    moves
}

/// A random tower rank: plain most often, every sumo rank regularly.
fn random_teeth(rng: &mut SplitMix64) -> u8 {
    match rng.below(10) {
        0..=4 => 0,
        5..=6 => 1,
        7..=8 => 2,
        _ => 3,
    }
}

fn forward_of(side: Side) -> i32 {
    forward(side)
}

/// Places towers for [`random_position`]: a side's remaining colours.
struct Placer<B: Board> {
    setup: Setup<B>,
    remaining: [Vec<Colour>; 2],
}

impl<B: Board> Placer<B> {
    fn place(&mut self, rng: &mut SplitMix64, side: Side, sq: Square<B>) -> Option<Colour> {
        let left = &mut self.remaining[side.index()];
        if left.is_empty() || self.setup.board[sq.index()].is_some() {
            return None;
        }
        let colour = left.swap_remove(rng.below(left.len() as u64) as usize);
        self.setup.board[sq.index()] = Some(Tower {
            side,
            colour,
            teeth: random_teeth(rng),
        });
        Some(colour)
    }
}

/// A random square for a side's tower: off the goal row, except now and then.
fn random_square<B: Board>(
    rng: &mut SplitMix64,
    side: Side,
    ranks: std::ops::Range<i32>,
) -> Square<B> {
    loop {
        let sq = Square::<B>::at(
            rng.below(B::SIZE as u64) as i32,
            ranks.start + rng.below((ranks.end - ranks.start) as u64) as i32,
        )
        .unwrap();
        let goal = match side {
            Side::Black => B::SIZE as i32 - 1,
            Side::White => 0,
        };
        if sq.rank() != goal || rng.chance(1, 40) {
            return sq;
        }
    }
}

/// A seeded random valid position. Four kinds, so that every rule comes up:
/// towers scattered, crowded in the middle, in two facing walls (passes and
/// deadlocks), or in columns in front of sumos (pushes of one to three towers).
pub fn random_position(rng: &mut SplitMix64) -> Position {
    random_position_on::<Eight>(rng)
}

/// [`random_position`] on any board.
pub fn random_position_on<B: Board>(rng: &mut SplitMix64) -> Position<B> {
    let n = B::SIZE as i32;
    loop {
        let mut placer = Placer {
            setup: Setup::<B>::empty(),
            remaining: [B::COLOURS.to_vec(), B::COLOURS.to_vec()],
        };
        let mut forced_hint = None;
        match rng.below(4) {
            1 => {
                // Two facing walls, with a few towers displaced.
                let r = 1 + rng.below(n as u64 - 3) as i32;
                for f in 0..n {
                    placer.place(rng, Side::Black, Square::at(f, r).unwrap());
                    placer.place(rng, Side::White, Square::at(f, r + 1).unwrap());
                }
                for _ in 0..rng.below(4) {
                    let from = Square::<B>::at(rng.below(n as u64) as i32, r + rng.below(2) as i32)
                        .unwrap();
                    if let Some(t) = placer.setup.board[from.index()].take() {
                        placer.remaining[t.side.index()].push(t.colour);
                    }
                }
            }
            2 => {
                // Columns: a sumo with one to three opponent's towers in front.
                for _ in 0..5 {
                    let side = if rng.chance(1, 2) {
                        Side::Black
                    } else {
                        Side::White
                    };
                    let sq = random_square(rng, side, 1..n - 1);
                    let Some(colour) = placer.place(rng, side, sq) else {
                        continue;
                    };
                    let teeth = 1 + rng.below(3) as u8;
                    if let Some(t) = placer.setup.board[sq.index()].as_mut() {
                        t.teeth = teeth;
                    }
                    forced_hint.get_or_insert((side, colour));
                    for j in 1..=1 + rng.below(3) as i32 {
                        if let Some(ahead) = Square::at(sq.file(), sq.rank() + forward_of(side) * j)
                        {
                            placer.place(rng, !side, ahead);
                        }
                    }
                }
            }
            3 => {
                // Crowded middle ranks.
                for side in Side::BOTH {
                    for _ in 0..n {
                        let sq = random_square(rng, side, 2..n - 2);
                        placer.place(rng, side, sq);
                    }
                }
            }
            _ => {}
        }
        for side in Side::BOTH {
            while !placer.remaining[side.index()].is_empty() {
                let sq = random_square(rng, side, 0..n);
                placer.place(rng, side, sq);
            }
        }
        let mut setup = placer.setup;
        setup.side = if rng.chance(1, 2) {
            Side::Black
        } else {
            Side::White
        };
        setup.forced = if rng.chance(1, 10) {
            None
        } else {
            Some(B::COLOURS[rng.below(n as u64) as usize])
        };
        if let Some((side, colour)) = forced_hint
            && rng.chance(1, 2)
        {
            setup.side = side;
            setup.forced = Some(colour);
        }
        setup.pushed = setup.forced.is_some() && rng.chance(1, 6);
        let mut rules = if rng.chance(1, 4) {
            Rules::SUMO_SQUARE
        } else {
            Rules::STANDARD
        };
        if rng.chance(1, 4) {
            rules = rules.with_opening_limits();
            if setup.forced.is_some() && rng.chance(2, 3) {
                setup.opening = Some(1 + rng.below(2) as u8);
            }
        }
        if let Ok(p) = Position::from_setup(&setup, rules) {
            return p;
        }
    }
}

/// A position reached by random legal moves from a random position, so that
/// chains of moves (and pushes and passes) are realistic.
pub fn random_walk<B: Board>(rng: &mut SplitMix64, start: Position<B>, plies: u32) -> Position<B> {
    let mut p = start;
    for _ in 0..plies {
        let moves = p.legal_moves();
        if moves.is_empty() {
            break;
        }
        p = p.play_unchecked(*rng.pick(&moves));
    }
    p
}
