//! Game records: no input panics the reader or the replay, and whatever
//! reads prints to text that reads back to the same record and prints the same.
#![no_main]

use kamisado_core::Record;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(record) = text.parse::<Record>() {
        let printed = record.to_string();
        let again: Record = printed
            .parse()
            .unwrap_or_else(|e| panic!("{printed:?} does not read back: {e}"));
        assert_eq!(again, record, "{printed:?}");
        assert_eq!(again.to_string(), printed);
        let _ = record.replay();
    }
});
