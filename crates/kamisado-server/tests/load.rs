//! The load generator at a small scale, so that it keeps working: 20 friend
//! games at 4 moves a second each for 2 seconds, no errors, no lost move.

use kamisado_client::loadtest::{Options, run};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn twenty_games_under_load_lose_nothing() {
    let args = Options {
        games: 20,
        rate: 4.0,
        seconds: 2,
        url: None,
        seed: 5,
    };
    let report = run(&args).await.expect("the load test runs");
    eprintln!("{report}");
    assert_eq!(report.errors, 0, "{report}");
    assert_eq!(report.lost, 0, "{report}");
    assert_eq!(report.checked_in, "database");
    // Each game moves about 8 times; allow for a slow machine.
    assert!(report.moves >= 40, "{report}");
    assert!(report.max_ms >= report.p99_ms && report.p99_ms >= report.p50_ms);
}

#[tokio::test]
async fn a_load_test_only_targets_loopback() {
    let args = Options {
        games: 1,
        rate: 1.0,
        seconds: 1,
        url: Some("http://192.0.2.1:8080".into()),
        seed: 1,
    };
    let refused = run(&args).await.unwrap_err();
    assert!(refused.contains("loopback"), "{refused}");
}
