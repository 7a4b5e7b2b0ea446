//! A backup taken while games stream moves, restored into a new database
//! that a new server then serves (docs/operating.md): every move
//! acknowledged before the backup began is in it.

use crate::common;

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::{TempDb, TestServer, first_legal, is_ack, stored_actions};
use kamisado_client::GameRequest;
use kamisado_core::Fill;
use kamisado_server::db::backup;
use kamisado_wire::{SideCode, Status};

/// Each acknowledged action: its game, the game's count after it, and when
/// its acknowledgement came.
type Acks = Arc<Mutex<Vec<(String, usize, Instant)>>>;

/// Plays friend games with first legal moves, one after another, until
/// `stop`, noting each acknowledgement.
async fn stream(server: Arc<TestServer>, stop: Arc<AtomicBool>, acks: Acks) {
    while !stop.load(Ordering::SeqCst) {
        let (id, mut black, mut white) = server.friend_game(GameRequest::friend().target(7)).await;
        let mut n = 0;
        while !stop.load(Ordering::SeqCst) {
            black.wait_n(n).await.unwrap();
            white.wait_n(n).await.unwrap();
            let state = black.state().clone();
            if state.status == Status::Over {
                break;
            }
            let player = if state.to_act == Some(SideCode::Black) {
                &mut black
            } else {
                &mut white
            };
            let answer = if state.status == Status::Fill {
                player.fill(Fill::Left).await.unwrap()
            } else {
                player.play(first_legal(player.state())).await.unwrap()
            };
            assert!(is_ack(&answer), "{} at {n}", answer.to_text());
            n += 1;
            acks.lock().unwrap().push((id.clone(), n, Instant::now()));
        }
    }
}

#[tokio::test]
async fn a_backup_under_load_restores_every_move_acknowledged_before_it() {
    let db = TempDb::new("backup-source");
    let server = Arc::new(TestServer::start(&db).await);
    let stop = Arc::new(AtomicBool::new(false));
    let acks: Acks = Arc::default();
    let players: Vec<_> = (0..4)
        .map(|_| {
            tokio::spawn(stream(
                Arc::clone(&server),
                Arc::clone(&stop),
                Arc::clone(&acks),
            ))
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(1500)).await;

    let file = db.path.with_extension("backup");
    let _ = std::fs::remove_file(&file);
    let began = Instant::now();
    let said = backup::backup(&db.url(), &file).await.unwrap();
    let took = began.elapsed();
    tokio::time::sleep(Duration::from_millis(300)).await;
    stop.store(true, Ordering::SeqCst);
    for p in players {
        p.await.unwrap();
    }
    let acks = acks.lock().unwrap().clone();
    let before: BTreeMap<String, usize> = acks.iter().filter(|(_, _, at)| *at < began).fold(
        BTreeMap::new(),
        |mut most, (id, n, _)| {
            let m = most.entry(id.clone()).or_default();
            *m = (*m).max(*n);
            most
        },
    );
    let during = acks.iter().filter(|(_, _, at)| *at >= began).count();
    println!(
        "{said}: {} actions in {} games acknowledged before the backup, {during} during and \
         after it; the backup took {took:?}",
        acks.len() - during,
        before.len()
    );
    assert!(
        before.values().sum::<usize>() > 20,
        "the games were playing"
    );
    assert!(during > 0, "moves went on while the backup ran");
    let ids: Vec<String> = acks.iter().map(|(id, _, _)| id.clone()).collect();
    let mut finals = BTreeMap::new();
    for id in &ids {
        if !finals.contains_key(id) {
            finals.insert(id.clone(), stored_actions(&db, id).await);
        }
    }
    Arc::into_inner(server).unwrap().stop().await;

    // A backup is written to a new file only.
    let again = backup::backup(&db.url(), &file).await.unwrap_err();
    assert!(again.to_string().contains("exists"), "{again}");
    // It is not restored over a database that has games.
    let over = backup::restore(&db.url(), &file).await.unwrap_err();
    assert!(
        over.to_string()
            .contains("games: a backup is restored into a new, empty database")
    );

    let restored = TempDb::new("backup-restored");
    let said = backup::restore(&restored.url(), &file).await.unwrap();
    println!("{said}");
    let server = TestServer::start(&restored).await;
    for (id, acked) in &before {
        let state = server.state(id).await;
        assert!(state.n >= *acked, "{id}: {} of {acked} actions", state.n);
        let kept = stored_actions(&restored, id).await;
        assert_eq!(kept[..], finals[id][..kept.len()], "{id}: the same actions");
    }
    server.stop().await;
    let _ = std::fs::remove_file(&file);
}

#[tokio::test]
async fn a_restore_checks_its_backup_and_says_what_is_missing() {
    let db = TempDb::new("backup-bad");
    let missing = db.path.with_extension("none");
    let e = backup::restore(&db.url(), &missing).await.unwrap_err();
    assert!(e.to_string().contains("there is no backup at"), "{e}");
    if db.url().starts_with("sqlite:") {
        let e = backup::backup(&db.url(), &missing).await.unwrap_err();
        assert!(e.to_string().contains("there is no database at"), "{e}");
        let junk = db.path.with_extension("junk");
        std::fs::write(&junk, "not a database at all, just text").unwrap();
        let e = backup::restore(&db.url(), &junk).await.unwrap_err();
        assert!(e.to_string().contains("is not an SQLite database"), "{e}");
        assert!(!db.path.exists(), "nothing was restored");
        let _ = std::fs::remove_file(&junk);
    }
}
