//! The server's reading of a client's WebSocket message: no input panics it;
//! what it reads writes back to text that reads as the same message, and the
//! move or fill a message carries prints as the rules' parsers read it.
#![no_main]

use kamisado_wire::ClientMessage;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match ClientMessage::decode(text, 2048) {
        Ok(message) => {
            match &message {
                ClientMessage::Move { mv, .. } => {
                    assert_eq!(
                        mv.to_string().parse::<kamisado_core::any::AnyMove>().ok(),
                        Some(*mv)
                    );
                }
                ClientMessage::Fill { fill, .. } => {
                    assert_eq!(
                        fill.to_string().parse::<kamisado_core::Fill>().ok(),
                        Some(*fill)
                    );
                }
                _ => {}
            }
            let again = ClientMessage::decode(&message.to_text(), usize::MAX);
            assert_eq!(again.ok().as_ref(), Some(&message), "{text}");
        }
        Err(e) => assert!(!e.error.to_string().is_empty()),
    }
});
