//! Standings: points, tiebreaks and a crosstable.
//!
//! The order is points, then Buchholz (the sum of the scores of the
//! opponents met over the board), Buchholz cut 1 (the same without the
//! lowest of them), Sonneborn–Berger (the scores of the opponents beaten,
//! and half those of the opponents drawn), direct encounter (the points
//! scored in games between the players still tied), the number of games
//! won over the board, and last the starting rank. Byes and forfeits
//! count in a player's points but add no opponent to these sums (FIDE's
//! virtual opponent for unplayed rounds is not used). A match of two games
//! counts as one result, as [`Outcome::from_games`](crate::Outcome::from_games) makes it.

use std::collections::HashMap;
use std::fmt;

use crate::{Colour, Entry, Outcome, Player, PlayerId, Points};

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// The place, from 1; players tied on every tiebreak share none (the
    /// starting rank decides last).
    pub rank: u32,
    /// Who.
    pub player: PlayerId,
    /// Their points.
    pub points: Points,
    /// Buchholz, in half points.
    pub buchholz: Points,
    /// Buchholz cut 1, in half points.
    pub buchholz_cut1: Points,
    /// Sonneborn–Berger in quarter points (a drawn opponent's half score).
    pub sonneborn_berger_quarters: u32,
    /// Points scored against the players tied with them on every earlier
    /// criterion.
    pub direct: Points,
    /// Games won over the board.
    pub wins: u32,
}

/// The standings of `players`, first place first.
///
/// ```
/// use kamisado_tournament::{record::play, standings, Outcome, Player, PlayerId as P, Points};
/// let mut ps: Vec<Player> = (1..=3).map(|i| Player::new(P(i), "x", 0)).collect();
/// play(&mut ps, P(1), P(2), Outcome::Win);
/// play(&mut ps, P(2), P(3), Outcome::Win);
/// play(&mut ps, P(3), P(1), Outcome::Draw);
/// let table = standings::standings(&ps);
/// assert_eq!(table[0].player, P(1));
/// assert_eq!(table[0].points, Points(3));
/// assert_eq!(table[1].player, P(2));
/// ```
#[must_use]
pub fn standings(players: &[Player]) -> Vec<Standing> {
    let score: HashMap<PlayerId, Points> = players.iter().map(|p| (p.id, p.score())).collect();
    let mut rows: Vec<Standing> = players.iter().map(|p| tiebreaks(p, &score)).collect();
    let key = |s: &Standing| {
        (
            std::cmp::Reverse(s.points),
            std::cmp::Reverse(s.buchholz),
            std::cmp::Reverse(s.buchholz_cut1),
            std::cmp::Reverse(s.sonneborn_berger_quarters),
        )
    };
    rows.sort_by_key(key);
    let by_id: HashMap<PlayerId, &Player> = players.iter().map(|p| (p.id, p)).collect();
    let mut start = 0;
    while start < rows.len() {
        let end = (start..rows.len())
            .find(|&i| key(&rows[i]) != key(&rows[start]))
            .unwrap_or(rows.len());
        let tied: Vec<PlayerId> = rows[start..end].iter().map(|s| s.player).collect();
        for row in &mut rows[start..end] {
            row.direct = by_id[&row.player]
                .rounds
                .iter()
                .filter_map(|e| match e {
                    Entry::Played {
                        opponent, outcome, ..
                    } if tied.contains(opponent) => Some(outcome.points()),
                    _ => None,
                })
                .sum();
        }
        start = end;
    }
    rows.sort_by_key(|s| {
        (
            key(s),
            std::cmp::Reverse(s.direct),
            std::cmp::Reverse(s.wins),
            s.player,
        )
    });
    for (i, row) in rows.iter_mut().enumerate() {
        row.rank = i as u32 + 1;
    }
    rows
}

fn tiebreaks(p: &Player, score: &HashMap<PlayerId, Points>) -> Standing {
    let mut opponents = Vec::new();
    let mut sb = 0;
    let mut wins = 0;
    for e in &p.rounds {
        if let Entry::Played {
            opponent, outcome, ..
        } = e
        {
            let s = score.get(opponent).copied().unwrap_or_default();
            opponents.push(s);
            match outcome {
                Outcome::Win => {
                    sb += 2 * s.halves();
                    wins += 1;
                }
                Outcome::Draw => sb += s.halves(),
                Outcome::Loss => {}
            }
        }
    }
    let buchholz: Points = opponents.iter().copied().sum();
    let lowest = opponents.iter().copied().min().unwrap_or_default();
    Standing {
        rank: 0,
        player: p.id,
        points: p.score(),
        buchholz,
        buchholz_cut1: Points(buchholz.halves() - lowest.halves()),
        sonneborn_berger_quarters: sb,
        direct: Points::ZERO,
        wins,
    }
}

/// A crosstable: the standings with every round's result, opponents
/// named by their place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Crosstable {
    /// One row per player, first place first.
    pub rows: Vec<CrossRow>,
}

/// One player's row of a [`Crosstable`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrossRow {
    /// Their standing.
    pub standing: Standing,
    /// Their name.
    pub name: String,
    /// Each round: the opponent's place, the colour and the result as the
    /// TRF writes it (`1`, `=`, `0`, `+`, `-`, `U`, `H`, `F`, `Z`).
    pub cells: Vec<(Option<u32>, Option<Colour>, char)>,
}

impl Crosstable {
    /// The crosstable of `players`.
    ///
    /// ```
    /// use kamisado_tournament::{record::play, standings::Crosstable, Outcome, Player, PlayerId as P};
    /// let mut ps = vec![Player::new(P(1), "Ann", 0), Player::new(P(2), "Bo", 0)];
    /// play(&mut ps, P(2), P(1), Outcome::Win);
    /// let text = Crosstable::of(&ps).to_string();
    /// assert_eq!(text.lines().nth(1).unwrap(), " 1  Bo                        1   2w1");
    /// ```
    #[must_use]
    pub fn of(players: &[Player]) -> Crosstable {
        let table = standings(players);
        let place: HashMap<PlayerId, u32> = table.iter().map(|s| (s.player, s.rank)).collect();
        let by_id: HashMap<PlayerId, &Player> = players.iter().map(|p| (p.id, p)).collect();
        let rows = table
            .into_iter()
            .map(|standing| {
                let p = by_id[&standing.player];
                let cells = p
                    .rounds
                    .iter()
                    .map(|e| {
                        let (opp, colour) = e.opponent_and_colour();
                        (opp.map(|o| place[&o]), colour, e.result_char())
                    })
                    .collect();
                CrossRow {
                    standing,
                    name: p.name.clone(),
                    cells,
                }
            })
            .collect();
        Crosstable { rows }
    }
}

impl fmt::Display for Crosstable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rounds = self.rows.iter().map(|r| r.cells.len()).max().unwrap_or(0);
        write!(f, "{:>2}  {:<22} {:>4}", "#", "name", "pts")?;
        for r in 1..=rounds {
            write!(f, " {r:>5}")?;
        }
        writeln!(f)?;
        for row in &self.rows {
            let name: String = row.name.chars().take(22).collect();
            write!(
                f,
                "{:>2}  {:<22} {:>4}",
                row.standing.rank,
                name,
                row.standing.points.to_string()
            )?;
            for (opp, colour, result) in &row.cells {
                let opp = opp.map_or("-".to_owned(), |o| o.to_string());
                let c = match colour {
                    Some(Colour::White) => 'w',
                    Some(Colour::Black) => 'b',
                    None => '-',
                };
                write!(f, " {:>5}", format!("{opp}{c}{result}"))?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
