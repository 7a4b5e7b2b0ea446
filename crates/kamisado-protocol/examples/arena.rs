//! The arena from the command line, for trying it without the `kamisado` binary:
//! `cargo run -p kamisado-protocol --example arena -- --engine a=CMD --engine b=CMD`.

use clap::Parser;

/// Plays games between two KEP engines.
#[derive(Parser)]
struct Cli {
    #[command(flatten)]
    args: kamisado_protocol::ArenaArgs,
}

fn main() -> Result<(), String> {
    kamisado_protocol::arena_main(&Cli::parse().args)
}
