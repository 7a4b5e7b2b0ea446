//! The analysis board: a pasted record or position, with the engine's value of every move.

use std::time::{Duration, Instant};

use super::Learning;
use crate::engine::{Assessment, value_view};
use crate::error::ServerError;
use crate::games::live::{layout, towers};
use kamisado_core::any::{AnyMatch, AnyMove, Erase};
use kamisado_core::geometry::{Board, BoardSize};
use kamisado_core::{Match, MatchState, Record, Rules, Setup, story, with_board};
use kamisado_engine::{EngineBoard, Value};
use kamisado_wire::Refusal;
use kamisado_wire::refusal::cause;
use kamisado_wire::{
    AnalysisRequest, AnalysisView, MoveView, Note, PerSide, PositionView, StepView,
};

/// The most moves of a record that are analysed.
pub const MAX_PLIES: usize = 400;
/// The longest text accepted, in bytes.
pub const MAX_TEXT: usize = 64 * 1024;
/// How long an analysis assesses positions before it answers with those it has.
pub const MAX_TIME: Duration = Duration::from_secs(30);

/// A position of the analysis: where the towers stand and whose turn it is.
pub fn position_view<B: Board>(m: &Match<B>) -> PositionView {
    let pos = m.position();
    PositionView {
        fen: m.to_string(),
        towers: towers(pos),
        to_act: m.side_to_act().map(Into::into),
        forced: pos.forced_tower().map(|(sq, _)| sq.to_string()),
        score: PerSide {
            b: m.score().black,
            w: m.score().white,
        },
        round: m.round(),
    }
}

fn moves_view(assessment: &Assessment) -> Vec<MoveView> {
    assessment
        .moves
        .iter()
        .map(|a| MoveView {
            mv: a.mv,
            value: value_view(assessment.side, a.value),
            line: a.line.clone(),
        })
        .collect()
}

/// A move with the match before and after it.
pub(super) type Step<B> = (kamisado_core::Move<B>, Match<B>, Match<B>);

/// Reads a record (when the text has tags or rounds) or a position, and gives
/// the match at its start and every move with the match after it; a record
/// of more than `limit` moves is refused.
pub(super) fn read<B: Board>(
    text: &str,
    limit: usize,
) -> Result<(Match<B>, Vec<Step<B>>), ServerError> {
    let text = text.trim();
    if text.starts_with('[') || text.starts_with("round") {
        let record: Record<B> = text.parse().map_err(|e: kamisado_core::RecordError<B>| {
            ServerError::BadRequest(Refusal::record(&e))
        })?;
        let mut m = record
            .start()
            .map_err(|e| ServerError::BadRequest(Refusal::record(&e)))?;
        let start = m.clone();
        let mut steps = Vec::new();
        for (i, round) in record.rounds.iter().enumerate() {
            if let Some(fill) = round.fill {
                m.fill(fill).map_err(|e| {
                    let (words, cause) = cause::match_refused(&e);
                    ServerError::BadRequest(Refusal::record_bad_fill(i + 1, words, cause))
                })?;
            }
            for (j, &mv) in round.moves.iter().enumerate() {
                let before = m.clone();
                m.play(mv).map_err(|e| {
                    let (words, cause) = cause::match_refused(&e);
                    let bad = Refusal::record_bad_move(i + 1, j + 1, words, cause);
                    ServerError::BadRequest(bad)
                })?;
                steps.push((mv, before, m.clone()));
                if steps.len() > limit {
                    return Err(ServerError::BadRequest(Refusal::record_too_long(limit)));
                }
            }
        }
        Ok((start, steps))
    } else {
        let setup: Setup<B> =
            text.parse()
                .map_err(|e: kamisado_core::setup::ParsePositionError| {
                    ServerError::BadRequest(Refusal::not_a_position_text(&e))
                })?;
        let m = Match::from_setup(&setup, Rules::STANDARD)
            .map_err(|e| ServerError::BadRequest(Refusal::from(&e)))?;
        Ok((m, Vec::new()))
    }
}

/// The line a request asks for, when it asks for one: the position after
/// `at` of the record's moves (all of them without `at`), and `then`'s
/// moves played from there, each with the match before and after it.
fn branch<B: Board>(
    start: Match<B>,
    mut steps: Vec<Step<B>>,
    at: Option<usize>,
    then: &str,
) -> Result<(Match<B>, Vec<Step<B>>), ServerError> {
    let bad = ServerError::BadRequest;
    let at = at.unwrap_or(steps.len());
    if at > steps.len() {
        return Err(bad(Refusal::line_start_past_end(steps.len(), at)));
    }
    steps.truncate(at);
    let from = steps.pop().map_or(start, |(_, _, after)| after);
    let mut m = from.clone();
    let mut line = Vec::new();
    for (i, text) in then.split_whitespace().enumerate() {
        let mv: kamisado_core::Move<B> =
            text.parse()
                .map_err(|e: kamisado_core::mv::ParseMoveError| {
                    let cause = cause::move_text(&e.fault);
                    bad(Refusal::line_bad_move(
                        i + 1,
                        text,
                        e.fault.to_string(),
                        cause,
                    ))
                })?;
        let before = m.clone();
        m.play(mv).map_err(|e| {
            let (words, cause) = cause::match_refused(&e);
            bad(Refusal::line_bad_move(i + 1, text, words, cause))
        })?;
        line.push((mv, before, m.clone()));
        if line.len() > MAX_PLIES {
            return Err(bad(Refusal::line_too_long(MAX_PLIES)));
        }
    }
    Ok((from, line))
}

/// Analyses a record or position: the start, each move with its value and
/// the best move's, and the moves of the last position with their values.
/// For a line (`at`, `then`), the line from its position: its moves
/// unvalued (the page valued each among the moves of the position before
/// it), and the moves of its last position valued: one search.
///
/// # Errors
/// Text that is neither a record nor a position, an illegal record, a
/// record too long, or a line that is not legal there.
pub async fn analyse(
    learning: &Learning,
    request: &AnalysisRequest,
) -> Result<AnalysisView, ServerError> {
    let text = &request.text;
    if text.len() > MAX_TEXT {
        return Err(ServerError::BadRequest(Refusal::text_too_long(
            text.len(),
            MAX_TEXT,
        )));
    }
    let trimmed = text.trim();
    let board = if trimmed.starts_with('[') || trimmed.starts_with("round") {
        kamisado_core::record::board_of(trimmed)
            .map_err(|e| ServerError::BadRequest(Refusal::record(&e)))?
    } else {
        BoardSize::of_position(trimmed).unwrap_or(BoardSize::Eight)
    };
    with_board!(board, B => analyse_on::<B>(learning, request).await)
}

/// Assesses each position as a hint would, one search at a time; past the
/// analysis's time the rest of a long record is left unvalued.
async fn assess_all(
    learning: &Learning,
    positions: Vec<AnyMatch>,
) -> Result<Vec<Assessment>, ServerError> {
    let nodes = learning.games.limits.assess_nodes;
    let _ticket = learning.games.engines.admit()?;
    let started = Instant::now();
    let mut assessments = Vec::with_capacity(positions.len());
    for position in positions {
        if started.elapsed() > MAX_TIME {
            break;
        }
        let assessed = learning
            .games
            .engines
            .run(move |brain, stop| brain.assess(&position, nodes, stop))
            .await?;
        assessments.push(assessed);
    }
    Ok(assessments)
}

async fn analyse_on<B: EngineBoard + Erase>(
    learning: &Learning,
    request: &AnalysisRequest,
) -> Result<AnalysisView, ServerError> {
    let (start, steps) = read::<B>(&request.text, MAX_PLIES)?;
    let line = request.at.is_some() || request.then.is_some();
    let (start, steps) = if line {
        branch(
            start,
            steps,
            request.at,
            request.then.as_deref().unwrap_or(""),
        )?
    } else {
        (start, steps)
    };
    let last = steps
        .last()
        .map_or_else(|| start.clone(), |(_, _, after)| after.clone());
    // Every position a move was played from (not a line's), then the last
    // one if a round goes on there: each assessed as a hint would be.
    let mut positions: Vec<AnyMatch> = steps
        .iter()
        .filter(|_| !line)
        .map(|(_, before, _)| B::erase_match(before.clone()))
        .collect();
    let last_playing = last.state() == MatchState::Playing;
    if last_playing {
        positions.push(B::erase_match(last.clone()));
    }
    let asked = positions.len();
    let mut assessments = assess_all(learning, positions).await?;
    let last_assessed = assessments.len() == asked;
    let final_moves = if last_playing && last_assessed {
        assessments
            .pop()
            .map(|a| moves_view(&a))
            .unwrap_or_default()
    } else {
        Vec::new()
    };
    let unvalued = std::iter::repeat_with(|| None);
    let steps = steps
        .iter()
        .zip(assessments.into_iter().map(Some).chain(unvalued))
        .map(|(step, assessment)| step_view(step, assessment.as_ref()))
        .collect::<Result<Vec<_>, ServerError>>()?;
    Ok(AnalysisView {
        board: B::KIND.name().to_string(),
        layout: layout::<B>(),
        start: position_view(&start),
        steps,
        moves: final_moves,
    })
}

/// A move of the record with its value and the best move's, as a hint in
/// the position before would give them (none past the analysis's time).
fn step_view<B: Board + Erase>(
    (mv, before, after): &Step<B>,
    assessment: Option<&Assessment>,
) -> Result<StepView, ServerError> {
    let told =
        story::of_move(before, *mv).map_err(|e| ServerError::BadRequest(Refusal::from(&e)))?;
    let value = |v| value_view(before.position().side_to_move(), v);
    let best = assessment.and_then(Assessment::best);
    let played = assessment.and_then(|a| a.value_of(AnyMove::of(*mv)));
    let turning = matches!(
        (best.map(|b| b.value), played),
        (Some(Value::Win(_)), Some(Value::Loss(_)))
    );
    Ok(StepView {
        mv: AnyMove::of(*mv),
        side: before.position().side_to_move().into(),
        round: before.round(),
        value: played.map(value),
        best: best.map(|a| a.mv),
        best_value: best.map(|a| value(a.value)),
        note: Note::from(&told),
        after: position_view(after),
        turning,
    })
}
