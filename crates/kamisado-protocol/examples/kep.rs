//! The engine's protocol on standard input and output, for trying it by hand:
//! `cargo run -p kamisado-protocol --example kep`.

fn main() -> Result<(), String> {
    kamisado_protocol::engine_main()
}
