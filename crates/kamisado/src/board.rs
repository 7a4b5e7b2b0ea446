//! The board drawn in the terminal, in its eight colours or in plain text.

use std::fmt::Write;

use kamisado_core::geometry::{SIZE, colour_of};
use kamisado_core::{Colour, Match, MatchState, Position, Side, Square};

/// The mark that tells the sides apart without colour.
fn side_mark(side: Side) -> char {
    match side {
        Side::Black => '●',
        Side::White => '○',
    }
}

/// A background for each colour, chosen to keep the eight apart.
fn rgb(colour: Colour) -> (u8, u8, u8) {
    match colour {
        Colour::Orange => (242, 133, 0),
        Colour::Blue => (30, 100, 220),
        Colour::Purple => (120, 60, 170),
        Colour::Pink => (240, 130, 180),
        Colour::Yellow => (245, 215, 40),
        Colour::Red => (210, 35, 40),
        Colour::Green => (40, 150, 70),
        Colour::Brown => (120, 75, 40),
    }
}

fn cell(p: &Position, sq: Square, colour: bool) -> String {
    let square_colour = colour_of(sq);
    let forced = p.forced_tower().map(|(at, _)| at) == Some(sq);
    let (open, close) = if forced { ('[', ']') } else { (' ', ' ') };
    let body = match p.tower_at(sq) {
        Some(t) => {
            let letter = match t.side {
                Side::Black => t.colour.letter().to_ascii_uppercase(),
                Side::White => t.colour.letter(),
            };
            let teeth = "+".repeat(t.teeth as usize);
            format!("{open}{}{letter}{teeth:<3}{close}", side_mark(t.side))
        }
        None => " ".repeat(7),
    };
    let text = format!("{}{body}", square_colour.letter());
    if !colour {
        return text;
    }
    let (r, g, b) = rgb(square_colour);
    let tower_fg = match p.tower_at(sq).map(|t| t.side) {
        Some(Side::Black) => "\x1b[1;38;2;0;0;0m",
        Some(Side::White) => "\x1b[1;38;2;255;255;255m",
        None => "",
    };
    format!(
        "\x1b[48;2;{r};{g};{b}m\x1b[2m{}\x1b[22m{tower_fg}{body}\x1b[0m",
        square_colour.letter()
    )
}

/// Draws a position: ranks 8 to 1, files a to h, White (Gold) at the top.
pub fn draw(p: &Position, colour: bool) -> String {
    let mut out = String::new();
    let files: String = (0..SIZE)
        .map(|f| format!("   {}    ", (b'a' + f as u8) as char))
        .collect();
    let _ = writeln!(out, "  {}", files.trim_end());
    for rank in (0..SIZE as i32).rev() {
        let _ = write!(out, "{} ", rank + 1);
        for file in 0..SIZE as i32 {
            let sq = Square::at(file, rank).expect("on the board");
            out.push_str(&cell(p, sq, colour));
        }
        let label = match rank {
            7 => "  White (Gold) ○",
            0 => "  Black ●",
            _ => "",
        };
        let _ = writeln!(out, " {}{label}", rank + 1);
    }
    let _ = writeln!(out, "  {}", files.trim_end());
    out.push_str(&status(p));
    out
}

/// One line about whose turn it is, or how the round ended.
pub fn status(p: &Position) -> String {
    if let Some(outcome) = p.outcome() {
        let how = match outcome.ending {
            kamisado_core::Ending::HomeRow => "a tower reached the home row",
            kamisado_core::Ending::Deadlock => "deadlock: the last real mover loses",
        };
        return format!("Round over: {} wins ({how}).\n", outcome.winner.name());
    }
    let side = p.side_to_move().name();
    let pushed = if p.just_pushed() {
        " again, after a push"
    } else {
        ""
    };
    match p.forced_tower() {
        None => format!("{side} to move{pushed}, any tower.\n"),
        Some((sq, t)) => format!(
            "{side} to move{pushed}: the {} {} on {sq} [marked].\n",
            t.colour.name(),
            t.rank_name()
        ),
    }
}

/// Draws a match: the board, the score and what happens next.
pub fn draw_match(m: &Match, colour: bool) -> String {
    let mut out = draw(m.position(), colour);
    let s = m.score();
    if s.target > 1 {
        let _ = writeln!(
            out,
            "Round {}. Score: Black {} - White {} (playing to {}).",
            m.round(),
            s.black,
            s.white,
            s.target
        );
    }
    match m.state() {
        MatchState::AwaitingFill { winner } => {
            let _ = writeln!(
                out,
                "{} chooses to fill from the left or the right.",
                winner.name()
            );
        }
        MatchState::Over { winner } => {
            let _ = writeln!(out, "{} wins the match.", winner.name());
        }
        MatchState::Playing => {}
    }
    out
}

/// The key to the symbols, for players who read the board without colour.
pub fn legend() -> String {
    let names: Vec<String> = Colour::ALL
        .iter()
        .map(|c| format!("{} {}", c.letter(), c.name()))
        .collect();
    format!(
        "Squares: {}.\nTowers: ● Black (upper case), ○ White (lower case); + a dragon's tooth; [ ] the tower that must move.\n",
        names.join(", ")
    )
}
