//! The board drawn in the terminal, in its colours or in plain text.

use std::fmt::Write;

use kamisado_core::geometry::{Board, colour_of};
use kamisado_core::story::player;
use kamisado_core::{Colour, Match, MatchState, Position, Side, Square};

/// The mark that tells the sides apart without colour.
fn side_mark(side: Side) -> char {
    match side {
        Side::Black => '●',
        Side::White => '○',
    }
}

/// A background for each colour, chosen to keep them apart; ivory and
/// charcoal differ from the rest, and from each other, by lightness.
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
        Colour::Ivory => (238, 232, 213),
        Colour::Charcoal => (55, 55, 60),
    }
}

fn cell<B: Board>(p: &Position<B>, sq: Square<B>, colour: bool) -> String {
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

/// Draws a position: the top rank down to rank 1, files from a, Gold at the top.
pub fn draw<B: Board>(p: &Position<B>, colour: bool) -> String {
    let mut out = String::new();
    let files: String = (0..B::SIZE)
        .map(|f| format!("   {}    ", (b'a' + f as u8) as char))
        .collect();
    // Rank numbers take two columns on the 10×10 board.
    let width = if B::SIZE >= 10 { 2 } else { 1 };
    let margin = " ".repeat(width + 1);
    let _ = writeln!(out, "{margin}{}", files.trim_end());
    let top = B::SIZE as i32 - 1;
    for rank in (0..=top).rev() {
        let _ = write!(out, "{:>width$} ", rank + 1);
        for file in 0..=top {
            let sq = Square::<B>::at(file, rank).expect("on the board");
            out.push_str(&cell(p, sq, colour));
        }
        let label = if rank == top {
            "  Gold ○"
        } else if rank == 0 {
            "  Black ●"
        } else {
            ""
        };
        let _ = writeln!(out, " {}{label}", rank + 1);
    }
    let _ = writeln!(out, "{margin}{}", files.trim_end());
    out.push_str(&status(p));
    out
}

/// One line about whose turn it is, or how the round ended.
pub fn status<B: Board>(p: &Position<B>) -> String {
    if let Some(outcome) = p.outcome() {
        let how = match outcome.ending {
            kamisado_core::Ending::HomeRow => "a tower reached the home row",
            kamisado_core::Ending::Deadlock => "deadlock: the last real mover loses",
        };
        return format!("Round over: {} wins ({how}).\n", player(outcome.winner));
    }
    let side = player(p.side_to_move());
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
pub fn draw_match<B: Board>(m: &Match<B>, colour: bool) -> String {
    let mut out = draw(m.position(), colour);
    let s = m.score();
    if s.target > 1 {
        let _ = writeln!(
            out,
            "Round {}. Score: Black {} - Gold {} (playing to {}).",
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
                player(winner)
            );
        }
        MatchState::Over { winner } => {
            let _ = writeln!(out, "{} wins the match.", player(winner));
        }
        MatchState::Playing => {}
    }
    out
}

/// The key to the symbols, for players who read the board without colour.
pub fn legend<B: Board>() -> String {
    let names: Vec<String> = B::COLOURS
        .iter()
        .map(|c| format!("{} {}", c.letter(), c.name()))
        .collect();
    format!(
        "Squares: {}.\nTowers: ● Black (upper case), ○ Gold (lower case); + a dragon's tooth; [ ] the tower that must move.\n",
        names.join(", ")
    )
}
