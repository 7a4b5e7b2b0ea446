//! `kamisado serve` as a user starts it: it says where it listens, serves the
//! page's API, and keeps to the limit its flags set.

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Command, Stdio};
use std::time::Duration;

use kamisado_client::{GameRequest, Http};

#[test]
fn serve_takes_its_games_per_client_from_the_command_line() {
    let db = std::env::temp_dir().join(format!("kamisado-serve-{}.db", std::process::id()));
    let mut child = Command::new(env!("CARGO_BIN_EXE_kamisado"))
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--games-per-client",
            "1",
            "--puzzles",
            "0",
        ])
        .arg("--db")
        .arg(format!("sqlite://{}", db.display()))
        .env("KAMISADO_LOG", "info")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("kamisado serve starts");
    // The log's first lines say where it listens.
    let stderr = child.stderr.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if let Some(rest) = line.split("open http://").nth(1) {
                let _ = tx.send(rest.trim_end_matches('/').to_string());
            }
        }
    });
    let addr: SocketAddr = rx
        .recv_timeout(Duration::from_secs(60))
        .expect("the server says where it listens")
        .parse()
        .unwrap();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let (first, second) = runtime.block_on(async {
        let http = Http::new(addr);
        let first = http.create(&GameRequest::local()).await;
        let second = http
            .request("POST", "/api/games", Some(r#"{"mode":"local"}"#))
            .await;
        (first, second)
    });
    let _ = child.kill();
    let _ = child.wait();
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
    }
    assert!(first.is_ok(), "{first:?}");
    let second = second.unwrap();
    assert_eq!(second.status, 429, "{}", second.body);
    assert!(
        second.body.contains("at most 1 game per client"),
        "{}",
        second.body
    );
}
