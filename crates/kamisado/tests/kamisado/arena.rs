//! `kamisado arena`: games between engines that speak KEP, through the real
//! binary, including engines that break the protocol.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use kamisado_core::{Game, Record};

/// A directory of its own for each test, removed at the end.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir =
            std::env::temp_dir().join(format!("kamisado-arena-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    fn path(&self, file: &str) -> PathBuf {
        self.0.join(file)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

fn binary() -> String {
    format!("'{}'", env!("CARGO_BIN_EXE_kamisado"))
}

fn arena(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kamisado"))
        .arg("arena")
        .args(args)
        .output()
        .expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// The records of a records file, each replayed under the rules.
fn records(path: &Path) -> Vec<Record> {
    let all = fs::read_to_string(path).unwrap();
    let mut texts: Vec<String> = Vec::new();
    for line in all.lines() {
        if line.starts_with("[Event ") {
            texts.push(String::new());
        }
        let current = texts
            .last_mut()
            .expect("a record starts with its Event tag");
        current.push_str(line);
        current.push('\n');
    }
    texts
        .iter()
        .map(|t| {
            let record: Record = t.parse().unwrap_or_else(|e| panic!("{e}\n{t}"));
            Game::from_record(record.clone()).unwrap_or_else(|e| panic!("{e}\n{t}"));
            record
        })
        .collect()
}

/// A shell script that speaks just enough KEP and does `on_go` when asked to move.
fn script(dir: &TempDir, name: &str, on_go: &str) -> String {
    let path = dir.path(&format!("{name}.sh"));
    let body = format!(
        "#!/bin/sh\n\
         while read -r command rest; do\n\
         \x20 case \"$command\" in\n\
         \x20   kep) echo 'id name {name}'; echo kepok ;;\n\
         \x20   isready) echo readyok ;;\n\
         \x20   go) {on_go} ;;\n\
         \x20   quit) exit 0 ;;\n\
         \x20 esac\n\
         done\n"
    );
    fs::write(&path, body).unwrap();
    format!("{name}=sh '{}'", path.display())
}

#[test]
fn two_levels_of_our_engine_play_a_match() {
    let dir = TempDir::new("levels");
    let records_file = dir.path("games.kgn");
    let engine = format!("{} engine", binary());
    let o = arena(&[
        "--engine",
        &format!("six={engine}"),
        "--engine",
        &format!("two={engine}"),
        "--option",
        "two:Level=2",
        "--games",
        "4",
        "--depth",
        "2",
        "--match",
        "3",
        "--seed",
        "11",
        "--records",
        records_file.to_str().unwrap(),
    ]);
    let (out, err) = (text(&o.stdout), text(&o.stderr));
    assert!(o.status.success(), "{out}\n{err}");
    assert!(
        out.starts_with("six vs two: 4 of 4 games, depth 2, match to 3"),
        "{out}"
    );
    assert!(out.contains("\nAbnormal endings: 0\n"), "{out}");
    assert!(out.contains("\nElo six - two: "), "{out}");
    assert!(err.contains("4/4 games"), "{err}");
    let wins = |name: &str| -> usize {
        let line = out
            .lines()
            .find(|l| l.starts_with(&format!("{name}: ")))
            .unwrap();
        line.split(' ').nth(1).unwrap().parse().unwrap()
    };
    assert_eq!(wins("six") + wins("two"), 4, "{out}");
    let games = records(&records_file);
    assert_eq!(games.len(), 4);
    for (i, record) in games.iter().enumerate() {
        let (black, white) = if i % 2 == 0 {
            ("six", "two")
        } else {
            ("two", "six")
        };
        assert_eq!(record.tag("Black"), Some(black));
        assert_eq!(record.tag("White"), Some(white));
        assert_eq!(record.tag("Target"), Some("3"));
        assert_ne!(record.tag("Result"), Some("*"));
        assert_eq!(record.tag("Termination"), None);
        // The two games of a pair share their opening.
        assert_eq!(record.tag("Opening"), games[i - i % 2].tag("Opening"));
    }
}

#[test]
fn broken_engines_lose_and_the_arena_goes_on() {
    let dir = TempDir::new("broken");
    let ours = format!("ours={} engine", binary());
    let cases = [
        (
            "illegal",
            "echo 'bestmove a1-a8'",
            "illegal move: a1-a8 is illegal",
        ),
        ("silent", ":", "no answer within 1150 ms"),
        ("exits", "exit 3", "crashed: exited"),
    ];
    for (name, on_go, reason) in cases {
        let records_file = dir.path(&format!("{name}.kgn"));
        let o = arena(&[
            "--engine",
            &ours,
            "--engine",
            &script(&dir, name, on_go),
            "--games",
            "2",
            "--movetime",
            "50",
            "--records",
            records_file.to_str().unwrap(),
        ]);
        let (out, err) = (text(&o.stdout), text(&o.stderr));
        assert!(o.status.success(), "{name}: {out}\n{err}");
        assert!(out.contains("ours: 2 wins, 0 losses"), "{name}: {out}");
        assert!(out.contains("\nAbnormal endings: 2\n"), "{name}: {out}");
        assert!(
            out.contains(&format!("game 1: {name} (White) loses: {reason}")),
            "{out}"
        );
        assert!(
            out.contains(&format!("game 2: {name} (Black) loses: {reason}")),
            "{out}"
        );
        assert!(
            err.contains(&format!("game 1: {name} (White) loses")),
            "{err}"
        );
        for record in records(&records_file) {
            let termination = record.tag("Termination").unwrap();
            assert!(
                termination.starts_with(name) && termination.contains(reason),
                "{termination}"
            );
        }
    }
}

#[test]
fn openings_from_a_file_and_sprt() {
    let dir = TempDir::new("openings");
    let openings = dir.path("openings.txt");
    fs::write(
        &openings,
        "# two openings\nd1-d6 f8-f3\nobvpyrgn/8/3Y4/8/8/8/8/NGR1PVBO w r moves f8-f2\n",
    )
    .unwrap();
    let engine = format!("{} engine", binary());
    let o = arena(&[
        "--engine",
        &format!("a={engine}"),
        "--engine",
        &format!("b={engine}"),
        "--games",
        "4",
        "--nodes",
        "2000",
        "--openings",
        openings.to_str().unwrap(),
        "--sprt",
        "0,400",
    ]);
    let out = text(&o.stdout);
    assert!(o.status.success(), "{out}\n{}", text(&o.stderr));
    assert!(
        out.contains("SPRT elo0 0 elo1 400 (alpha 0.05, beta 0.05): LLR "),
        "{out}"
    );
    assert!(out.contains("2 opening(s)"), "{out}");
}

#[test]
fn bad_arguments_are_refused() {
    let engine = format!("a={} engine", binary());
    for (args, needle) in [
        (vec!["--engine", engine.as_str()], "exactly two"),
        (
            vec!["--engine", engine.as_str(), "--engine", engine.as_str()],
            "both named",
        ),
        (vec!["--engine", "x", "--engine", "y=z"], "NAME=CMD"),
        (
            vec![
                "--engine",
                engine.as_str(),
                "--engine",
                "b=x",
                "--match",
                "4",
            ],
            "--match",
        ),
        (
            vec![
                "--engine",
                engine.as_str(),
                "--engine",
                "b=x",
                "--sprt",
                "5,1",
            ],
            "--sprt",
        ),
        (
            vec![
                "--engine",
                engine.as_str(),
                "--engine",
                "b=x",
                "--openings",
                "/nonexistent/o",
            ],
            "--openings",
        ),
    ] {
        let o = arena(&args);
        assert!(!o.status.success(), "{args:?}");
        assert!(
            text(&o.stderr).contains(needle),
            "{args:?}: {}",
            text(&o.stderr)
        );
    }
}

#[test]
fn the_help_lists_every_flag() {
    let o = arena(&["--help"]);
    let help = text(&o.stdout);
    assert!(o.status.success(), "{help}");
    for flag in [
        "--engine <NAME=CMD>",
        "--option <NAME:OPTION=VALUE>",
        "--games <GAMES>",
        "--movetime <MS>",
        "--depth <N>",
        "--nodes <N>",
        "--match <POINTS>",
        "--rules <RULES>",
        "--board <BOARD>",
        "--openings <FILE>",
        "--sprt <ELO0,ELO1>",
        "--seed <SEED>",
        "--records <FILE>",
        "--timeout <MS>",
        "-h, --help",
    ] {
        let line = help
            .lines()
            .find(|l| l.trim_start().starts_with(flag))
            .unwrap_or_else(|| panic!("no line for {flag}:\n{help}"));
        let default = match flag {
            "--games <GAMES>" => Some("[default: 10]"),
            "--match <POINTS>" => Some("[default: 1]"),
            "--rules <RULES>" => Some("[default: standard]"),
            "--board <BOARD>" => Some("[default: 8x8]"),
            "--seed <SEED>" => Some("[default: 1]"),
            _ => None,
        };
        match default {
            Some(default) => assert!(line.ends_with(default), "{line}"),
            None => assert!(!line.contains("[default:"), "{line}"),
        }
    }
    assert!(
        help.contains("Usage: kamisado arena [OPTIONS] --engine <NAME=CMD>"),
        "{help}"
    );
}

#[test]
fn time_limits_exclude_each_other() {
    let engine = format!("a={} engine", binary());
    for limits in [
        ["--movetime", "50", "--depth", "2"],
        ["--movetime", "50", "--nodes", "100"],
        ["--depth", "2", "--nodes", "100"],
    ] {
        let mut args = vec!["--engine", engine.as_str(), "--engine", "b=x"];
        args.extend(limits);
        let o = arena(&args);
        assert!(!o.status.success(), "{limits:?}");
        assert!(
            text(&o.stderr).contains("cannot be used with"),
            "{limits:?}: {}",
            text(&o.stderr)
        );
        assert!(o.stdout.is_empty(), "{limits:?}");
    }
}
