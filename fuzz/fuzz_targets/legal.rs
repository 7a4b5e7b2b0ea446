//! Legal iff generated: on a fuzzed position (the first line) every generated
//! move plays, and every fuzzed move (the other lines) that plays is generated.
#![no_main]

use kamisado_core::{Move, Position};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut lines = text.lines();
    let Some(Ok(pos)) = lines.next().map(str::parse::<Position>) else {
        return;
    };
    let legal = pos.legal_moves();
    for &mv in legal.iter() {
        assert!(pos.is_legal(mv), "{pos}: {mv} is generated but not legal");
        if let Err(e) = pos.play(mv) {
            panic!("{pos}: {mv} is generated but refused: {e}");
        }
    }
    for line in lines {
        let Ok(mv) = line.parse::<Move>() else {
            continue;
        };
        let generated = legal.iter().any(|&m| m == mv);
        assert_eq!(pos.play(mv).is_ok(), generated, "{pos}: {mv}");
        assert_eq!(pos.is_legal(mv), generated, "{pos}: {mv}");
    }
});
