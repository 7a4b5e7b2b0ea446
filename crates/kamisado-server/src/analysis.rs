//! The analysis board: a pasted record or position, with the engine's value of every move.

use std::sync::Arc;

use kamisado_core::geometry::{Board, BoardSize};
use kamisado_core::{Match, MatchState, Record, Rules, Setup, with_board};
use serde_json::{Value, json};

use crate::app::App;
use crate::boards::{AnyBoard, AnyMatch, AnyMove};
use crate::engine::{ANALYSIS_NODES, Analysed};
use crate::error::ServerError;
use crate::live::{describe_move, layout, towers};

/// The most moves of a record that are analysed.
pub const MAX_PLIES: usize = 400;
/// The longest text accepted, in bytes.
pub const MAX_TEXT: usize = 64 * 1024;

/// A position of the analysis: where the towers stand and whose turn it is.
fn position_view<B: Board>(m: &Match<B>) -> Value {
    let pos = m.position();
    json!({
        "fen": m.to_string(),
        "towers": towers(pos),
        "to_act": m.side_to_act().map(|s| s.to_string()),
        "forced": pos.forced_tower().map(|(sq, _)| sq.to_string()),
        "score": { "b": m.score().black, "w": m.score().white },
        "round": m.round(),
    })
}

fn moves_view(moves: &[Analysed]) -> Vec<Value> {
    moves
        .iter()
        .map(|a| {
            json!({
                "mv": a.mv.to_string(),
                "value": a.value,
                "line": a.line.iter().map(ToString::to_string).collect::<Vec<_>>(),
            })
        })
        .collect()
}

/// A move with the match before and after it.
type Step<B> = (kamisado_core::Move<B>, Match<B>, Match<B>);

/// Reads a record (when the text has tags or rounds) or a position, and gives
/// the match at its start and every move with the match after it.
fn read<B: Board>(text: &str) -> Result<(Match<B>, Vec<Step<B>>), ServerError> {
    let text = text.trim();
    if text.starts_with('[') || text.starts_with("round") {
        let record: Record<B> = text.parse().map_err(|e: kamisado_core::RecordError| {
            ServerError::BadRequest(format!("record: {e}"))
        })?;
        let mut m = record
            .start()
            .map_err(|e| ServerError::BadRequest(format!("record: {e}")))?;
        let start = m.clone();
        let mut steps = Vec::new();
        for (i, round) in record.rounds.iter().enumerate() {
            if let Some(fill) = round.fill {
                m.fill(fill).map_err(|e| {
                    ServerError::BadRequest(format!("record: round {}: {e}", i + 1))
                })?;
            }
            for (j, &mv) in round.moves.iter().enumerate() {
                let before = m.clone();
                m.play(mv).map_err(|e| {
                    ServerError::BadRequest(format!("record: round {}, move {}: {e}", i + 1, j + 1))
                })?;
                steps.push((mv, before, m.clone()));
                if steps.len() > MAX_PLIES {
                    return Err(ServerError::BadRequest(format!(
                        "the analysis board takes records of up to {MAX_PLIES} moves"
                    )));
                }
            }
        }
        Ok((start, steps))
    } else {
        let setup: Setup<B> =
            text.parse()
                .map_err(|e: kamisado_core::setup::ParsePositionError| {
                    ServerError::BadRequest(format!("neither a record nor a position: {e}"))
                })?;
        let m = Match::from_setup(&setup, Rules::STANDARD)
            .map_err(|e| ServerError::BadRequest(e.to_string()))?;
        Ok((m, Vec::new()))
    }
}

/// Analyses a record or position: the start, each move with its value and
/// the best move's, and the moves of the last position with their values.
///
/// # Errors
/// Text that is neither a record nor a position, an illegal record, or a
/// record too long.
pub async fn analyse(app: &Arc<App>, text: &str) -> Result<Value, ServerError> {
    if text.len() > MAX_TEXT {
        return Err(ServerError::BadRequest(format!(
            "the text is {} bytes; the limit is {MAX_TEXT}",
            text.len()
        )));
    }
    let trimmed = text.trim();
    let board = if trimmed.starts_with('[') || trimmed.starts_with("round") {
        kamisado_core::record::board_of(trimmed)
            .map_err(|e| ServerError::BadRequest(format!("record: {e}")))?
    } else {
        BoardSize::of_position(trimmed).unwrap_or(BoardSize::Eight)
    };
    with_board!(board, B => analyse_on::<B>(app, text).await)
}

async fn analyse_on<B: AnyBoard>(app: &Arc<App>, text: &str) -> Result<Value, ServerError> {
    let (start, steps) = read::<B>(text)?;
    let last = steps
        .last()
        .map_or_else(|| start.clone(), |(_, _, after)| after.clone());
    let befores: Vec<AnyMatch> = steps
        .iter()
        .map(|(_, before, _)| B::wrap_match(before.clone()))
        .collect();
    let last_match = B::wrap_match(last.clone());
    let last_playing = last.state() == MatchState::Playing;
    let ticket = app.engines.admit()?;
    let (per_move, final_moves) = app
        .engines
        .run(move |brain, stop| {
            let per_move: Vec<Vec<Analysed>> = befores
                .iter()
                .map(|p| brain.analyse(p, ANALYSIS_NODES, stop))
                .collect();
            let final_moves = if last_playing {
                brain.analyse(&last_match, ANALYSIS_NODES * 4, stop)
            } else {
                Vec::new()
            };
            (per_move, final_moves)
        })
        .await?;
    drop(ticket);
    let steps: Vec<Value> = steps
        .iter()
        .zip(per_move)
        .map(|((mv, before, after), analysed)| {
            let played = analysed.iter().find(|a| a.mv == AnyMove::of(*mv));
            let best = analysed.first();
            json!({
                "mv": mv.to_string(),
                "side": before.position().side_to_move().to_string(),
                "round": before.round(),
                "value": played.map(|a| a.value.clone()),
                "best": best.map(|a| a.mv.to_string()),
                "best_value": best.map(|a| a.value.clone()),
                "note": describe_move(before, *mv, after, after.last_round().filter(|_| after.state() != MatchState::Playing)),
                "after": position_view(after),
            })
        })
        .collect();
    Ok(json!({
        "board": B::KIND.name(),
        "layout": layout::<B>(),
        "start": position_view(&start),
        "steps": steps,
        "moves": moves_view(&final_moves),
    }))
}
