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

use crate::geometry::{Board, BoardSize, Eight, ParseBoardError};
use crate::mv::ParseMoveError;
use crate::rules::{OPENING_LIMITS, ParseRulesError};
use crate::setup::ParsePositionError;
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
///
/// ```
/// use kamisado_core::Record;
/// use kamisado_core::record::RecordFault;
/// let e = "[Event \"x\"]\n\n1. d1-d6\n".parse::<Record>().unwrap_err();
/// assert_eq!(e.line, Some(3));
/// assert_eq!(e.fault, RecordFault::NoRound);
/// assert_eq!(e.to_string(), "line 3: the moves must follow a round 1 line");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError<B: Board = Eight> {
    /// The line of the text (from 1) where the problem is, when known.
    pub line: Option<usize>,
    /// What is wrong.
    pub fault: RecordFault<B>,
}

impl<B: Board> RecordError<B> {
    /// The words, `line N: ` and the fault's, with a match's refusal the
    /// fault holds told by `tell` (see [`RecordFault::words_with`]).
    pub fn words_with(&self, tell: impl Fn(&MatchError<B>) -> String) -> String {
        let fault = self.fault.words_with(tell);
        match self.line {
            Some(line) => format!("line {line}: {fault}"),
            None => fault,
        }
    }
}

impl<B: Board> fmt::Display for RecordError<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "line {line}: {}", self.fault),
            None => self.fault.fmt(f),
        }
    }
}

impl<B: Board> std::error::Error for RecordError<B> {}

/// What is wrong with a record: a text that does not read (a tag, a round's
/// line, a move), a tag's value that names no rule set, target or position,
/// or moves and results the rules refuse. [`fmt::Display`] gives the words;
/// a fault that holds another error (a position's, a move's, a match's)
/// writes that error's words after its own.
///
/// ```
/// use kamisado_core::Record;
/// use kamisado_core::record::RecordFault;
/// let head = "[Event \"x\"]\n[Date \"2026.12.03\"]\n[Black \"a\"]\n[White \"b\"]\n\
///             [Rules \"standard\"]\n[Target \"1\"]\n[Result \"*\"]\n\n";
/// let e = format!("{head}round 1\n1. d1-d6 3. f8-f3\n").parse::<Record>().unwrap_err();
/// assert_eq!(
///     e.fault,
///     RecordFault::MoveNumber { round: 1, expected: 2, found: "3.".into() }
/// );
/// assert_eq!(e.to_string(), "line 10: round 1: expected the move number 2., found 3.");
///
/// let text = format!("{head}round 1\n1. d1-d6 2. a8-a7\n");
/// let e = text.parse::<Record>().unwrap().replay().unwrap_err();
/// let RecordFault::MoveRefused { round: 1, index: 2, error } = &e.fault else { panic!() };
/// assert_eq!(e.to_string(), format!("round 1, move 2: {error}"));
/// assert!(e.to_string().starts_with("round 1, move 2: a8-a7 is illegal: Gold must move"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordFault<B: Board = Eight> {
    /// A line that starts with `[` but is not one tag in brackets.
    TagForm,
    /// A tag with a name and no value.
    TagNoValue,
    /// A tag's name of other characters than letters, digits and `_`.
    TagName {
        /// The name as written.
        name: String,
    },
    /// A tag's value not in double quotes.
    TagUnquoted {
        /// The tag's name.
        tag: String,
    },
    /// A `\` in a tag's value not followed by `\` or `"`.
    TagEscape {
        /// The tag's name.
        tag: String,
    },
    /// A `"` inside a tag's value, not written `\"`.
    TagQuote {
        /// The tag's name.
        tag: String,
    },
    /// A tag after the moves have begun.
    TagAfterMoves,
    /// A tag written twice.
    TagTwice {
        /// The tag's name.
        tag: String,
    },
    /// A required tag ([`REQUIRED_TAGS`]) the record lacks.
    TagMissing {
        /// The tag's name.
        tag: String,
    },
    /// A `Board` tag that names no board.
    BoardTag(ParseBoardError),
    /// A record of another board than the one it is read for.
    WrongBoard {
        /// The board its `Board` tag names.
        board: BoardSize,
        /// The board it is read for.
        expected: BoardSize,
    },
    /// A round's line that is not `round N` for the next round.
    RoundHeader {
        /// The number of the round expected.
        expected: usize,
        /// The line as written.
        found: String,
    },
    /// A round's line with more after its number than a fill choice.
    RoundHeaderFill {
        /// The number of the round expected.
        expected: usize,
        /// The line as written.
        found: String,
    },
    /// A fill choice other than `left` or `right`.
    FillSide {
        /// The choice as written.
        side: String,
    },
    /// Moves before any `round 1` line.
    NoRound,
    /// A line after a round's result that does not start the next round.
    RoundClosed {
        /// The round that is over.
        round: usize,
    },
    /// A round's result of an ending a record does not name.
    NotAnEnding {
        /// The ending as written.
        ending: String,
    },
    /// A move's number that is not the next.
    MoveNumber {
        /// The round.
        round: usize,
        /// The number expected.
        expected: usize,
        /// The number as written.
        found: String,
    },
    /// A move's number with no move after it.
    MoveMissing {
        /// The round.
        round: usize,
        /// The move's number.
        index: usize,
    },
    /// A move's text that is not a move.
    MoveText {
        /// The round.
        round: usize,
        /// The move's number.
        index: usize,
        /// Why its text is not a move.
        error: ParseMoveError,
    },
    /// A `Rules` tag that names no rule set this library plays.
    RulesTag(ParseRulesError),
    /// A `Target` tag that is not a number.
    TargetText {
        /// The tag's value.
        target: String,
    },
    /// A `Target` tag a match cannot be played to.
    TargetTag(MatchError<B>),
    /// A `FEN` tag that is not a position's text.
    FenText(ParsePositionError),
    /// A `FEN` tag whose match field plays to another target than the
    /// `Target` tag's.
    FenTarget {
        /// The target of the `FEN` tag's match field.
        fen: u8,
        /// The `Target` tag's.
        target: u8,
    },
    /// A `FEN` tag whose position or match the rules refuse.
    FenPosition(MatchError<B>),
    /// A fill choice in round 1.
    FirstRoundFill,
    /// A round after the first without its fill choice.
    FillMissing {
        /// The round.
        round: usize,
    },
    /// A round's fill choice or concession the match refuses.
    RoundRefused {
        /// The round.
        round: usize,
        /// The match's refusal.
        error: MatchError<B>,
    },
    /// A move the match refuses.
    MoveRefused {
        /// The round.
        round: usize,
        /// The move's number.
        index: usize,
        /// The match's refusal.
        error: MatchError<B>,
    },
    /// Moves that end a round with no result written.
    ResultMissing {
        /// The round.
        round: usize,
    },
    /// A round's result written where its moves do not end it.
    ResultEarly {
        /// The round.
        round: usize,
        /// The ending written.
        end: RoundEnd,
    },
    /// A round's result other than its moves give.
    ResultWrong {
        /// The round.
        round: usize,
        /// The winner written.
        winner: Side,
        /// The ending written.
        end: RoundEnd,
        /// The winner by the moves.
        moves_winner: Side,
        /// The ending by the moves.
        moves_end: RoundEnd,
    },
    /// A `Result` tag other than the moves give.
    ResultTag {
        /// The tag's value.
        written: String,
        /// The match's winner by the moves; `None` while it goes on (`*`).
        winner: Option<Side>,
    },
}

impl<B: Board> RecordFault<B> {
    /// The words, with a match's refusal the fault holds (of a `Target` or
    /// `FEN` tag, a fill, a concession or a move) told by `tell` rather than
    /// by its own [`fmt::Display`]: for a front end that tells that refusal
    /// in its own way.
    ///
    /// ```
    /// use kamisado_core::MatchError;
    /// use kamisado_core::record::RecordFault;
    /// let f: RecordFault = RecordFault::TargetTag(MatchError::Target(4));
    /// assert_eq!(f.to_string(), "Target tag: a match is played to 1, 3, 7 or 15 points, not 4");
    /// assert_eq!(f.words_with(|_| "no".into()), "Target tag: no");
    /// ```
    pub fn words_with(&self, tell: impl Fn(&MatchError<B>) -> String) -> String {
        struct Told<'a, B: Board, F>(&'a RecordFault<B>, F);
        impl<B: Board, F: Fn(&MatchError<B>) -> String> fmt::Display for Told<'_, B, F> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.write(f, &self.1)
            }
        }
        Told(self, tell).to_string()
    }

    /// The refusal of a match the fault holds, if it holds one.
    pub fn match_error(&self) -> Option<&MatchError<B>> {
        match self {
            RecordFault::TargetTag(e)
            | RecordFault::FenPosition(e)
            | RecordFault::RoundRefused { error: e, .. }
            | RecordFault::MoveRefused { error: e, .. } => Some(e),
            _ => None,
        }
    }

    /// Writes the words, a match's refusal as `tell` tells it.
    fn write(
        &self,
        f: &mut fmt::Formatter<'_>,
        tell: &dyn Fn(&MatchError<B>) -> String,
    ) -> fmt::Result {
        const TAG: &str = "a tag is written [Name \"value\"]";
        match self {
            RecordFault::TagForm => f.write_str(TAG),
            RecordFault::TagNoValue => write!(f, "{TAG}: missing the value"),
            RecordFault::TagName { name } => {
                write!(f, "{name} is not a tag name (letters, digits and _)")
            }
            RecordFault::TagUnquoted { tag } => {
                write!(f, "the value of tag {tag} must be in double quotes")
            }
            RecordFault::TagEscape { tag } => {
                write!(f, "tag {tag}: \\ must be followed by \\ or \"")
            }
            RecordFault::TagQuote { tag } => {
                write!(f, "tag {tag}: a \" inside the value must be written \\\"")
            }
            RecordFault::TagAfterMoves => f.write_str("tags come before the moves"),
            RecordFault::TagTwice { tag } => write!(f, "the tag {tag} appears twice"),
            RecordFault::TagMissing { tag } => write!(f, "the tag {tag} is missing"),
            RecordFault::BoardTag(e) => write!(
                f,
                "Board tag: {} is not a board: expected 6x6, 8x8 or 10x10 (or 6, 8, 10)",
                e.0
            ),
            RecordFault::WrongBoard { board, expected } => write!(
                f,
                "the record is for the {board} board, not the {expected} board"
            ),
            RecordFault::RoundHeader { expected, found } => {
                write!(f, "expected round {expected}, found {found}")
            }
            RecordFault::RoundHeaderFill { expected, found } => write!(
                f,
                "expected round {expected} or round {expected} fill: left|right, found {found}"
            ),
            RecordFault::FillSide { side } => {
                write!(f, "{side} is not a fill side: expected left or right")
            }
            RecordFault::NoRound => f.write_str("the moves must follow a round 1 line"),
            RecordFault::RoundClosed { round } => write!(
                f,
                "round {round} is over: a new round starts with round {}",
                round + 1
            ),
            RecordFault::NotAnEnding { ending } => write!(
                f,
                "{ending} is not a way to end a round: expected home row, deadlock, resignation or time"
            ),
            RecordFault::MoveNumber {
                round,
                expected,
                found,
            } => write!(
                f,
                "round {round}: expected the move number {expected}., found {found}"
            ),
            RecordFault::MoveMissing { round, index } => {
                write!(f, "round {round}, move {index}: the move is missing")
            }
            RecordFault::MoveText {
                round,
                index,
                error,
            } => write!(
                f,
                "round {round}, move {index}: {} is not a move: {}",
                error.text, error.fault
            ),
            RecordFault::RulesTag(e) => write!(
                f,
                "Rules tag: {} is not a rule set: expected standard, sumo-square or zvezda, \
                 optionally followed by {OPENING_LIMITS}",
                e.0
            ),
            RecordFault::TargetText { target } => {
                write!(f, "Target tag: {target} is not 1, 3, 7 or 15")
            }
            RecordFault::TargetTag(e) => write!(f, "Target tag: {}", tell(e)),
            RecordFault::FenText(e) => write!(f, "FEN tag: {e}"),
            RecordFault::FenTarget { fen, target } => write!(
                f,
                "the FEN tag's match field plays to {fen} but the Target tag says {target}"
            ),
            RecordFault::FenPosition(e) => write!(f, "FEN tag: {}", tell(e)),
            RecordFault::FirstRoundFill => f.write_str("round 1 has no fill choice"),
            RecordFault::FillMissing { round } => {
                write!(f, "round {round}: the fill choice is missing")
            }
            RecordFault::RoundRefused { round, error } => {
                write!(f, "round {round}: {}", tell(error))
            }
            RecordFault::MoveRefused {
                round,
                index,
                error,
            } => write!(f, "round {round}, move {index}: {}", tell(error)),
            RecordFault::ResultMissing { round } => write!(
                f,
                "round {round}: the moves end the round but no result is written"
            ),
            RecordFault::ResultEarly { round, end } => write!(
                f,
                "round {round}: the result says {end} but the round is not over after its moves"
            ),
            RecordFault::ResultWrong {
                round,
                winner,
                end,
                moves_winner,
                moves_end,
            } => write!(
                f,
                "round {round}: the result says {} {end} but the moves give {} {moves_end}",
                result_text(*winner),
                result_text(*moves_winner)
            ),
            RecordFault::ResultTag { written, winner } => write!(
                f,
                "the Result tag says {written} but the moves give {}",
                winner.map_or("*", result_text)
            ),
        }
    }
}

impl<B: Board> fmt::Display for RecordFault<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, &|e| e.to_string())
    }
}

fn err<T, B: Board>(line: Option<usize>, fault: RecordFault<B>) -> Result<T, RecordError<B>> {
    Err(RecordError { line, fault })
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
            let (_, value) = parse_tag::<Eight>(line, i + 1)?;
            return value
                .parse()
                .or_else(|e| err(Some(i + 1), RecordFault::BoardTag(e)));
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

/// A record replayed: the match at its end, and every step to it.
pub type Replayed<B> = (Match<B>, Vec<ReplayStep<B>>);

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
    pub fn rules(&self) -> Result<Rules, RecordError<B>> {
        let name = self.tag("Rules").unwrap_or("standard");
        name.parse()
            .or_else(|e| err(None, RecordFault::RulesTag(e)))
    }

    /// The match as it stands at the start of the record: the standard setup
    /// or the `FEN` tag, with the `Target` tag.
    ///
    /// # Errors
    /// When a tag is not valid.
    pub fn start(&self) -> Result<Match<B>, RecordError<B>> {
        let rules = self.rules()?;
        let target: u8 = match self.tag("Target") {
            None => 1,
            Some(t) => t.parse().or_else(|_| {
                err(
                    None,
                    RecordFault::TargetText {
                        target: t.to_string(),
                    },
                )
            })?,
        };
        match self.tag("FEN") {
            None => Match::new(rules, target).or_else(|e| err(None, RecordFault::TargetTag(e))),
            Some(fen) => {
                let mut setup: Setup<B> = fen
                    .parse()
                    .or_else(|e| err(None, RecordFault::FenText(e)))?;
                match setup.score {
                    Some(score) if score.target != target => {
                        return err(
                            None,
                            RecordFault::FenTarget {
                                fen: score.target,
                                target,
                            },
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
                    return err(None, RecordFault::TargetTag(MatchError::Target(target)));
                }
                Match::from_setup(&setup, rules).or_else(|e| err(None, RecordFault::FenPosition(e)))
            }
        }
    }

    /// Replays the record move by move under the rules and checks every round
    /// result and the `Result` tag.
    ///
    /// # Errors
    /// The first illegal move (with its round and number and the reason), a
    /// result that does not match the moves, or a bad tag.
    pub fn replay(&self) -> Result<Replayed<B>, RecordError<B>> {
        let mut m = self.start()?;
        let mut steps = Vec::new();
        for (i, round) in self.rounds.iter().enumerate() {
            let r = i + 1;
            match (i, round.fill) {
                (0, Some(_)) => return err(None, RecordFault::FirstRoundFill),
                (0, None) => {}
                // A match conceded between rounds ends with a round of no fill and no moves.
                (_, None)
                    if round.moves.is_empty()
                        && matches!(
                            round.result,
                            Some((_, RoundEnd::Resignation | RoundEnd::Time))
                        ) => {}
                (_, None) => return err(None, RecordFault::FillMissing { round: r }),
                (_, Some(fill)) => m
                    .fill(fill)
                    .or_else(|error| err(None, RecordFault::RoundRefused { round: r, error }))?,
            }
            for (j, &mv) in round.moves.iter().enumerate() {
                let result = m.play(mv).or_else(|error| {
                    err(
                        None,
                        RecordFault::MoveRefused {
                            round: r,
                            index: j + 1,
                            error,
                        },
                    )
                })?;
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
    ) -> Result<(), RecordError<B>> {
        let over = m.state() != MatchState::Playing;
        match (round.result, over) {
            (None, false) => Ok(()),
            (None, true) => err(None, RecordFault::ResultMissing { round: r }),
            (Some((winner, end @ (RoundEnd::Resignation | RoundEnd::Time))), _)
                if !over || (r > 1 && round.fill.is_none() && round.moves.is_empty()) =>
            {
                m.concede(!winner, end)
                    .or_else(|error| err(None, RecordFault::RoundRefused { round: r, error }))?;
                Ok(())
            }
            (Some((_, end)), false) => err(None, RecordFault::ResultEarly { round: r, end }),
            (Some((winner, end)), true) => {
                let actual = m.last_round().expect("a finished round has a result");
                if actual.winner != winner || actual.end != end {
                    return err(
                        None,
                        RecordFault::ResultWrong {
                            round: r,
                            winner,
                            end,
                            moves_winner: actual.winner,
                            moves_end: actual.end,
                        },
                    );
                }
                Ok(())
            }
        }
    }

    fn check_result_tag(&self, m: &Match<B>) -> Result<(), RecordError<B>> {
        let tag = self.tag("Result").unwrap_or("*");
        let winner = match m.state() {
            MatchState::Over { winner } => Some(winner),
            _ => None,
        };
        if tag != winner.map_or("*", result_text) {
            return err(
                None,
                RecordFault::ResultTag {
                    written: tag.to_string(),
                    winner,
                },
            );
        }
        Ok(())
    }
}

fn parse_tag<B: Board>(line: &str, n: usize) -> Result<(String, String), RecordError<B>> {
    let fault = |fault| RecordError {
        line: Some(n),
        fault,
    };
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or_else(|| fault(RecordFault::TagForm))?;
    let (name, rest) = inner
        .split_once(' ')
        .ok_or_else(|| fault(RecordFault::TagNoValue))?;
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(fault(RecordFault::TagName { name: name.into() }));
    }
    let tag = || name.to_string();
    let quoted = rest
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .ok_or_else(|| fault(RecordFault::TagUnquoted { tag: tag() }))?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(e @ ('\\' | '"')) => value.push(e),
                _ => return Err(fault(RecordFault::TagEscape { tag: tag() })),
            },
            '"' => return Err(fault(RecordFault::TagQuote { tag: tag() })),
            c => value.push(c),
        }
    }
    Ok((name.to_string(), value))
}

fn parse_round_header<B: Board>(
    line: &str,
    n: usize,
    expected: usize,
) -> Result<RoundRecord<B>, RecordError<B>> {
    let mut words = line.split(' ');
    words.next();
    let number = words.next().unwrap_or("");
    let found = || line.to_string();
    if number != expected.to_string() {
        return err(
            Some(n),
            RecordFault::RoundHeader {
                expected,
                found: found(),
            },
        );
    }
    let fill = match (words.next(), words.next(), words.next()) {
        (None, _, _) => None,
        (Some("fill:"), Some(side), None) => Some(side.parse().or_else(|_: String| {
            err(
                Some(n),
                RecordFault::FillSide {
                    side: side.to_string(),
                },
            )
        })?),
        _ => {
            return err(
                Some(n),
                RecordFault::RoundHeaderFill {
                    expected,
                    found: found(),
                },
            );
        }
    };
    Ok(RoundRecord {
        fill,
        ..RoundRecord::default()
    })
}

fn parse_round_result<B: Board>(
    line: &str,
    n: usize,
) -> Result<Option<(Side, RoundEnd)>, RecordError<B>> {
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
            fault: RecordFault::NotAnEnding {
                ending: reason.to_string(),
            },
        })?;
    Ok(Some((winner, end)))
}

fn parse_moves<B: Board>(
    line: &str,
    n: usize,
    round: &mut RoundRecord<B>,
    r: usize,
) -> Result<(), RecordError<B>> {
    let mut tokens = line.split_whitespace();
    while let Some(token) = tokens.next() {
        let expected = round.moves.len() + 1;
        if token != format!("{expected}.") {
            return err(
                Some(n),
                RecordFault::MoveNumber {
                    round: r,
                    expected,
                    found: token.to_string(),
                },
            );
        }
        let Some(text) = tokens.next() else {
            return err(
                Some(n),
                RecordFault::MoveMissing {
                    round: r,
                    index: expected,
                },
            );
        };
        let mv = text.parse().or_else(|error| {
            err(
                Some(n),
                RecordFault::MoveText {
                    round: r,
                    index: expected,
                    error,
                },
            )
        })?;
        round.moves.push(mv);
    }
    Ok(())
}

impl<B: Board> FromStr for Record<B> {
    type Err = RecordError<B>;

    fn from_str(s: &str) -> Result<Record<B>, RecordError<B>> {
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
                    return err(Some(n), RecordFault::TagAfterMoves);
                }
                let (name, value) = parse_tag(line, n)?;
                if tags.iter().any(|(k, _): &(String, String)| *k == name) {
                    return err(Some(n), RecordFault::TagTwice { tag: name });
                }
                if name == "Board" {
                    let size: BoardSize = value
                        .parse()
                        .or_else(|e| err(Some(n), RecordFault::BoardTag(e)))?;
                    if size != B::KIND {
                        return err(
                            Some(n),
                            RecordFault::WrongBoard {
                                board: size,
                                expected: B::KIND,
                            },
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
                return err(Some(n), RecordFault::NoRound);
            };
            if round.result.is_some() {
                return err(Some(n), RecordFault::RoundClosed { round: r });
            }
            if let Some(result) = parse_round_result(line, n)? {
                round.result = Some(result);
            } else {
                parse_moves(line, n, round, r)?;
            }
        }
        for name in REQUIRED_TAGS {
            if !tags.iter().any(|(k, _)| k == name) {
                return err(None, RecordFault::TagMissing { tag: name.into() });
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
