//! The games' routes: create a game, its state, its record and its WebSocket.

use std::sync::Arc;

use axum::body::{Body, Bytes};
use axum::extract::rejection::BytesRejection;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::{Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use kamisado_wire::NewGame;

use super::hub::Games;
use super::socket;
use crate::error::ServerError;
use crate::request::{ClientAddress, Credential, Viewer};

/// The games' routes.
pub fn router(games: Arc<Games>) -> Router {
    Router::new()
        .route("/api/games", post(create))
        .route("/api/games/{id}", get(game_state))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/ws", get(game_socket))
        .route("/api/games/{id}/claim", post(claim))
        .with_state(games)
}

async fn create(
    State(games): State<Arc<Games>>,
    ClientAddress(client): ClientAddress,
    Viewer(account): Viewer,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ServerError> {
    let request = NewGame::read(&body?)?;
    let created = games.create(client, account, &request).await?;
    Ok((StatusCode::CREATED, Json(created)).into_response())
}

async fn game_state(
    State(games): State<Arc<Games>>,
    Path(id): Path<String>,
) -> Result<Response, ServerError> {
    let cell = games.game(&id).await?;
    Ok(Json(cell.view().await).into_response())
}

async fn claim(
    State(games): State<Arc<Games>>,
    Path(id): Path<String>,
    Viewer(account): Viewer,
) -> Result<Response, ServerError> {
    let cell = games.game(&id).await?;
    games.claim_win(&cell, account).await?;
    Ok(Json(cell.view().await).into_response())
}

async fn record(
    State(games): State<Arc<Games>>,
    Path(id): Path<String>,
) -> Result<Response, ServerError> {
    let cell = games.game(&id).await?;
    let text = cell.room.lock().await.game.game.record_text();
    let disposition = format!("attachment; filename=\"kamisado-{id}.txt\"");
    let mut response = Response::new(Body::from(text));
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    if let Ok(value) = HeaderValue::from_str(&disposition) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    Ok(response)
}

async fn game_socket(
    State(games): State<Arc<Games>>,
    Path(id): Path<String>,
    Viewer(account): Viewer,
    credential: Credential,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ServerError> {
    let cell = games.game(&id).await?;
    let token = credential.token;
    let upgrade = upgrade.map_err(crate::error::not_a_websocket)?;
    let frame = socket::MAX_READ.max(games.limits.max_message);
    Ok(upgrade
        .max_message_size(frame)
        .max_frame_size(frame)
        // Messages are a few KiB: a small read buffer is not zeroed anew at
        // 128 KiB for every read.
        .read_buffer_size(socket::READ_BUFFER)
        .on_upgrade(move |ws| socket::session(games, cell, ws, account, token)))
}
