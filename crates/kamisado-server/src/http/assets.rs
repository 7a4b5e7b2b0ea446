//! The page and its assets, built into the binary, and the pages for a link
//! that leads nowhere.

use std::sync::{Arc, LazyLock};

use axum::Router;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use super::served::{FOREVER, REVALIDATE, Served, digest};
use crate::error::ServerError;
use crate::games::Games;
use kamisado_wire::{Code, Refusal};

const INDEX_HTML: &str = include_str!("../../assets/index.html");
const FAVICON: &str = include_str!("../../assets/favicon.svg");

const JS: &str = "text/javascript; charset=utf-8";
/// The page's styles and its script modules, under `/assets/`.
const ASSETS: [(&str, &str, &str); 33] = [
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
    // Under the version too, so a page does not ask for it again.
    ("favicon.svg", "image/svg+xml", FAVICON),
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
    ("missing.js", JS, include_str!("../../assets/missing.js")),
    ("patch.js", JS, include_str!("../../assets/patch.js")),
    ("player.js", JS, include_str!("../../assets/player.js")),
    ("plot.js", JS, include_str!("../../assets/plot.js")),
    ("plurals.js", JS, include_str!("../../assets/plurals.js")),
    ("puzzles.js", JS, include_str!("../../assets/puzzles.js")),
    ("replay.js", JS, include_str!("../../assets/replay.js")),
    ("ru.js", JS, include_str!("../../assets/ru.js")),
    ("rules.js", JS, include_str!("../../assets/rules.js")),
    ("sound.js", JS, include_str!("../../assets/sound.js")),
    ("speech.js", JS, include_str!("../../assets/speech.js")),
    ("tokens.js", JS, include_str!("../../assets/tokens.js")),
    (
        "tournament-link.js",
        JS,
        include_str!("../../assets/tournament-link.js"),
    ),
    (
        "tournaments.js",
        JS,
        include_str!("../../assets/tournaments.js"),
    ),
];
const MISSING_HTML: &str = include_str!("../../assets/missing.html");

/// The page as it is served, made once: the assets compressed and tagged,
/// and the page's HTML pointing at them under `/assets/{version}/`, where
/// the version is a hash of every asset, so that a browser keeps them until
/// the server is upgraded. (The modules import each other by relative
/// names, which the version's folder keeps.)
struct Page {
    version: String,
    /// The page's HTML for each part, which names the part's module to
    /// load beside `app.js` (a page loads only its part's modules).
    index: Vec<(&'static str, Served)>,
    favicon: Served,
    assets: Vec<(&'static str, Served)>,
}

/// The module of each part of the page, and the `<main>` sections of the
/// HTML it shows: a part's HTML carries only its own (the others' markup
/// would travel with every page for nothing).
const PARTS: [(&str, &[&str]); 9] = [
    ("lobby.js", &["lobby"]),
    ("game.js", &["play"]),
    ("analysis.js", &["analysis"]),
    ("player.js", &["player"]),
    ("leaderboard.js", &["leaderboard"]),
    ("learn.js", &["learn"]),
    ("puzzles.js", &["puzzles"]),
    ("tournaments.js", &["tournaments", "tournament"]),
    ("rules.js", &["rulebook"]),
];

/// `html` without the `<main id="…">` sections not named in `keep`.
fn only_mains(html: &str, keep: &[&str]) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(at) = rest.find("<main id=\"") {
        let name_at = at + "<main id=\"".len();
        let name = rest[name_at..].split('"').next().unwrap_or("");
        let Some(end) = rest[at..].find("</main>").map(|e| at + e + "</main>".len()) else {
            break;
        };
        out.push_str(&rest[..at]);
        if keep.contains(&name) {
            out.push_str(&rest[at..end]);
        }
        // The line the section ended stays one line.
        rest = rest[end..].strip_prefix('\n').unwrap_or(&rest[end..]);
    }
    out.push_str(rest);
    out
}

static PAGE: LazyLock<Page> = LazyLock::new(|| {
    let mut all = String::new();
    for (name, _, body) in ASSETS {
        all.push_str(name);
        all.push_str(body);
    }
    let version = digest(all.as_bytes())[..12].to_string();
    let html = INDEX_HTML.replace("\"/assets/", &format!("\"/assets/{version}/"));
    let script = format!("<script type=\"module\" src=\"/assets/{version}/app.js\"></script>");
    let index = PARTS
        .iter()
        .map(|&(part, mains)| {
            let preload =
                format!("{script}\n<link rel=\"modulepreload\" href=\"/assets/{version}/{part}\">");
            let page = only_mains(&html, mains).replacen(&script, &preload, 1);
            (part, Served::new("text/html; charset=utf-8", page))
        })
        .collect();
    Page {
        index,
        favicon: Served::new("image/svg+xml", FAVICON),
        assets: ASSETS
            .iter()
            .map(|&(name, content_type, body)| (name, Served::new(content_type, body)))
            .collect(),
        version,
    }
});

/// The bytes of the page's HTML and of each asset on the wire with
/// `encoding` (`br`, `gzip`, or none), for the figures of the docs.
pub fn sizes(encoding: &str) -> Vec<(&'static str, usize)> {
    let page = &*PAGE;
    std::iter::once(("index.html", page.index[0].1.size(encoding)))
        .chain(
            page.assets
                .iter()
                .map(|(name, s)| (*name, s.size(encoding))),
        )
        .collect()
}

/// The page's routes: the page at each of its addresses, and its assets.
pub fn router(games: Arc<Games>) -> Router {
    let part = |name: &'static str| move |headers: HeaderMap| async move { index(&headers, name) };
    Router::new()
        .route("/", get(part("lobby.js")))
        .route("/g/{id}", get(game_page))
        .route("/analysis", get(part("analysis.js")))
        .route("/p/{name}", get(part("player.js")))
        .route("/leaderboard", get(part("leaderboard.js")))
        .route("/learn", get(part("learn.js")))
        .route("/puzzles", get(part("puzzles.js")))
        .route("/puzzles/{id}", get(part("puzzles.js")))
        .route("/tournaments", get(part("tournaments.js")))
        .route("/tournaments/{id}", get(part("tournaments.js")))
        .route("/rules", get(part("rules.js")))
        .route("/assets/{name}", get(page_asset))
        .route("/assets/{version}/{name}", get(versioned_asset))
        .route(
            "/favicon.svg",
            get(|headers: HeaderMap| async move { PAGE.favicon.answer(&headers, REVALIDATE) }),
        )
        .with_state(games)
}

/// The page's HTML for the part whose module is `part`.
fn index(headers: &HeaderMap, part: &str) -> Response {
    let page = &*PAGE;
    let served = page
        .index
        .iter()
        .find(|(p, _)| *p == part)
        .unwrap_or(&page.index[0]);
    served.1.answer(headers, REVALIDATE)
}

/// One of the page's assets by name, asked again each time (a 304 when unchanged), or 404.
async fn page_asset(headers: HeaderMap, Path(name): Path<String>) -> Response {
    asset(&headers, &name, REVALIDATE)
}

/// An asset under the page's version: kept for a year. An address of an
/// older version (a page loaded before an upgrade) gets today's asset,
/// asked again each time.
async fn versioned_asset(
    headers: HeaderMap,
    Path((version, name)): Path<(String, String)>,
) -> Response {
    let cache = if version == PAGE.version {
        FOREVER
    } else {
        REVALIDATE
    };
    asset(&headers, &name, cache)
}

fn asset(headers: &HeaderMap, name: &str, cache: &'static str) -> Response {
    match PAGE.assets.iter().find(|(n, _)| *n == name) {
        Some((_, served)) => served.answer(headers, cache),
        None => ServerError::NotFound(Refusal::no_such_asset(name)).into_response(),
    }
}

/// The page of a game, or a page that says there is none (404).
async fn game_page(
    State(games): State<Arc<Games>>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    match games.game(&id).await {
        Ok(_) => index(&headers, "game.js"),
        Err(e) if e.code() == Some(Code::NoSuchGame) => missing_page(
            e.status(),
            [
                "There is no game here",
                "No game has this link: it may have been mistyped or cut short. Start a new game in the lobby, or ask for the link again.",
            ],
            [
                "Здесь нет партии",
                "По этой ссылке нет партии: возможно, она набрана с ошибкой или обрезана. Начните новую партию в лобби или попросите ссылку ещё раз.",
            ],
        ),
        Err(e) => e.into_response(),
    }
}

/// A page for a person who followed a link to nothing, with its status:
/// its title and text in English and in Russian, of which the page's
/// script (`missing.js`) shows the reader's language.
fn missing_page(
    status: StatusCode,
    [title, text]: [&str; 2],
    [title_ru, text_ru]: [&str; 2],
) -> Response {
    let page = MISSING_HTML
        .replace("{{title}}", title)
        .replace("{{text}}", text)
        .replace("{{title_ru}}", title_ru)
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
        let method = request.method().to_string();
        ServerError::NotFound(Refusal::no_such_route(method, path)).into_response()
    } else {
        missing_page(
            StatusCode::NOT_FOUND,
            [
                "There is no such page",
                "Nothing is found at this address. The game is played from the lobby.",
            ],
            [
                "Такой страницы нет",
                "По этому адресу ничего нет. Игра начинается в лобби.",
            ],
        )
    }
}
