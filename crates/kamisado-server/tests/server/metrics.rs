//! `/metrics`, scraped during a game: the counters move with what happens.

use crate::common;

use common::{TempDb, TestServer, first_legal, is_ack};
use kamisado_client::GameRequest;
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
