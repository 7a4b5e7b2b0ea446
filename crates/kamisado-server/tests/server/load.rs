//! The load generator at a small scale, so that it keeps working: 20 friend
//! games at 4 moves a second each for 2 seconds, no errors, no lost move; and
//! games spread over two URLs with a watcher each.

use kamisado_client::loadtest::{Checked, Options, count_lost, measure, run};
use kamisado_server::{Limits, ServeConfig, bind_with};

use crate::common::TempDb;

/// A server on a loopback port over `db`, serving until told to stop.
async fn serve(
    db: &str,
) -> (
    String,
    tokio::sync::oneshot::Sender<()>,
    tokio::task::JoinHandle<()>,
) {
    let server = bind_with(
        ServeConfig {
            addr: "127.0.0.1:0".parse().unwrap(),
            db: db.to_string(),
            ..ServeConfig::default()
        },
        Limits {
            puzzles_at_start: 0,
            ..Limits::default()
        },
    )
    .await
    .expect("the server starts");
    let url = format!("http://{}", server.local_addr());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let task = tokio::spawn(async move {
        server
            .run_until(async {
                let _ = stopped.await;
            })
            .await
            .unwrap();
    });
    (url, stop, task)
}

/// Twenty games under load; the server is stopped and started again on
/// its database, where every acknowledged move is found.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn twenty_games_under_load_lose_nothing() {
    let path = std::env::temp_dir().join(format!("kamisado-load-{}.db", std::process::id()));
    let db = format!("sqlite://{}", path.display());
    let (url, stop, task) = serve(&db).await;
    let args = Options {
        games: 20,
        rate: 4.0,
        seconds: 2,
        seed: 5,
        urls: vec![url],
        ..Options::default()
    };
    let (report, played) = measure(&args).await.expect("the load test runs");
    let _ = stop.send(());
    task.await.unwrap();
    let (again, stop, task) = serve(&db).await;
    let checked = count_lost(&[again], &played).await.unwrap();
    let _ = stop.send(());
    task.await.unwrap();
    for suffix in ["", "-wal", "-shm", "-journal"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    eprintln!("{report}");
    assert_eq!(report.errors, 0, "{report}");
    assert_eq!(checked, Checked::default(), "{report}");
    // Each game moves about 8 times; allow for a slow machine.
    assert!(report.moves >= 40, "{report}");
    assert!(report.max_ms >= report.p99_ms && report.p99_ms >= report.p50_ms);
}

/// The look-up after a run tells a server that has lost the games (it
/// answers 404: every acknowledged move lost) from one that does not answer
/// (the moves not checked, and why).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_check_that_cannot_reach_the_server_says_so() {
    let (played_on, empty_db) = (
        TempDb::sqlite("check-played"),
        TempDb::sqlite("check-empty"),
    );
    let (url, stop, task) = serve(&played_on.url()).await;
    let args = Options {
        games: 2,
        rate: 4.0,
        seconds: 1,
        seed: 7,
        urls: vec![url],
        ..Options::default()
    };
    let (report, played) = measure(&args).await.expect("the load test runs");
    let _ = stop.send(());
    task.await.unwrap();
    assert!(report.moves > 0, "{report}");
    // Another empty database: it knows neither game.
    let (empty, stop, task) = serve(&empty_db.url()).await;
    let forgotten = count_lost(&[empty], &played).await.unwrap();
    let _ = stop.send(());
    task.await.unwrap();
    assert_eq!((forgotten.lost, forgotten.unchecked), (report.moves, 0));
    // A listener that drops every connection: no state comes.
    let mute = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let mute_url = format!("http://{}", mute.local_addr().unwrap());
    let dropping = tokio::spawn(async move {
        while let Ok((socket, _)) = mute.accept().await {
            drop(socket);
        }
    });
    let unknown = count_lost(std::slice::from_ref(&mute_url), &played)
        .await
        .unwrap();
    dropping.abort();
    assert_eq!((unknown.lost, unknown.unchecked), (0, report.moves));
    assert_eq!(unknown.failures.len(), 2, "{unknown:?}");
    let addr = mute_url.trim_start_matches("http://");
    assert!(
        unknown.failures[0].starts_with("checking game ")
            && unknown.failures[0].contains(&format!(" on {addr}: ")),
        "{unknown:?}"
    );
    let mut told = report.clone();
    told.take_check(unknown, "api");
    let text = told.to_string();
    assert!(
        text.contains(&format!(
            "lost moves 0 (checked in the api), {} acknowledged moves not checked",
            report.moves
        )) && text.contains("error: checking game "),
        "{text}"
    );
}

#[tokio::test]
async fn a_load_test_only_targets_loopback() {
    let args = Options {
        games: 1,
        rate: 1.0,
        seconds: 1,
        urls: vec![
            "http://127.0.0.1:8080".into(),
            "http://192.0.2.1:8080".into(),
        ],
        ..Options::default()
    };
    let refused = run(&args).await.unwrap_err();
    assert!(refused.contains("loopback"), "{refused}");
    assert!(refused.contains("192.0.2.1"), "{refused}");
}

/// Two URLs (here of the same server) spread each game's players and
/// watcher over both; every acknowledged move is in the game's state.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_load_test_spreads_games_over_several_urls() {
    let db = std::env::temp_dir().join(format!("kamisado-load-urls-{}.db", std::process::id()));
    let server = bind_with(
        ServeConfig {
            addr: "127.0.0.1:0".parse().unwrap(),
            db: format!("sqlite://{}", db.display()),
            ..ServeConfig::default()
        },
        Limits {
            puzzles_at_start: 0,
            ..Limits::default()
        },
    )
    .await
    .expect("the server starts");
    let url = format!("http://{}", server.local_addr());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let task = tokio::spawn(server.run_until(async {
        let _ = stopped.await;
    }));
    let args = Options {
        games: 4,
        rate: 4.0,
        seconds: 1,
        urls: vec![url.clone(), url.clone()],
        watchers: 1,
        seed: 3,
    };
    let report = run(&args).await.expect("the load test runs");
    let _ = stop.send(());
    task.await.unwrap().unwrap();
    for suffix in ["", "-wal", "-shm", "-journal"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
    }
    eprintln!("{report}");
    assert_eq!(report.errors, 0, "{report}");
    assert_eq!(report.lost, 0, "{report}");
    assert_eq!(report.checked_in, "api");
    assert!(report.moves >= 4, "{report}");
    assert_eq!(report.urls, [url.clone(), url.clone()]);
    let text = report.to_string();
    assert!(text.contains("(12 connections)"), "{text}");
    assert!(text.contains(&format!("servers {url}, {url} (")), "{text}");
}
