//! From the stored tournament to the pairing crate and back: each
//! entrant's record as [`kamisado_tournament::Player`]s, the next round's
//! games, and the standings and crosstable as the wire tells them.
//!
//! The pairing crate speaks of chess's White, the side that moves first.
//! In Kamisado Black moves first, so its White is our Black: the player the
//! crate gives White plays Black in a pairing's first game.

use std::collections::BTreeMap;

use kamisado_core::Side;
use kamisado_tournament::standings::standings;
use kamisado_tournament::{Colour, Entry, Outcome, Player, PlayerId, berger, swiss};
use kamisado_wire::tournaments::{Format, PairingGame, PairingView, RoundPairings, StandingView};

use super::store::{EntrantRow, Loaded, SlotRow};
use crate::error::ServerError;
use kamisado_wire::Refusal;

/// The pairing crate's colour of the player who plays `side` first.
fn colour_of(side: Side) -> Colour {
    match side {
        Side::Black => Colour::White,
        Side::White => Colour::Black,
    }
}

/// A round's pairings, each with its games in order.
fn pairings_of(slots: &[SlotRow], round: u32) -> BTreeMap<u32, Vec<&SlotRow>> {
    let mut boards: BTreeMap<u32, Vec<&SlotRow>> = BTreeMap::new();
    for s in slots.iter().filter(|s| s.round == round) {
        boards.entry(s.board).or_default().push(s);
    }
    boards
}

/// Games won by `seq` in a pairing's games, and by the other.
fn wins(games: &[&SlotRow], seq: u32) -> (u32, u32) {
    let mut own = (0, 0);
    for g in games {
        let winner = match g.winner {
            Some(Side::Black) => g.black,
            Some(Side::White) => g.white.unwrap_or(g.black),
            None => continue,
        };
        if winner == seq {
            own.0 += 1;
        } else {
            own.1 += 1;
        }
    }
    own
}

/// What round `round` was for entrant `e`: `None` while its pairing is
/// still being played.
fn entry_of(loaded: &Loaded, e: &EntrantRow, round: u32) -> Option<Entry> {
    let boards = pairings_of(&loaded.slots, round);
    let Some(games) = boards.values().find(|games| {
        games
            .iter()
            .any(|g| g.black == e.seq || g.white == Some(e.seq))
    }) else {
        return Some(Entry::Absent);
    };
    let first = games[0];
    let Some(white) = first.white else {
        return Some(match loaded.row.format {
            Format::Swiss => Entry::PairingBye,
            // An all-play-all's player paired with the dummy sits the round out
            // (an arena has no byes).
            Format::RoundRobin | Format::Arena => Entry::Absent,
        });
    };
    if games.iter().any(|g| g.winner.is_none()) {
        return None;
    }
    let (opponent, side) = if first.black == e.seq {
        (white, Side::Black)
    } else {
        (first.black, Side::White)
    };
    let (own, other) = wins(games, e.seq);
    let (opponent, colour) = (PlayerId(opponent), colour_of(side));
    Some(if first.forfeit {
        Entry::Forfeit {
            opponent,
            colour,
            won: own > other,
        }
    } else {
        Entry::Played {
            opponent,
            colour,
            outcome: Outcome::from_games(own, other),
        }
    })
}

/// Every entrant as the pairing crate reads them, over the rounds whose
/// pairings have all ended (`through`), active unless withdrawn.
pub fn players(loaded: &Loaded, through: u32) -> Vec<Player> {
    loaded
        .entrants
        .iter()
        .filter(|e| e.withdrawn != Some(0))
        .map(|e| {
            let mut p = Player::new(PlayerId(e.seq), &e.name, e.rating.min(9999) as u16);
            p.rounds = (1..=through)
                .map(|r| entry_of(loaded, e, r).unwrap_or(Entry::Absent))
                .collect();
            p.active = e.withdrawn.is_none();
            p
        })
        .collect()
}

/// Whether every game of `round` has ended.
pub fn round_over(loaded: &Loaded, round: u32) -> bool {
    loaded
        .slots
        .iter()
        .filter(|s| s.round == round)
        .all(|s| s.winner.is_some())
}

/// A pairing to play: the first-named player plays Black in its first game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pairing {
    /// The first-named player's number.
    pub first: u32,
    /// The other's.
    pub second: u32,
}

/// The next round's pairings and its bye.
pub struct NextRound {
    /// The pairings, board 1 first.
    pub pairings: Vec<Pairing>,
    /// The player with the bye (or sitting out of an all-play-all).
    pub bye: Option<u32>,
    /// An all-play-all's rounds, fixed at its start.
    pub rounds: Option<u32>,
}

/// The all-play-all's entrants in Berger order (their numbers), as they
/// stood at the start.
fn roster(loaded: &Loaded) -> Vec<u32> {
    loaded
        .entrants
        .iter()
        .filter(|e| e.withdrawn != Some(0))
        .map(|e| e.seq)
        .collect()
}

/// The pairings of round `loaded.row.round + 1`.
///
/// # Errors
/// A Swiss that no pairing satisfies (every pair has met), with the reason.
pub fn next_round(loaded: &Loaded, seed: u64) -> Result<NextRound, ServerError> {
    let round = loaded.row.round;
    match loaded.row.format {
        Format::Swiss => {
            let players = players(loaded, round);
            let options = swiss::Options {
                last_round: round + 1 == loaded.row.rounds,
                first_colour: if seed & 1 == 0 {
                    Colour::White
                } else {
                    Colour::Black
                },
            };
            let next = swiss::pair(&players, &options).map_err(|e| {
                ServerError::Conflict(Refusal::cannot_pair(round + 1, e.to_string()))
            })?;
            Ok(NextRound {
                pairings: next
                    .boards
                    .iter()
                    .map(|b| Pairing {
                        first: b.white.0,
                        second: b.black.0,
                    })
                    .collect(),
                bye: next.bye.map(|p| p.0),
                rounds: None,
            })
        }
        Format::Arena => Err(ServerError::Conflict(Refusal::arena_no_rounds())),
        Format::RoundRobin => {
            let roster = roster(loaded);
            let table = berger::schedule(roster.len() as u32, loaded.row.double_cycle);
            let rounds = (round == 0).then(|| loaded.row.rounds.min(table.len() as u32));
            let at = |p: PlayerId| roster[p.0 as usize - 1];
            let this = table
                .get(round as usize)
                .ok_or_else(|| ServerError::Conflict(Refusal::no_such_round(round + 1)))?;
            Ok(NextRound {
                pairings: this
                    .games
                    .iter()
                    .map(|g| Pairing {
                        first: at(g.white),
                        second: at(g.black),
                    })
                    .collect(),
                bye: this.bye.map(at),
                rounds,
            })
        }
    }
}

/// Half points written as points: `2.5`.
fn halves(h: u32) -> String {
    kamisado_tournament::Points(h).to_string()
}

/// A crosstable cell: `+5b` (won against number 5, playing Black first).
fn cell(e: Entry) -> String {
    let sign = match e {
        Entry::Played {
            outcome: Outcome::Win,
            ..
        }
        | Entry::Forfeit { won: true, .. } => "+",
        Entry::Played {
            outcome: Outcome::Draw,
            ..
        } => "=",
        Entry::Played { .. } | Entry::Forfeit { .. } => "-",
        other => return other.result_char().to_string(),
    };
    match e.opponent_and_colour() {
        (Some(o), Some(c)) => {
            let side = if c == Colour::White { 'b' } else { 'w' };
            format!("{sign}{o}{side}")
        }
        _ => sign.to_string(),
    }
}

/// The standings over the rounds played so far, best first.
pub fn standing_views(loaded: &Loaded) -> Vec<StandingView> {
    if loaded.row.format == Format::Arena {
        return super::arena::standings(loaded);
    }
    let through = (1..=loaded.row.round)
        .take_while(|&r| round_over(loaded, r))
        .last()
        .unwrap_or(0);
    let players = players(loaded, through);
    standings(&players)
        .into_iter()
        .map(|s| {
            let rounds = players
                .iter()
                .find(|p| p.id == s.player)
                .map(|p| p.rounds.iter().map(|&e| cell(e)).collect())
                .unwrap_or_default();
            StandingView {
                rank: s.rank,
                number: s.player.0,
                points: halves(s.points.halves()),
                buchholz: halves(s.buchholz.halves()),
                buchholz_cut1: halves(s.buchholz_cut1.halves()),
                sonneborn_berger: quarters(s.sonneborn_berger_quarters),
                wins: s.wins,
                streak: 0,
                rounds,
            }
        })
        .collect()
}

/// Quarter points as points: `3.75`.
fn quarters(q: u32) -> String {
    let whole = q / 4;
    match q % 4 {
        0 => whole.to_string(),
        1 => format!("{whole}.25"),
        2 => format!("{whole}.5"),
        _ => format!("{whole}.75"),
    }
}

/// Every round's pairings and results as the wire tells them.
pub fn round_views(loaded: &Loaded) -> Vec<RoundPairings> {
    (1..=loaded.row.round)
        .map(|round| {
            let mut bye = None;
            let mut pairings = Vec::new();
            for (board, games) in pairings_of(&loaded.slots, round) {
                let first = games[0];
                let Some(second) = first.white else {
                    bye = Some(first.black);
                    continue;
                };
                let done = games.iter().all(|g| g.winner.is_some());
                let (own, other) = wins(&games, first.black);
                pairings.push(PairingView {
                    board,
                    first: first.black,
                    second,
                    games: games
                        .iter()
                        .map(|g| PairingGame {
                            game: g.game_id.clone(),
                            black: g.black,
                            white: g.white.unwrap_or(g.black),
                            winner: g.winner.map(Into::into),
                            record: g.record.clone(),
                        })
                        .collect(),
                    result: done.then(|| {
                        match Outcome::from_games(own, other) {
                            Outcome::Win => "1-0",
                            Outcome::Draw => "½-½",
                            Outcome::Loss => "0-1",
                        }
                        .to_string()
                    }),
                });
            }
            RoundPairings {
                number: round,
                pairings,
                bye,
            }
        })
        .collect()
}

/// The tournament as a TRF16 file, over the rounds that have ended.
pub fn trf(loaded: &Loaded) -> String {
    let row = &loaded.row;
    let through = (1..=row.round)
        .take_while(|&r| round_over(loaded, r))
        .last()
        .unwrap_or(0);
    let date =
        |ms: i64| kamisado_core::record::date_tag((ms.max(0) / 1000) as u64).replace('.', "/");
    let header = kamisado_tournament::trf::Header {
        name: row.name.clone(),
        start: Some(date(row.starts_ms)),
        end: None,
        kind: Some(
            match row.format {
                Format::Swiss => "Individual: Swiss-System (Dutch)",
                Format::RoundRobin | Format::Arena => "Individual: Round-Robin",
            }
            .into(),
        ),
        round_dates: Vec::new(),
    };
    kamisado_tournament::trf::write(&header, &players(loaded, through))
}
