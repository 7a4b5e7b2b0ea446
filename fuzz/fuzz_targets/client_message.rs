//! The server's reading of a client's WebSocket message: no input panics it,
//! and the move or fill a message carries goes to the rules' own parsers.
#![no_main]

use kamisado_server::{ClientMessage, decode_client_message};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match decode_client_message(text, 2048) {
        Ok(ClientMessage::Move { mv, .. }) => {
            let _ = mv.parse::<kamisado_core::Move>();
        }
        Ok(ClientMessage::Fill { fill, .. }) => {
            let _ = fill.parse::<kamisado_core::Fill>();
        }
        Ok(_) => {}
        Err(e) => assert!(!e.to_string().is_empty()),
    }
});
