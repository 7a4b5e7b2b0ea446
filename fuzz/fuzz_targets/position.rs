//! Positions and setups: no input panics the parsers, and whatever parses
//! prints to text that parses back to the same value and prints the same.
#![no_main]

use kamisado_core::{Position, Setup};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(pos) = text.parse::<Position>() {
        let printed = pos.to_string();
        let again: Position = printed
            .parse()
            .unwrap_or_else(|e| panic!("{printed:?} does not read back: {e}"));
        assert_eq!(again, pos, "{printed:?}");
        assert_eq!(again.to_string(), printed);
    }
    if let Ok(setup) = text.parse::<Setup>() {
        let printed = setup.to_string();
        let again: Setup = printed
            .parse()
            .unwrap_or_else(|e| panic!("{printed:?} does not read back: {e}"));
        assert_eq!(again, setup, "{printed:?}");
        assert_eq!(again.to_string(), printed);
    }
});
