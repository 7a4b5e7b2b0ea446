//! The solver's distances agree with themselves and with brute force, over
//! thousands of seeded positions on every board and under every rule set;
//! many of them have a best line that ends in a deadlock (R8), after a push
//! too (R13), where distances were once a ply too long.

use crate::common;

use common::{NEVER, brute_force, playout, solve};
use kamisado_core::geometry::{Eight, Six, Ten};
use kamisado_core::random::SplitMix64;
use kamisado_core::{Ending, Move, Position, Rules, Setup, Side, Square, Tower};
use kamisado_engine::{Engine, EngineBoard, Limit, Value};

/// What the checks of a sample saw.
#[derive(Debug, Default)]
struct Seen {
    /// Positions checked.
    positions: usize,
    /// Best lines that end in a deadlock (R8).
    deadlocks: usize,
    /// Of those, lines whose last move is a push (R13).
    push_deadlocks: usize,
    /// Of those, lines longer than three plies.
    long_deadlocks: usize,
    /// Results short enough for brute force to find them.
    brute_forced: usize,
}

/// A sample: which positions, how many, and how deep brute force looks.
#[derive(Clone, Copy)]
struct Sample {
    rules: Rules,
    seed: u64,
    /// Positions whose towers face each other (see [`facing`]).
    facing: usize,
    /// Positions reached by random moves from a start with teeth.
    played: usize,
    /// Plies of random moves at least (up to twelve more).
    min_plies: usize,
    /// The most teeth (rings) a tower gets.
    max_teeth: u8,
    brute_depth: u32,
}

/// The number of plies of a proven value.
fn plies(value: Value, pos: &impl std::fmt::Display) -> u32 {
    match value {
        Value::Win(n) | Value::Loss(n) => n,
        Value::Score(_) => panic!("{pos}: the solver gave {value}"),
    }
}

/// A position whose towers face each other, so that towers are blocked and
/// rounds end in passes and deadlocks: Black's towers on one or two ranks,
/// White's on the ranks just above, each tower with teeth one time in four
/// (none when `max_teeth` is 0).
pub(crate) fn facing<B: EngineBoard>(
    rules: Rules,
    max_teeth: u8,
    rng: &mut SplitMix64,
) -> Option<Position<B>> {
    let width = 1 + rng.below(2) as i32;
    // Black's goal row (the last rank) stays empty.
    let low = rng.below(B::SIZE as u64 - width as u64) as i32;
    let mut setup = Setup::<B>::empty();
    for side in Side::BOTH {
        let first = low + i32::from(side == Side::White);
        for &colour in B::COLOURS {
            let teeth = if max_teeth > 0 && rng.chance(1, 4) {
                1 + rng.below(u64::from(max_teeth)) as u8
            } else {
                0
            };
            let sq = loop {
                let file = rng.below(B::SIZE as u64) as i32;
                let rank = first + rng.below(width as u64) as i32;
                let sq = Square::<B>::at(file, rank).expect("on the board");
                if setup.board[sq.index()].is_none() {
                    break sq;
                }
            };
            setup.board[sq.index()] = Some(Tower {
                side,
                colour,
                teeth,
            });
        }
    }
    setup.side = *rng.pick(&Side::BOTH);
    setup.forced = Some(*rng.pick(B::COLOURS));
    let pos = Position::from_setup(&setup, rules).ok()?;
    (!pos.is_over()).then_some(pos)
}

/// A position a few random plies from a start whose towers have teeth one
/// time in four.
fn played<B: EngineBoard>(sample: &Sample, rng: &mut SplitMix64) -> Option<Position<B>> {
    let mut setup = Position::<B>::start_with(sample.rules).to_setup();
    for tower in setup.board.iter_mut().flatten() {
        if rng.chance(1, 4) {
            tower.teeth = 1 + rng.below(u64::from(sample.max_teeth)) as u8;
        }
    }
    let start = Position::from_setup(&setup, sample.rules).expect("a start with teeth");
    playout(&start, sample.min_plies + rng.below(13) as usize, rng)
}

/// The positions of a sample.
fn positions<B: EngineBoard>(sample: &Sample) -> Vec<Position<B>> {
    let mut rng = SplitMix64::new(sample.seed);
    let mut all = Vec::new();
    while all.len() < sample.facing {
        all.extend(facing(sample.rules, sample.max_teeth, &mut rng));
    }
    while all.len() < sample.facing + sample.played {
        all.extend(played(sample, &mut rng));
    }
    all
}

/// Plays a solved line and checks that it is legal, as long as the value
/// says and ends the round as the value says; counts how it ends.
fn check_line<B: EngineBoard>(pos: &Position<B>, line: &[Move<B>], value: Value, seen: &mut Seen) {
    let n = plies(value, pos);
    assert_eq!(line.len(), n as usize, "{pos}: {value} with line {line:?}");
    let mut end = *pos;
    for &mv in line {
        assert!(
            !end.is_over(),
            "{pos}: the line goes on after the round ended"
        );
        end = end.play(mv).unwrap_or_else(|e| panic!("{pos}: {e}"));
    }
    let outcome = end
        .outcome()
        .unwrap_or_else(|| panic!("{pos}: the line {line:?} does not end the round"));
    let won = outcome.winner == pos.side_to_move();
    assert_eq!(won, matches!(value, Value::Win(_)), "{pos}: {value}");
    if outcome.ending == Ending::Deadlock {
        seen.deadlocks += 1;
        seen.push_deadlocks += usize::from(matches!(line.last(), Some(Move::Push { .. })));
        seen.long_deadlocks += usize::from(n > 3);
    }
}

/// The value of each legal move for the side to move, from the solver's
/// value of the position it leads to (after a push the same side moves again).
fn move_values<B: EngineBoard>(engine: &mut Engine, pos: &Position<B>) -> Vec<(Move<B>, Value)> {
    pos.legal_moves()
        .iter()
        .map(|&mv| {
            let child = pos.play_unchecked(mv);
            let same_side = child.side_to_move() == pos.side_to_move();
            (mv, solve(engine, &child).before_move(same_side))
        })
        .collect()
}

/// Checks one position: solve against analyse, against the solver's values
/// of the moves, against its own line and against brute force. Every other
/// position is analysed before it is solved, so that each finds the table
/// as the other left it.
fn check<B: EngineBoard>(
    engine: &mut Engine,
    pos: &Position<B>,
    brute_depth: u32,
    seen: &mut Seen,
) {
    let analyse_first = seen.positions % 2 == 1;
    let early = analyse_first.then(|| engine.analyse(pos, Limit::Infinite, &NEVER));
    let result = engine.solve(pos, &NEVER).expect("never stopped");
    let (value, n) = (result.value, plies(result.value, pos));
    check_line(pos, &result.line, value, seen);
    let analyses = early.unwrap_or_else(|| engine.analyse(pos, Limit::Infinite, &NEVER));
    assert_eq!(analyses.len(), pos.legal_moves().len(), "{pos}");
    assert_eq!(analyses[0].value, value, "{pos}: analyse's best move");
    let moves = move_values(engine, pos);
    for a in &analyses {
        assert!(
            moves.contains(&(a.mv, a.value)),
            "{pos}: {} {}",
            a.mv,
            a.value
        );
        check_line(pos, &a.line, a.value, &mut Seen::default());
    }
    let values = || moves.iter().map(|&(_, v)| v);
    match value {
        // A move after which the opponent loses in n − 1 (or, after a push,
        // the mover wins in n − 1), and no move that wins sooner.
        Value::Win(_) => {
            assert!(values().any(|v| v == value), "{pos}: no move wins in {n}");
            assert!(values().all(|v| v <= value), "{pos}: a move beats {value}");
        }
        // Every move lets the opponent win in at most n − 1, one in exactly n − 1.
        Value::Loss(_) => {
            let within = |v| matches!(v, Value::Loss(k) if k <= n);
            assert!(values().all(within), "{pos}: a move holds out beyond {n}");
            assert!(values().any(|v| v == value), "{pos}: no move holds out {n}");
        }
        Value::Score(_) => unreachable!("plies() accepts proven values only"),
    }
    let brute = brute_force(pos, brute_depth);
    if n <= brute_depth {
        seen.brute_forced += 1;
        assert_eq!(brute, value, "{pos}: brute force to {brute_depth} plies");
    } else {
        assert_eq!(brute, Value::Score(0), "{pos}: solver {value}");
    }
    seen.positions += 1;
}

/// Checks every position of a sample with one engine, whose table the
/// positions share.
fn check_sample<B: EngineBoard>(sample: Sample) -> Seen {
    let mut engine = Engine::new(16);
    let mut seen = Seen::default();
    for pos in positions::<B>(&sample) {
        check(&mut engine, &pos, sample.brute_depth, &mut seen);
    }
    seen
}

/// Checks a sample under each rule set and asserts that enough best lines
/// ended in deadlocks, after pushes too, for the checks to mean something.
fn check_every_rule_set<B: EngineBoard>(
    seed: u64,
    facing: usize,
    played: usize,
    min_plies: usize,
    brute_depth: u32,
) {
    for (i, rules) in Rules::BASE.into_iter().enumerate() {
        let sample = Sample {
            rules,
            seed: seed + i as u64,
            facing,
            played,
            min_plies,
            // Zvezda towers with two or three rings move sideways and back,
            // which lets rounds run for ever; see `zvezda_rings_*` for those.
            max_teeth: if rules == Rules::ZVEZDA { 1 } else { 3 },
            brute_depth,
        };
        let seen = check_sample::<B>(sample);
        let what = format!("{} {rules}: {seen:?}", B::KIND);
        println!("{what}");
        assert_eq!(seen.positions, facing + played, "{what}");
        assert!(seen.deadlocks >= facing / 50, "{what}");
        assert!(seen.push_deadlocks >= facing / 250, "{what}");
        assert!(
            seen.deadlocks - seen.push_deadlocks >= facing / 250,
            "{what}"
        );
        assert!(seen.long_deadlocks >= facing / 250, "{what}");
        assert!(seen.brute_forced >= (facing + played) / 4, "{what}");
    }
}

#[test]
fn distances_agree_on_the_8x8_board() {
    check_every_rule_set::<Eight>(80, 2500, 150, 14, 4);
}

#[test]
fn distances_agree_on_the_6x6_board() {
    check_every_rule_set::<Six>(60, 2500, 150, 8, 5);
}

#[test]
fn distances_agree_on_the_10x10_board() {
    check_every_rule_set::<Ten>(100, 1500, 40, 30, 3);
}

/// Whether the round ends within `plies` plies, whatever the loser does, in
/// a win for the side to move (`wins`) or in its loss: an and-or search that
/// shares nothing with the solver.
fn decided_within<B: EngineBoard>(pos: &Position<B>, plies: u32, wins: bool) -> bool {
    if let Some(outcome) = pos.outcome() {
        return (outcome.winner == pos.side_to_move()) == wins;
    }
    let after = |mv: Move<B>| {
        let child = pos.play_unchecked(mv);
        let same_side = child.side_to_move() == pos.side_to_move();
        decided_within(&child, plies - 1, wins == same_side)
    };
    let moves = pos.legal_moves();
    plies > 0
        && if wins {
            moves.iter().any(|&mv| after(mv))
        } else {
            moves.iter().all(|&mv| after(mv))
        }
}

/// Solves plain positions (no teeth, so no pushes) and checks every value
/// of at most `longest` plies by and-or search: the round is decided within
/// its plies and not within one fewer. Returns the values checked and, of
/// them, the wins of an even number of plies (a deadlock, R8, the opponent's
/// last move) and the results longer than three plies.
fn plain_distances_are_exact<B: EngineBoard>(
    seed: u64,
    count: usize,
    min_plies: usize,
    longest: u32,
) -> (usize, usize, usize) {
    let mut rng = SplitMix64::new(seed);
    let mut engine = Engine::new(16);
    let start = Position::<B>::start_with(Rules::STANDARD);
    let (mut checked, mut even_wins, mut long) = (0, 0, 0);
    for i in 0..count {
        let pos = if i % 2 == 0 {
            facing::<B>(Rules::STANDARD, 0, &mut rng)
        } else {
            playout(&start, min_plies + rng.below(12) as usize, &mut rng)
        };
        let Some(pos) = pos else {
            continue;
        };
        let value = solve(&mut engine, &pos);
        let n = plies(value, &pos);
        if n > longest {
            continue;
        }
        let within = |plies| decided_within(&pos, plies, matches!(value, Value::Win(_)));
        assert!(within(n), "{pos}: not decided within the solver's {value}");
        assert!(
            !within(n - 1),
            "{pos}: decided sooner than the solver's {value}"
        );
        checked += 1;
        even_wins += usize::from(matches!(value, Value::Win(k) if k % 2 == 0));
        long += usize::from(n > 3);
    }
    (checked, even_wins, long)
}

#[test]
fn distances_of_plain_rounds_are_exact_by_and_or_search() {
    let (checked, even_wins, long) = plain_distances_are_exact::<Eight>(88, 40000, 10, 11);
    println!("8x8: {checked} checked, {even_wins} even wins, {long} longer than 3");
    assert!(checked >= 10_000 && even_wins >= 50 && long >= 3000);
    let (checked, even_wins, long) = plain_distances_are_exact::<Six>(66, 40000, 6, 13);
    println!("6x6: {checked} checked, {even_wins} even wins, {long} longer than 3");
    assert!(checked >= 10_000 && even_wins >= 50 && long >= 3000);
}

/// Under zvezda, towers with two or three rings (which move sideways and
/// back, up to five squares) in positions that brute force settles: the
/// solver finds the same value and a line that ends the round so.
fn zvezda_rings_agree_with_brute_force<B: EngineBoard>(
    seed: u64,
    count: usize,
    depth: u32,
) -> usize {
    let mut rng = SplitMix64::new(seed);
    let mut engine = Engine::new(16);
    let mut seen = Seen::default();
    let mut settled = 0;
    for _ in 0..count {
        let Some(pos) = facing::<B>(Rules::ZVEZDA, 3, &mut rng) else {
            continue;
        };
        let brute = brute_force(&pos, depth);
        // A round that brute force does not settle may never end.
        if !brute.is_proven() {
            continue;
        }
        let result = engine.solve(&pos, &NEVER).expect("never stopped");
        assert_eq!(result.value, brute, "{pos}: brute force to {depth} plies");
        check_line(&pos, &result.line, result.value, &mut seen);
        settled += 1;
    }
    settled
}

#[test]
fn zvezda_rings_agree_with_brute_force_on_every_board() {
    let settled = zvezda_rings_agree_with_brute_force::<Eight>(8, 3000, 4);
    assert!(settled >= 1000, "8x8: {settled} settled");
    let settled = zvezda_rings_agree_with_brute_force::<Six>(6, 3000, 4);
    assert!(settled >= 1000, "6x6: {settled} settled");
    let settled = zvezda_rings_agree_with_brute_force::<Ten>(10, 1000, 3);
    assert!(settled >= 300, "10x10: {settled} settled");
}

/// Plays `moves` from `pos` and checks that the solver values every position
/// on the way one ply shorter than the one before, from `value`, and that
/// the round ends in a deadlock (R8) won as the value says.
fn deadlock_line_is_best_play(engine: &mut Engine, pos: &Position, value: Value, moves: &str) {
    let mut current = *pos;
    let mut expected = value;
    for text in moves.split_whitespace() {
        assert_eq!(
            solve(engine, &current),
            expected,
            "{current}, before {text}"
        );
        let mv = text.parse().expect("a move");
        let next = current
            .play(mv)
            .unwrap_or_else(|e| panic!("{current}: {e}"));
        let same_side = next.side_to_move() == current.side_to_move();
        expected = match (expected, same_side) {
            (Value::Win(n), true) => Value::Win(n - 1),
            (Value::Win(n), false) => Value::Loss(n - 1),
            (Value::Loss(n), true) => Value::Loss(n - 1),
            (Value::Loss(n), false) => Value::Win(n - 1),
            (score, _) => panic!("{current}: {score}"),
        };
        current = next;
    }
    let outcome = current.outcome().expect("the line ends the round");
    assert_eq!(outcome.ending, Ending::Deadlock, "{current}");
    let winner = if matches!(value, Value::Win(_)) {
        pos.side_to_move()
    } else {
        !pos.side_to_move()
    };
    assert_eq!(outcome.winner, winner, "{current}");
    assert!(
        matches!(expected, Value::Win(0) | Value::Loss(0)),
        "{expected}"
    );
}

/// Positions whose best line ends in a deadlock, with their values, for
/// which the solver once gave one ply more, and a best line of each.
const DEADLOCK_LINES: [(&str, Value, &str); 3] = [
    (
        "2v1yr1n/8/8/8/o7/3p2g1/Nb1PYBV1/1GR4O w v",
        Value::Win(6),
        "c8-h3 b1-c2 e8-e3 pass f8-f3 h1-h2",
    ),
    (
        "o3y2n/1vbp2g1/3r4/N1R3B1/8/3G4/4P3/3Y1V1O b o",
        Value::Win(6),
        "h1-c6 a8-a7 c5-b6 d7-f5 d3-b5 b7-a6",
    ),
    (
        "3p1rgn/1v6/2y5/o3b3/4O3/8/N1YR4/1G2PVB1 b p",
        Value::Loss(19),
        "e1-h4 d8-d5 e4-g6 c6-c5 g1-g2 a5-a3 g2-h3 g8-f7 c2-f5 f7-f6 \
         a2-c4 f6-g5 d2-e3 f8-e7 h3-g4 b7-b4 e3-d4 h8-h6 g4-h5",
    ),
];

#[test]
fn reported_positions_have_their_true_distances() {
    for (text, value, line) in DEADLOCK_LINES {
        let pos: Position = text.parse().expect("a position");
        let mut engine = Engine::new(16);
        let result = engine.solve(&pos, &NEVER).expect("never stopped");
        assert_eq!(result.value, value, "{text}");
        check_line(&pos, &result.line, value, &mut Seen::default());
        let analyses = engine.analyse(&pos, Limit::Infinite, &NEVER);
        assert_eq!(analyses[0].value, value, "{text}: analyse");
        deadlock_line_is_best_play(&mut engine, &pos, value, line);
    }
}

#[test]
fn first_moves_g1_f2_and_b1_c2_lose_in_15() {
    let mut engine = Engine::new(64);
    let start = Position::start();
    for first in ["g1-f2", "b1-c2"] {
        let child = start.play(first.parse().unwrap()).unwrap();
        assert_eq!(solve(&mut engine, &child), Value::Win(14), "{first}");
    }
    // A best line after g1-f2, to a deadlock that Black's h1-h2 makes.
    let after = start.play("g1-f2".parse().unwrap()).unwrap();
    let line = "d8-d3 f1-g2 a8-a4 d1-e2 g8-g3 e1-d2 b8-b2 a1-a2 c8-h3 b1-c2 \
                e8-e3 pass f8-f3 h1-h2";
    deadlock_line_is_best_play(&mut engine, &after, Value::Win(14), line);
}
