//! Game records: whole games and matches as text (NOTATION.md), in the manner of PGN.
//!
//! ```text
//! [Event "Casual game"]
//! [Date "2026.11.29"]
//! [Black "Ann"]
//! [White "Ben"]
//! [Rules "standard"]
//! [Target "3"]
//! [Result "1-0"]
//!
//! round 1
//! 1. d1-d6 2. f8-f3 …
//! 1-0 home row
//!
//! round 2 fill: left
//! …
//! ```
//!
//! Tags come in the order they were read (a new record puts the seven
//! required ones first). Each round starts with `round N`, followed from the
//! second round on by the winner's fill choice; its moves are numbered from 1,
//! every ply (pass and push included) one number, ten to a line; a finished
//! round ends with its result: `1-0` (Black won) or `0-1`, then the reason.
//! The `Result` tag is the match's: `1-0`, `0-1` or `*` while it goes on.

use std::fmt;
use std::str::FromStr;

use std::marker::PhantomData;

use crate::geometry::{Board, BoardSize, Eight};
use crate::{Fill, Match, MatchError, MatchState, Move, RoundEnd, RoundResult, Rules, Setup, Side};

/// Moves written on one line of a record.
const MOVES_PER_LINE: usize = 10;

/// The tags every record has, in their canonical order.
pub const REQUIRED_TAGS: [&str; 7] = [
    "Event", "Date", "Black", "White", "Rules", "Target", "Result",
];

/// One round of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundRecord<B: Board = Eight> {
    /// The fill side chosen by the previous round's winner (none in round 1).
    pub fill: Option<Fill>,
    /// The moves, in order.
    pub moves: Vec<Move<B>>,
    /// Who won and how, once the round is over.
    pub result: Option<(Side, RoundEnd)>,
}

/// A game or match record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record<B: Board = Eight> {
    tags: Vec<(String, String)>,
    /// The rounds, in order.
    pub rounds: Vec<RoundRecord<B>>,
    board: PhantomData<B>,
}

/// A record that cannot be read or does not follow the rules, with the line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// The line of the text (from 1) where the problem is, when known.
    pub line: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "line {line}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for RecordError {}

fn err<T>(line: Option<usize>, message: impl Into<String>) -> Result<T, RecordError> {
    Err(RecordError {
        line,
        message: message.into(),
    })
}

impl<B: Board> Default for RoundRecord<B> {
    fn default() -> RoundRecord<B> {
        RoundRecord {
            fill: None,
            moves: Vec::new(),
            result: None,
        }
    }
}

/// The board a record's text is for: its `Board` tag, or the standard board
/// when it has none. Read the record itself with that board.
///
/// ```
/// use kamisado_core::{geometry::BoardSize, record::board_of};
/// assert_eq!(board_of("[Board \"10x10\"]\n"), Ok(BoardSize::Ten));
/// assert_eq!(board_of("[Event \"x\"]\n"), Ok(BoardSize::Eight));
/// ```
///
/// # Errors
/// A `Board` tag that names no board.
pub fn board_of(text: &str) -> Result<BoardSize, RecordError> {
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.starts_with("[Board ") {
            let (_, value) = parse_tag(line, i + 1)?;
            return value
                .parse()
                .or_else(|e| err(Some(i + 1), format!("Board tag: {e}")));
        }
    }
    Ok(BoardSize::Eight)
}

/// The text of a side winning: `1-0` for Black, `0-1` for White.
pub fn result_text(winner: Side) -> &'static str {
    match winner {
        Side::Black => "1-0",
        Side::White => "0-1",
    }
}

/// The date of a moment as a record's `Date` tag writes it, `YYYY.MM.DD` (UTC),
/// from the seconds since 1970-01-01.
///
/// ```
/// assert_eq!(kamisado_core::record::date_tag(0), "1970.01.01");
/// assert_eq!(kamisado_core::record::date_tag(951_782_400), "2000.02.29");
/// assert_eq!(kamisado_core::record::date_tag(1_796_083_199), "2026.11.30");
/// ```
pub fn date_tag(unix_seconds: u64) -> String {
    let days = (unix_seconds / 86_400) as i64;
    // The civil date of a day count (proleptic Gregorian calendar, eras of 400 years).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

/// A tag value with control characters (line breaks among them) made spaces.
fn clean(value: &str) -> String {
    value
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

fn parse_result(text: &str) -> Option<Side> {
    match text {
        "1-0" => Some(Side::Black),
        "0-1" => Some(Side::White),
        _ => None,
    }
}

/// One step of a replay: a move and what it led to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayStep<B: Board = Eight> {
    /// The round, from 1.
    pub round: usize,
    /// The move's number in its round, from 1.
    pub number: usize,
    /// The move.
    pub mv: Move<B>,
    /// The match after it.
    pub after: Match<B>,
    /// The round's result, when this move ended it.
    pub result: Option<RoundResult>,
}

impl<B: Board> Record<B> {
    /// A new record of a match about to start, with the required tags.
    pub fn new(
        event: &str,
        date: &str,
        black: &str,
        white: &str,
        rules: Rules,
        target: u8,
    ) -> Record<B> {
        let tags = [
            ("Event", event.to_string()),
            ("Date", date.to_string()),
            ("Black", black.to_string()),
            ("White", white.to_string()),
            ("Rules", rules.name().to_string()),
            ("Target", target.to_string()),
            ("Result", "*".to_string()),
        ];
        let mut record = Record {
            tags: tags
                .into_iter()
                .map(|(k, v)| (k.to_string(), clean(&v)))
                .collect(),
            rounds: vec![RoundRecord::default()],
            board: PhantomData,
        };
        if B::KIND != BoardSize::Eight {
            record.set_tag("Board", B::KIND.name());
        }
        record
    }

    /// The value of a tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets a tag, keeping its place if it exists and adding it at the end if not.
    /// Line breaks and other control characters in the value become spaces, so
    /// that the record stays one tag a line.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        let value = clean(value);
        match self.tags.iter_mut().find(|(k, _)| k == name) {
            Some(slot) => slot.1 = value,
            None => self.tags.push((name.to_string(), value)),
        }
    }

    /// All tags, in order.
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// The rule set named by the `Rules` tag.
    ///
    /// # Errors
    /// When the tag names no rule set this library plays.
    pub fn rules(&self) -> Result<Rules, RecordError> {
        let name = self.tag("Rules").unwrap_or("standard");
        name.parse()
            .or_else(|e| err(None, format!("Rules tag: {e}")))
    }

    /// The match as it stands at the start of the record: the standard setup
    /// or the `FEN` tag, with the `Target` tag.
    ///
    /// # Errors
    /// When a tag is not valid.
    pub fn start(&self) -> Result<Match<B>, RecordError> {
        let rules = self.rules()?;
        let target: u8 = match self.tag("Target") {
            None => 1,
            Some(t) => t
                .parse()
                .or_else(|_| err(None, format!("Target tag: `{t}` is not 1, 3, 7 or 15")))?,
        };
        match self.tag("FEN") {
            None => Match::new(rules, target).or_else(|e| err(None, format!("Target tag: {e}"))),
            Some(fen) => {
                let mut setup: Setup<B> = fen
                    .parse()
                    .or_else(|e| err(None, format!("FEN tag: {e}")))?;
                match setup.score {
                    Some(score) if score.target != target => {
                        return err(
                            None,
                            format!(
                                "the FEN tag's match field plays to {} but the Target tag says {target}",
                                score.target
                            ),
                        );
                    }
                    Some(_) => {}
                    None => {
                        setup.score = Some(crate::Score {
                            black: 0,
                            white: 0,
                            target,
                        })
                    }
                }
                if !crate::Score::TARGETS.contains(&target) {
                    return err(
                        None,
                        format!("Target tag: {}", MatchError::<B>::Target(target)),
                    );
                }
                Match::from_setup(&setup, rules).or_else(|e| err(None, format!("FEN tag: {e}")))
            }
        }
    }

    /// Replays the record move by move under the rules and checks every round
    /// result and the `Result` tag.
    ///
    /// # Errors
    /// The first illegal move (with its round and number and the reason), a
    /// result that does not match the moves, or a bad tag.
    pub fn replay(&self) -> Result<(Match<B>, Vec<ReplayStep<B>>), RecordError> {
        let mut m = self.start()?;
        let mut steps = Vec::new();
        for (i, round) in self.rounds.iter().enumerate() {
            let r = i + 1;
            match (i, round.fill) {
                (0, Some(_)) => return err(None, "round 1 has no fill choice"),
                (0, None) => {}
                // A match conceded between rounds ends with a round of no fill and no moves.
                (_, None)
                    if round.moves.is_empty()
                        && matches!(
                            round.result,
                            Some((_, RoundEnd::Resignation | RoundEnd::Time))
                        ) => {}
                (_, None) => return err(None, format!("round {r}: the fill choice is missing")),
                (_, Some(fill)) => m
                    .fill(fill)
                    .or_else(|e| err(None, format!("round {r}: {e}")))?,
            }
            for (j, &mv) in round.moves.iter().enumerate() {
                let result = m
                    .play(mv)
                    .or_else(|e| err(None, format!("round {r}, move {}: {e}", j + 1)))?;
                steps.push(ReplayStep {
                    round: r,
                    number: j + 1,
                    mv,
                    after: m.clone(),
                    result,
                });
            }
            self.check_round_end(&mut m, r, round)?;
        }
        self.check_result_tag(&m)?;
        Ok((m, steps))
    }

    fn check_round_end(
        &self,
        m: &mut Match<B>,
        r: usize,
        round: &RoundRecord<B>,
    ) -> Result<(), RecordError> {
        let over = m.state() != MatchState::Playing;
        match (round.result, over) {
            (None, false) => Ok(()),
            (None, true) => err(
                None,
                format!("round {r}: the moves end the round but no result is written"),
            ),
            (Some((winner, end @ (RoundEnd::Resignation | RoundEnd::Time))), _)
                if !over || (r > 1 && round.fill.is_none() && round.moves.is_empty()) =>
            {
                m.concede(!winner, end)
                    .or_else(|e| err(None, format!("round {r}: {e}")))?;
                Ok(())
            }
            (Some((_, end)), false) => err(
                None,
                format!(
                    "round {r}: the result says {end} but the round is not over after its moves"
                ),
            ),
            (Some((winner, end)), true) => {
                let actual = m.last_round().expect("a finished round has a result");
                if actual.winner != winner || actual.end != end {
                    return err(
                        None,
                        format!(
                            "round {r}: the result says {} {end} but the moves give {} {}",
                            result_text(winner),
                            result_text(actual.winner),
                            actual.end
                        ),
                    );
                }
                Ok(())
            }
        }
    }

    fn check_result_tag(&self, m: &Match<B>) -> Result<(), RecordError> {
        let tag = self.tag("Result").unwrap_or("*");
        let expected = match m.state() {
            MatchState::Over { winner } => result_text(winner),
            _ => "*",
        };
        if tag != expected {
            return err(
                None,
                format!("the Result tag says {tag} but the moves give {expected}"),
            );
        }
        Ok(())
    }
}

fn parse_tag(line: &str, n: usize) -> Result<(String, String), RecordError> {
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or_else(|| RecordError {
            line: Some(n),
            message: "a tag is written [Name \"value\"]".into(),
        })?;
    let (name, rest) = inner.split_once(' ').ok_or_else(|| RecordError {
        line: Some(n),
        message: "a tag is written [Name \"value\"]: missing the value".into(),
    })?;
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return err(
            Some(n),
            format!("`{name}` is not a tag name (letters, digits and _)"),
        );
    }
    let quoted = rest
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .ok_or_else(|| RecordError {
            line: Some(n),
            message: format!("the value of tag {name} must be in double quotes"),
        })?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(e @ ('\\' | '"')) => value.push(e),
                _ => {
                    return err(
                        Some(n),
                        format!("tag {name}: `\\` must be followed by `\\` or `\"`"),
                    );
                }
            },
            '"' => {
                return err(
                    Some(n),
                    format!("tag {name}: a `\"` inside the value must be written `\\\"`"),
                );
            }
            c => value.push(c),
        }
    }
    Ok((name.to_string(), value))
}

fn parse_round_header<B: Board>(
    line: &str,
    n: usize,
    expected: usize,
) -> Result<RoundRecord<B>, RecordError> {
    let mut words = line.split(' ');
    words.next();
    let number = words.next().unwrap_or("");
    if number != expected.to_string() {
        return err(
            Some(n),
            format!("expected `round {expected}`, found `{line}`"),
        );
    }
    let fill = match (words.next(), words.next(), words.next()) {
        (None, _, _) => None,
        (Some("fill:"), Some(side), None) => {
            Some(side.parse().or_else(|e: String| err(Some(n), e))?)
        }
        _ => {
            return err(
                Some(n),
                format!(
                    "expected `round {expected}` or `round {expected} fill: left|right`, found `{line}`"
                ),
            );
        }
    };
    Ok(RoundRecord {
        fill,
        ..RoundRecord::default()
    })
}

fn parse_round_result(line: &str, n: usize) -> Result<Option<(Side, RoundEnd)>, RecordError> {
    let Some((score, reason)) = line.split_once(' ') else {
        return Ok(None);
    };
    let Some(winner) = parse_result(score) else {
        return Ok(None);
    };
    let end = RoundEnd::ALL
        .into_iter()
        .find(|e| e.name() == reason)
        .ok_or_else(|| RecordError {
            line: Some(n),
            message: format!("`{reason}` is not a way to end a round: expected home row, deadlock, resignation or time"),
        })?;
    Ok(Some((winner, end)))
}

fn parse_moves<B: Board>(
    line: &str,
    n: usize,
    round: &mut RoundRecord<B>,
    r: usize,
) -> Result<(), RecordError> {
    let mut tokens = line.split_whitespace();
    while let Some(token) = tokens.next() {
        let expected = round.moves.len() + 1;
        if token != format!("{expected}.") {
            return err(
                Some(n),
                format!("round {r}: expected the move number `{expected}.`, found `{token}`"),
            );
        }
        let Some(text) = tokens.next() else {
            return err(
                Some(n),
                format!("round {r}, move {expected}: the move is missing"),
            );
        };
        let mv = text
            .parse()
            .or_else(|e| err(Some(n), format!("round {r}, move {expected}: {e}")))?;
        round.moves.push(mv);
    }
    Ok(())
}

impl<B: Board> FromStr for Record<B> {
    type Err = RecordError;

    fn from_str(s: &str) -> Result<Record<B>, RecordError> {
        let mut tags = Vec::new();
        let mut rounds: Vec<RoundRecord<B>> = Vec::new();
        let mut in_body = false;
        for (i, raw) in s.lines().enumerate() {
            let n = i + 1;
            let line = raw.trim();
            if line.is_empty() {
                in_body |= !tags.is_empty();
                continue;
            }
            if line.starts_with('[') {
                if in_body {
                    return err(Some(n), "tags come before the moves");
                }
                let (name, value) = parse_tag(line, n)?;
                if tags.iter().any(|(k, _): &(String, String)| *k == name) {
                    return err(Some(n), format!("the tag {name} appears twice"));
                }
                if name == "Board" {
                    let size: BoardSize = value
                        .parse()
                        .or_else(|e| err(Some(n), format!("Board tag: {e}")))?;
                    if size != B::KIND {
                        return err(
                            Some(n),
                            format!(
                                "the record is for the {size} board, not the {} board",
                                B::KIND
                            ),
                        );
                    }
                }
                tags.push((name, value));
                continue;
            }
            in_body = true;
            if line == "round" || line.starts_with("round ") {
                rounds.push(parse_round_header(line, n, rounds.len() + 1)?);
                continue;
            }
            let r = rounds.len();
            let Some(round) = rounds.last_mut() else {
                return err(Some(n), "the moves must follow a `round 1` line");
            };
            if round.result.is_some() {
                return err(
                    Some(n),
                    format!(
                        "round {r} is over: a new round starts with `round {}`",
                        r + 1
                    ),
                );
            }
            if let Some(result) = parse_round_result(line, n)? {
                round.result = Some(result);
            } else {
                parse_moves(line, n, round, r)?;
            }
        }
        for name in REQUIRED_TAGS {
            if !tags.iter().any(|(k, _)| k == name) {
                return err(None, format!("the tag {name} is missing"));
            }
        }
        if rounds.is_empty() {
            rounds.push(RoundRecord::default());
        }
        Ok(Record {
            tags,
            rounds,
            board: PhantomData,
        })
    }
}

impl<B: Board> fmt::Display for Record<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (name, value) in &self.tags {
            let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
            writeln!(f, "[{name} \"{escaped}\"]")?;
        }
        for (i, round) in self.rounds.iter().enumerate() {
            writeln!(f)?;
            write!(f, "round {}", i + 1)?;
            if let Some(fill) = round.fill {
                write!(f, " fill: {fill}")?;
            }
            writeln!(f)?;
            for (j, chunk) in round.moves.chunks(MOVES_PER_LINE).enumerate() {
                let line: Vec<String> = chunk
                    .iter()
                    .enumerate()
                    .map(|(k, mv)| format!("{}. {mv}", j * MOVES_PER_LINE + k + 1))
                    .collect();
                writeln!(f, "{}", line.join(" "))?;
            }
            if let Some((winner, end)) = round.result {
                writeln!(f, "{} {end}", result_text(winner))?;
            }
        }
        Ok(())
    }
}
