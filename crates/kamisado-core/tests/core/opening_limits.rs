//! The `opening-limits` option of RULES.md: a round's first three plies move
//! at most 1, 3 and 5 squares, checked against the slow reference.

use crate::common;

use common::{RefPosition, fast_moves, random_position, random_walk};
use kamisado_core::random::SplitMix64;
use kamisado_core::{
    Fill, Game, IllegalReason, Match, MatchState, Move, Position, Record, Rules, Setup, Side, perft,
};

/// Perft 1–5 from the start under `standard+opening-limits`; the reference
/// confirms depths 1–5 in `perft_from_the_start_agrees_with_the_reference`.
const START_PERFT: [u64; 5] = [22, 164, 1_538, 15_368, 138_662];

fn championship(text: &str) -> Position {
    Position::from_setup(&text.parse::<Setup>().unwrap(), Rules::CHAMPIONSHIP).unwrap()
}

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

#[test]
fn the_rule_sets_with_opening_limits_parse_and_print() {
    for (name, base) in [
        ("standard+opening-limits", Rules::STANDARD),
        ("sumo-square+opening-limits", Rules::SUMO_SQUARE),
        ("zvezda+opening-limits", Rules::ZVEZDA),
    ] {
        let rules: Rules = name.parse().unwrap();
        assert_eq!(rules, base.with_opening_limits());
        assert_eq!(rules.to_string(), name);
        assert_eq!(rules.without_opening_limits(), base);
    }
    let e = "opening-limits".parse::<Rules>().unwrap_err().to_string();
    assert!(e.contains("+opening-limits"), "{e}");
}

#[test]
fn perft_from_the_start() {
    let start = <Position>::start_with(Rules::CHAMPIONSHIP);
    let counts: Vec<u64> = (1..=5).map(|d| perft(&start, d)).collect();
    assert_eq!(counts, START_PERFT);
    // Every rule set with the option is the same from a start without teeth.
    for rules in [Rules::SUMO_SQUARE, Rules::ZVEZDA] {
        let p = <Position>::start_with(rules.with_opening_limits());
        assert_eq!(perft(&p, 4), START_PERFT[3], "{rules}");
    }
}

#[test]
fn perft_from_the_start_agrees_with_the_reference() {
    let reference = RefPosition::from_position(&<Position>::start_with(Rules::CHAMPIONSHIP));
    for depth in 1..=5 {
        assert_eq!(
            reference.perft(depth),
            START_PERFT[depth as usize - 1],
            "{depth}"
        );
    }
}

#[test]
fn the_first_ply_moves_one_square_the_second_three_the_third_five() {
    let start = <Position>::start_with(Rules::CHAMPIONSHIP);
    assert_eq!(start.opening_limit(), Some(1));
    assert!(start.legal_moves().iter().all(|m| distance(m) == 1));
    let first = start.play(mv("h1-g2")).unwrap();
    assert_eq!(first.to_string(), "obvpyrgn/8/8/8/8/8/6O1/NGRYPVB1 w o @1");
    assert_eq!(first.opening_limit(), Some(3));
    assert_eq!(first.legal_moves().iter().map(distance).max(), Some(3));
    let second = first.play(mv("a8-a5")).unwrap();
    assert_eq!(
        second.to_string(),
        "1bvpyrgn/8/8/o7/8/8/6O1/NGRYPVB1 b p @2"
    );
    assert_eq!(second.legal_moves().iter().map(distance).max(), Some(5));
    let third = second.play(mv("e1-e6")).unwrap();
    assert_eq!(third.opening_limit(), None);
    assert_eq!(third.to_string(), "1bvpyrgn/8/4P3/o7/8/8/6O1/NGRY1VB1 w v");
}

/// The squares a step covers.
fn distance(mv: &Move) -> i32 {
    match *mv {
        Move::Step { from, to } => (to.rank() - from.rank()).abs(),
        _ => 0,
    }
}

#[test]
fn a_move_beyond_the_limit_is_refused_in_the_rules_words() {
    let start = <Position>::start_with(Rules::CHAMPIONSHIP);
    let e = start
        .play(mv("d1-d2"))
        .map(|_| ())
        .and(start.play(mv("d1-d3")).map(|_| ()));
    let e = e.unwrap_err();
    assert_eq!(e.reason, IllegalReason::OpeningLimit { ply: 1, limit: 1 });
    assert_eq!(
        e.to_string(),
        "d1-d3 is illegal: in every round the first ply moves at most 1 square (opening-limits)"
    );
    let p = championship("obvpyrgn/8/8/8/8/8/6O1/NGRYPVB1 w o @1");
    let e = p.play(mv("a8-a4")).unwrap_err();
    assert_eq!(e.reason, IllegalReason::OpeningLimit { ply: 2, limit: 3 });
    assert_eq!(
        e.reason.to_string(),
        "in every round the second ply moves at most 3 squares (opening-limits)"
    );
    // Without the option the same move is fine.
    assert!(Position::start().is_legal(mv("d1-d3")));
}

#[test]
fn a_sumos_shorter_reach_still_applies_and_pushes_are_unaffected() {
    // A double sumo on the third ply: its own 3 is shorter than the limit's 5.
    let p = championship("obvpyrgn/8/8/8/8/8/8/NGRY++PVBO b y @2");
    let e = p.play(mv("d1-d5")).unwrap_err();
    assert!(
        matches!(e.reason, IllegalReason::TooFar { reach: 3, .. }),
        "{e}"
    );
    assert!(p.is_legal(mv("d1-d4")));
    // A sumo pushes on the second ply whatever the limit.
    let p = championship("1bvpyrgn/8/8/8/8/o7/O+7/1GRYPVBN b o @1");
    assert!(p.is_legal(mv("a2>a3")));
    let after = p.play(mv("a2>a3")).unwrap();
    assert_eq!(after.opening_limit(), Some(5));
}

#[test]
fn a_pass_counts_as_a_ply() {
    // Black's forced orange tower on h2 is boxed in by White's towers.
    let p = championship("obvpyr2/8/8/8/8/6gn/7O/NGRYPVB1 b o @1");
    assert_eq!(p.legal_moves().to_vec(), vec![Move::Pass]);
    let after = p.play(Move::Pass).unwrap();
    assert_eq!(after.opening_limit(), Some(5));
    assert!(after.to_string().ends_with(" @2"), "{after}");
}

#[test]
fn the_opening_field_round_trips_and_is_refused_where_it_has_no_sense() {
    for text in [
        "obvpyrgn/8/8/8/8/8/6O1/NGRYPVB1 w o @1",
        "1bvpyrgn/8/8/o7/8/8/6O1/NGRYPVB1 b p @2",
        "1bvpyrgn/8/8/o7/8/8/6O1/NGRYPVB1 b p",
        "obvpyrgn/8/8/8/8/8/8/NGRYPVBO b -",
    ] {
        assert_eq!(championship(text).to_string(), text);
    }
    // Under rules without the option the field means nothing.
    let setup: Setup = "obvpyrgn/8/8/8/8/8/6O1/NGRYPVB1 w o @1".parse().unwrap();
    let e = Position::from_setup(&setup, Rules::STANDARD)
        .unwrap_err()
        .to_string();
    assert!(e.contains("standard+opening-limits"), "{e}");
    // A free choice is always the round's first ply.
    let e = "obvpyrgn/8/8/8/8/8/8/NGRYPVBO b - @1"
        .parse::<Setup>()
        .unwrap_err();
    assert!(e.to_string().contains("free choice"), "{e}");
    // With a match field the opening field comes first.
    let text = "obvpyrgn/8/8/8/8/8/6O1/NGRYPVB1 w o @1 0-0/3";
    let m: Match = Match::from_setup(&text.parse().unwrap(), Rules::CHAMPIONSHIP).unwrap();
    assert_eq!(m.position().opening_limit(), Some(3));
}

#[test]
fn the_fast_generator_agrees_with_the_reference_on_random_positions() {
    let mut rng = SplitMix64::new(2026);
    let mut limited = 0;
    for _ in 0..4000 {
        let start = random_position(&mut rng);
        let p = random_walk(&mut rng, start, 2);
        let mut setup = p.to_setup();
        if setup.forced.is_some() && rng.chance(2, 3) {
            setup.opening = Some(1 + rng.below(2) as u8);
        }
        let p = Position::from_setup(&setup, p.rules().with_opening_limits()).unwrap_or(p);
        let reference = RefPosition::from_position(&p);
        if let common::RefStatus::Moves(moves) = reference.status() {
            assert_eq!(fast_moves(&p), moves, "{p}");
            assert_eq!(p.count_moves(), moves.len() as u64, "{p}");
        }
        for depth in 1..=2 {
            assert_eq!(perft(&p, depth), reference.perft(depth), "{p} {depth}");
        }
        limited += usize::from(p.opening_limit().is_some());
    }
    assert!(limited >= 2000, "{limited}");
}

#[test]
fn a_fill_starts_a_new_rounds_limits() {
    let mut rng = SplitMix64::new(7);
    let mut game = Game::new(Rules::CHAMPIONSHIP, 3, "Ann", "Ben", "2026.12.02").unwrap();
    let mut rounds = 0;
    loop {
        match game.current().state() {
            MatchState::Over { .. } => break,
            MatchState::AwaitingFill { .. } => {
                game.fill(*rng.pick(&Fill::BOTH)).unwrap();
                rounds += 1;
                let p = *game.current().position();
                assert_eq!(p.opening_limit(), Some(1), "{p}");
                assert!(p.legal_moves().iter().all(|m| distance(m) <= 1), "{p}");
            }
            MatchState::Playing => {
                let moves = game.current().position().legal_moves();
                game.play(*rng.pick(&moves)).unwrap();
            }
        }
    }
    assert!(rounds >= 1);
    // The record names the rules and replays under them.
    let text = game.record().to_string();
    assert!(
        text.contains("[Rules \"standard+opening-limits\"]"),
        "{text}"
    );
    let record: Record = text.parse().unwrap();
    assert_eq!(Game::from_record(record).unwrap(), game);
}

#[test]
fn a_record_under_the_limits_refuses_a_long_first_move() {
    let header = "[Event \"Test\"]\n[Date \"2026.12.02\"]\n[Black \"Ann\"]\n[White \"Ben\"]\n[Target \"1\"]\n[Result \"*\"]\n";
    let standard = format!("{header}[Rules \"standard\"]\n\nround 1\n1. d1-d6\n");
    let limited = standard.replace("\"standard\"", "\"standard+opening-limits\"");
    assert!(Game::<kamisado_core::geometry::Eight>::from_record(standard.parse().unwrap()).is_ok());
    let e = Game::<kamisado_core::geometry::Eight>::from_record(limited.parse().unwrap())
        .unwrap_err()
        .to_string();
    assert!(e.contains("first ply moves at most 1 square"), "{e}");
    let _ = Side::Black;
}
