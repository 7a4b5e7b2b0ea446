//! `kamisado puzzles generate`: positions with exactly one winning move,
//! proven by the solver, with their solution lines.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use clap::{Args, Subcommand};
use kamisado_core::geometry::BoardSize;
use kamisado_core::with_board;
use kamisado_engine::{Engine, EngineBoard, Puzzle, PuzzleSettings};
use serde_json::json;

use crate::analysis::HASH_MB;
use crate::commands::emit;
use crate::progress::Progress;

/// What `kamisado puzzles` does.
#[derive(Debug, Subcommand)]
pub enum PuzzlesCommand {
    /// Finds N positions of a single round in which exactly one move wins
    /// (in 3 to 21 plies), each proven by the solver: every legal move's
    /// value is proven. The same seed finds the same puzzles.
    Generate(GenerateArgs),
    /// Stores the puzzles of `kamisado puzzles generate N --json` (a file,
    /// or `-` for standard input) in a server's database, where its puzzle
    /// trainer offers them; puzzles already there are skipped.
    Import(ImportArgs),
}

/// The options of `kamisado puzzles import`.
#[derive(Debug, Args)]
pub struct ImportArgs {
    /// The JSON file that `kamisado puzzles generate --json` wrote, or `-`.
    #[arg(value_name = "FILE")]
    file: String,
    /// The server's database: sqlite://FILE or postgres://USER@HOST:PORT/DB.
    #[arg(long, default_value = "sqlite://kamisado.db")]
    db: String,
}

/// The options of `kamisado puzzles generate`.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// How many puzzles to find.
    #[arg(value_name = "N")]
    count: usize,
    /// Seed of the random games the positions come from.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The board: 6x6, 8x8 or 10x10.
    #[arg(long, default_value = "8x8")]
    board: BoardSize,
    /// Nodes the solver may spend proving each move's value; a position
    /// where one is left unproven is not a puzzle.
    #[arg(long, default_value_t = PuzzleSettings::default().nodes)]
    nodes: u64,
    /// The longest win a puzzle may have, in plies (3 to 41).
    #[arg(long, default_value_t = PuzzleSettings::default().max_plies,
          value_parser = clap::value_parser!(u32).range(3..=41))]
    max_plies: u32,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

/// `kamisado puzzles …`.
pub fn puzzles(command: &PuzzlesCommand) -> Result<(), String> {
    match command {
        PuzzlesCommand::Generate(args) => {
            if args.count == 0 {
                return Err("puzzles generate: N must be at least 1".into());
            }
            with_board!(args.board, B => generate_on::<B>(args))
        }
        PuzzlesCommand::Import(args) => import(args),
    }
}

fn import(args: &ImportArgs) -> Result<(), String> {
    let text = if args.file == "-" {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut text)
            .map_err(|e| format!("puzzles import: standard input: {e}"))?;
        text
    } else {
        std::fs::read_to_string(&args.file)
            .map_err(|e| format!("puzzles import: {}: {e}", args.file))?
    };
    let runtime = tokio::runtime::Runtime::new()
        .map_err(|e| format!("puzzles import: cannot start a runtime: {e}"))?;
    let new = runtime
        .block_on(kamisado_server::puzzles::import(&args.db, &text))
        .map_err(|e| format!("puzzles import: {e}"))?;
    emit(&format!(
        "{new} new puzzles stored in {}\n",
        kamisado_server::redacted(&args.db)
    ))
}

fn generate_on<B: EngineBoard>(args: &GenerateArgs) -> Result<(), String> {
    let settings = PuzzleSettings {
        nodes: args.nodes,
        max_plies: args.max_plies,
        ..PuzzleSettings::default()
    };
    let mut engine = Engine::new(HASH_MB);
    let stop = AtomicBool::new(false);
    let progress = Progress::new("finding puzzles");
    let start = Instant::now();
    let found = engine.find_puzzles::<B>(args.count, args.seed, settings, &stop, &mut |n, _| {
        progress.update(n, args.count)
    });
    progress.update(args.count, args.count);
    let seconds = start.elapsed().as_secs_f64();
    if args.json {
        let list: Vec<_> = found.iter().map(puzzle_json).collect();
        return emit(&format!(
            "{}\n",
            json!({"puzzles": list, "seed": args.seed, "board": args.board.name(),
                   "time_ms": (seconds * 1000.0) as u64})
        ));
    }
    let mut out = String::new();
    for (i, p) in found.iter().enumerate() {
        out.push_str(&format!(
            "{}. {}\n   wins in {} (grade {}; {} moves, {} that do not lose at once): {}\n",
            i + 1,
            p.position,
            p.plies,
            p.grade,
            p.moves,
            p.plausible,
            line_text(p)
        ));
    }
    out.push_str(&format!(
        "{} puzzles of {} asked for, seed {}, in {seconds:.1} s\n",
        found.len(),
        args.count,
        args.seed
    ));
    emit(&out)?;
    if found.len() < args.count {
        return Err(format!(
            "found {} puzzles of {}: try another seed, more --nodes or a larger --max-plies",
            found.len(),
            args.count
        ));
    }
    Ok(())
}

fn line_text<B: EngineBoard>(p: &Puzzle<B>) -> String {
    p.line
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

fn puzzle_json<B: EngineBoard>(p: &Puzzle<B>) -> serde_json::Value {
    json!({
        "position": p.position.to_string(),
        "solution": p.line.iter().map(ToString::to_string).collect::<Vec<_>>(),
        "plies": p.plies,
        "grade": p.grade,
        "moves": p.moves,
        "plausible": p.plausible,
    })
}
