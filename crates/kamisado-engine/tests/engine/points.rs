//! The points-exact solver against a brute-force minimax over the match
//! outcome scale, and on positions built to tell it from the win/loss solver.

use crate::common;

use common::NEVER;
use kamisado_core::geometry::Six;
use kamisado_core::random::SplitMix64;
use kamisado_core::{Fill, Match, MatchState, Move, Rules, Setup};
use kamisado_engine::{Engine, MatchValue, Value};

/// The value of a finished round for `side`, from its result and the match after it.
fn finished(
    m: &Match,
    winner: kamisado_core::Side,
    points: u8,
    side: kamisado_core::Side,
) -> MatchValue {
    let ends = matches!(m.state(), MatchState::Over { .. });
    match (winner == side, ends) {
        (true, true) => MatchValue::WinsMatch,
        (true, false) => MatchValue::Wins(points),
        (false, true) => MatchValue::LosesMatch,
        (false, false) => MatchValue::Loses(points),
    }
}

/// Bounds on the value of the round being played in `m` for its side to
/// move, by minimax over every line `depth` plies deep, played through
/// [`Match::play`] (nothing is known below the horizon). Equal bounds are the
/// exact value.
fn brute_force(m: &Match, depth: u32) -> (MatchValue, MatchValue) {
    let side = m.position().side_to_move();
    let mut best = (MatchValue::LosesMatch, MatchValue::LosesMatch);
    for &mv in m.position().legal_moves().iter() {
        let mut next = m.clone();
        let (lo, hi) = match next.play(mv).expect("a legal move") {
            Some(round) => {
                let value = finished(&next, round.winner, round.points, side);
                (value, value)
            }
            None if depth <= 1 => (MatchValue::LosesMatch, MatchValue::WinsMatch),
            None => {
                let (lo, hi) = brute_force(&next, depth - 1);
                if next.position().side_to_move() == side {
                    (lo, hi)
                } else {
                    (hi.for_opponent(), lo.for_opponent())
                }
            }
        };
        best = (best.0.max(lo), best.1.max(hi));
    }
    best
}

fn match_at(text: &str) -> Match {
    let setup: Setup = text.parse().unwrap();
    Match::from_setup(&setup, Rules::STANDARD).unwrap()
}

/// Plays `line` in `m` and returns the value of the round's end for the side
/// to move in `m`.
fn line_value(m: &Match, line: &[Move]) -> Option<MatchValue> {
    let side = m.position().side_to_move();
    let mut next = m.clone();
    for &mv in line {
        if let Some(round) = next.play(mv).unwrap() {
            return Some(finished(&next, round.winner, round.points, side));
        }
    }
    None
}

/// Towers with one, two and three teeth on both sides, so that rounds end
/// with different points.
const SUMO_START: &str = "ob+v++pyr+gn+++/8/8/8/8/8/8/N+++GR+YP++VBO+ b -";

/// Positions late in rounds between sumos, by random play from
/// [`SUMO_START`] under several scores, which brute force settles.
fn settled_positions(count: usize, depth: u32, seed: u64) -> Vec<(Match, MatchValue)> {
    let scores = ["0-0/7", "5-0/7", "2-4/7", "0-0/15", "12-10/15", "1-1/3"];
    let mut rng = SplitMix64::new(seed);
    let mut found = Vec::new();
    let mut tries = 0;
    while found.len() < count {
        tries += 1;
        assert!(tries < 50 * count, "too few settled positions");
        let score = scores[rng.below(scores.len() as u64) as usize];
        let mut m = match_at(&format!("{SUMO_START} {score}"));
        let plies = 8 + rng.below(24);
        let mut over = false;
        for _ in 0..plies {
            let moves = m.position().legal_moves();
            if m.play(*rng.pick(&moves)).unwrap().is_some() {
                over = true;
                break;
            }
        }
        if over {
            continue;
        }
        let (lo, hi) = brute_force(&m, depth);
        if lo == hi {
            found.push((m, lo));
        }
    }
    found
}

#[test]
fn points_values_agree_with_brute_force_on_sumo_positions() {
    let mut engine = Engine::new(8);
    let mut kinds = std::collections::HashSet::new();
    let mut differ = 0;
    for (m, value) in settled_positions(300, 6, 11) {
        engine.clear();
        let solution = engine.solve_match(&m, &NEVER).expect("never stopped");
        let fastest = engine.solve(m.position(), &NEVER).expect("never stopped");
        if line_value(&m, &fastest.line) != Some(value) {
            differ += 1;
        }
        assert_eq!(solution.value, value, "{m}");
        assert_eq!(line_value(&m, &solution.line), Some(value), "{m}: line");
        assert_eq!(
            solution.value.wins(),
            matches!(solution.round, Value::Win(_))
        );
        kinds.insert(value);
    }
    // The sample holds more than who wins: points and match ends on both sides.
    assert!(kinds.len() >= 5, "{kinds:?}");
    // And positions where the fastest win (or longest defence) ends worse.
    assert!(
        differ >= 10,
        "only {differ} positions where points change the line"
    );
}

/// Black must move its plain purple tower on b5, which can reach the home
/// row at once (1 point); b5-b6 instead leads to a win in 3 plies with the
/// pink double sumo on e7 (7 points).
const SLOW_DOUBLE: &str = "3py3/3v++P++2n+++/8/1V6/4Y3/R+4B1O+/oGb+r+3g/N+++7 b v";

#[test]
fn a_slower_win_that_scores_more_is_preferred_to_the_fastest() {
    let mut engine = Engine::new(8);
    for (score, value) in [
        ("0-0/15", MatchValue::Wins(7)),
        ("8-0/15", MatchValue::WinsMatch),
    ] {
        let m = match_at(&format!("{SLOW_DOUBLE} {score}"));
        // The fastest win is at once, by the plain orange tower.
        let fastest = engine.solve(m.position(), &NEVER).unwrap();
        assert_eq!(fastest.value, Value::Win(1));
        assert_eq!(line_value(&m, &fastest.line), Some(MatchValue::Wins(1)));
        assert_eq!(brute_force(&m, 6), (value, value), "{score}");
        engine.clear();
        let solution = engine.solve_match(&m, &NEVER).unwrap();
        assert_eq!(solution.value, value, "{score}");
        assert_eq!(solution.round, Value::Win(1));
        assert_eq!(solution.best.unwrap().to_string(), "b5-b6", "{score}");
        assert_eq!(solution.line.len(), 3);
        assert_eq!(line_value(&m, &solution.line), Some(value));
        let end = solution.end.unwrap();
        assert_eq!(
            (end.tower, end.points),
            (Some(kamisado_core::Colour::Pink), 7)
        );
        let promoted = solution.promoted().unwrap();
        assert_eq!(
            (promoted.colour, promoted.teeth),
            (kamisado_core::Colour::Pink, 3)
        );
    }
}

#[test]
fn level_6_plays_the_win_that_scores_most() {
    for score in ["0-0/15", "8-0/15"] {
        let m = match_at(&format!("{SLOW_DOUBLE} {score}"));
        let mv = Engine::new(8).choose_move(&m, 6, 1).unwrap();
        assert_eq!(mv.to_string(), "b5-b6", "{score}");
    }
}

/// A 6×6 match to 15 after a round: the starter of the next round (who lost
/// this one) wins that round whichever the fill, but with the fill from the
/// left by 3 points and from the right by 1.
const FILL_MATTERS: &str = "gp2O+b+/1Y2B1/2n3/6/y2o+2/P++1G+1N+1 w g 7-2/15";

#[test]
fn level_6_fills_so_that_the_next_round_scores_least_for_the_starter() {
    let setup: Setup<Six> = FILL_MATTERS.parse().unwrap();
    let m = Match::from_setup(&setup, Rules::STANDARD).unwrap();
    let MatchState::AwaitingFill { winner } = m.state() else {
        panic!("a round is over in {FILL_MATTERS}");
    };
    let mut engine = Engine::new(8);
    let mut values = Vec::new();
    for fill in Fill::BOTH {
        let mut next = m.clone();
        next.fill(fill).unwrap();
        assert_eq!(next.position().side_to_move(), !winner);
        engine.clear();
        // Proven within the budget level 6 gives each fill.
        let budget = kamisado_engine::level(6).solve_nodes / 2;
        let exact = engine.solve_match_nodes(&next, budget, &NEVER).unwrap();
        values.push(exact.value);
    }
    assert_eq!(values, [MatchValue::Wins(3), MatchValue::Wins(1)]);
    assert_eq!(engine.choose_fill(&m, 6), Fill::Right);
}
