//! The engine's commands: solve, analyse and the engine part of bench.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use kamisado_core::story::player;
use kamisado_core::{
    Match, MatchState, Move, Position, RoundResult, Rules, Score, Setup, Side, with_board,
};
use kamisado_engine::EngineBoard;
use kamisado_engine::{
    Engine, Limit, MatchSolution, MatchValue, MoveAnalysis, SearchResult, Told, Value,
};
use serde_json::{Value as Json, json};

use crate::PositionArgs;
use crate::commands::{board_size, emit, read_match, read_position};
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

/// Words for a value, for people: the page's ([`Told`]).
pub fn value_words(value: Value, side: Side) -> String {
    Told::new(side, value).to_string()
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

/// `kamisado solve --who-wins`: who wins, with a winning move, without the
/// exact distance.
pub fn who_wins(args: &PositionArgs, json: bool, threads: usize) -> Result<(), String> {
    with_board!(board_size(args)?, B => who_wins_on::<B>(args, json, threads))
}

fn who_wins_on<B: EngineBoard>(
    args: &PositionArgs,
    json: bool,
    threads: usize,
) -> Result<(), String> {
    let p = read_position::<B>(args)?;
    let mut engine = Engine::new(HASH_MB);
    engine.set_threads(threads);
    let proof = engine
        .who_wins(&p, &AtomicBool::new(false))
        .ok_or("the solver was stopped before it finished")?;
    let mover = p.side_to_move();
    let winner = if proof.wins { mover } else { !mover };
    if json {
        let out = json!({
            "position": p.to_string(),
            "winner": winner.name().to_lowercase(),
            "side_to_move_wins": proof.wins,
            "within": proof.within,
            "best": proof.best.map(|m| m.to_string()),
            "nodes": proof.nodes,
            "time_ms": proof.elapsed.as_millis() as u64,
        });
        return emit(&format!("{out}\n"));
    }
    let best = match proof.best {
        Some(mv) => mv.to_string(),
        None if p.is_over() => "none (the round is over)".into(),
        None => "none: every move loses".into(),
    };
    emit(&format!(
        "position: {p}\nwinner: {} ({}), within {} plies (a bound: the exact distance is not sought)\nwinning move: {best}\nnodes: {}\ntime: {:.3} s\n",
        player(winner),
        if proof.wins {
            "the side to move"
        } else {
            "the side not to move"
        },
        proof.within,
        proof.nodes,
        proof.elapsed.as_secs_f64()
    ))
}

/// `kamisado solve`.
pub fn solve(
    args: &PositionArgs,
    json: bool,
    match_nodes: u64,
    threads: usize,
) -> Result<(), String> {
    with_board!(board_size(args)?, B => solve_on::<B>(args, json, match_nodes, threads))
}

fn solve_on<B: EngineBoard>(
    args: &PositionArgs,
    json: bool,
    match_nodes: u64,
    threads: usize,
) -> Result<(), String> {
    let m = read_match::<B>(args)?;
    let p = *m.position();
    let mut engine = Engine::new(HASH_MB);
    engine.set_threads(threads);
    let stop = AtomicBool::new(false);
    let r = engine
        .solve(&p, &stop)
        .ok_or("the solver was stopped before it finished")?;
    // A position with a match field is also solved in match terms.
    let exact = if has_match_field::<B>(args) {
        Some(solve_match(&mut engine, &m, match_nodes, &stop))
    } else {
        None
    };
    if json {
        let mut out = result_json(&p, &r);
        if let Some(exact) = &exact {
            out["position"] = json!(m.to_string());
            out["match"] = match_json(&m, exact);
        }
        return emit(&format!("{out}\n"));
    }
    let best = r
        .best
        .map(|m| m.to_string())
        .unwrap_or_else(|| "none (the round is over)".into());
    let shown = match exact {
        Some(_) => m.to_string(),
        None => p.to_string(),
    };
    let mut out = format!(
        "position: {shown}\nvalue: {} ({})\nbest move: {best}\nline: {}\nnodes: {}\ntime: {:.3} s\n",
        r.value,
        value_words(r.value, p.side_to_move()),
        line_text(&r.line),
        r.nodes,
        r.elapsed.as_secs_f64()
    );
    if let Some(exact) = &exact {
        out.push_str(&match_text(&m, exact));
    }
    emit(&out)
}

/// Whether `--position` has a match field (`2-1/7`).
fn has_match_field<B: EngineBoard>(args: &PositionArgs) -> bool {
    args.position
        .as_deref()
        .and_then(|text| text.trim().parse::<Setup<B>>().ok())
        .is_some_and(|setup| setup.score.is_some())
}

/// The points-exact solution of the round being played in `m` within
/// `nodes`, or why there is none.
fn solve_match<B: EngineBoard>(
    engine: &mut Engine,
    m: &Match<B>,
    nodes: u64,
    stop: &AtomicBool,
) -> Result<MatchSolution<B>, String> {
    match m.state() {
        MatchState::Over { .. } => Err("the match is over".into()),
        MatchState::AwaitingFill { .. } => Err("the round is over".into()),
        MatchState::Playing => engine
            .solve_match_nodes(m, nodes, stop)
            .ok_or_else(|| format!("not proven within {nodes} nodes")),
    }
}

/// The JSON name of a match value.
fn match_value_json(value: MatchValue) -> Json {
    match value {
        MatchValue::WinsMatch => json!({"result": "wins match"}),
        MatchValue::Wins(p) => json!({"result": "wins", "points": p}),
        MatchValue::Loses(p) => json!({"result": "loses", "points": p}),
        MatchValue::LosesMatch => json!({"result": "loses match"}),
    }
}

/// Words for a match value, for people.
pub fn match_value_words(value: MatchValue, side: Side) -> String {
    let other = player(!side);
    let side = player(side);
    let plural = |p: u8| if p == 1 { "" } else { "s" };
    match value {
        MatchValue::WinsMatch => format!("{side} wins the round and the match"),
        MatchValue::Wins(p) => format!("{side} wins the round and scores {p} point{}", plural(p)),
        MatchValue::Loses(p) => {
            format!(
                "{side} loses the round and {other} scores {p} point{}",
                plural(p)
            )
        }
        MatchValue::LosesMatch => format!("{side} loses the round and the match"),
    }
}

/// The score after the round that ends the solution's line.
fn score_after<B: EngineBoard>(m: &Match<B>, end: &RoundResult) -> Score {
    let mut score = m.score();
    match end.winner {
        Side::Black => score.black += end.points,
        Side::White => score.white += end.points,
    }
    score
}

fn match_json<B: EngineBoard>(m: &Match<B>, exact: &Result<MatchSolution<B>, String>) -> Json {
    let solution = match exact {
        Ok(solution) => solution,
        Err(reason) => {
            return json!({"score": m.score().to_string(), "value": null, "reason": reason});
        }
    };
    let end = solution.end.map(|end| {
        let score = score_after(m, &end);
        json!({
            "winner": end.winner.name().to_lowercase(),
            "ending": end.end.name(),
            "tower": end.tower.map(|c| c.name()),
            "points": end.points,
            "promoted_teeth": solution.promoted().map(|t| t.teeth),
            "score": score.to_string(),
            "ends_match": score.of(end.winner) >= score.target,
        })
    });
    json!({
        "score": m.score().to_string(),
        "value": match_value_json(solution.value),
        "best": solution.best.map(|mv| mv.to_string()),
        "line": solution.line.iter().map(|mv| mv.to_string()).collect::<Vec<_>>(),
        "end": end,
        "nodes": solution.nodes,
        "time_ms": solution.elapsed.as_millis() as u64,
    })
}

fn match_text<B: EngineBoard>(m: &Match<B>, exact: &Result<MatchSolution<B>, String>) -> String {
    let score = m.score();
    let mut out = format!(
        "match: Black {}, Gold {}, playing to {}\n",
        score.black, score.white, score.target
    );
    let solution = match exact {
        Ok(solution) => solution,
        Err(reason) => {
            out.push_str(&format!("match value: none ({reason})\n"));
            return out;
        }
    };
    let side = m.position().side_to_move();
    out.push_str(&format!(
        "match value: {} ({})\nmatch best move: {}\nmatch line: {}\n",
        solution.value,
        match_value_words(solution.value, side),
        solution.best.map_or("none".into(), |mv| mv.to_string()),
        line_text(&solution.line),
    ));
    if let (Some(end), Some(promoted)) = (solution.end, solution.promoted()) {
        let after = score_after(m, &end);
        let ends = if after.of(end.winner) >= after.target {
            ", the match is over"
        } else {
            ""
        };
        out.push_str(&format!(
            "round ends: {} wins ({}) with the {} {}, {} point{}, which becomes a {}; score {}-{}{ends}\n",
            player(end.winner),
            end.end,
            promoted.colour.name(),
            rank_before(end.points),
            end.points,
            if end.points == 1 { "" } else { "s" },
            promoted.rank_name(),
            after.black,
            after.white,
        ));
    }
    out.push_str(&format!(
        "match nodes: {}\nmatch time: {:.3} s\n",
        solution.nodes,
        solution.elapsed.as_secs_f64()
    ));
    out
}

/// What a player calls a tower that scores `points` when it wins (R10).
fn rank_before(points: u8) -> &'static str {
    match points {
        1 => "tower",
        3 => "sumo",
        7 => "double sumo",
        _ => "triple sumo",
    }
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
pub fn solve_first_moves(args: &PositionArgs, json: bool, threads: usize) -> Result<(), String> {
    let rules: Rules = args.rules.parse().map_err(|e| format!("--rules: {e}"))?;
    with_board!(board_size(args)?, B => solve_first_moves_on::<B>(rules, json, threads))
}

fn solve_first_moves_on<B: EngineBoard>(
    rules: Rules,
    json: bool,
    threads: usize,
) -> Result<(), String> {
    let mut engine = Engine::new(HASH_MB);
    engine.set_threads(threads);
    let progress = Progress::new("solving the first moves");
    let start = Instant::now();
    let list =
        kamisado_engine::solve_first_moves_under::<B>(&mut engine, rules, &mut |done, total| {
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
pub fn analyse(
    args: &PositionArgs,
    limits: &LimitArgs,
    json: bool,
    threads: usize,
) -> Result<(), String> {
    with_board!(board_size(args)?, B => analyse_on::<B>(args, limits, json, threads))
}

fn analyse_on<B: EngineBoard>(
    args: &PositionArgs,
    limits: &LimitArgs,
    json: bool,
    threads: usize,
) -> Result<(), String> {
    let p = read_position::<B>(args)?;
    if let Some(outcome) = p.outcome() {
        return Err(format!(
            "the round is over in this position: {} has won",
            player(outcome.winner)
        ));
    }
    let mut engine = Engine::new(HASH_MB);
    engine.set_threads(threads);
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
        player(p.side_to_move()),
        analyses_table(&list)
    ))
}
