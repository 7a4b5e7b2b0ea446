//! What an operator runs beside the server (docs/operating.md): `kamisado
//! backup`, `kamisado restore`, `kamisado admin`, and `serve --puzzles`.

use std::path::PathBuf;

use crate::common::{run, stderr, stdout};

/// A temporary file name, removed with its SQLite companions when dropped.
struct Temp(PathBuf);

impl Temp {
    fn new(name: &str) -> Temp {
        Temp(std::env::temp_dir().join(format!("kamisado-op-{name}-{}", std::process::id())))
    }

    fn url(&self) -> String {
        format!("sqlite://{}", self.0.display())
    }

    fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for Temp {
    fn drop(&mut self) {
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", self.0.display()));
        }
    }
}

/// A database with the server's schema and one game: made by the server's
/// own code through `kamisado puzzles import` of no puzzles (which opens
/// and migrates it), and a game row written with the sqlite3 tool.
fn database_with_a_game(db: &Temp) {
    let none = r#"{"board": "8x8", "puzzles": []}"#;
    let out = run(&["puzzles", "import", "-", "--db", &db.url()], none);
    assert!(out.status.success(), "{}", stderr(&out));
    let sql = "INSERT INTO games (id, created_at, mode, rules, target, black_name, white_name, \
               seed) VALUES ('g1', '2026-01-01', 'local', 'standard', 1, 'A', 'B', 1)";
    let status = std::process::Command::new("sqlite3")
        .arg(db.path())
        .arg(sql)
        .status();
    if !status.is_ok_and(|s| s.success()) {
        // Without the sqlite3 tool, the test's database stays without games.
        eprintln!("sqlite3 is missing: the database has no game");
    }
}

#[test]
fn backup_and_restore_refuse_with_reasons_and_restore_what_they_saved() {
    let db = Temp::new("source.db");
    database_with_a_game(&db);
    let file = Temp::new("backup.db");
    let out = run(&["backup", "--db", &db.url(), file.path()], "");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("with SQLite's VACUUM INTO"),
        "{}",
        stdout(&out)
    );
    let again = run(&["backup", "--db", &db.url(), file.path()], "");
    assert!(!again.status.success());
    assert!(stderr(&again).contains("exists: a backup is written to a new file"));

    let target = Temp::new("restored.db");
    let out = run(&["restore", "--db", &target.url(), file.path()], "");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("quick_check ok"), "{}", stdout(&out));
    if stdout(&out).contains("(1 games") {
        let over = run(&["restore", "--db", &target.url(), file.path()], "");
        assert!(!over.status.success());
        assert!(
            stderr(&over).contains("has 1 games: a backup is restored into a new, empty database"),
            "{}",
            stderr(&over)
        );
    }
    let missing = run(
        &["restore", "--db", &target.url(), "/nonexistent/backup"],
        "",
    );
    assert!(stderr(&missing).contains("there is no backup at /nonexistent/backup"));
}

#[test]
fn a_postgres_backup_names_the_tool_it_needs() {
    let file = Temp::new("pg.dump");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_kamisado"))
        .args(["backup", "--db", "postgres://k@127.0.0.1:1/k", file.path()])
        .env("PATH", "/nonexistent")
        .output()
        .unwrap();
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("pg_dump was not found"), "{said}");
    assert!(said.contains("postgresql-client"), "{said}");
}

#[test]
fn admin_commands_name_an_unknown_account_and_have_help() {
    let db = Temp::new("admin.db");
    let out = run(&["admin", "close", "Nobody", "--db", &db.url()], "");
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("admin close: there is no account named Nobody"),
        "{}",
        stderr(&out)
    );
    let out = run(
        &["admin", "sessions", "revoke", "Nobody", "--db", &db.url()],
        "",
    );
    assert!(stderr(&out).contains("there is no account named Nobody"));
    let help = stdout(&run(&["admin", "--help"], ""));
    assert!(
        help.contains("close") && help.contains("sessions"),
        "{help}"
    );
    let help = stdout(&run(&["admin", "sessions", "revoke", "--help"], ""));
    assert!(help.contains("Ends every session of an account"), "{help}");
    let help = stdout(&run(&["serve", "--help"], ""));
    assert!(help.contains("--puzzles <N>"), "{help}");
}

/// `kamisado serve --puzzles 0` on `db`, the address it listens on, and
/// the lines of its log.
fn serve(
    db: &Temp,
) -> (
    std::process::Child,
    std::net::SocketAddr,
    std::sync::mpsc::Receiver<String>,
) {
    use std::io::{BufRead, BufReader};
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_kamisado"))
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--puzzles",
            "0",
            "--db",
            &db.url(),
        ])
        .env("KAMISADO_LOG", "info")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("kamisado serve starts");
    let stderr = child.stderr.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    let addr = loop {
        let line = rx
            .recv_timeout(std::time::Duration::from_secs(60))
            .expect("the server says where it listens");
        if let Some(rest) = line.split("open http://").nth(1) {
            break rest.trim_end_matches('/').parse().unwrap();
        }
    };
    (child, addr, rx)
}

#[test]
fn serve_stops_cleanly_on_sigterm() {
    let db = Temp::new("sigterm.db");
    let (mut child, _, log) = serve(&db);
    let sent = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let status = child.wait().unwrap();
    assert!(status.success(), "a clean stop: {status}");
    // Every line to the end of its log (the pipe closes as it exits).
    let lines: Vec<String> = log.iter().collect();
    assert!(
        lines.iter().any(|l| l.contains("the server stops")),
        "{lines:?}"
    );
}

#[test]
fn an_operator_revokes_sessions_and_closes_an_account_while_the_server_runs() {
    let db = Temp::new("admin-live.db");
    let (mut child, addr, _log) = serve(&db);
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let http = kamisado_client::Http::new(addr);
    let body = r#"{"name":"Ann","password":"kamisado-pass"}"#;
    let cookie = runtime.block_on(async {
        let made = http
            .request("POST", "/api/accounts", Some(body))
            .await
            .unwrap();
        assert_eq!(made.status, 201, "{}", made.body);
        made.header("set-cookie")
            .unwrap()
            .split(';')
            .next()
            .unwrap()
            .to_string()
    });
    let session = || {
        runtime.block_on(async {
            http.request_as("GET", "/api/session", None, Some(&cookie))
                .await
                .unwrap()
                .body
        })
    };
    assert!(session().contains("\"Ann\""), "{}", session());

    let out = run(
        &["admin", "sessions", "revoke", "ann", "--db", &db.url()],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "1 sessions of `ann` ended\n");
    assert!(session().contains("null"), "{}", session());

    let out = run(&["admin", "close", "Ann", "--db", &db.url()], "");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).starts_with("closed `Ann`"), "{}", stdout(&out));
    let (sign_in, page, again) = runtime.block_on(async {
        (
            http.request("POST", "/api/session", Some(body))
                .await
                .unwrap(),
            http.request("GET", "/api/players/Ann", None).await.unwrap(),
            http.request("POST", "/api/accounts", Some(body))
                .await
                .unwrap(),
        )
    });
    assert_eq!(sign_in.status, 401, "{}", sign_in.body);
    assert_eq!(page.status, 404, "{}", page.body);
    assert_eq!(again.status, 409, "the name stays taken: {}", again.body);
    let out = run(&["admin", "close", "Ann", "--db", &db.url()], "");
    assert!(stderr(&out).contains("the account Ann is already closed"));
    let _ = child.kill();
    let _ = child.wait();
}
