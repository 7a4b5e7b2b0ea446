//! Puzzles: positions of a single round in which exactly one move wins,
//! found by seeded random play and proven by the solver (every legal move's
//! value is proven, so the winning move is known to be the only one).

use std::sync::atomic::AtomicBool;

use kamisado_core::geometry::Board;
use kamisado_core::random::SplitMix64;
use kamisado_core::{Move, Position, Rules};

use crate::{Engine, EngineBoard, Value};

/// A position in which exactly one move wins, with its proof's line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle<B: Board> {
    /// The position, the solver's side to move.
    pub position: Position<B>,
    /// The winning move, then the proven line to the round's end (the
    /// loser's longest defence, the winner's fastest win).
    pub line: Vec<Move<B>>,
    /// Plies to the win with best play, the winning move included.
    pub plies: u32,
    /// Legal moves in the position.
    pub moves: usize,
    /// Legal moves that do not lose at once (after which the opponent
    /// cannot win with their next move): the moves a player might try.
    pub plausible: usize,
    /// The difficulty, 1 to 5: by the length of the win, 1 for a win in 1
    /// to 3 plies, then one more for every 4 plies (5 from 16 on); one
    /// easier when at most 2 moves look plausible (do not lose at once),
    /// one harder when 6 or more do.
    pub grade: u8,
}

/// What makes a puzzle and how hard the solver may try.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PuzzleSettings {
    /// Nodes the solver may spend proving each move's value.
    pub nodes: u64,
    /// The shortest win a puzzle may have, in plies.
    pub min_plies: u32,
    /// The longest win a puzzle may have, in plies.
    pub max_plies: u32,
}

impl Default for PuzzleSettings {
    /// 200,000 nodes a move; wins in 3 to 21 plies.
    fn default() -> PuzzleSettings {
        PuzzleSettings {
            nodes: 200_000,
            min_plies: 3,
            max_plies: 21,
        }
    }
}

/// The grade of a win in `plies` with `plausible` moves that do not lose
/// at once: by the length (1 up to 3 plies, one more for every 4, 5 from 16
/// on), one easier when at most 2 moves look plausible, one harder when 6
/// or more do, within 1 to 5.
fn grade(plies: u32, plausible: usize) -> u8 {
    let by_length: u8 = match plies {
        0..=3 => 1,
        4..=7 => 2,
        8..=11 => 3,
        12..=15 => 4,
        _ => 5,
    };
    match plausible {
        0..=2 => by_length.saturating_sub(1).max(1),
        3..=5 => by_length,
        _ => (by_length + 1).min(5),
    }
}

impl Engine {
    /// The puzzle in `pos`, if it is one: every legal move's value proven
    /// within the settings' nodes, exactly one of them a win, in as many
    /// plies as the settings allow. Each proof starts from an empty table,
    /// so the answer depends on the position alone.
    pub fn puzzle_at<B: EngineBoard>(
        &mut self,
        pos: &Position<B>,
        settings: PuzzleSettings,
        stop: &AtomicBool,
    ) -> Option<Puzzle<B>> {
        if pos.is_over() {
            return None;
        }
        let side = pos.side_to_move();
        let moves = pos.legal_moves();
        if moves.len() < 2 {
            return None;
        }
        let mut winner: Option<(Move<B>, u32, Vec<Move<B>>)> = None;
        let mut plausible = 0;
        for &mv in &moves {
            let child = pos.play(mv).ok()?;
            // The move's value for the mover, with the line after it.
            let (wins_in, loses_at_once, line) = match child.outcome() {
                Some(outcome) if outcome.winner == side => (Some(1), false, Vec::new()),
                Some(_) => (None, true, Vec::new()),
                None => {
                    self.clear();
                    let result = self.solve_nodes(&child, settings.nodes, stop)?;
                    // After a push the pusher moves again (R13).
                    let same_side = child.side_to_move() == side;
                    match result.value.before_move(same_side) {
                        Value::Win(p) => (Some(p), false, result.line),
                        Value::Loss(p) => (None, p == 2 && !same_side, Vec::new()),
                        Value::Score(_) => return None,
                    }
                }
            };
            if !loses_at_once {
                plausible += 1;
            }
            if let Some(plies) = wins_in {
                if winner.is_some() {
                    return None;
                }
                winner = Some((mv, plies, line));
            }
        }
        let (mv, plies, rest) = winner?;
        if !(settings.min_plies..=settings.max_plies).contains(&plies) {
            return None;
        }
        let mut line = vec![mv];
        line.extend(rest);
        Some(Puzzle {
            position: *pos,
            line,
            plies,
            moves: moves.len(),
            plausible,
            grade: grade(plies, plausible),
        })
    }

    /// Up to `count` puzzles of standard single rounds on board `B`, from
    /// positions reached by random legal moves from the start (2 to 23 of
    /// them), seeded by `seed`: the same seed finds the same puzzles. Gives
    /// up after 200 positions tried per puzzle asked for. `progress` is told
    /// the puzzles found and the positions tried so far.
    pub fn find_puzzles<B: EngineBoard>(
        &mut self,
        count: usize,
        seed: u64,
        settings: PuzzleSettings,
        stop: &AtomicBool,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Vec<Puzzle<B>> {
        let mut rng = SplitMix64::new(seed);
        let mut found: Vec<Puzzle<B>> = Vec::new();
        let tries = count.saturating_mul(200);
        for tried in 1..=tries {
            if found.len() >= count || stop.load(std::sync::atomic::Ordering::Relaxed) {
                break;
            }
            let Some(pos) = random_position::<B>(&mut rng) else {
                continue;
            };
            if found.iter().any(|p| p.position == pos) {
                continue;
            }
            if let Some(puzzle) = self.puzzle_at(&pos, settings, stop) {
                found.push(puzzle);
            }
            progress(found.len(), tried);
        }
        found
    }
}

/// A position of a standard round after 2 to 23 random legal moves from
/// the start, in every other one with a sumo on each side (as a later round
/// of a match has: a tower of each side given a dragon's tooth before the
/// first move); none when the round ended on the way.
fn random_position<B: Board>(rng: &mut SplitMix64) -> Option<Position<B>> {
    let mut pos = Position::<B>::start_with(Rules::STANDARD);
    if rng.below(2) == 0 {
        pos = with_sumos(&pos, rng)?;
    }
    let plies = 2 + rng.below(22);
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() || pos.is_over() {
            return None;
        }
        pos = pos.play(*rng.pick(&moves)).ok()?;
        if pos.is_over() {
            return None;
        }
    }
    Some(pos)
}

/// The position with one random tower of each side made a sumo, written
/// and read back in notation (a `+` after its letter).
fn with_sumos<B: Board>(pos: &Position<B>, rng: &mut SplitMix64) -> Option<Position<B>> {
    let text = pos.to_string();
    let (board, rest) = text.split_once(' ')?;
    let letters = |upper: bool| -> Vec<usize> {
        board
            .char_indices()
            .filter(|(_, c)| c.is_ascii_alphabetic() && c.is_ascii_uppercase() == upper)
            .map(|(i, _)| i)
            .collect()
    };
    let black = *rng.pick(&letters(true));
    let white = *rng.pick(&letters(false));
    let mut marked = String::with_capacity(board.len() + 2);
    for (i, c) in board.char_indices() {
        marked.push(c);
        if i == black || i == white {
            marked.push('+');
        }
    }
    format!("{marked} {rest}").parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use kamisado_core::geometry::Eight;

    /// The value of `pos` for the side to move by full-width search to
    /// `depth` plies: `Some(true)` a win, `Some(false)` a loss, `None` when
    /// the round does not end within the depth on every line.
    fn brute(pos: &Position<Eight>, depth: u32) -> Option<bool> {
        if let Some(outcome) = pos.outcome() {
            return Some(outcome.winner == pos.side_to_move());
        }
        if depth == 0 {
            return None;
        }
        let mut all_lose = true;
        for &mv in &pos.legal_moves() {
            let child = pos.play(mv).unwrap();
            // The mover's result: the child's, after a push (R13), else its opposite.
            let same_side = child.side_to_move() == pos.side_to_move();
            match brute(&child, depth - 1).map(|won| won == same_side) {
                Some(true) => return Some(true),
                Some(false) => {}
                None => all_lose = false,
            }
        }
        all_lose.then_some(false)
    }

    #[test]
    fn puzzles_have_one_winning_move_and_the_same_seed_finds_the_same() {
        let stop = AtomicBool::new(false);
        let settings = PuzzleSettings::default();
        let mut engine = Engine::new(16);
        let puzzles = engine.find_puzzles::<Eight>(4, 7, settings, &stop, &mut |_, _| {});
        assert_eq!(puzzles.len(), 4, "four puzzles within the tries");
        let again = Engine::new(16).find_puzzles::<Eight>(4, 7, settings, &stop, &mut |_, _| {});
        assert_eq!(puzzles, again);
        for p in &puzzles {
            assert!((3..=21).contains(&p.plies), "{p:?}");
            assert_eq!(
                p.line.len() as u32,
                p.plies,
                "the line runs to the round's end"
            );
            // The line is legal and ends the round with a win for the solver's side.
            let mut pos = p.position;
            for &mv in &p.line {
                pos = pos.play(mv).unwrap();
            }
            assert_eq!(
                pos.outcome().map(|o| o.winner),
                Some(p.position.side_to_move())
            );
            // Every other move is proven not to win.
            let mut winning = 0;
            for &mv in &p.position.legal_moves() {
                let child = p.position.play(mv).unwrap();
                engine.clear();
                // The move's value for its mover.
                let same_side = child.side_to_move() == p.position.side_to_move();
                let value = match child.outcome() {
                    Some(o) if o.winner == p.position.side_to_move() => Value::Win(1),
                    Some(_) => Value::Loss(1),
                    None => engine
                        .solve_nodes(&child, 4_000_000, &stop)
                        .unwrap()
                        .value
                        .before_move(same_side),
                };
                if matches!(value, Value::Win(_)) {
                    winning += 1;
                    assert_eq!(mv, p.line[0]);
                }
            }
            assert_eq!(winning, 1, "{p:?}");
            assert!(p.plausible >= 1 && p.plausible <= p.moves);
        }
    }

    #[test]
    fn a_short_puzzle_agrees_with_brute_force() {
        let stop = AtomicBool::new(false);
        let settings = PuzzleSettings {
            max_plies: 5,
            ..PuzzleSettings::default()
        };
        let mut engine = Engine::new(16);
        let puzzles = engine.find_puzzles::<Eight>(3, 11, settings, &stop, &mut |_, _| {});
        assert!(!puzzles.is_empty(), "short puzzles are found");
        for p in &puzzles {
            let winners: Vec<_> = p
                .position
                .legal_moves()
                .iter()
                .copied()
                .filter(|&mv| {
                    let child = p.position.play(mv).unwrap();
                    let same_side = child.side_to_move() == p.position.side_to_move();
                    brute(&child, p.plies - 1).map(|won| won == same_side) == Some(true)
                })
                .collect();
            assert_eq!(winners, vec![p.line[0]], "{p:?}");
        }
    }

    #[test]
    fn grades_follow_the_length_of_the_win_and_the_tempting_moves() {
        assert_eq!(
            [1, 3, 4, 7, 8, 11, 12, 15, 16, 21].map(|p| grade(p, 4)),
            [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
        );
        assert_eq!([3, 8, 21].map(|p| grade(p, 2)), [1, 2, 4]);
        assert_eq!([3, 8, 21].map(|p| grade(p, 6)), [2, 4, 5]);
    }

    #[test]
    fn some_puzzles_have_sumos() {
        let stop = AtomicBool::new(false);
        let mut engine = Engine::new(16);
        let puzzles =
            engine.find_puzzles::<Eight>(8, 3, PuzzleSettings::default(), &stop, &mut |_, _| {});
        assert_eq!(puzzles.len(), 8);
        let with_sumo = puzzles
            .iter()
            .filter(|p| p.position.to_string().contains('+'))
            .count();
        assert!(with_sumo > 0 && with_sumo < 8, "{with_sumo} of 8");
    }
}
