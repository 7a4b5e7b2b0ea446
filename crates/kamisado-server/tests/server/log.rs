//! The server's log: games created and ended, requests and refusals, at the
//! level `KAMISADO_LOG` names; never a seat key.

use crate::common;

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Command, Stdio};
use std::time::Duration;

use common::{PATIENCE, TempDb, mv};
use kamisado_client::{GameRequest, Http, PlayAs};
use kamisado_wire::{ClientMessage, ServerMessage};

#[tokio::test]
async fn the_log_tells_what_happened_and_never_a_seat_key() {
    let db = TempDb::new("log");
    let log = format!("{}.log", db.path.display());
    let mut child = Command::new(env!("CARGO_BIN_EXE_kamisado-serverd"))
        .args(["--addr", "127.0.0.1:0", "--db", &db.url()])
        .env("KAMISADO_LOG", "trace")
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(&log).unwrap())
        .spawn()
        .expect("the server process starts");
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let line = lines.next().expect("a line").expect("readable");
    let addr: SocketAddr = line
        .strip_prefix("listening on http://")
        .expect("a listening line")
        .parse()
        .unwrap();
    let http = Http::new(addr).with_patience(PATIENCE);

    let game = http
        .create(&GameRequest::friend().colour(PlayAs::Black).seed(5))
        .await
        .unwrap();
    let invite = game.invite.clone().expect("an invite");
    let mut black = http.join(&game.id, &game.key).await.unwrap();
    let mut white = http.join(&game.id, &invite).await.unwrap();
    assert!(matches!(
        black.play(mv("d1-d6")).await.unwrap(),
        ServerMessage::Ack { .. }
    ));
    // A refusal: White is not to act on Black's number.
    let refused = white.act(ClientMessage::Resign { n: 0 }).await.unwrap();
    assert!(
        matches!(refused, ServerMessage::Error { .. }),
        "{refused:?}"
    );
    let n = white.state().n;
    let resigned = white.act(ClientMessage::Resign { n }).await.unwrap();
    assert!(
        matches!(resigned, ServerMessage::Ack { .. }),
        "{resigned:?}"
    );
    black.close().await;
    white.close().await;

    // Ctrl-C: the server stops and says so.
    let pid = child.id().to_string();
    Command::new("kill").args(["-INT", &pid]).status().unwrap();
    let exited = tokio::task::spawn_blocking(move || child.wait());
    let waited = tokio::time::timeout(Duration::from_secs(30), exited).await;
    assert!(
        matches!(waited, Ok(Ok(Ok(_)))),
        "the server stops on Ctrl-C"
    );
    let text = std::fs::read_to_string(&log).unwrap();
    let _ = std::fs::remove_file(&log);
    for want in [
        "game created",
        "game ended",
        "refused",
        "request",
        "the server stops",
    ] {
        assert!(text.contains(want), "the log says `{want}`:\n{text}");
    }
    assert!(text.contains(&game.id), "the log names the game");
    assert!(!text.contains(&game.key), "the log holds no seat key");
    assert!(!text.contains(&invite), "the log holds no invite key");
}
