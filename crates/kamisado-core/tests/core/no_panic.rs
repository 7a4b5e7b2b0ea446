//! Parsers never panic: mangled positions, moves and records are refused with a reason.

use kamisado_core::random::SplitMix64;
use kamisado_core::{Game, Move, Position, Record, Rules, Setup};

const PIECES: &[&str] = &[
    "o", "O", "+", "/", "1", "8", "9", "0", " ", "-", "*", "b", "w", "n", "x", "é", "\n", "[", "]",
    "\"", ">", "round", "fill:", "1.", "pass", "1-0", "/7", "\\",
];

fn mangle(rng: &mut SplitMix64, text: &str) -> String {
    let mut chars: Vec<String> = text.chars().map(String::from).collect();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(chars.len() as u64 + 1) as usize;
        match rng.below(3) {
            0 if at < chars.len() => {
                chars.remove(at);
            }
            1 if at < chars.len() => chars[at] = rng.pick(PIECES).to_string(),
            _ => chars.insert(at, rng.pick(PIECES).to_string()),
        }
    }
    chars.concat()
}

#[test]
fn mangled_text_is_refused_with_a_reason_never_a_panic() {
    let mut rng = SplitMix64::new(99);
    let mut game: Game = Game::new(Rules::STANDARD, 3, "A \"x\"", "B\nC", "2026.11.29").unwrap();
    for _ in 0..40 {
        let moves = game.current().position().legal_moves();
        if moves.is_empty() {
            break;
        }
        game.play(*rng.pick(&moves)).unwrap();
    }
    let record = game.record().to_string();
    assert!(record.contains("[White \"B C\"]"), "{record}");
    let seeds = [
        "obvpyrgn/8/8/8/8/8/8/NGRYPVBO b -".to_string(),
        "o+bvpyrgn/8/3Y++4/8/8/8/8/NGR1PVBO w r* 2-1/7".to_string(),
        record,
    ];
    let mut refused = 0;
    for i in 0..30_000 {
        let text = mangle(&mut rng, &seeds[i % seeds.len()]);
        match text.parse::<Setup>() {
            Ok(setup) => {
                if let Ok(p) = Position::from_setup(&setup, Rules::STANDARD) {
                    let _ = p.legal_moves();
                    let _ = p.outcome();
                }
            }
            Err(e) => {
                refused += 1;
                assert!(!e.to_string().is_empty());
            }
        }
        let _ = text.parse::<Move>();
        if let Ok(r) = text.parse::<Record>() {
            let _ = r.replay();
        }
    }
    assert!(refused > 1_000);
}
