//! A run of the arena with its default settings, for trying the library without
//! the `kamisado` binary (whose `kamisado arena` takes every setting as a flag):
//! `cargo run -p kamisado-protocol --example arena -- "a=CMD" "b=CMD"`.

use kamisado_protocol::{ArenaOptions, arena_main};

fn main() -> Result<(), String> {
    arena_main(&ArenaOptions {
        engines: std::env::args().skip(1).collect(),
        ..ArenaOptions::default()
    })
}
