//! The optional rule sets of RULES.md: zvezda's rings and sumo-square.

use crate::common;

use kamisado_core::geometry::colour_of;
use kamisado_core::{
    Colour, Match, MatchState, Move, Position, Record, RoundEnd, Rules, Setup, Side, Square, perft,
};

fn zvezda(text: &str) -> Position {
    Position::from_setup(&text.parse::<Setup>().unwrap(), Rules::ZVEZDA).unwrap()
}

fn moves_from(p: &Position, from: &str) -> Vec<String> {
    let from: Square = from.parse().unwrap();
    let mut m: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.from() == Some(from))
        .map(|m| m.to_string())
        .collect();
    m.sort();
    m
}

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

#[test]
fn zvezda_rules_are_named_in_text() {
    assert_eq!("zvezda".parse::<Rules>(), Ok(Rules::ZVEZDA));
    assert_eq!(Rules::ZVEZDA.to_string(), "zvezda");
    assert!(
        "chess"
            .parse::<Rules>()
            .unwrap_err()
            .to_string()
            .contains("standard, sumo-square or zvezda")
    );
}

#[test]
fn zvezda_one_ring_moves_forward_at_most_5_squares() {
    let p = zvezda("obv1yrgn/8/p7/8/8/8/3Y+4/NGR1PVBO b y");
    let straight: Vec<String> = moves_from(&p, "d2")
        .into_iter()
        .filter(|m| m.starts_with("d2-d"))
        .collect();
    assert_eq!(straight, ["d2-d3", "d2-d4", "d2-d5", "d2-d6", "d2-d7"]);
    assert!(p.play(mv("d2-d8")).is_err());
}

#[test]
fn zvezda_two_rings_move_sideways_and_three_rings_backward() {
    let p = zvezda("obvpyrgn/8/8/8/3Y++4/8/8/NGR1PVBO b y");
    let m = moves_from(&p, "d4");
    assert!(
        m.contains(&"d4-a4".to_string()) && m.contains(&"d4-h4".to_string()),
        "{m:?}"
    );
    assert!(
        !m.iter().any(|m| m.ends_with('3') || m.ends_with('2')),
        "{m:?}"
    );
    let p = zvezda("obvpyrgn/8/8/8/3Y+++4/8/8/NGR1PVBO b y");
    let m = moves_from(&p, "d4");
    for target in ["d4-d2", "d4-b2", "d4-f2", "d4-a4", "d4-d7", "d4-g7"] {
        assert!(m.contains(&target.to_string()), "{target} {m:?}");
    }
    assert!(m.contains(&"d4-d1".to_string()), "back to the home row");
    assert!(!m.contains(&"d4-d8".to_string()), "d8 is taken");
    // Every ringed tower reaches 5 squares at most, a triple too.
    let p = zvezda("obvpyrgn/8/8/8/Y+++7/8/8/NGR1PVBO b y");
    let m = moves_from(&p, "a4");
    assert!(
        m.contains(&"a4-f4".to_string()) && !m.contains(&"a4-g4".to_string()),
        "{m:?}"
    );
}

#[test]
fn zvezda_a_ring_pushes_one_lower_tower_in_a_direction_it_moves() {
    // Black's yellow with one ring on d4; White's plain red on e5 (diagonal) and green on d5.
    let p = zvezda("obvpy2n/8/8/3gr3/3Y+4/8/8/NGR1PVBO b y");
    let m = moves_from(&p, "d4");
    assert!(
        m.contains(&"d4>d5".to_string()) && m.contains(&"d4>e5".to_string()),
        "{m:?}"
    );
    let after = p.play(mv("d4>e5")).unwrap();
    let red = after.tower_square(Side::White, Colour::Red);
    assert_eq!(red, "f6".parse().unwrap());
    assert_eq!(
        after.tower_square(Side::Black, Colour::Yellow),
        "e5".parse().unwrap()
    );
    // The opponent does not lose the turn: White moves the colour of f6.
    assert_eq!(after.side_to_move(), Side::White);
    assert_eq!(after.forced_colour(), Some(colour_of(red)));
    assert!(!after.just_pushed());
    // Only one tower at a time, and only of lower rank.
    let p = zvezda("obvpyr2/8/3n4/3g4/3Y+4/8/8/NGR1PVBO b y");
    assert!(!moves_from(&p, "d4").contains(&"d4>d5".to_string()));
    let p = zvezda("obvpyr1n/8/8/3g+4/3Y+4/8/8/NGR1PVBO b y");
    assert!(!moves_from(&p, "d4").contains(&"d4>d5".to_string()));
    let e = p.play(mv("d4>d5")).unwrap_err();
    assert!(e.reason.to_string().contains("under zvezda"), "{e}");
}

#[test]
fn zvezda_a_backward_push_onto_the_home_row_wins_for_the_pushed_towers_owner() {
    // Black's yellow with three rings pushes White's pink from d2 back onto d1.
    let text = "obv1yrgn/8/8/8/8/3Y+++4/3p4/NGR1PVBO b y 0-0/3";
    let mut m = Match::from_setup(&text.parse().unwrap(), Rules::ZVEZDA).unwrap();
    let r = m.play(mv("d3>d2")).unwrap().expect("the round is over");
    assert_eq!(r.winner, Side::White);
    assert_eq!(r.end, RoundEnd::HomeRow);
    assert_eq!(r.tower, Some(Colour::Pink));
    assert_eq!(r.points, 1);
    assert_eq!(m.teeth(Side::White, Colour::Pink), 1);
}

/// Black's orange and White's brown, both with three rings, can shuttle on
/// the one-colour diagonals for ever; the third time a position comes back,
/// the player who brought it back loses.
const SHUTTLE: &str = "obvpyrg1/8/8/8/8/2O+++2n+++2/8/NGRYPVB1 b o 0-0/15";

#[test]
fn zvezda_the_third_repetition_loses_for_the_player_who_made_it() {
    let mut m = Match::from_setup(&SHUTTLE.parse().unwrap(), Rules::ZVEZDA).unwrap();
    let cycle = ["c3-d4", "f3-g2", "d4-c3", "g2-f3"];
    for (i, text) in cycle.iter().cycle().take(8).enumerate() {
        let result = m.play(mv(text)).unwrap();
        if i < 7 {
            assert_eq!(result, None, "move {}", i + 1);
        } else {
            let r = result.expect("the third repetition ends the round");
            assert_eq!(r.end, RoundEnd::Repetition);
            assert_eq!(r.winner, Side::Black);
            assert_eq!(r.tower, Some(Colour::Orange));
            assert_eq!(r.points, 15);
        }
    }
    assert_eq!(
        m.state(),
        MatchState::Over {
            winner: Side::Black
        }
    );
    // Under the standard rules the same towers cannot step back at all.
    let standard = Match::from_setup(&SHUTTLE.parse().unwrap(), Rules::STANDARD).unwrap();
    assert!(!standard.position().is_legal(mv("d4-c3")));
}

#[test]
fn zvezda_records_name_the_rules_and_the_repetition() {
    let mut game = kamisado_core::Game::new(Rules::ZVEZDA, 15, "a", "b", "2026.11.29").unwrap();
    // A round in which each player plays their first legal move replays exactly.
    while game.current().state() == MatchState::Playing {
        let mv = game.current().position().legal_moves()[0];
        game.play(mv).unwrap();
    }
    let text = game.record().to_string();
    assert!(text.contains("[Rules \"zvezda\"]"), "{text}");
    let record: Record = text.parse().unwrap();
    assert_eq!(kamisado_core::Game::from_record(record).unwrap(), game);
}

#[test]
fn perft_tables_of_the_optional_rules() {
    // From the start no tower has teeth, so every rule set counts as the standard.
    for rules in Rules::BASE {
        assert_eq!(perft(&<Position>::start_with(rules), 4), 105_020, "{rules}");
    }
    // With sumos of every rank the rule sets part ways.
    let text = "o+b++vpy+++rgn/8/8/8/8/8/8/N+G++RYP+++VBO b -";
    let counts: Vec<Vec<u64>> = Rules::BASE
        .iter()
        .map(|&rules| {
            let p: Position = Position::from_setup(&text.parse().unwrap(), rules).unwrap();
            (1..=4).map(|d| perft(&p, d)).collect()
        })
        .collect();
    assert_eq!(counts, TABLE);
    for (i, &rules) in Rules::BASE.iter().enumerate() {
        let p: Position = Position::from_setup(&text.parse().unwrap(), rules).unwrap();
        let reference = common::RefPosition::from_position(&p);
        for depth in 1..=3 {
            assert_eq!(
                reference.perft(depth),
                TABLE[i][depth as usize - 1],
                "{rules} {depth}"
            );
        }
    }
}

/// Perft 1–4 of `o+b++vpy+++rgn/8/8/8/8/8/8/N+G++RYP+++VBO b -` under
/// standard, sumo-square and zvezda; depths 1–3 are checked against the
/// reference generator in tests/reference.rs.
const TABLE: [[u64; 4]; 3] = [
    [84, 779, 6259, 48878],
    [84, 779, 6259, 48878],
    [97, 1055, 10390, 98795],
];
