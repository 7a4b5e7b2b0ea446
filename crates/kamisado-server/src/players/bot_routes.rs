//! The routes of API tokens, bot accounts and the bot's event stream
//! (docs/bots.md).

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post};
use axum::{Json, Router};
use kamisado_wire::bots::TokenRequest;
use kamisado_wire::read_json;
use serde_json::json;

use super::{Players, bots, signed_in};
use crate::error::ServerError;
use crate::games::socket::{MAX_FRAME, READ_BUFFER};
use crate::request::{Credential, Viewer};
use kamisado_wire::{Choice, Refusal};

/// The routes of tokens, bot accounts and the bot's stream.
pub fn router(players: Arc<Players>) -> Router {
    Router::new()
        .route("/api/tokens", get(tokens).post(create_token))
        .route("/api/tokens/{id}", delete(revoke_token))
        .route("/api/account/bot", post(become_bot))
        .route("/api/bot/ws", get(bot_socket))
        .route("/api/challenges/{id}/decline", post(decline_challenge))
        .with_state(players)
}

async fn tokens(
    State(players): State<Arc<Players>>,
    Viewer(viewer): Viewer,
) -> Result<Response, ServerError> {
    Ok(Json(players.tokens(viewer).await?).into_response())
}

async fn create_token(
    State(players): State<Arc<Players>>,
    Viewer(viewer): Viewer,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ServerError> {
    let request: TokenRequest = read_json(&body?, "an API token")?;
    let created = players.create_token(viewer, request).await?;
    Ok((StatusCode::CREATED, Json(created)).into_response())
}

async fn revoke_token(
    State(players): State<Arc<Players>>,
    Path(id): Path<String>,
    Viewer(viewer): Viewer,
) -> Result<Response, ServerError> {
    players.revoke_token(viewer, &id).await?;
    Ok(Json(json!({ "ok": true })).into_response())
}

async fn become_bot(
    State(players): State<Arc<Players>>,
    Viewer(viewer): Viewer,
) -> Result<Response, ServerError> {
    Ok(Json(players.become_bot(viewer).await?).into_response())
}

async fn decline_challenge(
    State(players): State<Arc<Players>>,
    Path(id): Path<String>,
    Viewer(viewer): Viewer,
) -> Result<Response, ServerError> {
    players.decline_challenge(viewer, &id).await?;
    Ok(Json(json!({ "ok": true })).into_response())
}

async fn bot_socket(
    State(players): State<Arc<Players>>,
    Viewer(viewer): Viewer,
    credential: Credential,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ServerError> {
    let bot = signed_in(viewer, Choice::ReadBotEvents)?;
    if !credential.bot {
        return Err(ServerError::Forbidden(Refusal::not_a_bot(
            &bot,
            "POST /api/account/bot",
        )));
    }
    let upgrade = upgrade.map_err(crate::error::not_a_websocket)?;
    let token = credential.token;
    Ok(upgrade
        .max_message_size(MAX_FRAME)
        .read_buffer_size(READ_BUFFER)
        .on_upgrade(move |socket| bots::session(players, socket, bot, token)))
}
