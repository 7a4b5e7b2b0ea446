//! Invariants: symmetry, legal iff generated, notation round trips, and a
//! random match played to its end with every score and re-seat checked.

use crate::common;

use common::{random_position, random_walk};
use kamisado_core::random::SplitMix64;
use kamisado_core::tower::points;
use kamisado_core::{
    Fill, Game, Match, MatchState, Move, Position, Record, RoundEnd, Rules, Setup, Side, Square,
    perft,
};

#[test]
fn perft_table_from_the_start() {
    let start = Position::start();
    for (depth, expected) in [(1, 102), (2, 1150), (3, 11182), (4, 105020), (5, 900982)] {
        assert_eq!(perft(&start, depth), expected, "perft({depth})");
    }
    let divided: u64 = kamisado_core::divide(&start, 3)
        .iter()
        .map(|(_, n)| n)
        .sum();
    assert_eq!(divided, 11182);
}

#[test]
fn a_position_and_its_rotation_have_the_same_moves_and_perft() {
    let mut rng = SplitMix64::new(180);
    for i in 0..2_000 {
        let start = random_position(&mut rng);
        let p = random_walk(&mut rng, start, i % 5);
        let r = p.rotated();
        assert_eq!(r.rotated(), p);
        let mut mapped: Vec<String> = p
            .legal_moves()
            .iter()
            .map(|m| m.rotated().to_string())
            .collect();
        let mut theirs: Vec<String> = r.legal_moves().iter().map(|m| m.to_string()).collect();
        mapped.sort();
        theirs.sort();
        assert_eq!(mapped, theirs, "{p}");
        assert_eq!(
            p.outcome().map(|o| (!o.winner, o.ending)),
            r.outcome().map(|o| (o.winner, o.ending)),
            "{p}"
        );
        if i % 10 == 0 {
            assert_eq!(perft(&p, 3), perft(&r, 3), "{p}");
        }
    }
    assert_eq!(perft(&Position::start().rotated(), 4), 105020);
}

#[test]
fn a_position_and_its_mirror_have_mirrored_moves_outcomes_and_perft() {
    let mut rng = SplitMix64::new(0x31);
    for i in 0..2_000 {
        let start = random_position(&mut rng);
        let p = random_walk(&mut rng, start, i % 5);
        let m = p.mirrored().expect("the 8x8 board has a mirror");
        assert_eq!(m.mirrored(), Some(p));
        let mut mapped: Vec<String> = p
            .legal_moves()
            .iter()
            .map(|mv| mv.mirrored().to_string())
            .collect();
        let mut theirs: Vec<String> = m.legal_moves().iter().map(|mv| mv.to_string()).collect();
        mapped.sort();
        theirs.sort();
        assert_eq!(mapped, theirs, "{p}");
        for &mv in p.legal_moves().iter() {
            let after = p.play(mv).unwrap().mirrored();
            assert_eq!(after, Some(m.play(mv.mirrored()).unwrap()), "{p} {mv}");
        }
        assert_eq!(p.outcome(), m.outcome(), "{p}");
        if i % 10 == 0 {
            assert_eq!(perft(&p, 3), perft(&m, 3), "{p}");
        }
    }
    let six = Position::<kamisado_core::geometry::Six>::start_with(Rules::STANDARD);
    assert_eq!(six.mirrored(), Some(six));
    let ten = Position::<kamisado_core::geometry::Ten>::start_with(Rules::STANDARD);
    assert_eq!(ten.mirrored(), None);
}

#[test]
fn a_move_is_legal_if_and_only_if_it_is_generated() {
    let mut rng = SplitMix64::new(0x1e6a1);
    for i in 0..300 {
        let start = random_position(&mut rng);
        let p = random_walk(&mut rng, start, i % 3);
        let generated = p.legal_moves();
        let mut candidates = vec![Move::Pass];
        for from in 0..64 {
            for to in 0..64 {
                let (from, to) = (Square::new(from).unwrap(), Square::new(to).unwrap());
                if from != to {
                    candidates.push(Move::Step { from, to });
                    candidates.push(Move::Push { from, to });
                }
            }
        }
        let mut legal = 0;
        for mv in candidates {
            match p.play(mv) {
                Ok(_) => {
                    legal += 1;
                    assert!(
                        generated.contains(&mv),
                        "{p}: {mv} played but not generated"
                    );
                }
                Err(e) => {
                    assert!(
                        !generated.contains(&mv),
                        "{p}: {mv} generated but refused: {e}"
                    );
                    assert!(!e.reason.to_string().is_empty());
                }
            }
        }
        assert_eq!(legal, generated.len(), "{p}");
    }
}

#[test]
fn positions_and_moves_round_trip_through_notation() {
    let mut rng = SplitMix64::new(0x0f3);
    for i in 0..5_000 {
        let start = random_position(&mut rng);
        let p = random_walk(&mut rng, start, i % 4);
        let text = p.to_string();
        let back = Position::from_setup(&text.parse::<Setup>().unwrap(), p.rules()).unwrap();
        assert_eq!(back, p, "{text}");
        assert_eq!(back.to_string(), text);
        for mv in p.legal_moves().iter() {
            assert_eq!(mv.to_string().parse::<Move>().unwrap(), *mv);
        }
    }
}

/// Where R14 puts the towers, written independently of the library: each side
/// sorts its towers by distance from its home row, then from the chosen side
/// as that player sees the board, and fills its home row from that side.
fn expected_seats(p: &Position, fill: Fill) -> Vec<(Side, kamisado_core::Colour, Square)> {
    let mut seats = Vec::new();
    for side in Side::BOTH {
        let mut towers: Vec<(i32, i32, kamisado_core::Colour)> = kamisado_core::Colour::ALL
            .into_iter()
            .map(|c| {
                let sq = p.tower_square(side, c);
                // Ranks and files as this player sees them from their chair.
                let (rank, file) = match side {
                    Side::Black => (sq.rank(), sq.file()),
                    Side::White => (7 - sq.rank(), 7 - sq.file()),
                };
                let file = if fill == Fill::Left { file } else { 7 - file };
                (rank, file, c)
            })
            .collect();
        towers.sort();
        for (i, (_, _, c)) in towers.into_iter().enumerate() {
            let file = if fill == Fill::Left {
                i as i32
            } else {
                7 - i as i32
            };
            let sq = match side {
                Side::Black => Square::at(file, 0).unwrap(),
                Side::White => Square::at(7 - file, 7).unwrap(),
            };
            seats.push((side, c, sq));
        }
    }
    seats
}

#[test]
fn a_random_match_to_15_follows_every_scoring_and_reseating_rule() {
    let mut rng = SplitMix64::new(15);
    for rules in Rules::ALL {
        let mut game = Game::new(rules, 15, "Ann", "Ben", "2026.11.29").unwrap();
        let mut rounds = 0;
        let mut score = [0u32; 2];
        loop {
            let m = game.current().clone();
            match m.state() {
                MatchState::Over { winner } => {
                    assert!(score[winner.index()] >= 15);
                    assert!(score[(!winner).index()] < 15);
                    break;
                }
                MatchState::AwaitingFill { winner } => {
                    let fill = *rng.pick(&Fill::BOTH);
                    let expected = expected_seats(m.position(), fill);
                    game.fill(fill).unwrap();
                    let p = game.current().position();
                    for (side, colour, sq) in expected {
                        assert_eq!(p.tower_square(side, colour), sq, "{fill} {m}");
                        assert_eq!(p.teeth(side, colour), m.teeth(side, colour));
                    }
                    assert_eq!(p.side_to_move(), !winner, "the loser starts");
                    assert_eq!(p.forced_colour(), None);
                }
                MatchState::Playing => {
                    let moves = m.position().legal_moves();
                    let mv = *rng.pick(&moves);
                    let result = game.play(mv).unwrap();
                    if let Some(result) = result {
                        rounds += 1;
                        let colour = result.tower.unwrap();
                        let teeth_before = m.teeth(result.winner, colour);
                        assert_eq!(result.points, points(teeth_before));
                        let after = game.current();
                        assert_eq!(
                            after.teeth(result.winner, colour),
                            (teeth_before + 1).min(3)
                        );
                        // Only the scoring tower changed rank.
                        for side in Side::BOTH {
                            for c in kamisado_core::Colour::ALL {
                                if (side, c) != (result.winner, colour) {
                                    assert_eq!(after.teeth(side, c), m.teeth(side, c));
                                }
                            }
                        }
                        if result.end == RoundEnd::HomeRow {
                            // The scoring tower stands on its goal row.
                            let sq = after.position().tower_square(result.winner, colour);
                            let goal = <kamisado_core::geometry::Eight as kamisado_core::geometry::Board>::goal_row(result.winner);
                            assert_ne!(goal & sq.bit(), 0, "{}", after.position());
                        }
                        score[result.winner.index()] += result.points as u32;
                        assert_eq!(
                            after.score().of(result.winner) as u32,
                            score[result.winner.index()]
                        );
                    }
                }
            }
        }
        assert!(rounds >= 2, "{rounds}");
        // The record replays to the same match and round-trips through text.
        let text = game.record().to_string();
        let record: Record = text.parse().unwrap();
        assert_eq!(record.to_string(), text);
        let (replayed, _) = record.replay().unwrap();
        assert_eq!(&replayed, game.current());
    }
}

#[test]
fn match_positions_round_trip_with_their_score() {
    let text = "obvpyrgn/8/8/8/8/8/8/NGRYPVBO b - 2-1/7";
    let m: Match = Match::from_setup(&text.parse().unwrap(), Rules::STANDARD).unwrap();
    assert_eq!(m.to_string(), text);
    assert_eq!(m.score().target, 7);
}
