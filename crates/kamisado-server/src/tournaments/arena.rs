//! An arena on the server: for its length, every player whose game has
//! ended is paired again with a waiting player near in score
//! ([`kamisado_tournament::arena::pair_free`]), never the last opponent;
//! 2 points a win, doubled on a streak of two wins or more
//! ([`kamisado_tournament::arena::points`]). Everything is read again from
//! the stored games in the order they ended, so every process agrees.

use std::collections::HashMap;

use kamisado_core::Side;
use kamisado_tournament::arena::{Free, pair_free, points};
use kamisado_tournament::{Outcome, PlayerId};
use kamisado_wire::tournaments::StandingView;

use super::pairing::Pairing;
use super::store::Loaded;

/// What an arena's player has done so far.
#[derive(Clone, Debug, Default)]
struct Record {
    score: u32,
    streak: u32,
    wins: u32,
    last_opponent: Option<u32>,
    colour_difference: i32,
    /// Playing a game that has not ended.
    busy: bool,
    /// When their last game ended (0: none yet).
    free_since: i64,
    /// Each game: `+5b` (won against number 5, playing Black).
    cells: Vec<String>,
}

/// Every entrant's record, from the games in the order they ended.
fn records(t: &Loaded) -> HashMap<u32, Record> {
    let mut records: HashMap<u32, Record> = t
        .entrants
        .iter()
        .map(|e| (e.seq, Record::default()))
        .collect();
    let mut ended: Vec<_> = t.slots.iter().filter(|s| s.winner.is_some()).collect();
    ended.sort_by_key(|s| (s.ended_ms.unwrap_or(0), s.round, s.board));
    for s in &t.slots {
        if s.winner.is_none() {
            for seq in [Some(s.black), s.white].into_iter().flatten() {
                records.entry(seq).or_default().busy = true;
            }
        }
    }
    for s in ended {
        let (Some(white), Some(winner)) = (s.white, s.winner) else {
            continue;
        };
        for (seq, opponent, side) in [(s.black, white, Side::Black), (white, s.black, Side::White)]
        {
            let r = records.entry(seq).or_default();
            let outcome = if winner == side {
                Outcome::Win
            } else {
                Outcome::Loss
            };
            r.score += points(r.streak, outcome);
            r.streak = if outcome == Outcome::Win {
                r.streak + 1
            } else {
                0
            };
            r.wins += u32::from(outcome == Outcome::Win);
            r.last_opponent = Some(opponent);
            // The pairing crate's White moves first: Kamisado's Black.
            r.colour_difference += if side == Side::Black { 1 } else { -1 };
            r.free_since = r.free_since.max(s.ended_ms.unwrap_or(0));
            let sign = if outcome == Outcome::Win { '+' } else { '-' };
            let letter = if side == Side::Black { 'b' } else { 'w' };
            r.cells.push(format!("{sign}{opponent}{letter}"));
        }
    }
    records
}

/// The arena's standings: points, then the number.
pub fn standings(t: &Loaded) -> Vec<StandingView> {
    let records = records(t);
    let mut rows: Vec<(u32, &Record)> = records.iter().map(|(&seq, r)| (seq, r)).collect();
    rows.sort_by_key(|(seq, r)| (std::cmp::Reverse(r.score), *seq));
    rows.into_iter()
        .enumerate()
        .map(|(i, (seq, r))| StandingView {
            rank: i as u32 + 1,
            number: seq,
            points: r.score.to_string(),
            buchholz: String::new(),
            buchholz_cut1: String::new(),
            sonneborn_berger: String::new(),
            wins: r.wins,
            streak: r.streak,
            rounds: r.cells.clone(),
        })
        .collect()
}

/// The games that pair the arena's free players now: those not playing,
/// not paused and not withdrawn, in the order they became free.
pub fn pairings(t: &Loaded) -> Vec<Pairing> {
    let records = records(t);
    let mut free: Vec<(i64, Free)> = t
        .entrants
        .iter()
        .filter(|e| e.withdrawn.is_none() && !e.paused)
        .filter_map(|e| {
            let r = records.get(&e.seq)?;
            (!r.busy).then_some((
                r.free_since,
                Free {
                    id: PlayerId(e.seq),
                    score: r.score,
                    last_opponent: r.last_opponent.map(PlayerId),
                    colour_difference: r.colour_difference,
                },
            ))
        })
        .collect();
    free.sort_by_key(|(since, f)| (*since, f.id));
    let free: Vec<Free> = free.into_iter().map(|(_, f)| f).collect();
    pair_free(&free)
        .into_iter()
        .map(|g| Pairing {
            first: g.white.0,
            second: g.black.0,
        })
        .collect()
}
