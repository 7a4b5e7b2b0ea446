//! The helpers for tests of the server as a cluster (`tests/common/cluster.rs`),
//! end to end: a server process on an SQLite file behind nginx configured by
//! `docs/nginx.conf`, a game created and played over HTTP and a WebSocket
//! through nginx, a dead upstream skipped; a throwaway PostgreSQL cluster
//! started, restarted and queried, and a database made for one test.

use crate::common;

use std::net::SocketAddr;

use common::cluster::{
    self, NGINX_TEMPLATE, Nginx, Postgres, ServerProcess, TempDir, free_port, nginx_site, psql,
};
use kamisado_client::{GameRequest, PlayAs};
use kamisado_wire::ServerMessage;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_is_created_and_played_through_nginx() {
    let dir = TempDir::new("harness");
    let mut server = ServerProcess::spawn(&dir.sqlite_url("games.db"));
    let nginx = Nginx::start(&[server.addr()]);
    let http = nginx.http();

    let health = http.request("GET", "/api/health", None).await.unwrap();
    assert_eq!(health.status, 200, "{}", health.body);
    let created = http
        .create(&GameRequest::friend().colour(PlayAs::Black))
        .await
        .expect("a game is created through nginx");
    let invite = created.invite.as_deref().expect("a friend game's invite");
    let mut black = http.join(&created.id, &created.key).await.unwrap();
    let mut white = http.join(&created.id, invite).await.unwrap();
    let mut watcher = http.watch(&created.id).await.unwrap();
    let mv = black.state().legal[0];
    let answer = black.play(mv).await.unwrap();
    assert!(
        matches!(
            answer,
            ServerMessage::Ack {
                duplicate: false,
                ..
            }
        ),
        "{}",
        answer.to_text()
    );
    assert_eq!(white.wait_n(1).await.unwrap().last, Some(mv));
    assert_eq!(watcher.wait_n(1).await.unwrap().last, Some(mv));
    black.close().await;
    white.close().await;
    watcher.close().await;

    // Killed and started again on the same address, the server still has
    // the move, and nginx reaches it there.
    server.kill();
    assert!(!server.is_running());
    server.restart();
    assert_eq!(server.http().state(&created.id).await.unwrap().n, 1);
    let state = http.state(&created.id).await.unwrap();
    assert_eq!(state.n, 1);
    assert_eq!(state.last, Some(mv));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nginx_skips_a_dead_server() {
    let dir = TempDir::new("harness");
    let server = ServerProcess::spawn(&dir.sqlite_url("games.db"));
    let dead = SocketAddr::from(([127, 0, 0, 1], free_port()));
    let nginx = Nginx::start(&[dead, server.addr()]);
    let http = nginx.http();
    for _ in 0..4 {
        let answer = http.request("GET", "/api/health", None).await.unwrap();
        assert_eq!(answer.status, 200, "{}\n{}", answer.body, nginx.error_log());
    }
    let created = http.create(&GameRequest::friend()).await.unwrap();
    assert_eq!(http.state(&created.id).await.unwrap().n, 0);
}

#[test]
fn the_test_nginx_runs_the_documented_configuration() {
    let upstreams: Vec<SocketAddr> = vec![
        "127.0.0.1:9001".parse().unwrap(),
        "127.0.0.1:9002".parse().unwrap(),
    ];
    let site = nginx_site(&upstreams, "127.0.0.1:9000".parse().unwrap());
    for line in NGINX_TEMPLATE.lines() {
        let line = line.trim();
        if !line.starts_with("server ") && !line.starts_with("listen ") {
            assert!(site.contains(line), "`{line}` is missing:\n{site}");
        }
    }
    assert!(site.contains("server 127.0.0.1:9001 max_fails=1 fail_timeout=2s;"));
    assert!(site.contains("server 127.0.0.1:9002 max_fails=1 fail_timeout=2s;"));
    assert!(!site.contains(":8081"), "{site}");
    assert!(site.contains("listen 127.0.0.1:9000;"), "{site}");
    let scaling = std::fs::read_to_string(cluster::workspace().join("docs/scaling.md")).unwrap();
    assert!(
        scaling.contains("docs/nginx.conf"),
        "docs/scaling.md points to the configuration"
    );
}

#[test]
fn a_postgres_cluster_starts_restarts_and_answers() {
    let postgres = Postgres::start();
    let url = postgres.url().to_string();
    assert!(url.starts_with("postgres://postgres@127.0.0.1:"), "{url}");
    assert!(url.ends_with("/kamisado"), "{url}");
    assert_eq!(psql(&url, "SELECT 1").unwrap(), "1");
    postgres.restart();
    assert_eq!(postgres.url(), url);
    assert_eq!(psql(&url, "SELECT 1").unwrap(), "1");
    assert_eq!(psql(&url, "SHOW fsync").unwrap(), "on");
    let refused = psql(&url, "SELECT * FROM no_such_table").unwrap_err();
    assert!(refused.contains("no_such_table"), "{refused}");
}

#[test]
fn each_test_can_have_a_database_of_its_own() {
    // The cluster of KAMISADO_TEST_POSTGRES when set (as in .ci/run).
    let postgres = Postgres::from_env_or_start();
    let database = postgres.fresh_database("Harness Test");
    let name = database.name().to_string();
    assert!(name.starts_with("test_harness_test_"), "{name}");
    let current = psql(database.url(), "SELECT current_database()").unwrap();
    assert_eq!(current, name);
    drop(database);
    let left = format!("SELECT count(*) FROM pg_database WHERE datname = '{name}'");
    assert_eq!(psql(postgres.url(), &left).unwrap(), "0");
}
