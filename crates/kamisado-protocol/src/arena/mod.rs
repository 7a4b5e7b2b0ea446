//! The arena: matches between two KEP engines.

/// The arena's command line.
#[derive(clap::Args, Clone, Debug)]
pub struct ArenaArgs {}

/// Runs the arena.
///
/// # Errors
/// Bad arguments.
pub fn arena_main(_args: &ArenaArgs) -> Result<(), String> {
    Ok(())
}
