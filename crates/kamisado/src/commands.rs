//! The subcommands that use the rules alone.

use std::io::{Read, Write};
use std::time::{Duration, Instant};

use kamisado_core::geometry::{Board, BoardSize};
use kamisado_core::story::player;
use kamisado_core::{Match, Position, Record, Rules, Setup, with_board};

use crate::PositionArgs;
use crate::board;

/// The board the arguments name: `--board`, or the one `--position` is
/// written for, or the standard board.
pub fn board_size(args: &PositionArgs) -> Result<BoardSize, String> {
    let named = match &args.board {
        Some(name) => Some(
            name.parse::<BoardSize>()
                .map_err(|e| format!("--board: {e}"))?,
        ),
        None => None,
    };
    let written = args
        .position
        .as_deref()
        .and_then(|text| BoardSize::of_position(text.trim()));
    match (named, written) {
        (Some(named), Some(written)) if named != written => Err(format!(
            "--position is written for the {written} board, but --board says {named}"
        )),
        (Some(size), _) | (None, Some(size)) => Ok(size),
        (None, None) => Ok(BoardSize::Eight),
    }
}

/// Reads the position (and match score, if any) the arguments name.
pub fn read_match<B: Board>(args: &PositionArgs) -> Result<Match<B>, String> {
    let rules: Rules = args.rules.parse().map_err(|e| format!("--rules: {e}"))?;
    let Some(text) = &args.position else {
        return Match::new(rules, 1).map_err(|e| e.to_string());
    };
    let setup: Setup<B> = text
        .trim()
        .parse()
        .map_err(|e| format!("--position: {e}"))?;
    Match::from_setup(&setup, rules).map_err(|e| format!("--position: {e}"))
}

/// Reads the position the arguments name.
pub fn read_position<B: Board>(args: &PositionArgs) -> Result<Position<B>, String> {
    Ok(*read_match::<B>(args)?.position())
}

fn out() -> std::io::StdoutLock<'static> {
    std::io::stdout().lock()
}

/// Writes to standard output, ending quietly when the reader has gone (a closed pipe).
pub fn emit(text: &str) -> Result<(), String> {
    match out().write_all(text.as_bytes()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(format!("cannot write the output: {e}")),
    }
}

/// `kamisado perft`.
pub fn perft(args: &PositionArgs, depth: u32, divide: bool) -> Result<(), String> {
    with_board!(board_size(args)?, B => perft_on::<B>(args, depth, divide))
}

fn perft_on<B: Board>(args: &PositionArgs, depth: u32, divide: bool) -> Result<(), String> {
    let p = read_position::<B>(args)?;
    let mut text = String::new();
    let total = if divide {
        let mut total = 0;
        for (mv, n) in kamisado_core::divide(&p, depth) {
            text.push_str(&format!("{mv}: {n}\n"));
            total += n;
        }
        if depth == 0 { 1 } else { total }
    } else {
        kamisado_core::perft(&p, depth)
    };
    text.push_str(&format!("{total}\n"));
    emit(&text)
}

/// `kamisado moves`.
pub fn moves(args: &PositionArgs) -> Result<(), String> {
    with_board!(board_size(args)?, B => moves_on::<B>(args))
}

fn moves_on<B: Board>(args: &PositionArgs) -> Result<(), String> {
    let p = read_position::<B>(args)?;
    let text: String = p.legal_moves().iter().map(|m| format!("{m}\n")).collect();
    emit(&text)
}

/// `kamisado show`.
pub fn show(args: &PositionArgs, colour: bool) -> Result<(), String> {
    with_board!(board_size(args)?, B => show_on::<B>(args, colour))
}

fn show_on<B: Board>(args: &PositionArgs, colour: bool) -> Result<(), String> {
    let m = read_match::<B>(args)?;
    let mut text = board::draw_match(&m, colour);
    text.push_str(&board::legend::<B>());
    emit(&text)
}

fn read_file(path: &str) -> Result<String, String> {
    if path == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        return Ok(text);
    }
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))
}

/// `kamisado replay`.
pub fn replay(path: &str, boards: bool, colour: bool) -> Result<(), String> {
    let text = read_file(path)?;
    let size = kamisado_core::record::board_of(&text).map_err(|e| format!("{path}: {e}"))?;
    with_board!(size, B => replay_on::<B>(path, &text, boards, colour))
}

fn replay_on<B: Board>(path: &str, text: &str, boards: bool, colour: bool) -> Result<(), String> {
    let record: Record<B> = text.parse().map_err(|e| format!("{path}: {e}"))?;
    let (end, steps) = record.replay().map_err(|e| format!("{path}: {e}"))?;
    let mut out = String::new();
    let mut round = 0;
    for step in &steps {
        if step.round != round {
            round = step.round;
            let fill = record.rounds[round - 1]
                .fill
                .map(|f| format!(", filled from the {f}"))
                .unwrap_or_default();
            out.push_str(&format!("round {round}{fill}\n"));
        }
        if boards {
            out.push_str(&format!("{}. {}\n", step.number, step.mv));
            out.push_str(&board::draw_match(&step.after, colour));
        } else {
            out.push_str(&format!("{}. {} {}\n", step.number, step.mv, step.after));
        }
        if let Some(r) = step.result {
            out.push_str(&format!(
                "{} wins round {round} ({}){}, {} point{}; score {}-{}\n",
                player(r.winner),
                r.end,
                r.tower
                    .map(|c| format!(" with the {} tower", c.name()))
                    .unwrap_or_default(),
                r.points,
                if r.points == 1 { "" } else { "s" },
                step.after.score().black,
                step.after.score().white,
            ));
        }
    }
    for (i, r) in record.rounds.iter().enumerate() {
        if let Some((
            winner,
            end @ (kamisado_core::RoundEnd::Resignation | kamisado_core::RoundEnd::Time),
        )) = r.result
        {
            out.push_str(&format!(
                "round {}: {} wins by {end}\n",
                i + 1,
                player(winner)
            ));
        }
    }
    out.push_str(&match end.state() {
        kamisado_core::MatchState::Over { winner } => format!(
            "Result: {} wins {}-{}\n",
            player(winner),
            end.score().black,
            end.score().white
        ),
        _ => format!(
            "Result: * (in progress, score {}-{})\n",
            end.score().black,
            end.score().white
        ),
    });
    emit(&out)
}

/// `kamisado bench`: the move generator (perft) and the engine's search over
/// fixed positions, whose node total is a behaviour checksum.
pub fn bench(depth: u32, runs: u32, threads: usize) -> Result<(), String> {
    perft_bench(depth, runs)?;
    let on = if threads == 1 {
        String::new()
    } else {
        format!(" on {threads} threads (the node total varies)")
    };
    emit(&format!(
        "engine, fixed positions searched {} plies{on}:\n{}\n",
        kamisado_engine::bench::DEFAULT_DEPTH,
        kamisado_engine::bench::run_on_threads(kamisado_engine::bench::DEFAULT_DEPTH, threads)
    ))
}

fn perft_bench(depth: u32, runs: u32) -> Result<(), String> {
    let start = Position::start();
    let runs = runs.max(1);
    let mut times: Vec<Duration> = Vec::new();
    let mut leaves = 0;
    let progress = crate::progress::Progress::new(&format!("perft {depth}"));
    for i in 0..runs {
        let t = Instant::now();
        leaves = kamisado_core::perft(&start, depth);
        times.push(t.elapsed());
        progress.update(i as usize + 1, runs as usize);
    }
    times.sort();
    let median = times[times.len() / 2];
    let rate = leaves as f64 / median.as_secs_f64();
    emit(&format!(
        "perft {depth} from the start: {leaves} leaves; median of {runs} runs {:.3} s (min {:.3} s, max {:.3} s); {:.1} million leaves per second\n",
        median.as_secs_f64(),
        times[0].as_secs_f64(),
        times[times.len() - 1].as_secs_f64(),
        rate / 1e6
    ))
}
