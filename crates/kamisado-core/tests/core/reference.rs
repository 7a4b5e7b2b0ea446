//! The fast bitboard move generator agrees with a slow, obviously correct one.

use crate::common;

use common::{RefPosition, RefStatus, fast_moves, random_position, random_walk};
use kamisado_core::random::SplitMix64;
use kamisado_core::{Move, Position, Square, perft};

#[derive(Default, Debug)]
struct Seen {
    pushes: [usize; 4],
    passes: usize,
    pass_chains: usize,
    deadlocks: usize,
    push_deadlocks: usize,
    home_rows: usize,
    sumos: [usize; 4],
}

fn push_length(p: &Position, mv: Move) -> usize {
    let Move::Push { to, .. } = mv else { return 0 };
    let step = to.rank() - mv.from().unwrap().rank();
    let mut n = 0;
    let mut rank = to.rank();
    while let Some(sq) = Square::at(to.file(), rank) {
        if p.tower_at(sq).is_none() {
            break;
        }
        n += 1;
        rank += step;
    }
    n
}

fn check(p: &Position, seen: &mut Seen) {
    let reference = RefPosition::from_position(p);
    let status = reference.status();
    match (&status, p.outcome()) {
        (RefStatus::Over(w), Some(o)) => {
            assert_eq!(*w, o.winner, "{p}");
            assert!(p.legal_moves().is_empty(), "{p}");
            assert_eq!(p.count_moves(), 0, "{p}");
            match o.ending {
                kamisado_core::Ending::HomeRow => seen.home_rows += 1,
                kamisado_core::Ending::Deadlock if p.just_pushed() => seen.push_deadlocks += 1,
                kamisado_core::Ending::Deadlock => seen.deadlocks += 1,
            }
        }
        (RefStatus::Moves(moves), None) => {
            assert_eq!(&fast_moves(p), moves, "{p}");
            assert_eq!(p.count_moves(), moves.len() as u64, "{p}");
            for &mv in moves {
                seen.pushes[push_length(p, mv)] += 1;
                // Play must agree too.
                let fast = RefPosition::from_position(&p.play(mv).unwrap());
                assert_eq!(fast, reference.play(mv), "{p} {mv}");
            }
            if moves == &[Move::Pass] {
                seen.passes += 1;
                if p.play_unchecked(Move::Pass).legal_moves().as_ref() == [Move::Pass] {
                    seen.pass_chains += 1;
                }
            }
        }
        (s, o) => panic!("{p}: reference {s:?}, fast {o:?}"),
    }
    if let Some((_, tower)) = p.forced_tower() {
        seen.sumos[tower.teeth as usize] += 1;
    }
    // Each tower's own targets, for either side, agree with the reference too.
    for side in kamisado_core::Side::BOTH {
        for colour in kamisado_core::Colour::ALL {
            let mut steps = 0u64;
            let mut push = None;
            for mv in reference.tower_moves(side, colour) {
                match mv {
                    Move::Step { to, .. } => steps |= to.bit(),
                    Move::Push { to, .. } => push = Some(to),
                    Move::Pass => unreachable!(),
                }
            }
            assert_eq!(p.tower_targets(side, colour), steps, "{p} {colour}");
            assert_eq!(p.push_target(side, colour), push, "{p} {colour}");
        }
    }
}

#[test]
fn fast_generator_agrees_with_the_reference_on_random_positions() {
    let mut rng = SplitMix64::new(0x6b61_6d69);
    let mut seen = Seen::default();
    for i in 0..12_000 {
        let start = random_position(&mut rng);
        let p = if i % 2 == 0 {
            start
        } else {
            random_walk(&mut rng, start, 1 + (i % 7))
        };
        check(&p, &mut seen);
    }
    // Every rule came up many times.
    println!("{seen:?}");
    assert!(
        seen.pushes[1] > 200 && seen.pushes[2] > 50 && seen.pushes[3] > 10,
        "{seen:?}"
    );
    assert!(seen.passes > 200 && seen.pass_chains > 20, "{seen:?}");
    assert!(seen.deadlocks > 50 && seen.push_deadlocks > 5, "{seen:?}");
    assert!(seen.home_rows > 100, "{seen:?}");
    assert!(seen.sumos.iter().all(|&n| n > 500), "{seen:?}");
}

#[test]
fn perft_agrees_with_the_reference_to_depth_3() {
    let mut rng = SplitMix64::new(0x7065_7266);
    for i in 0..300 {
        let start = random_position(&mut rng);
        let p = random_walk(&mut rng, start, i % 4);
        let reference = RefPosition::from_position(&p);
        for depth in 1..=3 {
            assert_eq!(
                perft(&p, depth),
                reference.perft(depth),
                "{p} depth {depth}"
            );
        }
    }
    assert_eq!(
        RefPosition::from_position(&Position::start()).perft(3),
        11182
    );
}
