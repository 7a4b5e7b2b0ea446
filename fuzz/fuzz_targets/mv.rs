//! Moves: no input panics the parser, and whatever parses prints to text
//! that parses back to the same move.
#![no_main]

use kamisado_core::Move;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(mv) = text.parse::<Move>() {
        let printed = mv.to_string();
        assert_eq!(printed.parse::<Move>(), Ok(mv), "{printed:?}");
    }
});
