//! The FIDE Tournament Report File, 2016 format (TRF16): written, and its
//! player lines (`001`) read back.
//!
//! A `001` line has fixed columns (1-based): 1–3 `001`, 5–8 starting rank,
//! 10 sex, 11–13 title, 15–47 name, 49–52 rating, 54–56 federation, 58–68
//! FIDE id, 70–79 birth date, 81–84 points, 86–89 rank, then for each round
//! a 10-character block from column 90: two spaces, the opponent (4
//! columns, `0000` for none), a space, the colour (`w`, `b` or `-`), a
//! space and the result (`1`, `=`, `0`, `+`, `-`, `U`, `H`, `F`, `Z`).

use std::fmt;
use std::str::FromStr;

use crate::{Colour, Entry, Outcome, Player, PlayerId, Points};

/// The header lines of a TRF.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Header {
    /// `012`: the tournament's name.
    pub name: String,
    /// `042`: its start date, if given.
    pub start: Option<String>,
    /// `052`: its end date, if given.
    pub end: Option<String>,
    /// `092`: its type, e.g. "Individual: Swiss-System (Dutch)", if given.
    pub kind: Option<String>,
    /// `132`: the date of each round (`YY/MM/DD`), if any.
    pub round_dates: Vec<String>,
}

/// One `001` line: a player and their rounds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerLine {
    /// The starting rank.
    pub id: PlayerId,
    /// `m` or `w`, or a space.
    pub sex: char,
    /// The title (`GM`, `IM`, …), up to 3 characters.
    pub title: String,
    /// The name, up to 33 characters.
    pub name: String,
    /// The rating, 0 for none (written blank).
    pub rating: u16,
    /// The federation, up to 3 characters.
    pub federation: String,
    /// The FIDE id, if any.
    pub fide_id: Option<u64>,
    /// The birth date as written (`YYYY/MM/DD`), up to 10 characters.
    pub birth: String,
    /// The points.
    pub points: Points,
    /// The final (or current) rank.
    pub rank: u32,
    /// The rounds, round 1 first.
    pub rounds: Vec<Entry>,
}

impl PlayerLine {
    /// The line of `player` with their `rank`, nothing else known.
    #[must_use]
    pub fn of(player: &Player, rank: u32) -> PlayerLine {
        PlayerLine {
            id: player.id,
            sex: ' ',
            title: String::new(),
            name: player.name.clone(),
            rating: player.rating,
            federation: String::new(),
            fide_id: None,
            birth: String::new(),
            points: player.score(),
            rank,
            rounds: player.rounds.clone(),
        }
    }

    /// The player this line describes (active).
    #[must_use]
    pub fn player(&self) -> Player {
        Player {
            id: self.id,
            name: self.name.clone(),
            rating: self.rating,
            rounds: self.rounds.clone(),
            active: true,
        }
    }
}

fn fit(text: &str, width: usize) -> String {
    text.chars().take(width).collect()
}

impl fmt::Display for PlayerLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rating = if self.rating == 0 {
            String::new()
        } else {
            self.rating.to_string()
        };
        let fide = self.fide_id.map_or(String::new(), |i| i.to_string());
        let points = format!(
            "{}.{}",
            self.points.halves() / 2,
            if self.points.halves() % 2 == 1 { 5 } else { 0 }
        );
        write!(
            f,
            "001 {:>4} {}{:>3} {:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4}",
            self.id.0,
            self.sex,
            fit(&self.title, 3),
            fit(&self.name, 33),
            rating,
            fit(&self.federation, 3),
            fide,
            fit(&self.birth, 10),
            points,
            self.rank
        )?;
        for entry in &self.rounds {
            let (opp, colour) = entry.opponent_and_colour();
            let c = match colour {
                Some(Colour::White) => 'w',
                Some(Colour::Black) => 'b',
                None => '-',
            };
            write!(
                f,
                "  {:0>4} {c} {}",
                opp.map_or(0, |o| o.0),
                entry.result_char()
            )?;
        }
        Ok(())
    }
}

/// Why a TRF line could not be read: the 1-based column and what was wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfError {
    /// The column where the fault is.
    pub column: usize,
    /// What was expected there.
    pub expected: &'static str,
}

impl fmt::Display for TrfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: expected {}", self.column, self.expected)
    }
}

impl std::error::Error for TrfError {}

/// The characters of `line` in the 1-based columns `from..=to`, trimmed.
fn columns(line: &[char], from: usize, to: usize) -> String {
    line.iter()
        .skip(from - 1)
        .take(to + 1 - from)
        .collect::<String>()
        .trim()
        .to_owned()
}

fn number<T: FromStr>(
    line: &[char],
    from: usize,
    to: usize,
    expected: &'static str,
) -> Result<Option<T>, TrfError> {
    let text = columns(line, from, to);
    if text.is_empty() {
        return Ok(None);
    }
    text.parse().map(Some).map_err(|_| TrfError {
        column: from,
        expected,
    })
}

impl FromStr for PlayerLine {
    type Err = TrfError;

    /// Reads a `001` line.
    ///
    /// # Errors
    ///
    /// A [`TrfError`] naming the column of the first field that does not
    /// read.
    fn from_str(text: &str) -> Result<PlayerLine, TrfError> {
        let line: Vec<char> = text.trim_end().chars().collect();
        if !text.starts_with("001") {
            return Err(TrfError {
                column: 1,
                expected: "001",
            });
        }
        let id = number(&line, 5, 8, "a starting rank")?.ok_or(TrfError {
            column: 5,
            expected: "a starting rank",
        })?;
        let points_text = columns(&line, 81, 84);
        let points = parse_points(&points_text).ok_or(TrfError {
            column: 81,
            expected: "points like 4.5",
        })?;
        let mut rounds = Vec::new();
        let mut start = 90;
        while line.len() >= start + 9 {
            rounds.push(block(&line, start)?);
            start += 10;
        }
        Ok(PlayerLine {
            id: PlayerId(id),
            sex: line.get(9).copied().unwrap_or(' '),
            title: columns(&line, 11, 13),
            name: columns(&line, 15, 47),
            rating: number(&line, 49, 52, "a rating")?.unwrap_or(0),
            federation: columns(&line, 54, 56),
            fide_id: number(&line, 58, 68, "a FIDE id")?,
            birth: columns(&line, 70, 79),
            points,
            rank: number(&line, 86, 89, "a rank")?.unwrap_or(0),
            rounds,
        })
    }
}

fn parse_points(text: &str) -> Option<Points> {
    let (whole, half) = text.split_once('.').unwrap_or((text, "0"));
    let whole: u32 = whole.parse().ok()?;
    let half = match half {
        "0" => 0,
        "5" => 1,
        _ => return None,
    };
    Some(Points(2 * whole + half))
}

/// The round block starting at column `start` (the two spaces before the
/// opponent).
fn block(line: &[char], start: usize) -> Result<Entry, TrfError> {
    let opp: u32 = number(line, start + 2, start + 5, "an opponent number")?.unwrap_or(0);
    let colour = match line[start + 6] {
        'w' => Some(Colour::White),
        'b' => Some(Colour::Black),
        '-' | ' ' => None,
        _ => {
            return Err(TrfError {
                column: start + 7,
                expected: "w, b or -",
            });
        }
    };
    let result = line[start + 8];
    let opponent = PlayerId(opp);
    let played = |outcome| match colour {
        Some(colour) if opp > 0 => Ok(Entry::Played {
            opponent,
            colour,
            outcome,
        }),
        _ => Err(TrfError {
            column: start + 3,
            expected: "an opponent and a colour",
        }),
    };
    let forfeit = |won| {
        Ok(Entry::Forfeit {
            opponent,
            colour: colour.unwrap_or(Colour::White),
            won,
        })
    };
    match result {
        '1' | 'W' => played(Outcome::Win),
        '=' | 'D' => played(Outcome::Draw),
        '0' | 'L' => played(Outcome::Loss),
        '+' if opp > 0 => forfeit(true),
        '-' if opp > 0 => forfeit(false),
        '+' | 'F' => Ok(Entry::FullBye),
        'U' => Ok(Entry::PairingBye),
        'H' => Ok(Entry::HalfBye),
        '-' | 'Z' | ' ' => Ok(Entry::Absent),
        _ => Err(TrfError {
            column: start + 9,
            expected: "a result (1 = 0 + - U H F Z)",
        }),
    }
}

/// A whole TRF: the header and one `001` line per player, in starting
/// rank order, with the ranks of the standings.
///
/// ```
/// use kamisado_tournament::{record::play, trf, Outcome, Player, PlayerId as P};
/// let mut ps = vec![Player::new(P(1), "Ann", 0), Player::new(P(2), "Bo", 0)];
/// play(&mut ps, P(1), P(2), Outcome::Win);
/// let header = trf::Header { name: "Cup".into(), ..Default::default() };
/// let text = trf::write(&header, &ps);
/// assert!(text.starts_with("012 Cup\n062 2\n001    1"));
/// assert_eq!(trf::read_players(&text).unwrap(), ps);
/// ```
#[must_use]
pub fn write(header: &Header, players: &[Player]) -> String {
    let mut out = format!("012 {}\n", header.name);
    if let Some(d) = &header.start {
        out += &format!("042 {d}\n");
    }
    if let Some(d) = &header.end {
        out += &format!("052 {d}\n");
    }
    out += &format!("062 {}\n", players.len());
    if let Some(k) = &header.kind {
        out += &format!("092 {k}\n");
    }
    if !header.round_dates.is_empty() {
        out += &format!("132{}", " ".repeat(86));
        for d in &header.round_dates {
            out += &format!("  {:<8}", fit(d, 8));
        }
        out = out.trim_end().to_owned() + "\n";
    }
    let ranks: std::collections::HashMap<PlayerId, u32> = crate::standings::standings(players)
        .iter()
        .map(|s| (s.player, s.rank))
        .collect();
    let mut sorted: Vec<&Player> = players.iter().collect();
    sorted.sort_by_key(|p| p.id);
    for p in sorted {
        out += &PlayerLine::of(p, ranks[&p.id]).to_string();
        out.push('\n');
    }
    out
}

/// The players of the `001` lines of a TRF, in the file's order; other
/// lines are skipped.
///
/// # Errors
///
/// The first line that does not read, with its 1-based number.
pub fn read_players(text: &str) -> Result<Vec<Player>, (usize, TrfError)> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| l.starts_with("001"))
        .map(|(i, l)| {
            l.parse::<PlayerLine>()
                .map(|p| p.player())
                .map_err(|e| (i + 1, e))
        })
        .collect()
}
