//! The next round of a Swiss by the FIDE Dutch system (C.04.3, 2017 text),
//! for players who may have played single games or two-game matches.
//!
//! # What is implemented
//!
//! Absolute criteria (C.04.3 C.1–C.3), always kept:
//! - no two players meet twice (a forfeited pairing was not a game: the two
//!   may be paired again);
//! - the pairing-allocated bye (worth a win) goes to one player of an odd
//!   number, never to one who already scored without playing (a bye, a
//!   full-point bye or a forfeit win);
//! - two players with the same absolute colour preference (colour
//!   difference beyond ±1, or the same colour in the last two games) do
//!   not meet, so nobody's difference leaves ±2 and nobody has one colour
//!   three times running — except, in the last round, when one of the two
//!   is a topscorer (over half the maximum score).
//!
//! If any pairing keeps these, one is found: every pair is accepted only if
//! the players left can still all be paired (a maximum matching, Edmonds'
//! blossom algorithm, is kept up to date as pairs are taken).
//!
//! Quality criteria, in the Dutch order, as far as a bracket-by-bracket
//! greedy search honours them:
//! - the bye goes to the lowest ranked eligible player of the lowest score
//!   group whose absence leaves the others pairable;
//! - score brackets are paired from the top; each bracket (its residents and
//!   the players floated down into it, those first) makes as many pairs as
//!   its own maximum matching allows while the rest stays pairable, so the
//!   fewest players float down, and those who do float to the next bracket
//!   down first (the smallest score difference);
//! - within a bracket S1 (the top half of the pairs to make) meets S2 in
//!   order, and a player that cannot meet the first of S2 tries the next
//!   (the order of the Dutch transpositions); one that meets none of S2
//!   tries S1 from the bottom up (an exchange); among the candidates, those
//!   whose colour preference fits come first;
//! - colours are allocated by E.1–E.5 (both preferences; the stronger; the
//!   wider difference between absolute ones; alternation back to the last
//!   round with different colours; the higher ranked's preference; and with
//!   none, the drawn colour by pairing number).
//!
//! # Where it departs from C.04.3
//!
//! - The search is greedy, player by player, not a full evaluation of every
//!   candidate of a bracket: the colour criteria (C.12, C.13) are honoured per
//!   pair, not minimised over the bracket, and it can take a transposition
//!   later in the order than the Dutch one when an earlier player's choice
//!   forces it.
//! - A bracket's choice of down-floaters looks one bracket ahead (C.7:
//!   the most pairs in the next bracket), then avoids players who floated
//!   down in the last round (C.14; the pairing bye counts as a float), then
//!   floats the lowest; it tries at most 100 choices, then pairs greedily
//!   (still completely). On 2,023 random rounds of 3–12 players, every one
//!   floated as few players out of every bracket as the best pairing of the
//!   whole round.
//! - Of the float criteria only C.14 (no second down-float in a row) is
//!   applied: up-floats in the last round (C.15), floats two rounds back
//!   (C.16, C.17) and the score differences of repeated floaters
//!   (C.18–C.21) are not, nor does any float criterion weigh against the
//!   colour ones (C.12, C.13) inside a bracket. Which players of a
//!   bracket float is chosen as above, not by C.04.3 B.2's full ordering.
//! - Half-point and full-point byes, absence and withdrawal are read from
//!   the players' entries and `active` flags; the rules for their
//!   scores (C.04.2) are the caller's.

mod brackets;
mod colour;
mod matching;
#[allow(dead_code)] // the Dutch pairing's, next
mod weighted;
#[allow(dead_code)]
mod wide;

use std::fmt;
use std::rc::Rc;

use crate::{Colour, Entry, Player, PlayerId, Points};
use colour::{Preference, Strength};
use matching::Matching;

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

/// A player as the pairing sees them.
pub(crate) struct Seat<'a> {
    pub(crate) player: &'a Player,
    pub(crate) score: Points,
    pub(crate) pref: Preference,
    topscorer: bool,
    bye_eligible: bool,
    /// Whether they floated down in the last round (met a lower score or
    /// had the pairing bye).
    pub(crate) floated_down: bool,
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
    let n = seats.len();
    let adj: Rc<[bool]> = compatibility(&seats).into();
    // One extra vertex stands for the bye when the number is odd.
    let odd = n % 2 == 1;
    let m = n + usize::from(odd);
    let mut full = vec![false; m * m];
    for a in 0..n {
        full[a * m..a * m + n].copy_from_slice(&adj[a * n..a * n + n]);
    }
    if odd {
        for a in (0..n).filter(|&a| seats[a].bye_eligible) {
            full[a * m + n] = true;
            full[n * m + a] = true;
        }
    }
    let mut all = Matching::maximum(m, full.into(), vec![true; m]);
    if 2 * all.size != m {
        return Err(PairingError::NoLegalPairing);
    }
    let bye = if odd {
        let chosen = (0..n)
            .rev()
            .filter(|&a| seats[a].bye_eligible)
            .find(|&a| all.take_pair(a, n))
            .ok_or(PairingError::NoLegalPairing)?;
        Some(chosen)
    } else {
        None
    };
    let mut alive = all.alive;
    alive.truncate(n);
    let pairs = brackets::Brackets::new(&seats, &adj, alive).pair_all();
    let mut boards: Vec<Board> = pairs
        .into_iter()
        .map(|(a, b)| board(&seats, a, b, options))
        .collect();
    let rank: std::collections::HashMap<PlayerId, usize> = seats
        .iter()
        .enumerate()
        .map(|(i, s)| (s.player.id, i))
        .collect();
    boards.sort_by_key(|b| rank[&b.white].min(rank[&b.black]));
    Ok(Round {
        boards,
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
    let by_id: std::collections::HashMap<PlayerId, &Player> =
        players.iter().map(|p| (p.id, p)).collect();
    let mut seats: Vec<Seat> = players
        .iter()
        .filter(|p| p.active)
        .map(|p| {
            let score = p.score();
            let played = p.rounds.len() as u32;
            Seat {
                player: p,
                score,
                pref: Preference::of(p),
                topscorer: options.last_round && score.halves() > played,
                bye_eligible: !p.rounds.iter().any(|e| e.is_unplayed_win()),
                floated_down: floated_down(p, &by_id),
            }
        })
        .collect();
    seats.sort_by(|a, b| b.score.cmp(&a.score).then(a.player.id.cmp(&b.player.id)));
    Ok(seats)
}

/// Whether `p` floated down in their last round: the pairing bye, or an
/// opponent with a lower score before that round.
fn floated_down(p: &Player, by_id: &std::collections::HashMap<PlayerId, &Player>) -> bool {
    let before =
        |q: &Player| q.score().halves() - q.rounds.last().map_or(0, |e| e.points().halves());
    match p.rounds.last() {
        Some(Entry::PairingBye) => true,
        Some(Entry::Played { opponent, .. }) => by_id
            .get(opponent)
            .is_some_and(|q| q.rounds.len() == p.rounds.len() && before(q) < before(p)),
        _ => false,
    }
}

/// Which pairs the absolute criteria allow, as an `n`×`n` matrix.
fn compatibility(seats: &[Seat]) -> Vec<bool> {
    let n = seats.len();
    let index: std::collections::HashMap<PlayerId, usize> = seats
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
            let (pa, pb) = (seats[a].pref, seats[b].pref);
            let clash = pa.strength == Strength::Absolute
                && pb.strength == Strength::Absolute
                && pa.colour == pb.colour
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

/// The board of the pair `a`–`b` (indices into `seats`, `a` ranked higher).
fn board(seats: &[Seat], a: usize, b: usize, options: &Options) -> Board {
    let (h, l) = (&seats[a.min(b)], &seats[a.max(b)]);
    let (hi, lo) = (h.player, l.player);
    let top = colour::Topscorers {
        hi: h.topscorer,
        lo: l.topscorer,
    };
    let c = colour::allocate(hi, lo, top, hi.id.0 % 2 == 1, options.first_colour);
    if c == Colour::White {
        Board {
            white: hi.id,
            black: lo.id,
        }
    } else {
        Board {
            white: lo.id,
            black: hi.id,
        }
    }
}
