//! The HTTP routes: the page and its assets, the game API and the WebSocket.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::Json;
use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::rejection::BytesRejection;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::json;

use crate::analysis;
use crate::app::App;
use crate::error::ServerError;
use crate::learning;
use crate::players;
use crate::wire::learning::{DangerRequest, TryMove};
use crate::wire::players::{ChallengeRequest, Credentials, SessionView, read_json};
use crate::wire::{AnalysisRequest, NewGame};
use crate::ws;

/// The largest request body accepted, in bytes.
pub const MAX_BODY: usize = 64 * 1024 + 1024;

/// Only the page's own assets, scripts, styles, images and connections.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; \
    style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; \
    base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const INDEX_HTML: &str = include_str!("../assets/index.html");
const FAVICON: &str = include_str!("../assets/favicon.svg");

const JS: &str = "text/javascript; charset=utf-8";
/// The page's styles and its script modules, under `/assets/`.
const ASSETS: [(&str, &str, &str); 21] = [
    (
        "app.css",
        "text/css; charset=utf-8",
        include_str!("../assets/app.css"),
    ),
    ("app.js", JS, include_str!("../assets/app.js")),
    ("account.js", JS, include_str!("../assets/account.js")),
    (
        "account-games.js",
        JS,
        include_str!("../assets/account-games.js"),
    ),
    ("analysis.js", JS, include_str!("../assets/analysis.js")),
    ("board.js", JS, include_str!("../assets/board.js")),
    ("challenges.js", JS, include_str!("../assets/challenges.js")),
    ("clock.js", JS, include_str!("../assets/clock.js")),
    ("danger.js", JS, include_str!("../assets/danger.js")),
    ("dom.js", JS, include_str!("../assets/dom.js")),
    ("game.js", JS, include_str!("../assets/game.js")),
    ("games.js", JS, include_str!("../assets/games.js")),
    ("http.js", JS, include_str!("../assets/http.js")),
    ("i18n.js", JS, include_str!("../assets/i18n.js")),
    (
        "leaderboard.js",
        JS,
        include_str!("../assets/leaderboard.js"),
    ),
    ("learn.js", JS, include_str!("../assets/learn.js")),
    (
        "learn-words.js",
        JS,
        include_str!("../assets/learn-words.js"),
    ),
    ("lobby.js", JS, include_str!("../assets/lobby.js")),
    ("player.js", JS, include_str!("../assets/player.js")),
    ("plot.js", JS, include_str!("../assets/plot.js")),
    ("puzzles.js", JS, include_str!("../assets/puzzles.js")),
];
const MISSING_HTML: &str = include_str!("../assets/missing.html");

/// Every route of the server.
pub fn router(app: Arc<App>) -> Router {
    let logged = Arc::clone(&app);
    Router::new()
        .route("/", get(index))
        .route("/g/{id}", get(game_page))
        .route("/analysis", get(index))
        .route("/p/{name}", get(index))
        .route("/leaderboard", get(index))
        .route("/learn", get(index))
        .route("/puzzles", get(index))
        .route("/puzzles/{id}", get(index))
        .route("/assets/{name}", get(page_asset))
        .route("/favicon.svg", get(|| asset("image/svg+xml", FAVICON)))
        .route("/api/health", get(|| async { Json(json!({ "ok": true })) }))
        .route("/api/games", post(create))
        .route("/api/games/{id}", get(game_state))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/ws", get(socket))
        .route("/api/analysis", post(analyse))
        .route("/api/accounts", post(create_account))
        .route("/api/session", get(session).post(sign_in).delete(sign_out))
        .route("/api/challenges", get(challenges).post(create_challenge))
        .route(
            "/api/challenges/{id}",
            axum::routing::delete(cancel_challenge),
        )
        .route("/api/challenges/{id}/accept", post(accept_challenge))
        .route("/api/lobby/ws", get(lobby_socket))
        .route("/api/players/{name}", get(player))
        .route("/api/leaderboard", get(leaderboard))
        .route("/api/my/games", get(my_games))
        .route("/api/lessons", get(|| async { Json(learning::lessons()) }))
        .route("/api/lessons/{id}/try", post(try_lesson))
        .route("/api/danger", post(danger))
        .route("/api/puzzles/next", get(next_puzzle))
        .route("/api/puzzles/{id}", get(puzzle))
        .route("/api/puzzles/{id}/attempt", post(attempt))
        .route("/api/games/{id}/review", get(review))
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(middleware::from_fn(security_headers))
        .layer(middleware::from_fn_with_state(logged, log_request))
        .with_state(app)
}

/// Logs each request (method, path, status, time; never a body, so never a
/// seat key) at `debug`, and counts the refused ones.
async fn log_request(State(app): State<Arc<App>>, request: Request, next: Next) -> Response {
    let method = request.method().clone();
    let path = request.uri().path().to_string();
    let start = std::time::Instant::now();
    let response = next.run(request).await;
    let status = response.status();
    if status.is_client_error() {
        app.count_refusal();
    }
    tracing::debug!(
        %method,
        %path,
        status = status.as_u16(),
        ms = start.elapsed().as_millis() as u64,
        "request"
    );
    response
}

async fn security_headers(request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CONTENT_SECURITY_POLICY),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    response
}

async fn index() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        INDEX_HTML,
    )
        .into_response()
}

/// One of the page's assets by name, or 404.
async fn page_asset(Path(name): Path<String>) -> Response {
    match ASSETS.iter().find(|(n, _, _)| *n == name) {
        Some(&(_, content_type, body)) => asset(content_type, body).await,
        None => ServerError::NotFound(format!("there is no asset `{name}`")).into_response(),
    }
}

async fn asset(content_type: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

/// The page of a game, or a page that says there is none (404).
async fn game_page(State(app): State<Arc<App>>, Path(id): Path<String>) -> Response {
    match app.game(&id).await {
        Ok(_) => index().await,
        Err(e @ ServerError::NoSuchGame(_)) => missing_page(
            e.status(),
            "There is no game here",
            "No game has this link: it may have been mistyped or cut short. Start a new game in the lobby, or ask for the link again.",
            "По этой ссылке нет партии: возможно, она набрана с ошибкой или обрезана. Начните новую партию в лобби или попросите ссылку ещё раз.",
        ),
        Err(e) => e.into_response(),
    }
}

/// A page for a person who followed a link to nothing, with its status.
fn missing_page(status: StatusCode, title: &str, text: &str, text_ru: &str) -> Response {
    let page = MISSING_HTML
        .replace("{{title}}", title)
        .replace("{{text}}", text)
        .replace("{{text_ru}}", text_ru);
    (
        status,
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        page,
    )
        .into_response()
}

/// Unknown routes: 404, as JSON under `/api/` and as a page elsewhere.
async fn not_found(request: Request) -> Response {
    let path = request.uri().path();
    if path.starts_with("/api/") {
        ServerError::NotFound(format!("there is no API route {} {path}", request.method()))
            .into_response()
    } else {
        missing_page(
            StatusCode::NOT_FOUND,
            "There is no such page",
            "Nothing is found at this address. The game is played from the lobby.",
            "По этому адресу ничего нет. Игра начинается в лобби.",
        )
    }
}

/// The address a request comes from: the peer's, or behind a proxy on this
/// machine (nginx, docs/scaling.md) the one the proxy names in `X-Real-IP`.
/// Only a loopback peer is believed, so a client elsewhere cannot pick the
/// address its games are counted under.
pub fn client_address(peer: SocketAddr, headers: &axum::http::HeaderMap) -> std::net::IpAddr {
    if !peer.ip().is_loopback() {
        return peer.ip();
    }
    headers
        .get("x-real-ip")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(peer.ip())
}

async fn create(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: axum::http::HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ServerError> {
    let request = NewGame::read(&body?)?;
    let account = app.viewer(&headers).await?;
    let created = app
        .create(client_address(peer, &headers), account, request)
        .await?;
    Ok((StatusCode::CREATED, Json(created)).into_response())
}

async fn game_state(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Response, ServerError> {
    let cell = app.game(&id).await?;
    Ok(Json(ws::view(&cell).await).into_response())
}

async fn record(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Response, ServerError> {
    let cell = app.game(&id).await?;
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

async fn socket(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: axum::http::HeaderMap,
    upgrade: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Result<Response, ServerError> {
    let cell = app.game(&id).await?;
    let account = app.viewer(&headers).await?;
    let upgrade = upgrade.map_err(|e| ServerError::BadRequest(e.body_text()))?;
    let frame = ws::MAX_READ.max(app.limits.max_message);
    Ok(upgrade
        .max_message_size(frame)
        .max_frame_size(frame)
        // Messages are a few KiB: a small read buffer is not zeroed anew at
        // 128 KiB for every read.
        .read_buffer_size(ws::READ_BUFFER)
        .on_upgrade(move |socket| ws::session(app, cell, socket, account)))
}

async fn analyse(
    State(app): State<Arc<App>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ServerError> {
    let request = AnalysisRequest::read(&body?)?;
    Ok(Json(analysis::analyse(&app, &request.text).await?).into_response())
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
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: axum::http::HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ServerError> {
    let request: Credentials = read_json(&body?, "an account")?;
    let address = client_address(peer, &headers);
    let (name, token, claimed) = app.create_account(address, request).await?;
    Ok(with_cookie(
        StatusCode::CREATED,
        players::session_cookie(&token),
        SessionView {
            name: Some(name),
            claimed: Some(claimed),
        },
    ))
}

async fn sign_in(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: axum::http::HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ServerError> {
    let request: Credentials = read_json(&body?, "a sign-in")?;
    if !request.games.is_empty() {
        return Err(ServerError::BadRequest(
            "games are claimed when an account is created, not at sign-in".into(),
        ));
    }
    let (name, token) = app.sign_in(client_address(peer, &headers), request).await?;
    Ok(with_cookie(
        StatusCode::OK,
        players::session_cookie(&token),
        SessionView {
            name: Some(name),
            claimed: None,
        },
    ))
}

async fn session(
    State(app): State<Arc<App>>,
    headers: axum::http::HeaderMap,
) -> Result<Response, ServerError> {
    let name = app.viewer(&headers).await?;
    Ok(Json(SessionView {
        name,
        claimed: None,
    })
    .into_response())
}

async fn sign_out(
    State(app): State<Arc<App>>,
    headers: axum::http::HeaderMap,
) -> Result<Response, ServerError> {
    app.sign_out(&headers).await?;
    let mut response = Json(json!({ "ok": true })).into_response();
    if let Ok(value) = HeaderValue::from_str(&players::cleared_cookie()) {
        response.headers_mut().insert(header::SET_COOKIE, value);
    }
    Ok(response)
}

async fn challenges(
    State(app): State<Arc<App>>,
    headers: axum::http::HeaderMap,
) -> Result<Response, ServerError> {
    let viewer = app.viewer(&headers).await?;
    Ok(Json(app.challenges(viewer.as_deref()).await?).into_response())
}

async fn create_challenge(
    State(app): State<Arc<App>>,
    headers: axum::http::HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ServerError> {
    let request: ChallengeRequest = read_json(&body?, "a challenge")?;
    let viewer = app.viewer(&headers).await?;
    let challenge = app.create_challenge(viewer, request).await?;
    Ok((StatusCode::CREATED, Json(challenge)).into_response())
}

async fn cancel_challenge(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: axum::http::HeaderMap,
) -> Result<Response, ServerError> {
    let viewer = app.viewer(&headers).await?;
    app.cancel_challenge(viewer, &id).await?;
    Ok(Json(json!({ "ok": true })).into_response())
}

async fn accept_challenge(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: axum::http::HeaderMap,
) -> Result<Response, ServerError> {
    let viewer = app.viewer(&headers).await?;
    let created = app.accept_challenge(viewer, &id).await?;
    Ok((StatusCode::CREATED, Json(created)).into_response())
}

async fn lobby_socket(
    State(app): State<Arc<App>>,
    headers: axum::http::HeaderMap,
    upgrade: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Result<Response, ServerError> {
    let upgrade = upgrade.map_err(|e| ServerError::BadRequest(e.body_text()))?;
    let viewer = app.viewer(&headers).await?;
    Ok(upgrade
        .max_message_size(ws::MAX_FRAME)
        .read_buffer_size(ws::READ_BUFFER)
        .on_upgrade(move |socket| ws::lobby(app, socket, viewer)))
}

async fn player(
    State(app): State<Arc<App>>,
    Path(name): Path<String>,
) -> Result<Response, ServerError> {
    Ok(Json(app.player(&name).await?).into_response())
}

#[derive(serde::Deserialize)]
struct PoolQuery {
    pool: Option<String>,
}

async fn leaderboard(
    State(app): State<Arc<App>>,
    query: Result<axum::extract::Query<PoolQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Response, ServerError> {
    let query = query.map_err(|e| ServerError::BadRequest(e.body_text()))?;
    Ok(Json(app.leaderboard(query.pool.as_deref()).await?).into_response())
}

async fn my_games(
    State(app): State<Arc<App>>,
    headers: axum::http::HeaderMap,
) -> Result<Response, ServerError> {
    let viewer = app.viewer(&headers).await?;
    Ok(Json(app.my_games(viewer).await?).into_response())
}

async fn try_lesson(
    Path(id): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ServerError> {
    let request: TryMove = read_json(&body?, "a try")?;
    Ok(Json(learning::try_lesson(&id, &request.mv)?).into_response())
}

async fn danger(
    State(app): State<Arc<App>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ServerError> {
    let request: DangerRequest = read_json(&body?, "a danger request")?;
    Ok(Json(learning::danger(&app, request).await?).into_response())
}

#[derive(serde::Deserialize)]
struct AfterQuery {
    after: Option<String>,
}

async fn next_puzzle(
    State(app): State<Arc<App>>,
    headers: axum::http::HeaderMap,
    query: Result<axum::extract::Query<AfterQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Response, ServerError> {
    let query = query.map_err(|e| ServerError::BadRequest(e.body_text()))?;
    let viewer = app.viewer(&headers).await?;
    Ok(Json(app.next_puzzle(viewer, query.after.as_deref()).await?).into_response())
}

async fn puzzle(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: axum::http::HeaderMap,
) -> Result<Response, ServerError> {
    let viewer = app.viewer(&headers).await?;
    Ok(Json(app.puzzle(viewer, &id).await?).into_response())
}

async fn attempt(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: axum::http::HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ServerError> {
    let request: TryMove = read_json(&body?, "an attempt")?;
    let viewer = app.viewer(&headers).await?;
    Ok(Json(app.attempt(viewer, &id, &request.mv).await?).into_response())
}

async fn review(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Response, ServerError> {
    Ok(Json(learning::review(&app, &id).await?).into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_proxy_on_this_machine_names_the_client() {
        let mut headers = axum::http::HeaderMap::new();
        headers.insert("x-real-ip", "203.0.113.7".parse().unwrap());
        let local: SocketAddr = "127.0.0.1:5000".parse().unwrap();
        let remote: SocketAddr = "198.51.100.2:5000".parse().unwrap();
        assert_eq!(
            client_address(local, &headers),
            "203.0.113.7".parse::<std::net::IpAddr>().unwrap()
        );
        // A client elsewhere cannot choose its address.
        assert_eq!(client_address(remote, &headers), remote.ip());
        // Without the header, or with one that is no address, the peer's.
        assert_eq!(
            client_address(local, &axum::http::HeaderMap::new()),
            local.ip()
        );
        headers.insert("x-real-ip", "nobody".parse().unwrap());
        assert_eq!(client_address(local, &headers), local.ip());
    }
}
