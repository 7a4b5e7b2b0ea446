//! Position text as written (NOTATION.md), before any rule is checked.

use std::fmt;
use std::str::FromStr;

use std::marker::PhantomData;

use crate::geometry::{Board, Eight};
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

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}/{}", self.black, self.white, self.target)
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
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsePositionError(pub String);

impl fmt::Display for ParsePositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ParsePositionError {}

fn fail<T>(message: String) -> Result<T, ParsePositionError> {
    Err(ParsePositionError(message))
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
                    return fail(format!(
                        "board, rank {label}: two digits in a row; write a run of empty squares as one digit"
                    ));
                }
                if run.starts_with('0') || value > size {
                    return fail(format!(
                        "board, rank {label}: `{run}` is not a run of 1 to {size} empty squares"
                    ));
                }
                file += value as i32;
                last_tower = None;
            }
            '+' => {
                let Some(index) = last_tower else {
                    return fail(format!(
                        "board, rank {label}: `+` must follow a tower letter"
                    ));
                };
                let tower = board[index].as_mut().expect("last tower was placed");
                if tower.teeth == MAX_TEETH {
                    return fail(format!(
                        "board, rank {label}: a tower has at most {MAX_TEETH} teeth (`+`)"
                    ));
                }
                tower.teeth += 1;
            }
            _ => {
                let Some(colour) = Colour::from_letter(ch).filter(|&c| B::has_colour(c)) else {
                    return fail(format!(
                        "board, rank {label}: `{ch}` is not a tower of the {} board ({}, upper case for Black), a run of empty squares or `+`",
                        B::KIND,
                        letters::<B>()
                    ));
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
        return fail(format!(
            "board, rank {label}: expected {size} files, found {file}"
        ));
    }
    Ok(())
}

fn parse_board<B: Board>(text: &str) -> Result<Vec<Option<Tower>>, ParsePositionError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != B::SIZE {
        return fail(format!(
            "board: expected {} ranks separated by `/` for the {} board, found {}",
            B::SIZE,
            B::KIND,
            ranks.len()
        ));
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
                None => fail(format!(
                    "forced colour: `{text}` is not a colour letter of the {} board ({})",
                    B::KIND,
                    letters::<B>()
                )),
            }
        }
        _ if letter == "-" => fail(
            "forced colour: `-*` is not allowed; `*` follows the colour the pusher must move"
                .to_string(),
        ),
        _ => fail(format!(
            "forced colour: expected `-` or one lower-case colour letter, optionally followed by `*`, found `{text}`"
        )),
    }
}

fn parse_points(text: &str, what: &str) -> Result<u8, ParsePositionError> {
    if text.is_empty() || text.len() > 2 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return fail(format!(
            "match field: {what} `{text}` is not a number of points"
        ));
    }
    if text.len() > 1 && text.starts_with('0') {
        return fail(format!("match field: {what} `{text}` has a leading zero"));
    }
    text.parse()
        .map_err(|_| ParsePositionError(format!("match field: {what} `{text}` is not a number")))
}

fn parse_score(text: &str) -> Result<Score, ParsePositionError> {
    let Some((points, target)) = text.split_once('/') else {
        return fail(format!(
            "match field: expected `black-white/target` like `2-1/7`, found `{text}`"
        ));
    };
    let Some((black, white)) = points.split_once('-') else {
        return fail(format!(
            "match field: expected the score as `black-white` like `2-1`, found `{points}`"
        ));
    };
    let score = Score {
        black: parse_points(black, "Black's score")?,
        white: parse_points(white, "White's score")?,
        target: parse_points(target, "the target")?,
    };
    if !Score::TARGETS.contains(&score.target) {
        return fail(format!(
            "match field: the target must be 1, 3, 7 or 15, found {}",
            score.target
        ));
    }
    // A match ends at the round that reaches the target; that round scores at most 15.
    let limit = score.target - 1 + 15;
    if score.black.max(score.white) > limit || score.black.min(score.white) >= score.target {
        return fail(format!(
            "match field: the score {}-{} cannot occur in a match to {}",
            score.black, score.white, score.target
        ));
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
            return fail(format!(
                "opening field: expected `@1` or `@2` (the plies of the round already played), found `{text}`"
            ));
        }
    };
    if forced.is_none() {
        return fail(format!(
            "opening field: `{text}` follows a forced colour only; a free choice (`-`) is always a round's first ply"
        ));
    }
    Ok(plies)
}

impl<B: Board> FromStr for Setup<B> {
    type Err = ParsePositionError;

    /// Reads `board side forced [@plies] [score]`, fields separated by single spaces.
    fn from_str(s: &str) -> Result<Setup<B>, ParsePositionError> {
        let mut fields: Vec<&str> = s.split(' ').collect();
        if !(3..=5).contains(&fields.len()) || fields.iter().any(|f| f.is_empty()) {
            return fail(format!(
                "expected 3 to 5 fields separated by single spaces (board, side to move, forced colour, optional opening plies, optional match score), found `{s}`"
            ));
        }
        let board = parse_board::<B>(fields[0])?;
        let side = match fields[1] {
            "b" => Side::Black,
            "w" => Side::White,
            other => {
                return fail(format!(
                    "side to move: expected `b` or `w`, found `{other}`"
                ));
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
            return fail(format!(
                "expected the opening field (`@1`, `@2`) before the match score, and nothing after the score; found `{extra}`"
            ));
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
    /// Writes the board field (the top rank down to rank 1, each from file a).
    pub(crate) fn write_board(&self, f: &mut impl fmt::Write) -> fmt::Result {
        for rank in (0..B::SIZE as i32).rev() {
            let mut empty = 0;
            for file in 0..B::SIZE as i32 {
                let sq = Square::<B>::at(file, rank).expect("on the board");
                match self.board[sq.index()] {
                    Some(tower) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{tower}")?;
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank > 0 {
                f.write_char('/')?;
            }
        }
        Ok(())
    }
}

impl<B: Board> fmt::Display for Setup<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_board(f)?;
        write!(f, " {} ", self.side)?;
        match self.forced {
            Some(c) => write!(f, "{c}")?,
            None => f.write_str("-")?,
        }
        if self.pushed {
            f.write_str("*")?;
        }
        if let Some(plies) = self.opening {
            write!(f, " @{plies}")?;
        }
        if let Some(score) = self.score {
            write!(f, " {score}")?;
        }
        Ok(())
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
            ("obvpyrgn/8/8/8/8/8/8/NGRYPVBx b -", "`x` is not a tower"),
            ("obvpyrgn/8/8/8/8/8/8/N++++GRYPVBO b -", "at most 3 teeth"),
            ("+obvpyrgn/8/8/8/8/8/8/NGRYPVBO b -", "`+` must follow"),
            ("obvpyrgn/8/8/8/8/8/8/NGRYPVBO x -", "side to move"),
            ("obvpyrgn/8/8/8/8/8/8/NGRYPVBO b R", "forced colour"),
            ("obvpyrgn/8/8/8/8/8/8/NGRYPVBO b -*", "`-*`"),
            ("obvpyrgn/8/8/8/8/8/8/NGRYPVBO b - 1-1/5", "1, 3, 7 or 15"),
            ("obvpyrgn/8/8/8/8/8/8/NGRYPVBO b - 3-3/3", "cannot occur"),
            ("obvpyrgn/8/8/8/8/8/8/NGRYPVBO  b -", "single spaces"),
            ("obvpyrgn/8/8/8/8/8/8/NGRYPVBO b - 1-1/3 x", "nothing after"),
            (
                "obvpyrgn/8/8/8/8/8/8/NGRYPVBO b - 1-1 x y z",
                "3 to 5 fields",
            ),
            ("obvpyrgn/8/8/8/8/8/6O1/NGRYPVB1 w o @3", "`@1` or `@2`"),
            ("obvpyrgn/8/8/8/8/8/6O1/NGRYPVB1 w o @0", "`@1` or `@2`"),
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
