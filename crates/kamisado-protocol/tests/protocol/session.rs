//! The protocol loop in-process: scripted sessions, a search stopped while it
//! runs, and input that is not the protocol.

use std::io::{self, BufReader, Cursor, Read, Write};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread;
use std::time::{Duration, Instant};

use kamisado_core::random::SplitMix64;

/// A generous bound for answers that must come "at once".
const PROMPT: Duration = Duration::from_secs(10);

/// Runs a whole script and returns the output lines.
fn session(script: &str) -> Vec<String> {
    let mut out = Vec::new();
    kamisado_protocol::run(script.as_bytes(), Cursor::new(&mut out)).unwrap();
    String::from_utf8(out)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// Input fed line by line from the test.
struct ChannelReader {
    lines: Receiver<Vec<u8>>,
    pending: Vec<u8>,
}

impl Read for ChannelReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.pending.is_empty() {
            match self.lines.recv() {
                Ok(bytes) => self.pending = bytes,
                Err(_) => return Ok(0),
            }
        }
        let n = buf.len().min(self.pending.len());
        buf[..n].copy_from_slice(&self.pending[..n]);
        self.pending.drain(..n);
        Ok(n)
    }
}

/// Output passed to the test as it is written.
struct ChannelWriter(Sender<Vec<u8>>);

impl Write for ChannelWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0
            .send(buf.to_vec())
            .map_err(|_| io::Error::from(io::ErrorKind::BrokenPipe))?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// An engine running on a thread of its own, talked to line by line.
struct Live {
    input: Option<Sender<Vec<u8>>>,
    output: Receiver<Vec<u8>>,
    pending: String,
    engine: Option<thread::JoinHandle<io::Result<()>>>,
}

impl Live {
    fn start() -> Live {
        let (to_engine, lines) = mpsc::channel();
        let (sender, output) = mpsc::channel();
        let engine = thread::spawn(move || {
            let reader = BufReader::new(ChannelReader {
                lines,
                pending: Vec::new(),
            });
            kamisado_protocol::run(reader, ChannelWriter(sender))
        });
        Live {
            input: Some(to_engine),
            output,
            pending: String::new(),
            engine: Some(engine),
        }
    }

    fn send(&self, line: &str) {
        let bytes = format!("{line}\n").into_bytes();
        self.input.as_ref().unwrap().send(bytes).unwrap();
    }

    /// The next line, waiting at most `PROMPT`.
    fn next(&mut self) -> String {
        let deadline = Instant::now() + PROMPT;
        loop {
            if let Some(i) = self.pending.find('\n') {
                let line = self.pending[..i].to_string();
                self.pending.drain(..=i);
                return line;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            match self.output.recv_timeout(left) {
                Ok(bytes) => self.pending.push_str(&String::from_utf8(bytes).unwrap()),
                Err(RecvTimeoutError::Timeout) => panic!("no answer within {PROMPT:?}"),
                Err(RecvTimeoutError::Disconnected) => panic!("the engine has stopped"),
            }
        }
    }

    /// Lines up to and including the first that starts with `prefix`.
    fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let line = self.next();
            let done = line.starts_with(prefix);
            lines.push(line);
            if done {
                return lines;
            }
        }
    }

    fn quit(mut self) {
        self.send("quit");
        self.input = None;
        self.engine.take().unwrap().join().unwrap().unwrap();
    }
}

#[test]
fn a_scripted_session_answers_line_by_line() {
    let lines = session(
        "kep\n\
         isready\n\
         position startpos moves d1-d6\n\
         validmoves\n\
         perft 2\n\
         position fen obvpyrgn/8/8/8/8/8/8/NGRYPVBO b - 0-0/3\n\
         perft 3\n\
         quit\n\
         isready\n",
    );
    assert_eq!(
        lines[0],
        format!("id name Kamisado {}", env!("CARGO_PKG_VERSION"))
    );
    assert_eq!(lines[1], "id author the Kamisado project");
    assert_eq!(
        &lines[2..8],
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
    assert_eq!(lines[8], "readyok");
    assert_eq!(
        lines[9],
        "validmoves f8-f2 f8-f3 f8-f4 f8-f5 f8-f6 f8-h6 f8-e7 f8-f7 f8-g7"
    );
    assert_eq!(lines[10..], ["perft 2 91", "perft 3 11182"]);
}

#[test]
fn go_reports_each_depth_then_the_best_move() {
    let lines = session("position startpos moves d1-d6\ngo depth 3\n");
    let (last, infos) = lines.split_last().unwrap();
    assert_eq!(infos.len(), 3, "{lines:?}");
    for (i, info) in infos.iter().enumerate() {
        let words: Vec<&str> = info.split(' ').collect();
        assert_eq!(words[..3], ["info", "depth", &(i + 1).to_string()]);
        assert_eq!(words[3], "score");
        assert!(["win", "loss", "cp"].contains(&words[4]), "{info}");
        for key in ["nodes", "nps", "time", "pv"] {
            assert!(words.contains(&key), "{info}");
        }
    }
    let best = last.strip_prefix("bestmove ").unwrap();
    let legal = "f8-f2 f8-f3 f8-f4 f8-f5 f8-f6 f8-h6 f8-e7 f8-f7 f8-g7";
    assert!(legal.split(' ').any(|m| m == best), "{last}");
}

#[test]
fn threads_set_search_and_prove_alike() {
    let threads = kamisado_engine::available_threads();
    // A round Black wins in 3 plies, by g1-c5 only (the other moves win in 5 or lose).
    let script = |threads: usize| {
        format!(
            "setoption name Threads value {threads}\n\
             position fen 1bv1y2n/1Gp5/P7/6R1/o7/8/3rY1gO/N4VB1 b b\n\
             go depth 6\n\
             position startpos moves d1-d6\n\
             go depth 5\n"
        )
    };
    let bestmoves = |lines: &[String]| -> Vec<String> {
        lines
            .iter()
            .filter(|l| l.starts_with("bestmove "))
            .cloned()
            .collect()
    };
    let shared = session(&script(threads));
    let alone = session(&script(1));
    let moves = bestmoves(&shared);
    assert_eq!(moves.len(), 2, "{shared:?}");
    // The proven win is the same on any number of threads.
    let proven = |lines: &[String]| {
        lines
            .iter()
            .filter(|l| l.starts_with("info depth"))
            .any(|l| l.contains("score win 3"))
    };
    assert!(proven(&shared) && proven(&alone), "{shared:?}\n{alone:?}");
    assert_eq!(moves[0], bestmoves(&alone)[0]);
    let legal = "f8-f2 f8-f3 f8-f4 f8-f5 f8-f6 f8-h6 f8-e7 f8-f7 f8-g7";
    let second = moves[1].strip_prefix("bestmove ").unwrap();
    assert!(legal.split(' ').any(|m| m == second), "{shared:?}");
}

#[test]
fn depth_and_nodes_searches_repeat_exactly() {
    let script = "newgame\nposition startpos moves c1-c5\ngo nodes 3000\n";
    let strip = |lines: Vec<String>| -> Vec<String> {
        // Times vary between runs; everything else must not.
        lines
            .into_iter()
            .map(|l| match l.find(" nps ") {
                Some(i) => l[..i].to_string() + &l[l.find(" pv").unwrap_or(l.len())..],
                None => l,
            })
            .collect()
    };
    assert_eq!(strip(session(script)), strip(session(script)));
}

/// The start of a match to 3 and three moves that end its first round:
/// Black's green tower reaches d8.
const WON: &str = "position fen obvpyrgn/8/8/8/8/8/8/NGRYPVBO b - 0-0/3 moves b1-b6 d8-d7 b6-d8";

#[test]
fn a_won_round_asks_for_a_fill_and_go_answers_none() {
    let lines = session(&format!(
        "{WON}\nvalidmoves\ngo depth 2\ngo fill nodes 20000\nposition startpos\ngo fill\n"
    ));
    assert_eq!(lines[0], "validmoves");
    assert_eq!(
        lines[1],
        "info string the round is over: Black won it by home row and chooses the fill (go fill)"
    );
    assert_eq!(lines[2], "bestmove none");
    assert!(
        lines[3] == "bestfill left" || lines[3] == "bestfill right",
        "{lines:?}"
    );
    assert_eq!(
        lines[4],
        "error go fill: the round is not over, there is nothing to fill"
    );
}

#[test]
fn a_move_after_the_end_of_the_round_is_an_error() {
    let lines = session(&format!("{WON}\nvalidmoves\n{WON} a8-a7\nvalidmoves\n"));
    assert_eq!(lines[0], "validmoves", "{lines:?}");
    assert!(
        lines[1].starts_with("error move 4 (a8-a7): the round is already over"),
        "{lines:?}"
    );
    // The position stays as it was before the bad command.
    assert_eq!(lines[2], "validmoves");
}

#[test]
fn stop_ends_go_infinite_at_once() {
    let mut live = Live::start();
    live.send("position startpos moves b1-b5");
    live.send("go infinite");
    let first = live.next();
    assert!(first.starts_with("info depth 1 "), "{first}");
    live.send("isready");
    let lines = live.until("readyok");
    assert!(
        lines[..lines.len() - 1]
            .iter()
            .all(|l| l.starts_with("info ")),
        "{lines:?}"
    );
    live.send("stop");
    let lines = live.until("bestmove");
    assert!(
        lines[..lines.len() - 1]
            .iter()
            .all(|l| l.starts_with("info ")),
        "{lines:?}"
    );
    live.send("isready");
    assert_eq!(live.next(), "readyok");
    live.quit();
}

#[test]
fn commands_wait_for_a_search_within_limits() {
    let lines = session("go depth 3\nposition startpos moves a1-a7\nvalidmoves\ngo depth 1\n");
    let answers: Vec<&String> = lines.iter().filter(|l| !l.starts_with("info ")).collect();
    assert_eq!(answers.len(), 3, "{lines:?}");
    assert!(answers[0].starts_with("bestmove "));
    assert_eq!(
        *answers[1],
        "validmoves f8-f2 f8-a3 f8-f3 f8-b4 f8-f4 f8-c5 f8-f5 f8-d6 f8-f6 f8-h6 f8-e7 f8-f7 f8-g7"
    );
    assert!(answers[2].starts_with("bestmove "));
}

#[test]
fn go_infinite_must_be_stopped_first() {
    let mut live = Live::start();
    live.send("go infinite");
    live.send("go depth 1");
    let lines = live.until("error");
    assert_eq!(
        lines.last().unwrap(),
        "error the engine is thinking (go infinite): send stop first"
    );
    live.send("stop");
    live.until("bestmove");
    live.send("go depth 1");
    live.until("bestmove");
    live.quit();
}

#[test]
fn the_end_of_input_lets_a_search_finish() {
    let lines = session("go depth 2");
    assert!(lines.last().unwrap().starts_with("bestmove "), "{lines:?}");
}

#[test]
fn the_board_option_plays_the_other_boards() {
    let lines = session(
        "setoption name Board value 6x6\n\
         validmoves\n\
         perft 3\n\
         position fen obvpyrgn/8/8/8/8/8/8/NGRYPVBO b -\n\
         position startpos moves e1-e5\n\
         go depth 3\n\
         setoption name Board value 10x10\n\
         perft 2\n\
         position startpos moves a1-a10\n\
         position startpos moves j1-j9\n\
         validmoves\n\
         setoption name Board value 8x8\n\
         perft 3\n",
    );
    assert_eq!(lines[0].split(' ').count(), 53, "{}", lines[0]);
    assert_eq!(lines[1], "perft 3 2428");
    assert!(
        lines[2].starts_with("error bad position: board: expected 6 ranks"),
        "{}",
        lines[2]
    );
    // The search answers with a legal 6×6 move, before the next command is read.
    let ready = lines
        .iter()
        .position(|l| l.starts_with("bestmove"))
        .unwrap();
    let after: kamisado_core::Position<kamisado_core::geometry::Six> =
        "obpygn/6/6/6/6/NGYPBO b -".parse().unwrap();
    let after = after.play("e1-e5".parse().unwrap()).unwrap();
    let best = lines[ready].strip_prefix("bestmove ").unwrap();
    assert!(after.is_legal(best.parse().unwrap()), "{best}");
    assert_eq!(lines[ready + 1], "perft 2 2595");
    assert!(
        lines[ready + 2].starts_with("error move 1:"),
        "{}",
        lines[ready + 2]
    );
    assert!(
        lines[ready + 3].starts_with("validmoves "),
        "{}",
        lines[ready + 3]
    );
    assert!(
        lines[ready + 3]
            .split(' ')
            .skip(1)
            .all(|m| m.starts_with('i')),
        "{}",
        lines[ready + 3]
    );
    assert_eq!(lines[ready + 4], "perft 3 11182");
}

#[test]
fn garbage_gets_one_error_line_each_and_the_engine_goes_on() {
    let bad = [
        "hello",
        "go depth",
        "go depth -1",
        "go sideways",
        "position",
        "position fen",
        "position fen obvpyrgn/8/8/8/8/8/8/NGRYPVBO x -",
        "position fen 8/8 b -",
        "position startpos moves d1-d9",
        "position fen obvpyrgo/8/8/8/8/8/8/NGRYPVBO b -",
        "position fen obvpyrgn/8/8/8/8/8/8/NGRYPVBO b - 0-0/5",
        "position startpos moves d1-d6 d1-d6",
        "position startpos moves a1>a2",
        "position startpos moves zz",
        "setoption name Hash value 0",
        "setoption name Level",
        "setoption name Rules value chess",
        "perft",
        "perft -3",
        "go fill",
        "isready please",
        "\u{1b}[A\u{0}",
    ];
    let mut script: String = bad.iter().map(|l| format!("{l}\nisready\n")).collect();
    script.push_str(&"x".repeat(kamisado_protocol::MAX_LINE + 10));
    script.push_str("\nisready\n");
    let lines = session(&script);
    assert_eq!(lines.len(), 2 * (bad.len() + 1), "{lines:?}");
    for pair in lines.chunks(2) {
        assert!(pair[0].starts_with("error "), "{pair:?}");
        assert_eq!(pair[1], "readyok");
    }
}

#[test]
fn random_bytes_never_stop_the_engine() {
    let mut random = SplitMix64::new(20);
    let mut input = Vec::new();
    for _ in 0..200 {
        let len = random.below(80) as usize;
        input.extend((0..len).map(|_| random.next_u64() as u8));
        input.extend_from_slice(b"\nisready\n");
    }
    let mut out = Vec::new();
    kamisado_protocol::run(input.as_slice(), Cursor::new(&mut out)).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(text.matches("readyok").count(), 200);
    for line in text.lines() {
        assert!(
            line == "readyok" || line.starts_with("error ") || line.starts_with("bestmove"),
            "{line}"
        );
    }
}
