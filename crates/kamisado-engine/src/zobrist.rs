//! Zobrist keys for the transposition table, computed from a position's accessors.

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

/// Keys of a tower of (side, colour) on each square.
const TOWER: [[[u64; 64]; 8]; 2] = {
    let mut t = [[[0; 64]; 8]; 2];
    let mut i = 0;
    while i < 2 * 8 * 64 {
        t[i / 512][(i / 64) % 8][i % 64] = nth(i as u64);
        i += 1;
    }
    t
};

/// Keys of a tower's dragon's teeth (index 0, no teeth, is never used).
const TEETH: [[[u64; 4]; 8]; 2] = {
    let mut t = [[[0; 4]; 8]; 2];
    let mut i = 0;
    while i < 2 * 8 * 4 {
        t[i / 32][(i / 4) % 8][i % 4] = nth(2000 + i as u64);
        i += 1;
    }
    t
};

/// Keys of the forced colour, index 8 for free choice.
const FORCED: [u64; 9] = {
    let mut t = [0; 9];
    let mut i = 0;
    while i < 9 {
        t[i] = nth(3000 + i as u64);
        i += 1;
    }
    t
};

const WHITE_TO_MOVE: u64 = nth(4000);
const PUSHED: u64 = nth(4001);
const SUMO_SQUARE_RULES: u64 = nth(4002);

/// The key of one tower: its square and its teeth.
#[inline]
fn tower_key(pos: &Position, side: Side, colour: Colour) -> u64 {
    let (s, c) = (side.index(), colour.index());
    let teeth = pos.teeth(side, colour) as usize;
    let teeth_key = if teeth == 0 { 0 } else { TEETH[s][c][teeth] };
    TOWER[s][c][pos.tower_square(side, colour).index()] ^ teeth_key
}

/// The part of the key that is not the towers: side, forced colour, push flag, rules.
#[inline]
fn state_key(pos: &Position) -> u64 {
    let mut key = FORCED[pos.forced_colour().map_or(8, Colour::index)];
    if pos.side_to_move() == Side::White {
        key ^= WHITE_TO_MOVE;
    }
    if pos.just_pushed() {
        key ^= PUSHED;
    }
    if pos.rules() != Rules::STANDARD {
        key ^= SUMO_SQUARE_RULES;
    }
    key
}

/// The Zobrist key of a position, computed from scratch.
pub fn key(pos: &Position) -> u64 {
    let mut key = state_key(pos);
    for side in Side::BOTH {
        for colour in Colour::ALL {
            key ^= tower_key(pos, side, colour);
        }
    }
    key
}

/// The key of `child`, reached from `parent` (whose key is `parent_key`) by one
/// move: only the towers that changed square are updated.
pub fn key_after(parent: &Position, parent_key: u64, child: &Position) -> u64 {
    let mut key = parent_key ^ state_key(parent) ^ state_key(child);
    for side in Side::BOTH {
        let (before, after) = (parent.occupied_by(side), child.occupied_by(side));
        if before == after {
            continue;
        }
        for colour in Colour::ALL {
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
pub fn key_after_move(parent: &Position, parent_key: u64, mv: Move, child: &Position) -> u64 {
    let Move::Step { from, to } = mv else {
        return key_after(parent, parent_key, child);
    };
    let side = parent.side_to_move();
    let colour = parent
        .forced_colour()
        .or_else(|| parent.colour_at(side, from))
        .expect("a step moves a tower of the side to move");
    let tower = &TOWER[side.index()][colour.index()];
    parent_key ^ state_key(parent) ^ state_key(child) ^ tower[from.index()] ^ tower[to.index()]
}
