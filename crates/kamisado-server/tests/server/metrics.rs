//! `/metrics`, scraped during a game: the counters move with what happens.

use std::time::Duration;

use crate::common;

use common::{TempDb, TestServer, first_legal, is_ack};
use kamisado_client::GameRequest;
use kamisado_server::Limits;
use kamisado_wire::ClientMessage;

/// A metric's value on the page (the first line naming it exactly).
fn value(page: &str, name: &str) -> f64 {
    page.lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.parse().ok())
        .unwrap_or_else(|| panic!("no `{name}` in:\n{page}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_counters_move_during_a_game() {
    let db = TempDb::new("metrics");
    let server = TestServer::start(&db).await;
    let scrape = || async {
        let answer = server.request("GET", "/metrics", None).await;
        assert_eq!(answer.status, 200);
        answer.body
    };
    let before = scrape().await;
    let created = server.create(GameRequest::local()).await;
    let mut both = server.client(&created.id, Some(&created.key)).await;
    for _ in 0..3 {
        let mv = first_legal(both.state());
        assert!(is_ack(&both.play(mv).await.unwrap()));
    }
    // A stale number: refused (409).
    let stale = both.act(ClientMessage::Undo { n: 0 }).await.unwrap();
    assert!(!is_ack(&stale), "{}", stale.to_text());
    let during = scrape().await;
    let grew = |name: &str| value(&during, name) - value(&before, name);
    assert!(grew("kamisado_actions_stored_total") >= 3.0, "{during}");
    assert!(grew("kamisado_commit_seconds_count") >= 3.0, "{during}");
    assert!(grew("kamisado_commit_changes_sum") >= 3.0, "{during}");
    assert!(value(&during, "kamisado_websockets") >= 1.0, "{during}");
    assert!(value(&during, "kamisado_live_games") >= 1.0, "{during}");
    assert!(
        value(&during, "kamisado_refused_total{status=\"409\"}") >= 1.0,
        "{during}"
    );
    for name in [
        "kamisado_pool_wait_seconds_count",
        "kamisado_notice_lag_seconds_count",
        "kamisado_engine_searches_running",
        "kamisado_engine_searches_waiting",
        "kamisado_changes_failed_total",
    ] {
        value(&during, name);
    }
    server.stop().await;
}

/// Moves of two games made together are committed together, after the
/// window, when the writer waits long enough for the second
/// (`--commit-window-ms`); with no window every move is still stored and
/// acknowledged.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_commit_window_puts_changes_made_together_in_one_commit() {
    for (window, shared) in [(Duration::from_millis(500), true), (Duration::ZERO, false)] {
        let db = TempDb::new("window");
        let limits = Limits {
            commit_window: window,
            ..common::limits()
        };
        let server = TestServer::start_with(&db, limits).await;
        let (a, b) = (
            server.create(GameRequest::local()).await,
            server.create(GameRequest::local()).await,
        );
        let mut first = server.client(&a.id, Some(&a.key)).await;
        let mut second = server.client(&b.id, Some(&b.key)).await;
        let (one, two) = (first_legal(first.state()), first_legal(second.state()));
        let scrape = || async { server.request("GET", "/metrics", None).await.body };
        let before = scrape().await;
        let started = std::time::Instant::now();
        let (x, y) = tokio::join!(first.play(one), second.play(two));
        assert!(is_ack(&x.unwrap()) && is_ack(&y.unwrap()));
        // Acknowledged only once committed, after the window.
        assert!(started.elapsed() >= window);
        let after = scrape().await;
        let grew = |name: &str| value(&after, name) - value(&before, name);
        assert!(grew("kamisado_actions_stored_total") >= 2.0, "{after}");
        let (commits, changes) = (
            grew("kamisado_commit_seconds_count"),
            grew("kamisado_commit_changes_sum"),
        );
        if shared {
            assert!(commits < changes, "{commits} commits of {changes}: {after}");
        } else {
            assert!(commits >= 1.0 && changes >= 2.0, "{after}");
        }
        server.stop().await;
    }
}
