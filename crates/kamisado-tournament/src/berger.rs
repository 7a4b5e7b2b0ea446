//! FIDE's Berger tables: the all-play-all schedule for n players.
//!
//! For an even n, round r (from 1) lists the players 1..n-1 cyclically from
//! `(r-1)·n/2 mod (n-1) + 1`; board 1 is the first of them against player n
//! (the first has White in odd rounds, player n in even rounds), and board k
//! pairs the k-th of the list (White) with the (n+1-k)-th. For an odd n a
//! dummy player n+1 is added and whoever meets it has a bye. This is the
//! construction of the tables published in the FIDE Handbook (C.05, annex 1).

use crate::{Colour, PlayerId};

/// One game of a Berger table: who has White and who Black.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Game {
    /// The player with White.
    pub white: PlayerId,
    /// The player with Black.
    pub black: PlayerId,
}

/// One round of a Berger table: its games, board by board, and the player
/// who sits out (odd numbers of players only).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BergerRound {
    /// The games, board 1 first.
    pub games: Vec<Game>,
    /// The player paired with the dummy, if any.
    pub bye: Option<PlayerId>,
}

/// The rounds of an all-play-all for `players` players, one cycle
/// (`double` false) or two, the second repeating the first with the colours
/// swapped.
///
/// Fewer than two players give no rounds.
///
/// ```
/// use kamisado_tournament::berger::{schedule, Game};
/// use kamisado_tournament::PlayerId as P;
/// let rounds = schedule(4, false);
/// assert_eq!(rounds.len(), 3);
/// assert_eq!(rounds[1].games, vec![
///     Game { white: P(4), black: P(3) },
///     Game { white: P(1), black: P(2) },
/// ]);
/// assert_eq!(schedule(5, true).len(), 10);
/// ```
#[must_use]
pub fn schedule(players: u32, double: bool) -> Vec<BergerRound> {
    if players < 2 {
        return Vec::new();
    }
    let n = players + players % 2;
    let mut rounds: Vec<BergerRound> = (1..n).map(|r| round(n, r, players)).collect();
    if double {
        let second: Vec<BergerRound> = rounds.iter().map(swapped).collect();
        rounds.extend(second);
    }
    rounds
}

/// Round `r` of the table for an even `n`, with players above `real` as
/// the dummy.
fn round(n: u32, r: u32, real: u32) -> BergerRound {
    let m = n - 1;
    let start = ((r - 1) * (n / 2)) % m;
    let seq: Vec<u32> = (0..m).map(|i| (start + i) % m + 1).collect();
    let mut pairs = Vec::with_capacity(n as usize / 2);
    if r % 2 == 1 {
        pairs.push((seq[0], n));
    } else {
        pairs.push((n, seq[0]));
    }
    for k in 1..(n / 2) as usize {
        pairs.push((seq[k], seq[m as usize - k]));
    }
    let mut games = Vec::new();
    let mut bye = None;
    for (w, b) in pairs {
        if w > real {
            bye = Some(PlayerId(b));
        } else if b > real {
            bye = Some(PlayerId(w));
        } else {
            games.push(Game {
                white: PlayerId(w),
                black: PlayerId(b),
            });
        }
    }
    BergerRound { games, bye }
}

fn swapped(round: &BergerRound) -> BergerRound {
    BergerRound {
        games: round
            .games
            .iter()
            .map(|g| Game {
                white: g.black,
                black: g.white,
            })
            .collect(),
        bye: round.bye,
    }
}

impl Game {
    /// The colour `player` has in this game, if they play in it.
    ///
    /// ```
    /// use kamisado_tournament::berger::Game;
    /// use kamisado_tournament::{Colour, PlayerId as P};
    /// let g = Game { white: P(1), black: P(4) };
    /// assert_eq!(g.colour_of(P(4)), Some(Colour::Black));
    /// assert_eq!(g.colour_of(P(2)), None);
    /// ```
    #[must_use]
    pub fn colour_of(&self, player: PlayerId) -> Option<Colour> {
        if player == self.white {
            Some(Colour::White)
        } else if player == self.black {
            Some(Colour::Black)
        } else {
            None
        }
    }
}
