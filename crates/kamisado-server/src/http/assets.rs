//! The page and its assets, built into the binary, and the pages for a link
//! that leads nowhere.

use std::sync::Arc;

use axum::Router;
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use crate::error::ServerError;
use crate::games::Games;

const INDEX_HTML: &str = include_str!("../../assets/index.html");
const FAVICON: &str = include_str!("../../assets/favicon.svg");

const JS: &str = "text/javascript; charset=utf-8";
/// The page's styles and its script modules, under `/assets/`.
const ASSETS: [(&str, &str, &str); 23] = [
    (
        "app.css",
        "text/css; charset=utf-8",
        include_str!("../../assets/app.css"),
    ),
    ("app.js", JS, include_str!("../../assets/app.js")),
    ("account.js", JS, include_str!("../../assets/account.js")),
    (
        "account-games.js",
        JS,
        include_str!("../../assets/account-games.js"),
    ),
    ("analysis.js", JS, include_str!("../../assets/analysis.js")),
    ("board.js", JS, include_str!("../../assets/board.js")),
    (
        "challenges.js",
        JS,
        include_str!("../../assets/challenges.js"),
    ),
    ("clock.js", JS, include_str!("../../assets/clock.js")),
    ("danger.js", JS, include_str!("../../assets/danger.js")),
    ("dom.js", JS, include_str!("../../assets/dom.js")),
    ("en.js", JS, include_str!("../../assets/en.js")),
    ("game.js", JS, include_str!("../../assets/game.js")),
    ("games.js", JS, include_str!("../../assets/games.js")),
    ("http.js", JS, include_str!("../../assets/http.js")),
    ("i18n.js", JS, include_str!("../../assets/i18n.js")),
    (
        "leaderboard.js",
        JS,
        include_str!("../../assets/leaderboard.js"),
    ),
    ("learn.js", JS, include_str!("../../assets/learn.js")),
    ("lobby.js", JS, include_str!("../../assets/lobby.js")),
    ("player.js", JS, include_str!("../../assets/player.js")),
    ("plot.js", JS, include_str!("../../assets/plot.js")),
    ("puzzles.js", JS, include_str!("../../assets/puzzles.js")),
    ("ru.js", JS, include_str!("../../assets/ru.js")),
    ("tokens.js", JS, include_str!("../../assets/tokens.js")),
];
const MISSING_HTML: &str = include_str!("../../assets/missing.html");

/// The page's routes: the page at each of its addresses, and its assets.
pub fn router(games: Arc<Games>) -> Router {
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
        .with_state(games)
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
async fn game_page(State(games): State<Arc<Games>>, Path(id): Path<String>) -> Response {
    match games.game(&id).await {
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
pub async fn not_found(request: axum::extract::Request) -> Response {
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
