//! The tournaments' routes (docs/tournaments.md).

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use kamisado_wire::read_json;
use kamisado_wire::tournaments::{JoinRequest, TournamentRequest};

use super::Tournaments;
use crate::error::ServerError;
use crate::request::Viewer;

/// The tournaments' routes.
pub fn router(tournaments: Arc<Tournaments>) -> Router {
    Router::new()
        .route("/api/tournaments", get(list).post(create))
        .route("/api/tournaments/{id}", get(one))
        .route("/api/tournaments/{id}/join", post(join))
        .route("/api/tournaments/{id}/withdraw", post(withdraw))
        .route("/api/tournaments/{id}/cancel", post(cancel))
        .route("/api/tournaments/{id}/pause", post(pause))
        .route("/api/tournaments/{id}/resume", post(resume))
        .route("/api/tournaments/{id}/settings", post(change))
        .route("/api/tournaments/{id}/trf", get(trf))
        .route("/api/games/{id}/tournament", get(of_game))
        .with_state(tournaments)
}

type Shared = State<Arc<Tournaments>>;

async fn list(State(t): Shared) -> Result<Response, ServerError> {
    Ok(Json(t.list().await?).into_response())
}

async fn create(
    State(t): Shared,
    Viewer(viewer): Viewer,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ServerError> {
    let request: TournamentRequest = read_json(&body?, "a tournament's settings")?;
    let made = t.create(viewer, request).await?;
    Ok((StatusCode::CREATED, Json(made)).into_response())
}

async fn one(
    State(t): Shared,
    Path(id): Path<String>,
    Viewer(viewer): Viewer,
) -> Result<Response, ServerError> {
    Ok(Json(t.view(&id, viewer.as_deref()).await?).into_response())
}

async fn join(
    State(t): Shared,
    Path(id): Path<String>,
    Viewer(viewer): Viewer,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ServerError> {
    let body = body?;
    let request: JoinRequest = if body.iter().all(u8::is_ascii_whitespace) {
        JoinRequest::default()
    } else {
        read_json(&body, "an entry")?
    };
    Ok(Json(t.join(viewer, &id, request).await?).into_response())
}

async fn withdraw(
    State(t): Shared,
    Path(id): Path<String>,
    Viewer(viewer): Viewer,
) -> Result<Response, ServerError> {
    Ok(Json(t.withdraw(viewer, &id).await?).into_response())
}

async fn pause(
    State(t): Shared,
    Path(id): Path<String>,
    Viewer(viewer): Viewer,
) -> Result<Response, ServerError> {
    Ok(Json(t.pause(viewer, &id, true).await?).into_response())
}

async fn resume(
    State(t): Shared,
    Path(id): Path<String>,
    Viewer(viewer): Viewer,
) -> Result<Response, ServerError> {
    Ok(Json(t.pause(viewer, &id, false).await?).into_response())
}

async fn cancel(
    State(t): Shared,
    Path(id): Path<String>,
    Viewer(viewer): Viewer,
) -> Result<Response, ServerError> {
    Ok(Json(t.cancel(viewer, &id).await?).into_response())
}

async fn change(
    State(t): Shared,
    Path(id): Path<String>,
    Viewer(viewer): Viewer,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ServerError> {
    let request: TournamentRequest = read_json(&body?, "a tournament's settings")?;
    Ok(Json(t.change(viewer, &id, request).await?).into_response())
}

async fn of_game(State(t): Shared, Path(id): Path<String>) -> Result<Response, ServerError> {
    Ok(Json(t.of_game(&id).await?).into_response())
}

async fn trf(State(t): Shared, Path(id): Path<String>) -> Result<Response, ServerError> {
    let text = t.trf(&id).await?;
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response())
}
