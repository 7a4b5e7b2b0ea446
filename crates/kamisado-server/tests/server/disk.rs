//! A full disk: the server's SQLite database on a small tmpfs, filled while
//! games are played. Every move is answered (acknowledged or refused with
//! the reason, never silence); moves flow again once space is freed, with
//! no restart; and after a restart every acknowledged move is stored.
//! Mounting a tmpfs needs root (CI runs as root); elsewhere the test says
//! it was skipped.

use crate::common;

use std::io::Write;
use std::process::Command;
use std::time::Duration;

use common::cluster::{ServerProcess, TempDir};
use kamisado_client::{GameRequest, GameSocket};
use kamisado_core::Fill;
use kamisado_wire::{ClientMessage, ServerMessage, StateView, Status};

/// Games played at once.
const GAMES: usize = 4;

/// A tmpfs of `size` mounted on a directory, unmounted when dropped.
struct Tmpfs {
    dir: TempDir,
}

impl Tmpfs {
    /// Mounts one, or none when this process may not (not root).
    fn mount(size: &str) -> Option<Tmpfs> {
        let dir = TempDir::new("disk");
        let mounted = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(dir.path())
            .status()
            .is_ok_and(|s| s.success());
        mounted.then_some(Tmpfs { dir })
    }

    /// Writes a file until the disk is full; its path.
    fn fill(&self) -> std::path::PathBuf {
        let path = self.dir.path().join("filler");
        let mut file = std::fs::File::create(&path).expect("the filler is created");
        let chunk = vec![0u8; 4096];
        while file
            .write_all(&chunk)
            .and_then(|()| file.sync_data())
            .is_ok()
        {}
        path
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(self.dir.path()).status();
    }
}

/// The next action of a game in `s`: its first legal move, or a fill.
fn next(s: &StateView) -> ClientMessage {
    match s.status {
        Status::Fill => ClientMessage::Fill {
            n: s.n,
            fill: Fill::Left,
        },
        _ => ClientMessage::Move {
            n: s.n,
            mv: s.legal[0],
        },
    }
}

/// The action as the server stores it.
fn stored_text(message: &ClientMessage) -> String {
    match message {
        ClientMessage::Fill { fill, .. } => format!("fill {fill}"),
        ClientMessage::Move { mv, .. } => mv.to_string(),
        other => panic!("not a stored action: {other:?}"),
    }
}

/// Every action of a game's record, as stored.
fn actions_of(state: &StateView) -> Vec<String> {
    state
        .rounds
        .iter()
        .flat_map(|round| {
            let fill = round.fill.iter().map(|f| format!("fill {f}"));
            fill.chain(round.moves.iter().map(ToString::to_string))
        })
        .collect()
}

/// One game on one screen: its socket and the actions acknowledged.
struct Played {
    id: String,
    socket: GameSocket,
    acked: Vec<String>,
    refusals: Vec<String>,
}

impl Played {
    /// Sends the next action: whether it was acknowledged; a refusal must
    /// say why and that it is worth trying again.
    async fn step(&mut self) -> bool {
        let s = self.socket.state().clone();
        if s.status == Status::Over {
            return false;
        }
        let message = next(&s);
        let answer = self
            .socket
            .act(message.clone())
            .await
            .expect("every move is answered");
        match answer {
            ServerMessage::Ack { .. } => {
                self.acked.push(stored_text(&message));
                true
            }
            ServerMessage::Error { reason, .. } => {
                assert!(reason.contains("try again"), "{reason}");
                self.refusals.push(reason);
                // As a player would, wait a little before trying again:
                // a refusal comes at once, and a connection may send at
                // most 20 messages a second.
                tokio::time::sleep(Duration::from_millis(15)).await;
                false
            }
            other => panic!("not an answer to a move: {}", other.to_text()),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_disk_refuses_moves_recovers_and_loses_nothing() {
    let Some(disk) = Tmpfs::mount("4m") else {
        eprintln!("skipped: mounting a tmpfs needs root");
        return;
    };
    let url = disk.dir.sqlite_url("games.db");
    let mut server = ServerProcess::spawn_with(&url, &["--puzzles", "0"]);
    let http = server.http();
    let mut games = Vec::new();
    for _ in 0..GAMES {
        let created = http.create(&GameRequest::local().target(15)).await.unwrap();
        let socket = http.join(&created.id, &created.key).await.unwrap();
        games.push(Played {
            id: created.id,
            socket,
            acked: Vec::new(),
            refusals: Vec::new(),
        });
    }
    for game in &mut games {
        for _ in 0..10 {
            assert!(game.step().await, "moves are stored while there is room");
        }
    }
    let filler = disk.fill();
    // Full: every move is answered; some (soon all) are refused.
    let mut refused = 0;
    for _ in 0..40 {
        for game in &mut games {
            refused += usize::from(!game.step().await);
        }
    }
    assert!(refused > 0, "a full disk refuses moves");
    let reasons: Vec<&String> = games.iter().flat_map(|g| &g.refusals).collect();
    assert!(
        reasons.iter().any(|r| r.contains("the disk is full")),
        "the refusals say why: {reasons:?}"
    );
    // Room again: moves flow without a restart.
    std::fs::remove_file(&filler).unwrap();
    for game in &mut games {
        let mut stored = 0;
        for _ in 0..50 {
            if game.step().await {
                stored += 1;
                if stored == 5 {
                    break;
                }
            } else {
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
        assert_eq!(stored, 5, "moves are stored again once there is room");
    }
    server.restart();
    let http = server.http();
    for game in &games {
        let state = http
            .state(&game.id)
            .await
            .expect("the game is there after a restart");
        assert_eq!(actions_of(&state), game.acked, "game {}", game.id);
    }
}
