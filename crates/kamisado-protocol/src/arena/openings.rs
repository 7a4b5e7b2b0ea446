//! Openings: where each pair of games starts. A round is a first-player win,
//! so results mean something only over varied openings, each played with
//! both colours.
//!
//! A file of openings has one per line: moves from the start
//! (`d1-d6 f8-f3`), or a position without its match field, optionally
//! followed by `moves` and moves (`obvpyrgn/8/3Y4/8/8/8/8/NGR1PVBO w r moves f8-f3`).
//! Blank lines and lines starting with `#` are skipped.

use std::collections::HashSet;
use std::fmt;

use kamisado_core::geometry::{Board, Eight};
use kamisado_core::random::SplitMix64;
use kamisado_core::{Match, MatchState, Move, Position, Rules, Setup};

/// The fewest and the most random plies of a generated opening.
const RANDOM_PLIES: (u64, u64) = (2, 3);
/// Attempts per wanted opening before repeats are allowed.
const ATTEMPTS_PER_OPENING: usize = 50;

/// Where a pair of games starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening<B: Board = Eight> {
    /// The position the moves start from; the standard start when `None`.
    pub start: Option<Setup<B>>,
    /// Moves played from there, part of each game's record.
    pub moves: Vec<Move<B>>,
}

impl<B: Board> fmt::Display for Opening<B> {
    /// The form of an openings file's line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let moves: Vec<String> = self.moves.iter().map(Move::to_string).collect();
        match &self.start {
            None => f.write_str(&moves.join(" ")),
            Some(setup) if moves.is_empty() => write!(f, "{setup}"),
            Some(setup) => write!(f, "{setup} moves {}", moves.join(" ")),
        }
    }
}

impl<B: Board> Opening<B> {
    /// The match at the start of the opening, before its moves, with the score 0-0.
    ///
    /// # Errors
    /// When the position breaks the rules.
    pub fn first_position(&self, rules: Rules, target: u8) -> Result<Match<B>, String> {
        match &self.start {
            None => Match::new(rules, target).map_err(|e| e.to_string()),
            Some(setup) => {
                let mut setup = setup.clone();
                setup.score = Some(kamisado_core::Score {
                    black: 0,
                    white: 0,
                    target,
                });
                Match::from_setup(&setup, rules).map_err(|e| e.to_string())
            }
        }
    }

    /// The match after the opening's moves; the round must still be undecided.
    ///
    /// # Errors
    /// An invalid position, an illegal move, or a round already over.
    pub fn play(&self, rules: Rules, target: u8) -> Result<Match<B>, String> {
        let mut current = self.first_position(rules, target)?;
        for (i, &mv) in self.moves.iter().enumerate() {
            current
                .play(mv)
                .map_err(|e| format!("move {}: {e}", i + 1))?;
        }
        if current.state() != MatchState::Playing {
            return Err("the round is already over".to_string());
        }
        Ok(current)
    }
}

/// Reads an openings file and checks every opening under the rules.
///
/// # Errors
/// The first bad line, with its number, or a file with no opening.
pub fn parse_openings<B: Board>(
    text: &str,
    rules: Rules,
    target: u8,
) -> Result<Vec<Opening<B>>, String> {
    let mut openings = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let opening = parse_line(line)
            .and_then(|o| o.play(rules, target).map(|_| o))
            .map_err(|e| format!("openings line {}: {e}", i + 1))?;
        openings.push(opening);
    }
    if openings.is_empty() {
        return Err("the openings file has no opening".to_string());
    }
    Ok(openings)
}

/// One line of an openings file.
fn parse_line<B: Board>(line: &str) -> Result<Opening<B>, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let (start, rest) = if words[0].contains('/') {
        let end = words
            .iter()
            .position(|&w| w == "moves")
            .unwrap_or(words.len());
        let setup: Setup<B> = words[..end]
            .join(" ")
            .parse()
            .map_err(|e| format!("bad position: {e}"))?;
        if setup.score.is_some() {
            return Err(
                "an opening's position has no match field: the arena starts every game at 0-0"
                    .to_string(),
            );
        }
        (
            Some(setup),
            words[end..].strip_prefix(&["moves"]).unwrap_or(&[]),
        )
    } else {
        (None, words.strip_prefix(&["moves"]).unwrap_or(&words))
    };
    let moves = rest
        .iter()
        .map(|w| w.parse::<Move<B>>().map_err(|e| e.to_string()))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Opening { start, moves })
}

/// `count` openings of 2 or 3 random plies from the start, chosen from
/// `seed`, none of them decided at once (the side to move cannot win with
/// its next move) and, while enough can be found, no two alike.
pub fn random_openings<B: Board>(seed: u64, count: usize, rules: Rules) -> Vec<Opening<B>> {
    let mut random = SplitMix64::new(seed);
    let mut seen = HashSet::new();
    let mut openings = Vec::with_capacity(count);
    let mut attempts = 0;
    while openings.len() < count {
        attempts += 1;
        let Some(moves) = random_line(&mut random, rules) else {
            continue;
        };
        let fresh = seen.insert(moves.clone());
        if fresh || attempts > ATTEMPTS_PER_OPENING * count {
            openings.push(Opening { start: None, moves });
        }
    }
    openings
}

/// A few random plies from the start, or `None` when they lead to a decided position.
fn random_line<B: Board>(random: &mut SplitMix64, rules: Rules) -> Option<Vec<Move<B>>> {
    let plies = RANDOM_PLIES.0 + random.below(RANDOM_PLIES.1 - RANDOM_PLIES.0 + 1);
    let mut position = Position::<B>::start_with(rules);
    let mut moves = Vec::new();
    for _ in 0..plies {
        let legal = position.legal_moves();
        if legal.is_empty() {
            return None;
        }
        let mv = *random.pick(&legal);
        position = position.play_unchecked(mv);
        moves.push(mv);
    }
    (!decided(&position)).then_some(moves)
}

/// Whether the round is over or the side to move wins with its next move.
fn decided<B: Board>(position: &Position<B>) -> bool {
    if position.is_over() {
        return true;
    }
    let side = position.side_to_move();
    position.legal_moves().iter().any(|&mv| {
        position
            .play_unchecked(mv)
            .outcome()
            .is_some_and(|o| o.winner == side)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_openings_are_reproducible_and_undecided() {
        let a = random_openings::<Eight>(7, 20, Rules::STANDARD);
        assert_eq!(a, random_openings(7, 20, Rules::STANDARD));
        assert_ne!(a, random_openings(8, 20, Rules::STANDARD));
        for opening in &a {
            assert!((2..=3).contains(&opening.moves.len()));
            let m = opening.play(Rules::STANDARD, 1).unwrap();
            assert!(!decided(m.position()), "{opening}");
        }
        let distinct: HashSet<_> = a.iter().map(|o| o.moves.clone()).collect();
        assert_eq!(distinct.len(), a.len());
    }

    #[test]
    fn an_openings_file_reads_moves_and_positions() {
        let text = "# openings\n\nd1-d6 f8-f3\nobvpyrgn/8/3Y4/8/8/8/8/NGR1PVBO w r moves f8-f3\nobvpyrgn/8/3Y4/8/8/8/8/NGR1PVBO w r\n";
        let openings = parse_openings::<Eight>(text, Rules::STANDARD, 3).unwrap();
        assert_eq!(openings.len(), 3);
        assert_eq!(openings[0].to_string(), "d1-d6 f8-f3");
        assert_eq!(
            openings[1].to_string(),
            "obvpyrgn/8/3Y4/8/8/8/8/NGR1PVBO w r moves f8-f3"
        );
        assert!(openings[2].moves.is_empty());
    }

    #[test]
    fn bad_openings_say_which_line() {
        let bad = |text: &str| parse_openings::<Eight>(text, Rules::STANDARD, 1).unwrap_err();
        assert!(bad("d1-d6\nd1-d9\n").starts_with("openings line 2:"));
        assert!(bad("d1-d6 d1-d5\n").contains("move 2"));
        assert!(bad("b1-b6 d8-d7 b6-d8\n").contains("already over"));
        assert!(bad("obvpyrgn/8/8/8/8/8/8/NGRYPVBO b - 0-0/3\n").contains("match field"));
        assert!(bad("# nothing\n").contains("no opening"));
    }
}
