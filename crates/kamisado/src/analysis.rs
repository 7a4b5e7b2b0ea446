//! The engine's commands: solve, analyse and the engine part of bench.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use kamisado_core::{Move, Position, with_board};
use kamisado_engine::EngineBoard;
use kamisado_engine::{Engine, Limit, MoveAnalysis, SearchResult, Value};
use serde_json::{Value as Json, json};

use crate::PositionArgs;
use crate::commands::{board_size, emit, read_position};
use crate::progress::Progress;

/// Memory for the engine's transposition table, in MiB.
pub const HASH_MB: usize = 64;

/// How long a search may run, from the command line.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct LimitArgs {
    /// Search this many plies deep.
    #[arg(long, conflicts_with_all = ["nodes", "movetime"])]
    pub depth: Option<u32>,
    /// Search about this many nodes.
    #[arg(long, conflicts_with = "movetime")]
    pub nodes: Option<u64>,
    /// Search about this many milliseconds.
    #[arg(long)]
    pub movetime: Option<u64>,
}

impl LimitArgs {
    /// The limit the arguments ask for, or `default`.
    pub fn limit(&self, default: Limit) -> Limit {
        match (self.depth, self.nodes, self.movetime) {
            (Some(d), _, _) => Limit::Depth(d),
            (_, Some(n), _) => Limit::Nodes(n),
            (_, _, Some(ms)) => Limit::Time(Duration::from_millis(ms)),
            _ => default,
        }
    }
}

fn line_text<B: EngineBoard>(line: &[Move<B>]) -> String {
    line.iter()
        .map(|m| m.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn value_json(value: Value) -> Json {
    match value {
        Value::Win(n) => json!({"result": "win", "plies": n}),
        Value::Loss(n) => json!({"result": "loss", "plies": n}),
        Value::Score(cp) => json!({"result": "unknown", "cp": cp}),
    }
}

/// Words for a value, for people.
pub fn value_words(value: Value, side: kamisado_core::Side) -> String {
    match value {
        Value::Win(n) => format!("{} wins in {n} plies", side.name()),
        Value::Loss(n) => format!("{} loses in {n} plies", side.name()),
        Value::Score(cp) => format!("not proven; score {cp} for {}", side.name()),
    }
}

fn result_json<B: EngineBoard>(p: &Position<B>, r: &SearchResult<B>) -> Json {
    json!({
        "position": p.to_string(),
        "value": value_json(r.value),
        "best": r.best.map(|m| m.to_string()),
        "line": r.line.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
        "nodes": r.nodes,
        "time_ms": r.elapsed.as_millis() as u64,
    })
}

/// `kamisado solve`.
pub fn solve(args: &PositionArgs, json: bool) -> Result<(), String> {
    with_board!(board_size(args)?, B => solve_on::<B>(args, json))
}

fn solve_on<B: EngineBoard>(args: &PositionArgs, json: bool) -> Result<(), String> {
    let p = read_position::<B>(args)?;
    let mut engine = Engine::new(HASH_MB);
    let stop = AtomicBool::new(false);
    let r = engine
        .solve(&p, &stop)
        .ok_or("the solver was stopped before it finished")?;
    if json {
        return emit(&format!("{}\n", result_json(&p, &r)));
    }
    let best = r
        .best
        .map(|m| m.to_string())
        .unwrap_or_else(|| "none (the round is over)".into());
    emit(&format!(
        "position: {p}\nvalue: {} ({})\nbest move: {best}\nline: {}\nnodes: {}\ntime: {:.3} s\n",
        r.value,
        value_words(r.value, p.side_to_move()),
        line_text(&r.line),
        r.nodes,
        r.elapsed.as_secs_f64()
    ))
}

fn analyses_json<B: EngineBoard>(list: &[MoveAnalysis<B>]) -> Json {
    Json::Array(
        list.iter()
            .map(|a| {
                json!({
                    "move": a.mv.to_string(),
                    "value": value_json(a.value),
                    "line": a.line.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
                })
            })
            .collect(),
    )
}

fn analyses_table<B: EngineBoard>(list: &[MoveAnalysis<B>]) -> String {
    let mut out = String::new();
    for a in list {
        out.push_str(&format!(
            "{:<8} {:<10} {}\n",
            a.mv.to_string(),
            a.value.to_string(),
            line_text(&a.line)
        ));
    }
    out
}

/// `kamisado solve --first-moves` (on the board `--board` names).
pub fn solve_first_moves(args: &PositionArgs, json: bool) -> Result<(), String> {
    with_board!(board_size(args)?, B => solve_first_moves_on::<B>(json))
}

fn solve_first_moves_on<B: EngineBoard>(json: bool) -> Result<(), String> {
    let mut engine = Engine::new(HASH_MB);
    let progress = Progress::new("solving the first moves");
    let start = Instant::now();
    let list = kamisado_engine::solve_first_moves::<B>(&mut engine, &mut |done, total| {
        progress.update(done, total)
    });
    let elapsed = start.elapsed();
    if list.iter().any(|a| !a.value.is_proven()) {
        return Err("some first moves were left unproven".into());
    }
    if json {
        return emit(&format!(
            "{}\n",
            json!({"moves": analyses_json(&list), "time_ms": elapsed.as_millis() as u64})
        ));
    }
    let wins = list
        .iter()
        .filter(|a| matches!(a.value, Value::Win(_)))
        .count();
    let mut out = format!("move     value      line\n{}", analyses_table(&list));
    out.push_str(&format!(
        "{} first moves: {wins} win for Black, {} lose; solved in {:.1} s\n",
        list.len(),
        list.len() - wins,
        elapsed.as_secs_f64()
    ));
    emit(&out)
}

/// `kamisado analyse`.
pub fn analyse(args: &PositionArgs, limits: &LimitArgs, json: bool) -> Result<(), String> {
    with_board!(board_size(args)?, B => analyse_on::<B>(args, limits, json))
}

fn analyse_on<B: EngineBoard>(
    args: &PositionArgs,
    limits: &LimitArgs,
    json: bool,
) -> Result<(), String> {
    let p = read_position::<B>(args)?;
    if let Some(outcome) = p.outcome() {
        return Err(format!(
            "the round is over in this position: {} has won",
            outcome.winner.name()
        ));
    }
    let mut engine = Engine::new(HASH_MB);
    let stop = AtomicBool::new(false);
    let limit = limits.limit(Limit::Time(Duration::from_secs(2)));
    let list = engine.analyse(&p, limit, &stop);
    if json {
        return emit(&format!(
            "{}\n",
            json!({"position": p.to_string(), "moves": analyses_json(&list)})
        ));
    }
    emit(&format!(
        "{} to move in {p}\nmove     value      line\n{}",
        p.side_to_move().name(),
        analyses_table(&list)
    ))
}
