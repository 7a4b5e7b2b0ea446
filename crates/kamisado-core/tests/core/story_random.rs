//! Stories of random moves in random positions on every board and under every
//! rule set: never a panic, and every forced tower named is the one the
//! position after the move forces.

use crate::common;

use kamisado_core::geometry::{Board, Eight, Six, Ten, colour_of};
use kamisado_core::random::SplitMix64;
use kamisado_core::story::{self, Act, ForcedBy, Next, PushTurn};
use kamisado_core::{Match, MatchState, Move, Position, RoundEnd, Rules, Square};

/// A random move: legal most of the time, otherwise any squares or a pass.
fn random_move<B: Board>(rng: &mut SplitMix64, p: &Position<B>) -> Move<B> {
    let moves = p.legal_moves();
    if !moves.is_empty() && !rng.chance(1, 5) {
        return *rng.pick(&moves);
    }
    let mut square = || Square::<B>::new(rng.below(B::SQUARES as u64) as u8).unwrap();
    let (from, to) = (square(), square());
    match rng.below(3) {
        0 => Move::Pass,
        1 => Move::Push { from, to },
        _ => Move::Step { from, to },
    }
}

/// What the stories told, counted, so that the test shows it met every kind.
#[derive(Default, Debug)]
struct Seen {
    illegal: usize,
    steps: usize,
    pushes: [usize; 3],
    longest_line: usize,
    passes: usize,
    blocked: usize,
    ends: [usize; 5],
}

/// Checks one story against the match before and after the move; true when the move was legal.
fn check<B: Board>(before: &Match<B>, mv: Move<B>, seen: &mut Seen) -> bool {
    let story = story::of_move(before, mv);
    let mut after = before.clone();
    let played = after.play(mv);
    let (story, result) = match (story, played) {
        (Ok(story), Ok(result)) => (story, result),
        (Err(e), Err(f)) => {
            assert_eq!(e, f, "{before} {mv}");
            assert!(!e.to_string().is_empty());
            seen.illegal += 1;
            return false;
        }
        (story, played) => panic!("{before} {mv}: {story:?} but {played:?}"),
    };
    let text = story.to_string();
    assert!(text.ends_with('.'), "{before} {mv}: {text}");
    let pos = before.position();
    let mover = pos.side_to_move();
    match story.act {
        Act::Step { tower, from, to } => {
            assert_eq!(Move::Step { from, to }, mv);
            assert_eq!(pos.tower_at(from), Some(tower));
            assert_eq!(tower.side, mover);
            seen.steps += 1;
        }
        Act::Push {
            pusher,
            from,
            to,
            line,
            turn,
        } => {
            assert_eq!(Move::Push { from, to }, mv);
            assert_eq!(pos.tower_at(from), Some(pusher));
            assert_eq!(pusher.side, mover);
            assert!(!line.is_empty() && line.len() <= pusher.teeth as usize);
            for p in line.iter() {
                assert_eq!(p.tower.side, !mover);
                assert_eq!(pos.tower_at(p.from), Some(p.tower));
                assert_eq!(after.position().tower_square(!mover, p.tower.colour), p.to);
            }
            let zvezda = pos.rules() == Rules::ZVEZDA;
            assert_eq!(turn == PushTurn::OpponentMoves, zvezda);
            let rules = Rules::BASE.iter().position(|&r| r == pos.rules()).unwrap();
            seen.pushes[rules] += 1;
            seen.longest_line = seen.longest_line.max(line.len());
        }
        Act::Pass { tower, square } => {
            assert_eq!(mv, Move::Pass);
            assert_eq!(pos.forced_tower(), Some((square, tower)));
            seen.passes += 1;
        }
        Act::Fill { .. } | Act::Concession { .. } => panic!("{before} {mv}: {story:?}"),
    }
    match story.next {
        Some(Next::Forced {
            tower,
            square,
            by,
            blocked,
        }) => {
            assert_eq!(result, None);
            let now = after.position();
            assert_eq!(now.forced_tower(), Some((square, tower)), "{before} {mv}");
            assert_eq!(by.colour(), tower.colour);
            assert_eq!(colour_of(by.square()), tower.colour);
            if let ForcedBy::Landed { square, .. } = by {
                assert_eq!(mv.to(), Some(square));
            }
            assert_eq!(blocked, now.legal_moves().as_ref() == [Move::Pass]);
            assert_eq!(blocked, text.ends_with("must pass (R7)."));
            seen.blocked += blocked as usize;
        }
        Some(Next::RoundOver(over)) => {
            let result = result.expect("a round's end has a result");
            assert_eq!(
                (over.winner, over.end, over.points),
                (result.winner, result.end, result.points)
            );
            assert_eq!(over.scorer.map(|t| t.colour), result.tower);
            assert_eq!(over.score, after.score());
            assert_ne!(after.state(), MatchState::Playing);
            let end = RoundEnd::ALL.iter().position(|&e| e == over.end).unwrap();
            seen.ends[end] += 1;
        }
        other => panic!("{before} {mv}: {other:?}"),
    }
    true
}

fn run<B: Board>(seed: u64, positions: usize) -> Seen {
    let mut rng = SplitMix64::new(seed);
    let mut seen = Seen::default();
    for i in 0..positions {
        let p: Position<B> = common::random_position_on(&mut rng);
        let rules = Rules::BASE[i % Rules::BASE.len()];
        let mut setup = p.to_setup();
        setup.score = Some(kamisado_core::Score {
            black: rng.below(3) as u8,
            white: rng.below(3) as u8,
            target: *rng.pick(&[1, 3, 7, 15]),
        });
        let Ok(mut m) = Match::from_setup(&setup, rules) else {
            continue;
        };
        // A few moves in, so that pushes, passes and chains come up in play.
        for _ in 0..4 {
            if m.state() != MatchState::Playing {
                break;
            }
            let mv = random_move(&mut rng, m.position());
            if check(&m, mv, &mut seen) {
                m.play(mv).unwrap();
            }
        }
    }
    seen
}

#[test]
fn stories_of_random_moves_on_the_standard_board_name_the_real_forced_tower() {
    let seen = run::<Eight>(1, 10_000);
    assert!(seen.steps > 5_000 && seen.illegal > 1_000, "{seen:?}");
    assert!(seen.pushes.iter().all(|&n| n > 50), "{seen:?}");
    assert_eq!(seen.longest_line, 3, "{seen:?}");
    assert!(seen.passes > 50 && seen.blocked > 50, "{seen:?}");
    // Home row and deadlock; a repetition takes longer games (tests/story.rs has
    // one) and concessions are no moves.
    assert!(seen.ends[..2].iter().all(|&n| n > 50), "{seen:?}");
}

#[test]
fn stories_of_random_moves_on_the_other_boards_name_the_real_forced_tower() {
    for seen in [run::<Six>(2, 2_000), run::<Ten>(3, 2_000)] {
        assert!(seen.steps > 1_000 && seen.passes > 10, "{seen:?}");
        assert!(seen.pushes.iter().all(|&n| n > 10), "{seen:?}");
    }
}
