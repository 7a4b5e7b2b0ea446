//! The command line as a user runs it.

use crate::common;

use common::{run, stderr, stdout};
use std::process::Output;

fn kamisado(args: &[&str]) -> Output {
    run(args, "")
}

fn kamisado_with_input(args: &[&str], input: &str) -> Output {
    run(args, input)
}

#[test]
fn perft_prints_the_count_on_the_last_line() {
    let o = kamisado(&["perft", "3"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o).lines().last(), Some("11182"));
    let o = kamisado(&["perft", "2", "--divide"]);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 103);
    assert_eq!(lines[102], "1150");
    let sum: u64 = lines[..102]
        .iter()
        .map(|l| l.split(": ").nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 1150);
}

#[test]
fn moves_lists_legal_moves_in_notation() {
    let o = kamisado(&["moves", "--position", "obvpyrgn/8/3Y4/8/8/8/8/NGR1PVBO w r"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.lines().all(|l| l.starts_with("f8-")), "{out}");
    assert!(out.lines().count() > 3);
    let o = kamisado(&[
        "moves",
        "--position",
        "obvpy2n/8/3g4/3r4/3Y++4/8/8/NGR1PVBO b y",
    ]);
    assert!(stdout(&o).lines().any(|l| l == "d4>d5"));
}

#[test]
fn show_draws_the_board_without_colour_codes_under_no_color() {
    let o = kamisado(&[
        "show",
        "--position",
        "obvpy2n/8/3g4/3r4/3Y++4/8/8/NGR1PVBO b y 1-0/3",
    ]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(!out.contains('\x1b'), "{out}");
    assert!(out.contains("[●Y++ ]"), "{out}");
    assert!(out.contains("○r"), "{out}");
    assert!(out.contains("the yellow double sumo on d4"), "{out}");
    assert!(
        out.contains("Score: Black 1 - Gold 0 (playing to 3)"),
        "{out}"
    );
    let o = kamisado(&["show", "--color", "always"]);
    assert!(stdout(&o).contains("\x1b[48;2;"));
}

#[test]
fn replay_checks_a_record_and_reports_an_illegal_move() {
    let header = "[Event \"t\"]\n[Date \"2026.11.29\"]\n[Black \"a\"]\n[White \"b\"]\n[Rules \"standard\"]\n[Target \"1\"]\n";
    let good = format!("{header}[Result \"*\"]\n\nround 1\n1. d1-d6 2. f8-f3\n");
    let o = kamisado_with_input(&["replay", "-"], &good);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("1. d1-d6 obvpyrgn/8/3Y4/8/8/8/8/NGR1PVBO w r 0-0/1"),
        "{out}"
    );
    assert!(out.contains("Result: * (in progress"), "{out}");

    let bad = format!("{header}[Result \"*\"]\n\nround 1\n1. d1-d6 2. a8-a7\n");
    let o = kamisado_with_input(&["replay", "-"], &bad);
    assert!(!o.status.success());
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("round 1, move 2: a8-a7 is illegal"), "{err}");
}

#[test]
fn bad_input_exits_non_zero_with_one_line() {
    for args in [
        vec![
            "perft",
            "2",
            "--position",
            "obvpyrgn/8/8/8/8/8/8/NGRYPVBOO b -",
        ],
        vec!["moves", "--position", "obvpyrgo/8/8/8/8/8/8/NGRYPVBO b -"],
        vec!["show", "--rules", "chess"],
        vec!["replay", "/nonexistent/record.kgn"],
    ] {
        let o = kamisado(&args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        let err = stderr(&o);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("kamisado: "), "{err}");
    }
    let o = kamisado(&[
        "perft",
        "2",
        "--position",
        "obvpyrgn/8/8/8/8/8/8/NGRYPVBOO b -",
    ]);
    assert!(stderr(&o).contains("rank 1: expected 8 files, found 9"));
}

#[test]
fn the_rules_option_names_every_rule_set() {
    // A yellow tower with two rings moves sideways only under zvezda.
    let position = "obvpyrgn/8/8/8/3Y++4/8/8/NGR1PVBO b y";
    let o = kamisado(&["moves", "--rules", "zvezda", "--position", position]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).lines().any(|l| l == "d4-a4"), "{}", stdout(&o));
    let o = kamisado(&["moves", "--position", position]);
    assert!(!stdout(&o).lines().any(|l| l == "d4-a4"));
    let o = kamisado(&["perft", "3", "--rules", "sumo-square"]);
    assert_eq!(stdout(&o).lines().last(), Some("11182"));
    let o = kamisado(&["moves", "--rules", "chess"]);
    assert!(
        stderr(&o).contains("expected standard, sumo-square or zvezda"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn bench_reports_perft_and_the_engines_node_checksum() {
    let o = kamisado(&["bench", "--depth", "3", "--runs", "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("perft 3 from the start: 11182 leaves"),
        "{out}"
    );
    let total = out.lines().last().unwrap();
    let nodes: u64 = total.split(' ').next().unwrap().parse().unwrap();
    let per_position: u64 = out
        .lines()
        .filter(|l| l.starts_with(' '))
        .map(|l| l.split_whitespace().next().unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(nodes, per_position, "{out}");
    assert!(total.contains("nps"), "{out}");
}

#[test]
fn the_other_boards_are_named_or_read_from_the_position() {
    let o = kamisado(&["perft", "3", "--board", "6x6"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().last(), Some("2428"));
    let o = kamisado(&["perft", "2", "--board", "10x10", "--rules", "zvezda"]);
    assert_eq!(stdout(&o).lines().last(), Some("2595"));
    // The position's text tells its board.
    let o = kamisado(&["moves", "--position", "obpygn/6/6/6/6/NGYPBO b -"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().count(), 52);
    assert!(stdout(&o).lines().any(|l| l == "a1-a5"), "{}", stdout(&o));
    let o = kamisado(&["show", "--board", "10", "--color", "never"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("10 o") && out.contains("j"), "{out}");
    assert!(
        out.contains("i ivory") && out.contains("c charcoal"),
        "{out}"
    );
    // Mistakes say what and where.
    let o = kamisado(&["perft", "1", "--board", "9x9"]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("--board: `9x9` is not a board"),
        "{}",
        stderr(&o)
    );
    let o = kamisado(&[
        "moves",
        "--board",
        "8x8",
        "--position",
        "obpygn/6/6/6/6/NGYPBO b -",
    ]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("written for the 6x6 board"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn replay_reads_a_record_of_another_board() {
    use kamisado_core::geometry::Six;
    use kamisado_core::{Game, MatchState, Rules};
    let mut game: Game<Six> = Game::new(Rules::STANDARD, 1, "A", "B", "2026.11.29").unwrap();
    while game.current().state() == MatchState::Playing {
        let moves = game.current().position().legal_moves();
        game.play(moves[moves.len() / 2]).unwrap();
    }
    let record = game.record().to_string();
    assert!(record.contains("[Board \"6x6\"]"), "{record}");
    let o = kamisado_with_input(&["replay", "-"], &record);
    assert!(o.status.success(), "{}", stderr(&o));
    let first = game.record().rounds[0].moves[0];
    let after = kamisado_core::Position::<Six>::start_with(Rules::STANDARD)
        .play(first)
        .unwrap();
    let expected = format!("1. {first} {after} 0-0/1");
    assert!(
        stdout(&o).lines().any(|l| l == expected),
        "{expected}\n{}",
        stdout(&o)
    );
    assert!(stdout(&o).contains("Result: "), "{}", stdout(&o));
}

#[test]
fn puzzles_generate_prints_proven_puzzles_and_the_same_for_a_seed() {
    let out = kamisado(&["puzzles", "generate", "2", "--seed", "5", "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let puzzles = json["puzzles"].as_array().unwrap();
    assert_eq!(puzzles.len(), 2, "{text}");
    for p in puzzles {
        let position: kamisado_core::Position = p["position"].as_str().unwrap().parse().unwrap();
        let solution = p["solution"].as_array().unwrap();
        assert_eq!(solution.len() as u64, p["plies"].as_u64().unwrap());
        // The solution plays out to a win for the side to move.
        let mut pos = position;
        for mv in solution {
            let mv = mv.as_str().unwrap().parse().unwrap();
            pos = pos.play(mv).unwrap();
        }
        assert_eq!(
            pos.outcome().map(|o| o.winner),
            Some(position.side_to_move())
        );
    }
    let again = kamisado(&["puzzles", "generate", "2", "--seed", "5", "--json"]);
    let strip = |t: &str| t.split(",\"time_ms\"").next().unwrap().to_string();
    assert_eq!(strip(&stdout(&again)), strip(&text));
    // They import into a server's database once.
    let db = std::env::temp_dir().join(format!("kamisado-cli-puzzles-{}.db", std::process::id()));
    let url = format!("sqlite://{}", db.display());
    let imported = kamisado_with_input(&["puzzles", "import", "-", "--db", &url], &text);
    assert!(imported.status.success(), "{}", stderr(&imported));
    assert!(
        stdout(&imported).starts_with("2 new puzzles stored in sqlite://"),
        "{}",
        stdout(&imported)
    );
    let again = kamisado_with_input(&["puzzles", "import", "-", "--db", &url], &text);
    assert!(
        stdout(&again).starts_with("0 new puzzles"),
        "{}",
        stdout(&again)
    );
    let bad = kamisado_with_input(&["puzzles", "import", "-", "--db", &url], "[]");
    assert!(!bad.status.success());
    assert!(stderr(&bad).contains("generate --json"), "{}", stderr(&bad));
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
    }
    let refused = kamisado(&["puzzles", "generate", "0"]);
    assert!(!refused.status.success());
    assert!(
        stderr(&refused).contains("at least 1"),
        "{}",
        stderr(&refused)
    );
}
