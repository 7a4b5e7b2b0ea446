//! The players' routes: accounts and sessions, challenges, the lobby's
//! WebSocket and the player pages.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post};
use axum::{Json, Router};
use kamisado_wire::players::{
    AccountDeletion, ChallengeRequest, Credentials, PasswordChange, SessionView,
};
use kamisado_wire::read_json;
use serde_json::json;

use super::{Players, accounts, lobby};
use crate::error::ServerError;
use crate::games::socket::{MAX_FRAME, READ_BUFFER};
use crate::request::{ClientAddress, Credential, Viewer};
use kamisado_wire::Refusal;

/// The players' routes.
pub fn router(players: Arc<Players>) -> Router {
    Router::new()
        .route("/api/accounts", post(create_account))
        .route("/api/session", get(session).post(sign_in).delete(sign_out))
        .route("/api/challenges", get(challenges).post(create_challenge))
        .route("/api/challenges/{id}", delete(cancel_challenge))
        .route("/api/challenges/{id}/accept", post(accept_challenge))
        .route("/api/lobby/ws", get(lobby_socket))
        .route("/api/players/{name}", get(player))
        .route("/api/leaderboard", get(leaderboard))
        .route("/api/my/games", get(my_games))
        .route("/api/account", delete(delete_account))
        .route("/api/account/password", post(change_password))
        .route(
            "/api/account/sign-out-everywhere",
            post(sign_out_everywhere),
        )
        .with_state(players)
}

/// An answer that signs in: the JSON, with the session's cookie.
fn with_cookie(status: StatusCode, cookie: String, body: SessionView) -> Response {
    let mut response = (status, Json(body)).into_response();
    if let Ok(value) = HeaderValue::from_str(&cookie) {
        response.headers_mut().insert(header::SET_COOKIE, value);
    }
    response
}

async fn create_account(
    State(players): State<Arc<Players>>,
    ClientAddress(address): ClientAddress,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ServerError> {
    let request: Credentials = read_json(&body?, "an account")?;
    let (name, token, claimed) = players.create_account(address, request).await?;
    Ok(with_cookie(
        StatusCode::CREATED,
        accounts::session_cookie(&token),
        SessionView {
            name: Some(name),
            bot: false,
            claimed: Some(claimed),
        },
    ))
}

async fn sign_in(
    State(players): State<Arc<Players>>,
    ClientAddress(address): ClientAddress,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ServerError> {
    let request: Credentials = read_json(&body?, "a sign-in")?;
    if !request.games.is_empty() {
        return Err(ServerError::BadRequest(Refusal::claim_at_sign_in()));
    }
    let (name, token) = players.sign_in(address, request).await?;
    Ok(with_cookie(
        StatusCode::OK,
        accounts::session_cookie(&token),
        SessionView {
            name: Some(name),
            bot: false,
            claimed: None,
        },
    ))
}

async fn session(Viewer(name): Viewer, credential: Credential) -> Response {
    Json(SessionView {
        name,
        bot: credential.bot,
        claimed: None,
    })
    .into_response()
}

async fn sign_out(
    State(players): State<Arc<Players>>,
    headers: HeaderMap,
) -> Result<Response, ServerError> {
    players.sign_out(&headers).await?;
    let mut response = Json(json!({ "ok": true })).into_response();
    if let Ok(value) = HeaderValue::from_str(&accounts::cleared_cookie()) {
        response.headers_mut().insert(header::SET_COOKIE, value);
    }
    Ok(response)
}

async fn challenges(
    State(players): State<Arc<Players>>,
    Viewer(viewer): Viewer,
) -> Result<Response, ServerError> {
    Ok(Json(players.challenges(viewer.as_deref()).await?).into_response())
}

async fn create_challenge(
    State(players): State<Arc<Players>>,
    Viewer(viewer): Viewer,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ServerError> {
    let request: ChallengeRequest = read_json(&body?, "a challenge")?;
    let challenge = players.create_challenge(viewer, request).await?;
    Ok((StatusCode::CREATED, Json(challenge)).into_response())
}

async fn cancel_challenge(
    State(players): State<Arc<Players>>,
    Path(id): Path<String>,
    Viewer(viewer): Viewer,
) -> Result<Response, ServerError> {
    players.cancel_challenge(viewer, &id).await?;
    Ok(Json(json!({ "ok": true })).into_response())
}

async fn accept_challenge(
    State(players): State<Arc<Players>>,
    Path(id): Path<String>,
    Viewer(viewer): Viewer,
) -> Result<Response, ServerError> {
    let created = players.accept_challenge(viewer, &id).await?;
    Ok((StatusCode::CREATED, Json(created)).into_response())
}

async fn lobby_socket(
    State(players): State<Arc<Players>>,
    Viewer(viewer): Viewer,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ServerError> {
    let upgrade = upgrade.map_err(crate::error::not_a_websocket)?;
    Ok(upgrade
        .max_message_size(MAX_FRAME)
        .read_buffer_size(READ_BUFFER)
        .on_upgrade(move |socket| lobby::session(players, socket, viewer)))
}

async fn player(
    State(players): State<Arc<Players>>,
    Path(name): Path<String>,
) -> Result<Response, ServerError> {
    Ok(Json(players.player(&name).await?).into_response())
}

#[derive(serde::Deserialize)]
struct PoolQuery {
    pool: Option<String>,
}

async fn leaderboard(
    State(players): State<Arc<Players>>,
    query: Result<Query<PoolQuery>, QueryRejection>,
) -> Result<Response, ServerError> {
    let query = query.map_err(crate::error::bad_query)?;
    Ok(Json(players.leaderboard(query.pool.as_deref()).await?).into_response())
}

async fn my_games(
    State(players): State<Arc<Players>>,
    Viewer(viewer): Viewer,
) -> Result<Response, ServerError> {
    Ok(Json(players.my_games(viewer).await?).into_response())
}

/// The answer that also ends this browser's session (its cookie cleared).
fn signed_out(body: impl serde::Serialize) -> Response {
    let mut response = Json(body).into_response();
    if let Ok(value) = HeaderValue::from_str(&accounts::cleared_cookie()) {
        response.headers_mut().insert(header::SET_COOKIE, value);
    }
    response
}

async fn change_password(
    State(players): State<Arc<Players>>,
    Viewer(viewer): Viewer,
    ClientAddress(address): ClientAddress,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ServerError> {
    let request: PasswordChange = read_json(&body?, "a password change")?;
    let done = players
        .change_password(viewer, address, &headers, request)
        .await?;
    Ok(Json(done).into_response())
}

async fn sign_out_everywhere(
    State(players): State<Arc<Players>>,
    Viewer(viewer): Viewer,
) -> Result<Response, ServerError> {
    Ok(signed_out(players.sign_out_everywhere(viewer).await?))
}

async fn delete_account(
    State(players): State<Arc<Players>>,
    Viewer(viewer): Viewer,
    ClientAddress(address): ClientAddress,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ServerError> {
    let request: AccountDeletion = read_json(&body?, "an account's deletion")?;
    Ok(signed_out(
        players.delete_account(viewer, address, request).await?,
    ))
}
