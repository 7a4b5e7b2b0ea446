//! Zobrist keys for the transposition table, computed from a position's accessors.

use kamisado_core::geometry::{Board, BoardSize};
use kamisado_core::{Colour, Move, Position, Rules, Side};

const fn mix(state: u64) -> u64 {
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Seed of the key tables; any fixed value will do.
const SEED: u64 = 0x4B61_6D69_7361_646F;
const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

const fn nth(n: u64) -> u64 {
    mix(SEED.wrapping_add(GOLDEN.wrapping_mul(n + 1)))
}

/// The number of the key of a tower of (side, colour index) on a square
/// index, and of its teeth: the standard board's keys are numbered as they
/// were before other boards came, so its keys stay the same.
const fn tower_number(side: usize, colour: usize, square: usize) -> u64 {
    if colour < 8 && square < 64 {
        (side * 512 + colour * 64 + square) as u64
    } else {
        (10_000 + side * 1_000 + colour * 100 + square) as u64
    }
}

/// Keys of a tower of (side, colour) on each square index of any board.
const TOWER: [[[u64; 100]; 10]; 2] = {
    let mut t = [[[0; 100]; 10]; 2];
    let mut s = 0;
    while s < 2 {
        let mut c = 0;
        while c < 10 {
            let mut sq = 0;
            while sq < 100 {
                t[s][c][sq] = nth(tower_number(s, c, sq));
                sq += 1;
            }
            c += 1;
        }
        s += 1;
    }
    t
};

/// Keys of a tower's dragon's teeth (index 0, no teeth, is never used).
const TEETH: [[[u64; 4]; 10]; 2] = {
    let mut t = [[[0; 4]; 10]; 2];
    let mut i = 0;
    while i < 2 * 10 * 4 {
        let (s, c, n) = (i / 40, (i / 4) % 10, i % 4);
        let number = if c < 8 {
            2000 + s * 32 + c * 4 + n
        } else {
            12_000 + s * 40 + c * 4 + n
        };
        t[s][c][n] = nth(number as u64);
        i += 1;
    }
    t
};

/// Keys of the forced colour by colour index; free choice is [`FREE_CHOICE`].
const FORCED: [u64; 10] = {
    let mut t = [0; 10];
    let mut i = 0;
    while i < 10 {
        t[i] = nth(if i < 8 {
            3000 + i as u64
        } else {
            3001 + i as u64
        });
        i += 1;
    }
    t
};

/// The key of free choice (R4).
const FREE_CHOICE: u64 = nth(3008);

const WHITE_TO_MOVE: u64 = nth(4000);
const PUSHED: u64 = nth(4001);
const SUMO_SQUARE_RULES: u64 = nth(4002);
/// Keys of the 6×6 and 10×10 boards, so that one table may serve every board
/// (the standard board has none, and its keys are as they always were).
const SIX_BOARD: u64 = nth(4003);
const TEN_BOARD: u64 = nth(4004);
/// Keys of a round's opening plies under `opening-limits`, by the plies
/// already played (past them, and without the option, no key).
const OPENING_PLIES: [u64; 3] = [nth(4005), nth(4006), nth(4007)];

/// The key of one tower: its square and its teeth.
#[inline]
fn tower_key<B: Board>(pos: &Position<B>, side: Side, colour: Colour) -> u64 {
    let (s, c) = (side.index(), colour.index());
    let teeth = pos.teeth(side, colour) as usize;
    let teeth_key = if teeth == 0 { 0 } else { TEETH[s][c][teeth] };
    TOWER[s][c][pos.tower_square(side, colour).index()] ^ teeth_key
}

/// The part of the key that is not the towers: side, forced colour, push flag, rules.
#[inline]
fn state_key<B: Board>(pos: &Position<B>) -> u64 {
    let mut key = pos
        .forced_colour()
        .map_or(FREE_CHOICE, |c| FORCED[c.index()]);
    if pos.side_to_move() == Side::White {
        key ^= WHITE_TO_MOVE;
    }
    if pos.just_pushed() {
        key ^= PUSHED;
    }
    if pos.rules() != Rules::STANDARD {
        key ^= SUMO_SQUARE_RULES;
    }
    if let Some(plies) = pos.opening_ply() {
        key ^= OPENING_PLIES[plies as usize];
    }
    key ^ match B::KIND {
        BoardSize::Six => SIX_BOARD,
        BoardSize::Eight => 0,
        BoardSize::Ten => TEN_BOARD,
    }
}

/// `state_key(parent) ^ state_key(child)` for two positions of one round
/// (the same rules and board): only what a move changes.
#[inline]
fn state_change<B: Board>(parent: &Position<B>, child: &Position<B>) -> u64 {
    let forced = |pos: &Position<B>| {
        pos.forced_colour()
            .map_or(FREE_CHOICE, |c| FORCED[c.index()])
    };
    let opening = |pos: &Position<B>| {
        pos.opening_ply()
            .map_or(0, |plies| OPENING_PLIES[plies as usize])
    };
    let mut key = forced(parent) ^ forced(child);
    if parent.side_to_move() != child.side_to_move() {
        key ^= WHITE_TO_MOVE;
    }
    if parent.just_pushed() != child.just_pushed() {
        key ^= PUSHED;
    }
    key ^ opening(parent) ^ opening(child)
}

/// The Zobrist key of a position, computed from scratch.
pub fn key<B: Board>(pos: &Position<B>) -> u64 {
    let mut key = state_key(pos);
    for side in Side::BOTH {
        for &colour in B::COLOURS {
            key ^= tower_key(pos, side, colour);
        }
    }
    key
}

/// The key of `child`, reached from `parent` (whose key is `parent_key`) by one
/// move: only the towers that changed square are updated.
pub fn key_after<B: Board>(parent: &Position<B>, parent_key: u64, child: &Position<B>) -> u64 {
    let mut key = parent_key ^ state_change(parent, child);
    debug_assert_eq!(key ^ parent_key, state_key(parent) ^ state_key(child));
    for side in Side::BOTH {
        let (before, after) = (parent.occupied_by(side), child.occupied_by(side));
        if before == after {
            continue;
        }
        for &colour in B::COLOURS {
            if parent.tower_square(side, colour) != child.tower_square(side, colour) {
                key ^= tower_key(parent, side, colour) ^ tower_key(child, side, colour);
            }
        }
    }
    key
}

/// The key of `child`, reached from `parent` (whose key is `parent_key`) by
/// `mv`: a step updates one tower at once, other moves go through [`key_after`].
#[inline]
pub fn key_after_move<B: Board>(
    parent: &Position<B>,
    parent_key: u64,
    mv: Move<B>,
    child: &Position<B>,
) -> u64 {
    let Move::Step { from, to } = mv else {
        return key_after(parent, parent_key, child);
    };
    let side = parent.side_to_move();
    let colour = parent
        .forced_colour()
        .or_else(|| parent.colour_at(side, from))
        .expect("a step moves a tower of the side to move");
    let tower = &TOWER[side.index()][colour.index()];
    parent_key ^ state_change(parent, child) ^ tower[from.index()] ^ tower[to.index()]
}
