//! A run of the arena with its default settings, for trying the library without
//! the `kamisado` binary (whose `kamisado arena` takes every setting as a flag):
//! `cargo run -p kamisado-protocol --example arena -- "a=CMD" "b=CMD"`.

use kamisado_protocol::{ArenaOptions, ArenaProgress, run_arena};

fn main() -> Result<(), String> {
    let options = ArenaOptions {
        engines: std::env::args().skip(1).collect(),
        ..ArenaOptions::default()
    };
    let report = run_arena(&options, &mut |progress| match progress {
        ArenaProgress::Played { done, total, .. } => eprintln!("{done}/{total} games"),
        ArenaProgress::Breakdown(line) => eprintln!("{line}"),
    })?;
    print!("{report}");
    Ok(())
}
