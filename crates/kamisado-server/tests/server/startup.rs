//! A server started on a database it cannot use says what is wrong with
//! which file, and what to do: a file that is not a database, a damaged
//! one (SQLite's `quick_check` runs at every start), a read-only one.

use crate::common;

use std::process::Command;

use common::cluster::TempDir;
use common::{TempDb, TestServer};
use kamisado_client::GameRequest;
use kamisado_server::{ServeConfig, bind};

/// Why a server on `url` does not start.
async fn refusal(url: &str) -> String {
    let config = ServeConfig {
        addr: "127.0.0.1:0".parse().unwrap(),
        db: url.to_string(),
        ..ServeConfig::default()
    };
    match bind(config).await {
        Ok(_) => panic!("a server started on {url}"),
        Err(e) => e.to_string(),
    }
}

#[tokio::test]
async fn a_file_that_is_not_a_database_is_named() {
    let dir = TempDir::new("notadb");
    let path = dir.path().join("games.db");
    std::fs::write(&path, "these are my notes, not a database\n".repeat(200)).unwrap();
    let url = dir.sqlite_url("games.db");
    let reason = refusal(&url).await;
    assert!(reason.contains("is not an SQLite database"), "{reason}");
    assert!(reason.contains("games.db"), "{reason}");
    assert!(!reason.contains("try again"), "{reason}");
}

#[tokio::test]
async fn a_damaged_database_is_found_at_start() {
    let db = TempDb::sqlite("damaged");
    let server = TestServer::start(&db).await;
    for _ in 0..40 {
        server.create(GameRequest::local()).await;
    }
    server.stop().await;
    let path = db.url().trim_start_matches("sqlite://").to_string();
    // Every page into the file itself, then a page past the first damaged.
    let pool = sqlx::SqlitePool::connect(&db.url()).await.unwrap();
    sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;
    let mut bytes = std::fs::read(&path).unwrap();
    assert!(bytes.len() > 3 * 4096, "{} bytes", bytes.len());
    for b in &mut bytes[4096 + 100..2 * 4096] {
        *b = 0xa5;
    }
    std::fs::write(&path, bytes).unwrap();
    for suffix in ["-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{path}{suffix}"));
    }
    let reason = refusal(&db.url()).await;
    assert!(reason.contains("damaged"), "{reason}");
    assert!(reason.contains("backup"), "{reason}");
}

#[tokio::test]
async fn a_read_only_file_system_is_named() {
    let dir = TempDir::new("readonly");
    let mounted = Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=4m", "tmpfs"])
        .arg(dir.path())
        .status()
        .is_ok_and(|s| s.success());
    if !mounted {
        eprintln!("skipped: mounting a tmpfs needs root");
        return;
    }
    // A good database, made elsewhere and copied in, then the file system made read-only.
    let made = TempDb::sqlite("readonly-made");
    TestServer::start(&made).await.stop().await;
    let from = made.url().trim_start_matches("sqlite://").to_string();
    std::fs::copy(&from, dir.path().join("games.db")).unwrap();
    let url = dir.sqlite_url("games.db");
    let remounted = Command::new("mount")
        .args(["-o", "remount,ro"])
        .arg(dir.path())
        .status()
        .is_ok_and(|s| s.success());
    assert!(remounted);
    let reason = refusal(&url).await;
    let _ = Command::new("umount").arg(dir.path()).status();
    assert!(
        reason.contains("read-only") || reason.contains("cannot be opened"),
        "{reason}"
    );
    assert!(reason.contains("games.db"), "{reason}");
    assert!(!reason.contains("try again"), "{reason}");
}
