//! The next round of a Swiss by the FIDE Dutch system (C.04.3, 2017 text),
//! for players who may have played single games or two-game matches: the
//! pairing bbpPairings 5.0.1 (a FIDE-endorsed engine) makes.
//!
//! # Absolute criteria (C.04.3 C.1–C.3), always kept
//!
//! - No two players meet twice (a forfeited pairing was not a game: the two
//!   may be paired again).
//! - The pairing-allocated bye (worth a win) goes to one player of an odd
//!   number, never to one who already scored without playing (a bye, a
//!   forfeit win, or — this crate's rule — a full-point bye).
//! - Two players with the same absolute colour preference (colour
//!   difference beyond ±1, or the same colour in the last two games) do
//!   not meet, so nobody's difference leaves ±2 and nobody has one colour
//!   three times running — except in the last round, when one of the two
//!   is a topscorer (over half the maximum score): then the colours go by
//!   E.2, and either of the two may break those rules.
//!
//! If any pairing keeps these, one is found.
//!
//! # The quality criteria
//!
//! Score brackets are paired from the top. Each bracket (the players moved
//! down into it, then its residents) is paired as a maximum weight
//! matching over it and the next score group, every criterion a band of
//! bits in the edge weights, in C.04.3's order: the completion of the round
//! (C.4, in the penultimate and last brackets), the most pairs (C.5), the
//! least pairing score difference (C.6), the most pairs and least score
//! difference in the next bracket (C.7), the topscorers' colours (C.8,
//! C.9), colour preferences and strong ones (C.10, C.11), repeated floats
//! a round and two rounds back (C.12–C.15) and their score differences
//! (C.16–C.19). The order of C.04.3 B (which players moved down are paired
//! and with whom, the fewest exchanges between S1 and S2 and the least
//! difference of their numbers, each S1 player meeting the highest S2
//! player it can) is then settled one choice at a time, by raising a few
//! weights and matching again. A bracket whose floaters would leave the
//! players below unpairable is the penultimate one, paired again with
//! everyone below it. Colours are allocated by E.1–E.5 (both preferences;
//! the stronger, and of two absolute ones the wider difference;
//! alternation back to the last round with different colours; the higher
//! ranked's preference; with none, the drawn colour by pairing number).
//!
//! `examples/dutch-check.rs` compares each round with bbpPairings' on
//! random tournaments; see `docs/tournaments.md` for the figures.
//! Half-point and full-point byes, absence and withdrawal are read from
//! the players' entries and `active` flags; the rules for their scores
//! (C.04.2) are the caller's.

mod colour;
mod dutch;
mod matching;
mod weighted;
mod wide;

use std::collections::HashMap;
use std::fmt;

use crate::{Colour, Entry, Player, PlayerId, Points};
use colour::Colours;

/// What the pairing needs beside the players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Whether the round to pair is the tournament's last: topscorers may
    /// then get a third colour in a row or a difference of 3.
    pub last_round: bool,
    /// The colour drawn for the top player in round 1 (C.04.3 E.5).
    pub first_colour: Colour,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            last_round: false,
            first_colour: Colour::White,
        }
    }
}

/// One board of a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    /// The player with White (in a match, in its first game).
    pub white: PlayerId,
    /// The player with Black.
    pub black: PlayerId,
}

/// The pairings of a round: the boards, the highest scores first, and the
/// pairing-allocated bye.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round {
    /// The boards.
    pub boards: Vec<Board>,
    /// Who has the bye, if the number of players is odd.
    pub bye: Option<PlayerId>,
}

/// Why a round could not be paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PairingError {
    /// No pairing of the active players keeps the absolute criteria.
    NoLegalPairing,
    /// Two players share a number.
    DuplicatePlayer(PlayerId),
}

impl fmt::Display for PairingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PairingError::NoLegalPairing => {
                write!(
                    f,
                    "no pairing avoids rematches, repeated byes and colour breaches"
                )
            }
            PairingError::DuplicatePlayer(id) => write!(f, "player number {id} appears twice"),
        }
    }
}

impl std::error::Error for PairingError {}

/// Which way a player floated in a round (C.04.3 A.4): down (against a
/// lower score, or not paired against anyone: a bye, a forfeit, an
/// absence), up, or neither.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Float {
    Down,
    Up,
    None,
}

/// A player as the pairing sees them.
pub(crate) struct Seat<'a> {
    pub(crate) player: &'a Player,
    pub(crate) score: Points,
    pub(crate) colours: Colours,
    /// The rounds the tournament has played.
    pub(crate) played: usize,
    /// Their place among all the players by number, from 0.
    pub(crate) rank: usize,
    topscorer: bool,
    pub(crate) bye_eligible: bool,
    /// Their float in the last round and in the one before.
    pub(crate) floats: [Float; 2],
}

/// Pairs the next round of the active players.
///
/// # Errors
///
/// [`PairingError::NoLegalPairing`] when no pairing keeps the absolute
/// criteria; [`PairingError::DuplicatePlayer`] when two players share a
/// number.
///
/// ```
/// use kamisado_tournament::{record::play, swiss, Outcome, Player, PlayerId as P};
/// let mut players: Vec<Player> =
///     (1..=4).map(|i| Player::new(P(i), &format!("p{i}"), 0)).collect();
/// let r1 = swiss::pair(&players, &swiss::Options::default()).unwrap();
/// assert_eq!(r1.boards[0], swiss::Board { white: P(1), black: P(3) });
/// assert_eq!(r1.boards[1], swiss::Board { white: P(4), black: P(2) });
/// play(&mut players, P(1), P(3), Outcome::Win);
/// play(&mut players, P(4), P(2), Outcome::Loss);
/// let r2 = swiss::pair(&players, &swiss::Options::default()).unwrap();
/// // The winners meet, and so do the losers.
/// assert_eq!(r2.boards[0], swiss::Board { white: P(2), black: P(1) });
/// assert_eq!(r2.boards[1], swiss::Board { white: P(3), black: P(4) });
/// ```
pub fn pair(players: &[Player], options: &Options) -> Result<Round, PairingError> {
    let seats = seats(players, options)?;
    let adj = compatibility(&seats);
    let (pairs, bye) = dutch::pair(&seats, &adj).ok_or(PairingError::NoLegalPairing)?;
    let mut boards: Vec<(usize, Board)> = pairs
        .into_iter()
        .map(|(a, b)| (a.min(b), board(&seats, a, b, options)))
        .collect();
    boards.sort_by_key(|&(top, _)| top);
    Ok(Round {
        boards: boards.into_iter().map(|(_, b)| b).collect(),
        bye: bye.map(|i| seats[i].player.id),
    })
}

/// The active players in pairing order: score down, then pairing number.
fn seats<'a>(players: &'a [Player], options: &Options) -> Result<Vec<Seat<'a>>, PairingError> {
    let mut ids: Vec<PlayerId> = players.iter().map(|p| p.id).collect();
    ids.sort();
    if let Some(w) = ids.windows(2).find(|w| w[0] == w[1]) {
        return Err(PairingError::DuplicatePlayer(w[0]));
    }
    let rank: HashMap<PlayerId, usize> = ids.iter().enumerate().map(|(i, &id)| (id, i)).collect();
    let by_id: HashMap<PlayerId, &Player> = players.iter().map(|p| (p.id, p)).collect();
    let played = players.iter().map(|p| p.rounds.len()).max().unwrap_or(0);
    let mut seats: Vec<Seat> = players
        .iter()
        .filter(|p| p.active)
        .map(|p| {
            let score = p.score();
            Seat {
                player: p,
                score,
                colours: Colours::of(p),
                played,
                rank: rank[&p.id],
                topscorer: options.last_round && score.halves() as usize > played,
                bye_eligible: !p.rounds.iter().any(|e| e.is_unplayed_win()),
                floats: [float(p, played, 1, &by_id), float(p, played, 2, &by_id)],
            }
        })
        .collect();
    seats.sort_by(|a, b| b.score.cmp(&a.score).then(a.player.id.cmp(&b.player.id)));
    Ok(seats)
}

/// How `p` floated `back` rounds before the round to pair, of `played`.
fn float(p: &Player, played: usize, back: usize, by_id: &HashMap<PlayerId, &Player>) -> Float {
    let Some(round) = played.checked_sub(back) else {
        return Float::None;
    };
    // The score before that round.
    let before = |q: &Player| -> u32 {
        q.rounds
            .iter()
            .take(round)
            .map(|e| e.points().halves())
            .sum()
    };
    match p.rounds.get(round) {
        Some(Entry::Played { opponent, .. }) => match by_id.get(opponent) {
            Some(q) => match before(p).cmp(&before(q)) {
                std::cmp::Ordering::Greater => Float::Down,
                std::cmp::Ordering::Less => Float::Up,
                std::cmp::Ordering::Equal => Float::None,
            },
            None => Float::None,
        },
        // Not paired against anyone: a bye, a forfeit, an absence.
        _ => Float::Down,
    }
}

/// Which pairs the absolute criteria allow, as an `n`×`n` matrix: no
/// rematch, and no two absolute preferences for one colour unless one of
/// the two is a topscorer in the last round.
fn compatibility(seats: &[Seat]) -> Vec<bool> {
    let n = seats.len();
    let index: HashMap<PlayerId, usize> = seats
        .iter()
        .enumerate()
        .map(|(i, s)| (s.player.id, i))
        .collect();
    let mut adj = vec![true; n * n];
    for (a, seat) in seats.iter().enumerate() {
        adj[a * n + a] = false;
        for opp in seat.player.opponents() {
            if let Some(&b) = index.get(&opp) {
                adj[a * n + b] = false;
                adj[b * n + a] = false;
            }
        }
    }
    for a in 0..n {
        for b in a + 1..n {
            let (ca, cb) = (&seats[a].colours, &seats[b].colours);
            let clash = ca.absolute()
                && cb.absolute()
                && ca.pref == cb.pref
                && !seats[a].topscorer
                && !seats[b].topscorer;
            if clash {
                adj[a * n + b] = false;
                adj[b * n + a] = false;
            }
        }
    }
    adj
}

/// The board of the pair `a`–`b` (indices into `seats`).
fn board(seats: &[Seat], a: usize, b: usize, options: &Options) -> Board {
    let (h, l) = (&seats[a.min(b)], &seats[a.max(b)]);
    let c = colour::allocate(
        &h.colours,
        &l.colours,
        h.rank % 2 == 0,
        options.first_colour,
    );
    let (white, black) = if c == Colour::White {
        (h.player.id, l.player.id)
    } else {
        (l.player.id, h.player.id)
    };
    Board { white, black }
}
