//! Proof-number search (`prove_pn`) agrees with the solver on who wins, and
//! its winning moves keep the win.

use crate::common;
use crate::distances::facing;

use common::{NEVER, playout, solve};
use kamisado_core::geometry::{Eight, Six};
use kamisado_core::random::SplitMix64;
use kamisado_core::{Position, Rules};
use kamisado_engine::{Engine, EngineBoard, Value, prove_pn, solve_first_moves};

/// Proves plain positions (towers facing each other, and random playouts
/// from the start) by df-pn and by the solver, and checks that they agree
/// and that df-pn's winning move leaves the opponent lost by the solver.
fn agrees_with_the_solver<B: EngineBoard>(rules: Rules, seed: u64, count: usize) -> [usize; 2] {
    let mut rng = SplitMix64::new(seed);
    let mut engine = Engine::new(16);
    let start = Position::<B>::start_with(rules);
    let mut seen = [0; 2];
    for i in 0..count {
        let pos = if i % 2 == 0 {
            facing::<B>(rules, 0, &mut rng)
        } else {
            playout(&start, 2 + rng.below(14) as usize, &mut rng)
        };
        let Some(pos) = pos else { continue };
        let proof = prove_pn(&pos, 4, &NEVER).expect("a plain round");
        let (wins, plies) = match solve(&mut engine, &pos) {
            Value::Win(n) => (true, n),
            Value::Loss(n) => (false, n),
            Value::Score(_) => panic!("{pos}: unsolved"),
        };
        assert_eq!(proof.wins, wins, "{pos}");
        // The proof's height bounds the exact distance from above.
        assert!(
            proof.within >= plies,
            "{pos}: within {} < {plies}",
            proof.within
        );
        if proof.wins {
            let best = proof.best.expect("a winning move");
            let after = pos.play(best).unwrap();
            let reply = engine.prove(&after, &NEVER).unwrap();
            let same_side = after.side_to_move() == pos.side_to_move();
            assert!(after.is_over() || reply.wins == same_side, "{pos}: {best}");
        }
        seen[usize::from(proof.wins)] += 1;
    }
    seen
}

#[test]
fn df_pn_agrees_with_the_solver_on_plain_rounds() {
    let [losses, wins] = agrees_with_the_solver::<Eight>(Rules::STANDARD, 28, 600);
    println!("8x8: {wins} wins, {losses} losses");
    assert!(wins >= 100 && losses >= 100);
    let [losses, wins] = agrees_with_the_solver::<Six>(Rules::STANDARD, 26, 600);
    println!("6x6: {wins} wins, {losses} losses");
    assert!(wins >= 100 && losses >= 100);
    let [losses, wins] = agrees_with_the_solver::<Eight>(Rules::CHAMPIONSHIP, 29, 300);
    println!("8x8 opening-limits: {wins} wins, {losses} losses");
    assert!(wins >= 50 && losses >= 50);
}

#[test]
fn df_pn_proves_the_8x8_start_a_win_for_black() {
    let proof = prove_pn(&Position::start(), 64, &NEVER).unwrap();
    assert!(proof.wins);
    let after = Position::start().play(proof.best.unwrap()).unwrap();
    assert!(!Engine::new(16).prove(&after, &NEVER).unwrap().wins);
}

#[test]
fn df_pn_agrees_with_the_solver_on_the_102_first_moves() {
    let start = Position::start();
    let mut engine = Engine::new(64);
    let exact = solve_first_moves::<Eight>(&mut engine, &mut |_, _| {});
    assert_eq!(exact.len(), 102);
    for analysis in exact {
        let after = start.play(analysis.mv).unwrap();
        let proof = prove_pn(&after, 16, &NEVER).unwrap();
        // White moves after Black's first move: White wins when Black's move loses.
        let black_wins = matches!(analysis.value, Value::Win(_));
        assert_eq!(proof.wins, !black_wins, "{}", analysis.mv);
    }
}

#[test]
fn df_pn_refuses_rounds_with_teeth() {
    let p: Position = "obvpyrgn/8/8/8/8/8/8/NG+RYPVBO b -".parse().unwrap();
    assert!(prove_pn(&p, 1, &NEVER).is_none());
}
