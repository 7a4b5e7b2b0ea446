//! The engine's commands as a user runs them: solve, analyse and play.

use crate::common;

use common::run;
use std::sync::atomic::AtomicBool;

use kamisado_core::{Match, MatchState, Position, Record, Rules};
use kamisado_engine::{ASSESS_HASH_MB, ASSESS_NODES, Engine, Value};

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// A position where Black's yellow on d6 wins at once by d6-d8.
const WIN_IN_ONE: &str = "obv1yrgn/8/3Y4/8/8/8/3p4/NGR1PVBO b y";

#[test]
fn solve_finds_a_win_in_one_and_says_so_in_json() {
    let o = run(&["solve", "--position", WIN_IN_ONE, "--json"], "");
    assert!(o.status.success(), "{}", text(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["value"]["result"], "win");
    assert_eq!(v["value"]["plies"], 1);
    assert_eq!(v["best"], "d6-d8");
    let o = run(&["solve", "--position", WIN_IN_ONE], "");
    assert!(text(&o.stdout).contains("value: win 1 (Black wins in 1)"));
}

#[test]
fn solve_and_bench_run_on_the_threads_asked_for() {
    let most = kamisado_engine::available_threads();
    let threads = most.min(2).to_string();
    let o = run(&["solve", "--threads", &threads], "");
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).contains("value: win 17"),
        "{}",
        text(&o.stdout)
    );
    let o = run(
        &[
            "solve",
            "--position",
            "obvpyrgn/8/8/8/8/8/8/NGRYPVBO w - 0-0/3",
            "--threads",
            &threads,
        ],
        "",
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    let o = run(
        &[
            "bench",
            "--depth",
            "2",
            "--runs",
            "1",
            "--threads",
            &threads,
        ],
        "",
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(text(&o.stdout).contains("nps"), "{}", text(&o.stdout));
    for wrong in ["0".to_string(), (most + 1).to_string(), "two".to_string()] {
        let o = run(&["solve", "--threads", &wrong], "");
        assert!(!o.status.success());
        let expected = format!(
            "expected a number of threads from 1 to {most} (this machine's), not `{wrong}`"
        );
        assert!(text(&o.stderr).contains(&expected), "{}", text(&o.stderr));
    }
}

#[test]
fn who_wins_proves_the_winner_without_the_distance() {
    let o = run(&["solve", "--who-wins"], "");
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(
        out.contains("winner: Black (the side to move), within "),
        "{out}"
    );
    assert!(out.contains("winning move: "), "{out}");
    let o = run(
        &["solve", "--who-wins", "--position", WIN_IN_ONE, "--json"],
        "",
    );
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["winner"], "black");
    assert_eq!(v["within"], 1);
    assert_eq!(v["best"], "d6-d8");
    // Black loses in 4 here: every move loses.
    let lost = "4yrg1/8/1b6/6p1/o5v1/7n/GR1Y1PO1/N4VB1 b v";
    let o = run(&["solve", "--who-wins", "--position", lost, "--json"], "");
    assert!(o.status.success(), "{}", text(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["winner"], "white");
    assert!(v["within"].as_u64().unwrap() >= 4, "{v}");
    assert_eq!(v["side_to_move_wins"], false);
    assert_eq!(v["best"], serde_json::Value::Null);
    let o = run(&["solve", "--who-wins", "--first-moves"], "");
    assert!(!o.status.success());
    assert!(
        text(&o.stderr).contains("cannot be used with"),
        "{}",
        text(&o.stderr)
    );
}

/// Black's plain purple on b5 wins at once (1 point); b5-b6 wins in 3 plies
/// with the pink double sumo (7 points).
const SLOW_DOUBLE: &str = "3py3/3v++P++2n+++/8/1V6/4Y3/R+4B1O+/oGb+r+3g/N+++7 b v";

#[test]
fn solve_with_a_match_field_gives_the_value_in_points() {
    let position = format!("{SLOW_DOUBLE} 0-0/15");
    let o = run(&["solve", "--position", &position, "--json"], "");
    assert!(o.status.success(), "{}", text(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["position"], position);
    // The round's value is as without the match field: the fastest win.
    assert_eq!(v["value"]["plies"], 1);
    assert_eq!(v["best"], "b5-b8");
    let exact = &v["match"];
    assert_eq!(exact["value"]["result"], "wins");
    assert_eq!(exact["value"]["points"], 7);
    assert_eq!(exact["best"], "b5-b6");
    assert_eq!(exact["line"].as_array().unwrap().len(), 3);
    assert_eq!(exact["end"]["tower"], "pink");
    assert_eq!(exact["end"]["promoted_teeth"], 3);
    assert_eq!(exact["end"]["score"], "7-0/15");
    assert_eq!(exact["end"]["ends_match"], false);

    let o = run(
        &["solve", "--position", &format!("{SLOW_DOUBLE} 8-0/15")],
        "",
    );
    let out = text(&o.stdout);
    assert!(
        out.contains("match value: wins the match (Black wins the round and the match)"),
        "{out}"
    );
    assert!(out.contains("match best move: b5-b6"), "{out}");
    assert!(
        out.contains("with the pink double sumo, 7 points, which becomes a triple sumo; score 15-0, the match is over"),
        "{out}"
    );
    // Without a match field the output has no match lines.
    let o = run(&["solve", "--position", SLOW_DOUBLE], "");
    assert!(!text(&o.stdout).contains("match"));
    // Past its budget the match value is reported as not proven.
    let hard = "4yr+1n+++/b+4g2/2o1v++p2/8/2V2Y1O+/8/N+++7/1GR+1P++1B1 b r 3-4/7";
    let o = run(&["solve", "--position", hard, "--match-nodes", "1000"], "");
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(out.contains("value: win 3"), "{out}");
    assert!(
        out.contains("match value: none (not proven within 1000 nodes)"),
        "{out}"
    );
    // A round that is over has no match value.
    let over = "obvYyrgn/8/8/8/8/8/3p4/NGR1PVBO w p 1-0/3";
    let o = run(&["solve", "--position", over], "");
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(text(&o.stdout).contains("match value: none (the round is over)"));
}

#[test]
fn analyse_lists_every_move_with_a_value() {
    let o = run(
        &[
            "analyse",
            "--position",
            WIN_IN_ONE,
            "--json",
            "--depth",
            "4",
        ],
        "",
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let moves = v["moves"].as_array().unwrap();
    let p: kamisado_core::Position = WIN_IN_ONE.parse().unwrap();
    assert_eq!(moves.len(), p.legal_moves().len());
    assert_eq!(moves[0]["move"], "d6-d8");
    assert_eq!(moves[0]["value"]["result"], "win");
    let wins = moves
        .iter()
        .filter(|m| m["value"]["result"] == "win" && m["value"]["plies"] == 1)
        .count();
    assert_eq!(wins, 1);
}

/// The moves of a round in which each player plays their first legal move.
fn first_move_game() -> Vec<String> {
    let mut m: Match = Match::new(Rules::STANDARD, 1).unwrap();
    let mut moves = Vec::new();
    while m.state() == MatchState::Playing {
        let mv = m.position().legal_moves()[0];
        moves.push(mv.to_string());
        m.play(mv).unwrap();
    }
    moves
}

#[test]
fn two_people_play_a_round_through_a_pipe() {
    let moves = first_move_game();
    let mut input = String::from("h8-h1\nd1-d0\n");
    input.push_str(&format!("{}\nundo\n", moves[0]));
    for mv in &moves {
        input.push_str(mv);
        input.push('\n');
    }
    let o = run(&["play", "--engine-plays", "none"], &input);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(
        out.contains("Illegal: h8-h1 is illegal: the tower on h8 is Gold's"),
        "{out}"
    );
    assert!(out.contains("`d1-d0` is not a move"), "{out}");
    assert!(out.contains(&format!("Took back {}", moves[0])), "{out}");
    assert!(out.contains("wins the round."), "{out}");
    assert!(!out.contains("wins the match"), "{out}");
    let record: Record = out[out.find("[Event").unwrap()..].parse().unwrap();
    let (m, _) = record.replay().unwrap();
    assert!(matches!(m.state(), MatchState::Over { .. }));
    assert_eq!(record.rounds[0].moves.len(), moves.len());
}

#[test]
fn the_engine_plays_itself_through_a_match() {
    let dir = std::env::temp_dir().join(format!("kamisado-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("game.txt");
    let o = run(
        &[
            "play",
            "--engine-plays",
            "both",
            "--level",
            "1",
            "--match",
            "3",
            "--record",
            path.to_str().unwrap(),
        ],
        "",
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(out.contains("wins the match"), "{out}");
    assert!(out.contains("fills from the"), "{out}");
    let record: Record = std::fs::read_to_string(&path).unwrap().parse().unwrap();
    let (m, _) = record.replay().unwrap();
    let MatchState::Over { winner } = m.state() else {
        panic!("{out}")
    };
    assert!(m.score().of(winner) >= 3);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_hint_at_the_start_is_the_assessment_in_the_pages_words() {
    // The verdict the server's hint gives: its budget and table size.
    let mut engine = Engine::new(ASSESS_HASH_MB);
    let start = Position::start();
    let assessment = engine.assess(&start, ASSESS_NODES, &AtomicBool::new(false));
    let best = assessment.best().unwrap();
    assert_eq!(best.value, Value::Win(17));
    let o = run(&["play", "--engine-plays", "none"], "hint\nquit\n");
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    let hint = out
        .lines()
        .find_map(|line| line.split_once("Hint: ").map(|(_, hint)| hint))
        .unwrap_or_else(|| panic!("no hint in {out}"));
    assert!(
        hint.starts_with(&format!("{} — Black wins in 17, then ", best.mv)),
        "{hint}"
    );
    let then: Vec<String> = best.line[1..5].iter().map(|m| m.to_string()).collect();
    assert!(
        hint.ends_with(&format!("then {}.", then.join(" "))),
        "{hint}"
    );
    assert!(!out.contains("cp"), "{out}");
}

#[test]
fn hint_and_resign_against_the_engine() {
    let o = run(
        &["play", "--engine-plays", "white", "--level", "2"],
        "hint\nresign\n",
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(out.contains("Hint: "), "{out}");
    assert!(
        out.contains("Black resigned: Gold wins the round."),
        "{out}"
    );
    assert!(out.contains("[Result \"0-1\"]"), "{out}");
}

#[test]
fn the_engine_solves_and_plays_the_other_boards() {
    let o = run(&["solve", "--board", "6x6", "--json"], "");
    assert!(o.status.success(), "{}", text(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["value"]["result"], "win");
    assert_eq!(v["value"]["plies"], 11);
    assert_eq!(v["position"], "obpygn/6/6/6/6/NGYPBO b -");
    let o = run(&["solve", "--first-moves", "--board", "6x6", "--json"], "");
    assert!(o.status.success(), "{}", text(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 52);
    assert_eq!(moves[0]["value"]["plies"], 11);
    let o = run(
        &["analyse", "--board", "10x10", "--nodes", "2000", "--json"],
        "",
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["moves"].as_array().unwrap().len(), 168);
    // The engine plays a whole 10×10 round against itself and writes its board.
    let o = run(
        &[
            "play",
            "--board",
            "10x10",
            "--engine-plays",
            "both",
            "--level",
            "2",
            "--color",
            "never",
        ],
        "",
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    let record: Record<kamisado_core::geometry::Ten> =
        out[out.find("[Event").unwrap()..].parse().unwrap();
    let (end, _) = record.replay().unwrap();
    assert!(matches!(end.state(), MatchState::Over { .. }), "{out}");
}
