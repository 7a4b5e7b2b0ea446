//! The learning routes: the analysis board, lessons, the danger view,
//! puzzles and reviews.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use kamisado_wire::AnalysisRequest;
use kamisado_wire::learning::{DangerRequest, TryMove};
use kamisado_wire::read_json;

use super::{Learning, analysis, danger, lessons, positions, review};
use crate::error::ServerError;
use crate::request::Viewer;
use kamisado_wire::Refusal;

/// The learning routes.
pub fn router(learning: Arc<Learning>) -> Router {
    Router::new()
        .route("/api/analysis", post(analyse))
        .route("/api/lessons", get(|| async { Json(lessons::lessons()) }))
        .route("/api/lessons/{id}/try", post(try_lesson))
        .route("/api/danger", post(danger))
        .route("/api/puzzles/next", get(next_puzzle))
        .route("/api/puzzles/{id}", get(puzzle))
        .route("/api/puzzles/{id}/attempt", post(attempt))
        .route("/api/games/{id}/review", get(review))
        .route("/api/games/{id}/positions", get(positions))
        .with_state(learning)
}

async fn analyse(
    State(learning): State<Arc<Learning>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ServerError> {
    let request = AnalysisRequest::read(&body?)?;
    Ok(Json(analysis::analyse(&learning, &request).await?).into_response())
}

async fn try_lesson(
    Path(id): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ServerError> {
    let request: TryMove = read_json(&body?, "a try")?;
    Ok(Json(lessons::try_lesson(&id, &request.mv)?).into_response())
}

async fn danger(
    State(learning): State<Arc<Learning>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ServerError> {
    let request: DangerRequest = read_json(&body?, "a danger request")?;
    Ok(Json(danger::danger(&learning, request).await?).into_response())
}

#[derive(serde::Deserialize)]
struct AfterQuery {
    after: Option<String>,
    /// A guest's grade (1 to 5): the puzzle is of the grade nearest it.
    grade: Option<u8>,
}

async fn next_puzzle(
    State(learning): State<Arc<Learning>>,
    Viewer(viewer): Viewer,
    query: Result<Query<AfterQuery>, QueryRejection>,
) -> Result<Response, ServerError> {
    let query = query.map_err(crate::error::bad_query)?;
    if let Some(grade) = query.grade.filter(|g| !(1..=5).contains(g)) {
        return Err(ServerError::BadRequest(Refusal::bad_grade(grade)));
    }
    Ok(Json(
        learning
            .next_puzzle(viewer, query.after.as_deref(), query.grade)
            .await?,
    )
    .into_response())
}

async fn puzzle(
    State(learning): State<Arc<Learning>>,
    Path(id): Path<String>,
    Viewer(viewer): Viewer,
) -> Result<Response, ServerError> {
    Ok(Json(learning.puzzle(viewer, &id).await?).into_response())
}

async fn attempt(
    State(learning): State<Arc<Learning>>,
    Path(id): Path<String>,
    Viewer(viewer): Viewer,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ServerError> {
    let request: TryMove = read_json(&body?, "an attempt")?;
    Ok(Json(learning.attempt(viewer, &id, &request.mv).await?).into_response())
}

async fn review(
    State(learning): State<Arc<Learning>>,
    Path(id): Path<String>,
) -> Result<Response, ServerError> {
    Ok(Json(review::review(&learning, &id).await?).into_response())
}

async fn positions(
    State(learning): State<Arc<Learning>>,
    Path(id): Path<String>,
) -> Result<Response, ServerError> {
    Ok(Json(positions::game_positions(&learning, &id).await?).into_response())
}
