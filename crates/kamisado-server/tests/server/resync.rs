//! The typed client against a real server's states: a client that misses a
//! patch asks for the whole state and hands it on in the patch's place.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use kamisado_client::{GameRequest, GameSocket, Http};
use kamisado_server::{ServeConfig, bind};
use kamisado_wire::{Kind, ServerMessage, StateView};
use tokio_tungstenite::tungstenite::Message;

const PATIENCE: Duration = Duration::from_secs(60);

/// The states of a game on one screen after its join and each of its
/// first three moves, as a server sends them (one `seq` apart).
async fn served_states() -> Vec<StateView> {
    let mut tag = [0u8; 8];
    getrandom::fill(&mut tag).unwrap();
    let tag: String = tag.iter().map(|b| format!("{b:02x}")).collect();
    let db = std::env::temp_dir().join(format!("kamisado-client-socket-{tag}.db"));
    let config = ServeConfig {
        addr: "127.0.0.1:0".parse().unwrap(),
        db: format!("sqlite://{}", db.display()),
        ..ServeConfig::default()
    };
    let server = bind(config).await.unwrap();
    let http = Http::new(server.local_addr()).with_patience(PATIENCE);
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let running = tokio::spawn(server.run_until(async {
        let _ = stopped.await;
    }));
    let created = http.create(&GameRequest::local()).await.unwrap();
    let mut both = http.join(&created.id, &created.key).await.unwrap();
    let mut states = vec![both.state().clone()];
    for _ in 0..3 {
        let mv = both.state().legal[0];
        both.play(mv).await.unwrap();
        states.push(both.state().clone());
    }
    // The server sent the state whole (for the seat joined), then patches,
    // and they applied.
    let traffic = both.traffic();
    assert_eq!((traffic.states, traffic.patches), (2, 3), "{traffic:?}");
    assert_eq!(
        http.state(&created.id).await.unwrap().seen_by(both.seat()),
        states[3]
    );
    both.close().await;
    let _ = stop.send(());
    running.await.unwrap().unwrap();
    for suffix in ["", "-wal", "-shm", "-journal"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
    }
    states
}

/// A client that misses a patch asks for the whole state, hands it on in
/// the patch's place, and keeps the answers that came meanwhile.
#[tokio::test]
async fn a_missed_patch_brings_the_whole_state() {
    let s = served_states().await;
    for pair in s.windows(2) {
        assert_eq!(pair[1].seq, pair[0].seq + 1);
    }
    let patch = |i: usize| ServerMessage::Patch(s[i].patch_from(&s[i - 1])).to_text();
    let state = |i: usize| ServerMessage::State(Box::new(s[i].clone())).to_text();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (first, gap) = (state(0), patch(3));
    let (one, whole) = (patch(1), state(3));
    let server = tokio::spawn(async move {
        let (tcp, _) = listener.accept().await.unwrap();
        let mut ws = tokio_tungstenite::accept_async(tcp).await.unwrap();
        for text in [first, one, gap.clone()] {
            ws.send(Message::text(text)).await.unwrap();
        }
        let asked = ws.next().await.unwrap().unwrap();
        assert_eq!(asked.to_text().unwrap(), r#"{"t":"sync"}"#);
        let meanwhile = [
            ServerMessage::ack(Kind::Move, Some(2), false).to_text(),
            gap,
            whole,
            ServerMessage::ack(Kind::Sync, None, false).to_text(),
            ServerMessage::Welcome {
                seat: None,
                now_ms: 0,
            }
            .to_text(),
        ];
        for text in meanwhile {
            ws.send(Message::text(text)).await.unwrap();
        }
        while let Some(Ok(_)) = ws.next().await {}
    });
    let mut client = GameSocket::connect(addr, "game", PATIENCE).await.unwrap();
    assert_eq!(client.state(), &s[0]);
    let ServerMessage::State(got) = client.next().await.unwrap() else {
        panic!("a patch is handed on as the state it makes");
    };
    assert_eq!(*got, s[1]);
    let ServerMessage::State(got) = client.next().await.unwrap() else {
        panic!("the whole state comes in the missed patch's place");
    };
    assert_eq!(*got, s[3]);
    assert_eq!(
        client.next().await.unwrap(),
        ServerMessage::ack(Kind::Move, Some(2), false)
    );
    // The answer to the client's own sync is not handed on.
    assert_eq!(
        client.next().await.unwrap(),
        ServerMessage::Welcome {
            seat: None,
            now_ms: 0
        }
    );
    assert_eq!(client.state(), &s[3]);
    let traffic = client.traffic();
    assert_eq!(
        (
            traffic.states,
            traffic.patches,
            traffic.others,
            traffic.resyncs
        ),
        (2, 3, 3, 1)
    );
    client.close().await;
    server.await.unwrap();
}
