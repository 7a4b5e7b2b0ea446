//! The 6×6 and 10×10 boards: their starts, perft tables under every rule set,
//! notation, match play, and agreement with the slow reference generator.

use crate::common;

use common::{RefPosition, RefStatus, fast_moves, random_position_on, random_walk};
use kamisado_core::geometry::{Board, BoardSize, Six, Ten};
use kamisado_core::random::SplitMix64;
use kamisado_core::{Fill, Game, MatchState, Position, Record, Rules, Side, perft, with_board};

const RULES: [Rules; 3] = [Rules::STANDARD, Rules::SUMO_SQUARE, Rules::ZVEZDA];

/// Perft from the start of each board; the same under every rule set, since
/// no tower has teeth yet.
const START: [(BoardSize, &[u64]); 2] = [
    (BoardSize::Six, &[52, 396, 2428, 14390, 74536, 359514]),
    (BoardSize::Ten, &[168, 2595, 36563, 501343, 6380551]),
];

/// Perft to depth 4 from positions with sumos of every rank, under the
/// standard rules, sumo-square and zvezda, in that order.
const SUMOS: [(&str, [[u64; 4]; 3]); 3] = [
    (
        "6/1n3o++/1p1b1G+++/g+++P1yO+1/BN+++4/1Y4 w y*",
        [[5, 6, 15, 19], [5, 6, 15, 15], [5, 12, 40, 104]],
    ),
    (
        "6g+++3/10/3o6/1N+++5i1V++/r++1y++1CG++BR+++2/2np+2P+Y2/6O1b1/1c6I+++1/7v+2/10 b c",
        [[12, 45, 164, 699], [12, 45, 164, 712], [12, 53, 306, 1787]],
    ),
    (
        "10/10/oi+++y++b1g1pr+++v++/V+BI++C++O++Y+++c+N++RG/6P3/10/10/10/6n3/10 b g",
        [[1, 1, 3, 11], [1, 1, 1, 3], [1, 6, 34, 170]],
    ),
];

#[test]
fn the_starts_are_the_home_rows_of_each_board() {
    let six = Position::<Six>::start_with(Rules::STANDARD);
    assert_eq!(six.to_string(), "obpygn/6/6/6/6/NGYPBO b -");
    let ten = Position::<Ten>::start_with(Rules::STANDARD);
    assert_eq!(
        ten.to_string(),
        "obvpicyrgn/10/10/10/10/10/10/10/10/NGRYCIPVBO b -"
    );
    assert_eq!(ten.to_string().parse::<Position<Ten>>(), Ok(ten));
    assert_eq!(
        BoardSize::of_position(&ten.to_string()),
        Some(BoardSize::Ten)
    );
}

#[test]
fn start_perft_tables_under_every_rule_set() {
    for (size, table) in START {
        for rules in RULES {
            with_board!(size, B => {
                let start = Position::<B>::start_with(rules);
                for (depth, &expected) in table.iter().enumerate() {
                    assert_eq!(perft(&start, depth as u32 + 1), expected, "{size} {rules} {depth}");
                }
                // The reference agrees to depth 3.
                let reference = RefPosition::from_position(&start);
                for depth in 1..=3 {
                    assert_eq!(reference.perft(depth), table[depth as usize - 1], "{size} {rules}");
                }
            });
        }
    }
}

#[test]
fn sumo_perft_tables_under_every_rule_set_agree_with_the_reference() {
    for (text, tables) in SUMOS {
        let size = BoardSize::of_position(text).unwrap();
        for (rules, table) in RULES.into_iter().zip(tables) {
            with_board!(size, B => {
                let setup = text.parse().unwrap();
                let p = Position::<B>::from_setup(&setup, rules).unwrap();
                let reference = RefPosition::from_position(&p);
                for (depth, &expected) in table.iter().enumerate() {
                    let depth = depth as u32 + 1;
                    assert_eq!(perft(&p, depth), expected, "{text} {rules} depth {depth}");
                    assert_eq!(reference.perft(depth), expected, "{text} {rules} depth {depth}");
                }
            });
        }
    }
}

fn agree_on_random_positions<B: Board>(seed: u64, count: u32) -> [usize; 3] {
    let mut rng = SplitMix64::new(seed);
    let mut seen = [0usize; 3];
    for i in 0..count {
        let start = random_position_on::<B>(&mut rng);
        let walked = random_walk(&mut rng, start, i % 5);
        for rules in RULES {
            let Ok(p) = Position::<B>::from_setup(&walked.to_setup(), rules) else {
                continue;
            };
            let reference = RefPosition::from_position(&p);
            match (reference.status(), p.outcome()) {
                (RefStatus::Over(w), Some(o)) => {
                    assert_eq!(w, o.winner, "{p} {rules}");
                    seen[0] += 1;
                }
                (RefStatus::Moves(moves), None) => {
                    assert_eq!(fast_moves(&p), moves, "{p} {rules}");
                    for &mv in &moves {
                        let fast = RefPosition::from_position(&p.play(mv).unwrap());
                        assert_eq!(fast, reference.play(mv), "{p} {rules} {mv}");
                        seen[1] += matches!(mv, kamisado_core::Move::Push { .. }) as usize;
                        seen[2] += matches!(mv, kamisado_core::Move::Pass) as usize;
                    }
                }
                (s, o) => panic!("{p} {rules}: reference {s:?}, fast {o:?}"),
            }
            // The notation round-trips and the board turned 180° plays the same.
            assert_eq!(
                p.to_string().parse::<Position<B>>().map(|q| q.to_string()),
                Ok(p.to_string())
            );
            let turned = p.rotated();
            assert_eq!(perft(&turned, 2), perft(&p, 2), "{p} {rules}");
        }
    }
    seen
}

#[test]
fn the_generator_agrees_with_the_reference_on_both_boards() {
    // Rounds ended, pushes and passes all come up.
    let six = agree_on_random_positions::<Six>(0x0606, 2_000);
    let ten = agree_on_random_positions::<Ten>(0x1010, 2_000);
    println!("six {six:?} ten {ten:?}");
    for seen in [six, ten] {
        assert!(seen.iter().all(|&n| n > 30), "{six:?} {ten:?}");
    }
}

fn random_match<B: Board>(rules: Rules, seed: u64) {
    let mut rng = SplitMix64::new(seed);
    let mut game: Game<B> = Game::new(rules, 15, "A", "B", "2026.11.29").unwrap();
    let mut rounds = 0;
    loop {
        match game.current().state() {
            MatchState::Playing => {
                let moves = game.current().position().legal_moves();
                game.play(*rng.pick(&moves)).unwrap();
            }
            MatchState::AwaitingFill { .. } => {
                rounds += 1;
                let fill = if rng.chance(1, 2) {
                    Fill::Left
                } else {
                    Fill::Right
                };
                game.fill(fill).unwrap();
                // After re-seating every tower stands on its own home row.
                let p = game.current().position();
                for side in Side::BOTH {
                    for &c in B::COLOURS {
                        assert_eq!(p.tower_square(side, c).rank(), B::home_rank(side));
                    }
                }
            }
            MatchState::Over { .. } => break,
        }
    }
    assert!(rounds >= 1);
    let text = game.record().to_string();
    assert_eq!(
        kamisado_core::record::board_of(&text),
        Ok(B::KIND),
        "{text}"
    );
    let read: Record<B> = text.parse().unwrap();
    assert_eq!(read.to_string(), text);
    let (replayed, _) = read.replay().unwrap();
    assert_eq!(&replayed, game.current());
}

#[test]
fn matches_to_15_play_out_and_their_records_replay_on_both_boards() {
    for (i, rules) in RULES.into_iter().enumerate() {
        random_match::<Six>(rules, 60 + i as u64);
        random_match::<Ten>(rules, 100 + i as u64);
    }
}

#[test]
fn records_and_positions_of_one_board_are_refused_by_another() {
    let text = Game::<Ten>::new(Rules::STANDARD, 1, "A", "B", "2026.11.29")
        .unwrap()
        .record()
        .to_string();
    assert!(text.contains("[Board \"10x10\"]"), "{text}");
    let e = text.parse::<Record>().unwrap_err().to_string();
    assert!(e.contains("10x10 board, not the 8x8"), "{e}");
    let e = "obpygn/6/6/6/6/NGYPBO b -"
        .parse::<Position>()
        .unwrap_err()
        .to_string();
    assert!(e.contains("expected 8 ranks"), "{e}");
    let e = "obvpyrgn/6/6/6/6/NGYPBO b -"
        .parse::<Position<Six>>()
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("\"v\" is not a tower of the 6x6 board (o b p y g n"),
        "{e}"
    );
    let e = "obvpicyrgn/10/10/10/10/10/10/10/11/NGRYCIPVBO b -"
        .parse::<Position<Ten>>()
        .unwrap_err()
        .to_string();
    assert!(e.contains("\"11\" is not a run of 1 to 10"), "{e}");
    let e = "obvpicyrgn/10/10/10/10/10/10/10/55/NGRYCIPVBO b -"
        .parse::<Position<Ten>>()
        .unwrap_err()
        .to_string();
    assert!(e.contains("\"55\""), "{e}");
    let e = "obpygn/6/6/6/6/NGYPBO b v"
        .parse::<Position<Six>>()
        .unwrap_err()
        .to_string();
    assert!(e.contains("not a colour letter of the 6x6 board"), "{e}");
}
