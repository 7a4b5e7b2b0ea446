//! `kamisado engine`, the Kamisado Engine Protocol (KEP), driven through pipes
//! as a GUI or the arena drives it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use kamisado_core::random::SplitMix64;

/// A generous bound for answers that must come "at once".
const PROMPT: Duration = Duration::from_secs(10);

/// The engine as a child process, read line by line.
struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_kamisado"))
            .arg("engine")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary runs");
        let stdout = child.stdout.take().unwrap();
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Engine {
            child,
            stdin,
            lines,
        }
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().unwrap();
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
    }

    fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    /// The next line, within `PROMPT`.
    fn next(&self) -> String {
        match self.lines.recv_timeout(PROMPT) {
            Ok(line) => line,
            Err(RecvTimeoutError::Timeout) => panic!("no answer within {PROMPT:?}"),
            Err(RecvTimeoutError::Disconnected) => panic!("the engine has exited"),
        }
    }

    /// Lines up to and including the first whose first word is `keyword`.
    fn until(&self, keyword: &str) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let line = self.next();
            let done = line.split(' ').next() == Some(keyword);
            lines.push(line);
            if done {
                return lines;
            }
        }
    }

    /// Sends `line` and expects exactly `answers` back, checked with an
    /// `isready` that follows, so that no extra line goes unnoticed.
    fn exchange(&mut self, line: &str, answers: &[&str]) {
        self.send(line);
        self.send("isready");
        let mut got = self.until("readyok");
        got.pop();
        assert_eq!(got, answers, "after `{line}`");
    }

    /// `quit`, and the process ends with success.
    fn quit(mut self) {
        self.send("quit");
        self.stdin = None;
        let status = self.child.wait().unwrap();
        assert!(status.success(), "{status}");
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

#[test]
fn a_scripted_session_checked_line_by_line() {
    let mut engine = Engine::start();
    engine.send("kep");
    let hello = engine.until("kepok");
    assert!(hello[0].starts_with("id name Kamisado "), "{hello:?}");
    assert!(hello[1].starts_with("id author "), "{hello:?}");
    assert_eq!(
        hello[2..],
        [
            "option name Level type spin default 6 min 1 max 6",
            "option name Hash type spin default 16 min 1 max 4096",
            &format!(
                "option name Threads type spin default 1 min 1 max {}",
                kamisado_engine::available_threads()
            ),
            "option name Rules type combo default standard var standard var sumo-square var zvezda var standard+opening-limits var sumo-square+opening-limits var zvezda+opening-limits",
            "option name Board type combo default 8x8 var 6x6 var 8x8 var 10x10",
            "kepok",
        ]
    );
    engine.send("isready");
    assert_eq!(engine.next(), "readyok");
    engine.exchange("setoption name Hash value 8", &[]);
    engine.exchange("newgame", &[]);
    engine.exchange("position startpos", &[]);
    engine.exchange("perft 3", &["perft 3 11182"]);
    engine.exchange("position startpos moves d1-d6", &[]);
    engine.exchange(
        "validmoves",
        &["validmoves f8-f2 f8-f3 f8-f4 f8-f5 f8-f6 f8-h6 f8-e7 f8-f7 f8-g7"],
    );
    engine.send("go depth 3");
    let lines = engine.until("bestmove");
    assert_eq!(lines.len(), 4, "{lines:?}");
    for (i, info) in lines[..3].iter().enumerate() {
        let prefix = format!("info depth {} score ", i + 1);
        assert!(info.starts_with(&prefix), "{info}");
        for key in [" nodes ", " nps ", " time ", " pv "] {
            assert!(info.contains(key), "{info}");
        }
    }
    let best = lines[3].strip_prefix("bestmove ").unwrap();
    assert!(
        lines[0].contains(" pv f8-") && best.starts_with("f8-"),
        "{lines:?}"
    );
    engine.quit();
}

#[test]
fn a_match_goes_on_across_rounds() {
    let mut engine = Engine::start();
    let start = "obvpyrgn/8/8/8/8/8/8/NGRYPVBO b - 0-0/3";
    let won = format!("position fen {start} moves b1-b6 d8-d7 b6-d8");
    engine.exchange(&won, &[]);
    engine.exchange("validmoves", &["validmoves"]);
    engine.exchange(
        "go depth 1",
        &[
            "info string the round is over: Black won it by home row and chooses the fill (go fill)",
            "bestmove none",
        ],
    );
    engine.send("go fill");
    let fill = engine.next();
    assert!(
        fill == "bestfill left" || fill == "bestfill right",
        "{fill}"
    );
    engine.exchange(
        &format!("{won} a8-a7"),
        &["error move 4 (a8-a7): the round is already over; moves of the next round follow a `position fen` of its start"],
    );
    // Round 2 after a fill from the left: Black's green tower is a sumo, 1-0 to Black,
    // White (the loser) moves first.
    let next = "pobvyrgn/8/8/8/8/8/8/NRYPVBOG+ w - 1-0/3";
    engine.exchange(&format!("position fen {next} moves a8-a2"), &[]);
    engine.send("go nodes 2000");
    let lines = engine.until("bestmove");
    assert_ne!(lines.last().unwrap(), "bestmove none");
    engine.quit();
}

#[test]
fn stop_during_go_infinite_answers_at_once() {
    let mut engine = Engine::start();
    engine.send("position startpos moves c1-c4");
    engine.send("go infinite");
    let first = engine.next();
    assert!(first.starts_with("info depth 1 "), "{first}");
    // The engine reads while it thinks.
    engine.send("isready");
    let lines = engine.until("readyok");
    assert!(
        lines[..lines.len() - 1]
            .iter()
            .all(|l| l.starts_with("info "))
    );
    let asked = Instant::now();
    engine.send("stop");
    let lines = engine.until("bestmove");
    assert!(asked.elapsed() < PROMPT);
    assert!(
        lines[..lines.len() - 1]
            .iter()
            .all(|l| l.starts_with("info "))
    );
    assert_ne!(lines.last().unwrap(), "bestmove none");
    engine.send("isready");
    assert_eq!(engine.next(), "readyok");
    engine.quit();
}

#[test]
fn bad_input_gets_one_error_line_and_the_engine_stays() {
    let mut engine = Engine::start();
    let bad = [
        "hello",
        "GO",
        "go depth",
        "go depth zero",
        "go upside-down",
        "go fill now",
        "go fill",
        "position",
        "position here",
        "position fen",
        "position fen obvpyrgn/8/8/8/8/8/8 b -",
        "position fen obvpyrgn/8/8/8/8/8/8/NGRYPVBO q -",
        "position fen obvpyrgn/8/8/8/8/8/8/NGRYPVBO b x",
        "position fen obvpyrgn/8/8/8/8/8/8/NGRYPVBN b -",
        "position fen obvpyrgn/8/8/8/8/8/8/NGRYPVBO b - 9-9",
        "position fen obvpyrgn/8/8/8/8/8/8/NGRYPVBO b - 0-0/4",
        "position startpos moves d1-d6 d1-d5",
        "position startpos moves d1-d6 f8-f1",
        "position startpos moves a1-b1",
        "position startpos moves pass",
        "position startpos moves d1>d2",
        "position startpos moves e2-e4",
        "position startpos moves",
        "setoption",
        "setoption name Level value 0",
        "setoption name Level value 7",
        "setoption name Threads value 4",
        "setoption name Rules value chess",
        "setoption name Hash value lots",
        "setoption name Ponder value true",
        "perft",
        "perft x",
        "perft 100",
        "validmoves please",
        "\u{7f}\u{1}\u{2}",
    ];
    for line in bad {
        engine.send(line);
        engine.send("isready");
        let got = engine.until("readyok");
        // `position startpos moves` with no move is allowed.
        if line == "position startpos moves" {
            assert_eq!(got, ["readyok"]);
            continue;
        }
        assert_eq!(got.len(), 2, "`{line}`: {got:?}");
        assert!(got[0].starts_with("error "), "`{line}`: {got:?}");
    }
    // A line far longer than any command, and bytes that are not text.
    engine.send(&"position fen ".repeat(20_000));
    engine.send_bytes(b"\xff\xfe\x00go\n");
    engine.send("isready");
    let got = engine.until("readyok");
    assert_eq!(got.len(), 3, "{got:?}");
    assert!(got[..2].iter().all(|l| l.starts_with("error ")), "{got:?}");
    // Random bytes: never an exit, never a panic.
    let mut random = SplitMix64::new(5);
    for _ in 0..100 {
        let len = random.below(200) as usize;
        let mut bytes: Vec<u8> = (0..len).map(|_| random.next_u64() as u8).collect();
        bytes.retain(|&b| b != b'\n');
        bytes.push(b'\n');
        engine.send_bytes(&bytes);
        engine.send("isready");
        let got = engine.until("readyok");
        assert!(got.len() <= 2, "{got:?}");
        assert!(got.len() == 1 || got[0].starts_with("error "), "{got:?}");
    }
    // Still a working engine.
    engine.exchange("position startpos", &[]);
    engine.exchange("perft 2", &["perft 2 1150"]);
    engine.quit();
}

#[test]
fn the_end_of_input_ends_the_engine() {
    let mut engine = Engine::start();
    engine.send("go depth 2");
    engine.stdin = None;
    let lines = engine.until("bestmove");
    assert!(lines.last().unwrap().starts_with("bestmove "));
    let status = engine.child.wait().unwrap();
    assert!(status.success());
}
