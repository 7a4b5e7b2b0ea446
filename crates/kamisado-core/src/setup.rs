//! Position text as written (NOTATION.md), before any rule is checked.

use std::fmt;
use std::str::FromStr;

use std::marker::PhantomData;

use crate::geometry::{Board, BoardSize, Eight};
use crate::tower::MAX_TEETH;
use crate::{Colour, Side, Square, Tower};

/// A match score and target, the optional fourth field of a position (`2-1/7`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Score {
    /// Black's points.
    pub black: u8,
    /// White's points.
    pub white: u8,
    /// The points that win the match: 1, 3, 7 or 15 (R9).
    pub target: u8,
}

impl Score {
    /// The match targets of R9.
    pub const TARGETS: [u8; 4] = [1, 3, 7, 15];

    /// A side's points.
    pub const fn of(self, side: Side) -> u8 {
        match side {
            Side::Black => self.black,
            Side::White => self.white,
        }
    }
}

impl Score {
    /// Writes `2-1/7` at the end of `out`, without the formatting machinery.
    pub(crate) fn push_text(&self, out: &mut String) {
        push_number(out, self.black);
        out.push('-');
        push_number(out, self.white);
        out.push('/');
        push_number(out, self.target);
    }
}

/// Writes `n` in decimal at the end of `out`.
fn push_number(out: &mut String, n: u8) {
    if n >= 100 {
        out.push(char::from(b'0' + n / 100));
    }
    if n >= 10 {
        out.push(char::from(b'0' + n / 10 % 10));
    }
    out.push(char::from(b'0' + n % 10));
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = String::with_capacity(8);
        self.push_text(&mut text);
        f.write_str(&text)
    }
}

/// What a position's text says, whether or not it obeys the rules.
///
/// [`crate::Position`] checks it; a `Setup` is only a parsed description.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup<B: Board = Eight> {
    /// The tower on each square, by square index (one entry per square of the board).
    pub board: Vec<Option<Tower>>,
    /// The side to move.
    pub side: Side,
    /// The colour the side to move must move, or `None` for free choice (R4).
    pub forced: Option<Colour>,
    /// Whether the side to move has just pushed and moves again (R13).
    pub pushed: bool,
    /// Under `opening-limits`, the plies of the round already played when the
    /// next move is still limited (the `@1` or `@2` field): 1 or 2; `None`
    /// for a round's first ply (free choice) or past the opening.
    pub opening: Option<u8>,
    /// The match score, when the text has a fourth field.
    pub score: Option<Score>,
    size: PhantomData<B>,
}

impl<B: Board> Setup<B> {
    /// An empty board, Black to move with free choice, no match field.
    pub fn empty() -> Setup<B> {
        Setup {
            board: vec![None; B::SQUARES],
            side: Side::Black,
            forced: None,
            pushed: false,
            opening: None,
            score: None,
            size: PhantomData,
        }
    }
}

/// The colour letters of a board, for messages: `o b v p y r g n`.
fn letters<B: Board>() -> String {
    let letters: Vec<String> = B::COLOURS.iter().map(|c| c.letter().to_string()).collect();
    letters.join(" ")
}

/// A position's text that could not be read, with what was wrong and where.
///
/// ```
/// use kamisado_core::setup::{ParsePositionError, PositionFault, Setup};
/// let e = "obvpyrgn/8/8 b".parse::<Setup>().unwrap_err();
/// assert!(matches!(e.0, PositionFault::Fields { .. }));
/// assert_eq!(
///     e.to_string(),
///     "expected 3 to 5 fields separated by single spaces (board, side to move, forced colour, \
///      optional opening plies, optional match score), found \"obvpyrgn/8/8 b\""
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsePositionError(pub PositionFault);

impl fmt::Display for ParsePositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for ParsePositionError {}

/// A part of the match field: a side's score or the target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScorePart {
    /// Black's points.
    Black,
    /// White's points.
    White,
    /// The points that win the match.
    Target,
}

impl ScorePart {
    /// The part in words: `Black's score`, `Gold's score`, `the target`.
    pub const fn words(self) -> &'static str {
        match self {
            ScorePart::Black => "Black's score",
            ScorePart::White => "Gold's score",
            ScorePart::Target => "the target",
        }
    }
}

/// What is wrong with a position's text, and where; [`fmt::Display`]
/// gives the words. A rank is numbered as the notation numbers it (1 to
/// the board's size); a board is named by its size (`8x8`), and its colour
/// letters are written as the notation writes them (`o b v p y r g n`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionFault {
    /// Not 3 to 5 fields separated by single spaces.
    Fields {
        /// The whole text.
        text: String,
    },
    /// Not as many ranks as the board has.
    Ranks {
        /// The board.
        board: BoardSize,
        /// The ranks found.
        found: usize,
    },
    /// A run of empty squares written with two digits on a board under 10.
    TwoDigits {
        /// The rank.
        rank: i32,
    },
    /// A run of empty squares that is 0 or longer than a rank.
    BadRun {
        /// The rank.
        rank: i32,
        /// The run as written.
        run: String,
        /// Squares in a rank.
        size: usize,
    },
    /// A `+` that follows no tower letter.
    PlusFirst {
        /// The rank.
        rank: i32,
    },
    /// More `+` than a tower may have teeth.
    TooManyTeeth {
        /// The rank.
        rank: i32,
    },
    /// A character that is not a tower of the board, a run or `+`.
    NotATower {
        /// The rank.
        rank: i32,
        /// The character.
        ch: char,
        /// The board.
        board: BoardSize,
        /// The board's colour letters.
        letters: String,
    },
    /// A rank of more or fewer files than the board has.
    RankFiles {
        /// The rank.
        rank: i32,
        /// The files the board has.
        size: usize,
        /// The files found.
        found: i32,
    },
    /// A side to move other than `b` or `w`.
    Side {
        /// The field.
        found: String,
    },
    /// A forced colour's letter that is not one of the board's.
    ForcedLetter {
        /// The field.
        text: String,
        /// The board.
        board: BoardSize,
        /// The board's colour letters.
        letters: String,
    },
    /// `-*`: a push's mark after free choice.
    ForcedDashStar,
    /// A forced colour that is neither `-` nor a letter.
    Forced {
        /// The field.
        text: String,
    },
    /// A score or target that is not a number of points.
    Points {
        /// Which.
        part: ScorePart,
        /// As written.
        text: String,
    },
    /// A score or target with a leading zero.
    LeadingZero {
        /// Which.
        part: ScorePart,
        /// As written.
        text: String,
    },
    /// A match field without `/`.
    ScoreShape {
        /// The field.
        text: String,
    },
    /// A score without `-`.
    ScorePoints {
        /// The score as written.
        text: String,
    },
    /// A target other than 1, 3, 7 or 15.
    Target {
        /// The target.
        found: u8,
    },
    /// A score no match to its target can reach.
    ImpossibleScore {
        /// Black's points.
        black: u8,
        /// White's points.
        white: u8,
        /// The target.
        target: u8,
    },
    /// An opening field other than `@1` or `@2`.
    OpeningField {
        /// The field.
        text: String,
    },
    /// An opening field after free choice.
    OpeningFree {
        /// The field.
        text: String,
    },
    /// A field after the match score, or the opening field after it.
    Extra {
        /// The field.
        text: String,
    },
}

impl fmt::Display for PositionFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionFault::Fields { text } => write!(
                f,
                "expected 3 to 5 fields separated by single spaces (board, side to move, forced colour, optional opening plies, optional match score), found \"{text}\""
            ),
            PositionFault::Ranks { board, found } => write!(
                f,
                "board: expected {} ranks separated by / for the {board} board, found {found}",
                board.edge()
            ),
            PositionFault::TwoDigits { rank } => write!(
                f,
                "board, rank {rank}: two digits in a row; write a run of empty squares as one digit"
            ),
            PositionFault::BadRun { rank, run, size } => write!(
                f,
                "board, rank {rank}: \"{run}\" is not a run of 1 to {size} empty squares"
            ),
            PositionFault::PlusFirst { rank } => {
                write!(f, "board, rank {rank}: + must follow a tower letter")
            }
            PositionFault::TooManyTeeth { rank } => write!(
                f,
                "board, rank {rank}: a tower has at most {MAX_TEETH} teeth (+)"
            ),
            PositionFault::NotATower {
                rank,
                ch,
                board,
                letters,
            } => write!(
                f,
                "board, rank {rank}: \"{ch}\" is not a tower of the {board} board ({letters}, upper case for Black), a run of empty squares or +"
            ),
            PositionFault::RankFiles { rank, size, found } => write!(
                f,
                "board, rank {rank}: expected {size} files, found {found}"
            ),
            PositionFault::Side { found } => {
                write!(f, "side to move: expected b or w, found \"{found}\"")
            }
            PositionFault::ForcedLetter {
                text,
                board,
                letters,
            } => write!(
                f,
                "forced colour: \"{text}\" is not a colour letter of the {board} board ({letters})"
            ),
            PositionFault::ForcedDashStar => f.write_str(
                "forced colour: -* is not allowed; * follows the colour the pusher must move",
            ),
            PositionFault::Forced { text } => write!(
                f,
                "forced colour: expected - or one lower-case colour letter, optionally followed by *, found \"{text}\""
            ),
            PositionFault::Points { part, text } => write!(
                f,
                "match field: {} \"{text}\" is not a number of points",
                part.words()
            ),
            PositionFault::LeadingZero { part, text } => write!(
                f,
                "match field: {} \"{text}\" has a leading zero",
                part.words()
            ),
            PositionFault::ScoreShape { text } => write!(
                f,
                "match field: expected black-white/target like 2-1/7, found \"{text}\""
            ),
            PositionFault::ScorePoints { text } => write!(
                f,
                "match field: expected the score as black-white like 2-1, found \"{text}\""
            ),
            PositionFault::Target { found } => write!(
                f,
                "match field: the target must be 1, 3, 7 or 15, found {found}"
            ),
            PositionFault::ImpossibleScore {
                black,
                white,
                target,
            } => write!(
                f,
                "match field: the score {black}-{white} cannot occur in a match to {target}"
            ),
            PositionFault::OpeningField { text } => write!(
                f,
                "opening field: expected @1 or @2 (the plies of the round already played), found \"{text}\""
            ),
            PositionFault::OpeningFree { text } => write!(
                f,
                "opening field: {text} follows a forced colour only; a free choice (-) is always a round's first ply"
            ),
            PositionFault::Extra { text } => write!(
                f,
                "expected the opening field (@1, @2) before the match score, and nothing after the score; found \"{text}\""
            ),
        }
    }
}

fn fail<T>(fault: PositionFault) -> Result<T, ParsePositionError> {
    Err(ParsePositionError(fault))
}

fn parse_rank<B: Board>(
    text: &str,
    rank: i32,
    board: &mut [Option<Tower>],
) -> Result<(), ParsePositionError> {
    let label = rank + 1;
    let size = B::SIZE;
    let mut file = 0i32;
    let mut last_tower: Option<usize> = None;
    let mut chars = text.char_indices().peekable();
    while let Some((start, ch)) = chars.next() {
        match ch {
            '0'..='9' => {
                let mut end = start + 1;
                while let Some(&(i, c)) = chars.peek() {
                    if !c.is_ascii_digit() {
                        break;
                    }
                    end = i + 1;
                    chars.next();
                }
                let run = &text[start..end];
                let value: usize = run.parse().unwrap_or(usize::MAX);
                if run.len() > 1 && size < 10 {
                    return fail(PositionFault::TwoDigits { rank: label });
                }
                if run.starts_with('0') || value > size {
                    return fail(PositionFault::BadRun {
                        rank: label,
                        run: run.to_string(),
                        size,
                    });
                }
                file += value as i32;
                last_tower = None;
            }
            '+' => {
                let Some(index) = last_tower else {
                    return fail(PositionFault::PlusFirst { rank: label });
                };
                let tower = board[index].as_mut().expect("last tower was placed");
                if tower.teeth == MAX_TEETH {
                    return fail(PositionFault::TooManyTeeth { rank: label });
                }
                tower.teeth += 1;
            }
            _ => {
                let Some(colour) = Colour::from_letter(ch).filter(|&c| B::has_colour(c)) else {
                    return fail(PositionFault::NotATower {
                        rank: label,
                        ch,
                        board: B::KIND,
                        letters: letters::<B>(),
                    });
                };
                last_tower = None;
                if let Some(sq) = Square::<B>::at(file, rank) {
                    let side = if ch.is_ascii_uppercase() {
                        Side::Black
                    } else {
                        Side::White
                    };
                    board[sq.index()] = Some(Tower::new(side, colour));
                    last_tower = Some(sq.index());
                }
                file += 1;
            }
        }
    }
    if file != size as i32 {
        return fail(PositionFault::RankFiles {
            rank: label,
            size,
            found: file,
        });
    }
    Ok(())
}

fn parse_board<B: Board>(text: &str) -> Result<Vec<Option<Tower>>, ParsePositionError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != B::SIZE {
        return fail(PositionFault::Ranks {
            board: B::KIND,
            found: ranks.len(),
        });
    }
    let mut board = vec![None; B::SQUARES];
    for (i, rank_text) in ranks.iter().enumerate() {
        parse_rank::<B>(rank_text, B::SIZE as i32 - 1 - i as i32, &mut board)?;
    }
    Ok(board)
}

fn parse_forced<B: Board>(text: &str) -> Result<(Option<Colour>, bool), ParsePositionError> {
    if text == "-" {
        return Ok((None, false));
    }
    let (letter, pushed) = match text.strip_suffix('*') {
        Some(rest) => (rest, true),
        None => (text, false),
    };
    let mut chars = letter.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_lowercase() => {
            match Colour::from_letter(c).filter(|&c| B::has_colour(c)) {
                Some(colour) => Ok((Some(colour), pushed)),
                None => fail(PositionFault::ForcedLetter {
                    text: text.to_string(),
                    board: B::KIND,
                    letters: letters::<B>(),
                }),
            }
        }
        _ if letter == "-" => fail(PositionFault::ForcedDashStar),
        _ => fail(PositionFault::Forced {
            text: text.to_string(),
        }),
    }
}

fn parse_points(text: &str, part: ScorePart) -> Result<u8, ParsePositionError> {
    let points = || PositionFault::Points {
        part,
        text: text.to_string(),
    };
    if text.is_empty() || text.len() > 2 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return fail(points());
    }
    if text.len() > 1 && text.starts_with('0') {
        return fail(PositionFault::LeadingZero {
            part,
            text: text.to_string(),
        });
    }
    text.parse().map_err(|_| ParsePositionError(points()))
}

fn parse_score(text: &str) -> Result<Score, ParsePositionError> {
    let Some((points, target)) = text.split_once('/') else {
        return fail(PositionFault::ScoreShape {
            text: text.to_string(),
        });
    };
    let Some((black, white)) = points.split_once('-') else {
        return fail(PositionFault::ScorePoints {
            text: points.to_string(),
        });
    };
    let score = Score {
        black: parse_points(black, ScorePart::Black)?,
        white: parse_points(white, ScorePart::White)?,
        target: parse_points(target, ScorePart::Target)?,
    };
    if !Score::TARGETS.contains(&score.target) {
        return fail(PositionFault::Target {
            found: score.target,
        });
    }
    // A match ends at the round that reaches the target; that round scores at most 15.
    let limit = score.target - 1 + 15;
    if score.black.max(score.white) > limit || score.black.min(score.white) >= score.target {
        return fail(PositionFault::ImpossibleScore {
            black: score.black,
            white: score.white,
            target: score.target,
        });
    }
    Ok(score)
}

/// Reads the opening field, `@1` or `@2` (NOTATION.md), which may follow
/// only a forced colour: a free choice is always a round's first ply.
fn parse_opening(text: &str, forced: Option<Colour>) -> Result<u8, ParsePositionError> {
    let plies = match text {
        "@1" => 1,
        "@2" => 2,
        _ => {
            return fail(PositionFault::OpeningField {
                text: text.to_string(),
            });
        }
    };
    if forced.is_none() {
        return fail(PositionFault::OpeningFree {
            text: text.to_string(),
        });
    }
    Ok(plies)
}

impl<B: Board> FromStr for Setup<B> {
    type Err = ParsePositionError;

    /// Reads `board side forced [@plies] [score]`, fields separated by single spaces.
    fn from_str(s: &str) -> Result<Setup<B>, ParsePositionError> {
        let mut fields: Vec<&str> = s.split(' ').collect();
        if !(3..=5).contains(&fields.len()) || fields.iter().any(|f| f.is_empty()) {
            return fail(PositionFault::Fields {
                text: s.to_string(),
            });
        }
        let board = parse_board::<B>(fields[0])?;
        let side = match fields[1] {
            "b" => Side::Black,
            "w" => Side::White,
            other => {
                return fail(PositionFault::Side {
                    found: other.to_string(),
                });
            }
        };
        let (forced, pushed) = parse_forced::<B>(fields[2])?;
        let opening = match fields.get(3) {
            Some(t) if t.starts_with('@') => Some(parse_opening(t, forced)?),
            _ => None,
        };
        if opening.is_some() {
            fields.remove(3);
        }
        if let Some(extra) = fields.get(4) {
            return fail(PositionFault::Extra {
                text: extra.to_string(),
            });
        }
        let score = fields.get(3).map(|t| parse_score(t)).transpose()?;
        Ok(Setup {
            board,
            side,
            forced,
            pushed,
            opening,
            score,
            size: PhantomData,
        })
    }
}

impl<B: Board> Setup<B> {
    /// Writes the board field at the end of `text`, without the formatting
    /// machinery: a game's state writes its position after every move.
    fn push_board(&self, text: &mut String) {
        let count = |text: &mut String, empty: &mut u32| {
            // At most sixteen squares a rank: one or two digits.
            if *empty >= 10 {
                text.push(char::from(b'0' + (*empty / 10) as u8));
            }
            if *empty > 0 {
                text.push(char::from(b'0' + (*empty % 10) as u8));
            }
            *empty = 0;
        };
        for rank in (0..B::SIZE as i32).rev() {
            let mut empty = 0;
            for file in 0..B::SIZE as i32 {
                let sq = Square::<B>::at(file, rank).expect("on the board");
                match self.board[sq.index()] {
                    Some(tower) => {
                        count(text, &mut empty);
                        tower.push_text(text);
                    }
                    None => empty += 1,
                }
            }
            count(text, &mut empty);
            if rank > 0 {
                text.push('/');
            }
        }
    }

    /// Writes the whole text (NOTATION.md) at the end of `out`, without the
    /// formatting machinery.
    pub(crate) fn push_text(&self, out: &mut String) {
        self.push_board(out);
        out.push(' ');
        out.push(self.side.letter());
        out.push(' ');
        out.push(self.forced.map_or('-', Colour::letter));
        if self.pushed {
            out.push('*');
        }
        if let Some(plies) = self.opening {
            out.push_str(" @");
            push_number(out, plies);
        }
        if let Some(score) = self.score {
            out.push(' ');
            score.push_text(out);
        }
    }
}

impl<B: Board> fmt::Display for Setup<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = String::with_capacity(B::SIZE * (B::SIZE + 2) + 16);
        self.push_text(&mut text);
        f.write_str(&text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_what_and_where() {
        let cases = [
            ("obvpyrgn/8/8/8/8/8/8 b -", "expected 8 ranks"),
            (
                "obvpyrgn/8/8/8/8/8/8/NGRYPVBOo b -",
                "rank 1: expected 8 files, found 9",
            ),
            (
                "obvpyrgn/8/8/8/7/8/8/NGRYPVBO b -",
                "rank 4: expected 8 files, found 7",
            ),
            ("obvpyrgn/8/8/8/44/8/8/NGRYPVBO b -", "rank 4: two digits"),
            ("obvpyrgn/8/8/8/8/8/8/NGRYPVBx b -", "\"x\" is not a tower"),
            ("obvpyrgn/8/8/8/8/8/8/N++++GRYPVBO b -", "at most 3 teeth"),
            ("+obvpyrgn/8/8/8/8/8/8/NGRYPVBO b -", "+ must follow"),
            ("obvpyrgn/8/8/8/8/8/8/NGRYPVBO x -", "side to move"),
            ("obvpyrgn/8/8/8/8/8/8/NGRYPVBO b R", "forced colour"),
            ("obvpyrgn/8/8/8/8/8/8/NGRYPVBO b -*", "-* is not allowed"),
            ("obvpyrgn/8/8/8/8/8/8/NGRYPVBO b - 1-1/5", "1, 3, 7 or 15"),
            ("obvpyrgn/8/8/8/8/8/8/NGRYPVBO b - 3-3/3", "cannot occur"),
            ("obvpyrgn/8/8/8/8/8/8/NGRYPVBO  b -", "single spaces"),
            ("obvpyrgn/8/8/8/8/8/8/NGRYPVBO b - 1-1/3 x", "nothing after"),
            (
                "obvpyrgn/8/8/8/8/8/8/NGRYPVBO b - 1-1 x y z",
                "3 to 5 fields",
            ),
            ("obvpyrgn/8/8/8/8/8/6O1/NGRYPVB1 w o @3", "@1 or @2"),
            ("obvpyrgn/8/8/8/8/8/6O1/NGRYPVB1 w o @0", "@1 or @2"),
            ("obvpyrgn/8/8/8/8/8/8/NGRYPVBO b - @1", "free choice"),
            (
                "obvpyrgn/8/8/8/8/8/6O1/NGRYPVB1 w o 0-0/3 @1",
                "before the match score",
            ),
        ];
        for (text, needle) in cases {
            let e = text.parse::<Setup>().unwrap_err().to_string();
            assert!(e.contains(needle), "{text}: {e}");
        }
    }

    #[test]
    fn setup_round_trips() {
        for text in [
            "obvpyrgn/8/8/8/8/8/8/NGRYPVBO b -",
            "o+bvpyrgn/8/8/8/8/8/8/NG+++RYPVBO w r* 2-1/7",
            "obvpyrgn/8/8/8/8/8/8/NGRYPVBO b - 0-0/15",
            "obvpyrgn/8/8/8/8/8/6O1/NGRYPVB1 w o @1",
            "obvpyrgn/8/8/8/8/8/6O1/NGRYPVB1 w o @2 1-0/3",
        ] {
            assert_eq!(text.parse::<Setup>().unwrap().to_string(), text);
        }
    }
}
