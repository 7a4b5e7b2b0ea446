//! The HTTP edge: every feature's routes merged into one router, with what
//! every request goes through (the client's address and the refusal of
//! requests from other sites ([`edge`]), the signed-in viewer found from the
//! session cookie, the body limit, security headers, the request log and the
//! count of refusals), and the page with its assets ([`assets`]).

use std::sync::Arc;

use axum::Router;
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{HeaderValue, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde_json::json;

use crate::error::refused;
use crate::games::Games;
use crate::learning::Learning;
use crate::players::Players;
use crate::players::tokens;
use crate::request::Viewer;
use crate::tournaments::Tournaments;
use kamisado_wire::Refusal;

pub mod assets;
pub mod edge;
pub mod serve;
mod served;

pub use edge::Edge;

/// The largest request body accepted, in bytes.
pub const MAX_BODY: usize = crate::limits::MAX_BODY;

/// Only the page's own assets, scripts, styles, images and connections.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; \
    style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; \
    base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// What the routes of the features share.
#[derive(Clone)]
pub struct Site {
    /// The games.
    pub games: Arc<Games>,
    /// Accounts, challenges, the lobby, player pages.
    pub players: Arc<Players>,
    /// Analysis, lessons, danger, puzzles, reviews.
    pub learning: Arc<Learning>,
    /// Tournaments.
    pub tournaments: Arc<Tournaments>,
    /// The site's origin and its trusted proxies.
    pub edge: Edge,
}

/// Every route of the server.
pub fn router(site: Site) -> Router {
    Router::new()
        .route(
            "/api/health",
            get(|| async { axum::Json(json!({ "ok": true })) }),
        )
        .route("/api/ready", get(ready).with_state(Arc::clone(&site.games)))
        .route("/metrics", get(metrics).with_state(Arc::clone(&site.games)))
        .merge(assets::router(Arc::clone(&site.games)))
        .merge(crate::games::routes::router(Arc::clone(&site.games)))
        .merge(crate::players::routes::router(Arc::clone(&site.players)))
        .merge(crate::players::bot_routes::router(Arc::clone(
            &site.players,
        )))
        .merge(crate::learning::routes::router(Arc::clone(&site.learning)))
        .merge(crate::tournaments::routes::router(Arc::clone(
            &site.tournaments,
        )))
        .fallback(assets::not_found)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(middleware::from_fn_with_state(
            Arc::clone(&site.players),
            find_viewer,
        ))
        .layer(middleware::from_fn_with_state(site.edge, edge::guard))
        .layer(middleware::from_fn(security_headers))
        .layer(middleware::from_fn_with_state(site.games, log_request))
}

/// Readiness, for a balancer: 200 while the database answers, else 503
/// with the reason (`/api/health` says only that the process is alive).
async fn ready(State(games): State<Arc<Games>>) -> Response {
    match games.store.db().ready().await {
        Ok(()) => axum::Json(json!({ "ok": true })).into_response(),
        Err(e) => {
            // A failure's words too: the balancer's operator reads them.
            let refusal = match e.code() {
                Some(_) => e.refusal(),
                None => Refusal::database_unavailable(e.to_string()),
            };
            refused(axum::http::StatusCode::SERVICE_UNAVAILABLE, &refusal)
        }
    }
}

/// The process's counters in Prometheus' text format.
async fn metrics(State(games): State<Arc<Games>>) -> Response {
    let (searches_running, searches_waiting) = games.engines.load();
    let gauges = crate::metrics::Gauges {
        live_games: games.live_games().await,
        searches_running,
        searches_waiting,
    };
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        crate::metrics::metrics().render(gauges),
    )
        .into_response()
}

/// Finds the account a request's API token or session cookie signs in, for
/// the routes' [`Viewer`] and [`crate::request::Credential`]: a request to the API, and not
/// from another site's page ([`edge::CrossSite`]: a guest). What the
/// token or the bot account may not ask is refused here
/// ([`tokens::refusal_for`]).
async fn find_viewer(
    State(players): State<Arc<Players>>,
    mut request: Request,
    next: Next,
) -> Response {
    let cross_site = request.extensions().get::<edge::CrossSite>().is_some();
    if request.uri().path().starts_with("/api/") && !cross_site {
        match players.signed(request.headers()).await {
            Ok(Some(signed)) => {
                let path = request.uri().path();
                if let Some(refusal) =
                    tokens::refusal_for(&signed.credential, request.method(), path)
                {
                    return refusal.into_response();
                }
                request.extensions_mut().insert(Viewer(Some(signed.name)));
                request.extensions_mut().insert(signed.credential);
            }
            Ok(None) => {
                request.extensions_mut().insert(Viewer(None));
            }
            Err(e) => return e.into_response(),
        }
    }
    next.run(request).await
}

/// Logs each request (method, path, status, time; never a body, so never a
/// seat key) at `debug`, and counts the refused ones.
async fn log_request(State(games): State<Arc<Games>>, request: Request, next: Next) -> Response {
    let method = request.method().clone();
    let path = request.uri().path().to_string();
    let start = std::time::Instant::now();
    let response = next.run(request).await;
    let status = response.status();
    if status.is_client_error() {
        games.count_refusal(status.as_u16());
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
