//! What an operator runs beside the server (docs/operating.md): `kamisado
//! backup`, `kamisado restore` and `serve --puzzles`.

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
fn serve_has_help_for_its_puzzles() {
    let help = stdout(&run(&["serve", "--help"], ""));
    assert!(help.contains("--puzzles <N>"), "{help}");
}
