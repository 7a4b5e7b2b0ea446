//! The protocol loop: read a line, parse it into a [`Command`], act on it.

use std::io::{self, BufRead, Write};
use std::thread::{self, Scope};

use kamisado_core::geometry::BoardSize;
use kamisado_core::{MatchState, Rules};
use kamisado_engine::Engine;

use crate::command::{
    self, Command, DEFAULT_HASH_MB, EngineOption, GoParams, MAX_HASH_MB, MAX_LEVEL, Start,
};
use crate::current::SessionMatch;
use crate::output::Output;
use crate::worker::{Job, Reaped, Worker, searches};
use kamisado_core::any::AnyMatch;
use kamisado_core::on_any;

/// The longest line read, in bytes; a longer one is an error and is skipped.
pub const MAX_LINE: usize = 64 * 1024;

/// Runs the protocol: reads commands from `input` until `quit` or the end of
/// the input and writes the answers to `output`. Searches run on a thread of
/// their own, so `stop` and `isready` are answered while the engine thinks.
///
/// # Errors
/// When reading the input or writing the output fails; nothing the input says
/// is an error here (a bad command gets an `error` line and the loop goes on).
///
/// ```
/// let mut out = Vec::new();
/// let script = "isready\nposition startpos moves d1-d6\nvalidmoves\nquit\n";
/// kamisado_protocol::run(script.as_bytes(), std::io::Cursor::new(&mut out)).ok();
/// ```
pub fn run<R: BufRead, W: Write + Send>(input: R, output: W) -> io::Result<()> {
    let out = Output::new(output);
    thread::scope(|scope| {
        let mut session = Session::new(scope, &out);
        let result = read_commands(input, &mut session);
        session.finish();
        result
    })
}

/// Reads and runs commands until `quit` or the end of the input.
fn read_commands<R: BufRead, W: Write + Send>(
    mut input: R,
    session: &mut Session<'_, '_, W>,
) -> io::Result<()> {
    let mut buffer = Vec::new();
    loop {
        let flow = match read_line(&mut input, &mut buffer)? {
            Line::End => break,
            Line::TooLong => session.error(&format!("the line is longer than {MAX_LINE} bytes"))?,
            Line::Bytes => match std::str::from_utf8(&buffer) {
                Ok(text) => session.handle(text)?,
                Err(_) => session.error("the line is not UTF-8 text")?,
            },
        };
        if flow == Flow::Quit {
            break;
        }
    }
    Ok(())
}

/// What [`read_line`] found.
enum Line {
    /// A line is in the buffer (without its end).
    Bytes,
    /// The line was too long; it has been skipped.
    TooLong,
    /// The input has ended.
    End,
}

/// Reads one line into `buffer`, never holding more than [`MAX_LINE`] bytes.
fn read_line<R: BufRead>(input: &mut R, buffer: &mut Vec<u8>) -> io::Result<Line> {
    buffer.clear();
    let mut too_long = false;
    loop {
        let available = match input.fill_buf() {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok(match (too_long, buffer.is_empty()) {
                (true, _) => Line::TooLong,
                (false, true) => Line::End,
                (false, false) => Line::Bytes,
            });
        }
        let (taken, ended) = match available.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (available.len(), false),
        };
        let content = &available[..if ended { taken - 1 } else { taken }];
        if buffer.len() + content.len() > MAX_LINE {
            too_long = true;
            buffer.clear();
        } else if !too_long {
            buffer.extend_from_slice(content);
        }
        input.consume(taken);
        if ended {
            return Ok(if too_long { Line::TooLong } else { Line::Bytes });
        }
    }
}

/// Whether the loop goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

/// The engine's state between commands.
struct Session<'scope, 'env, W: Write + Send> {
    scope: &'scope Scope<'scope, 'env>,
    out: &'env Output<W>,
    level: u8,
    hash_mb: usize,
    threads: usize,
    rules: Rules,
    board: BoardSize,
    current: AnyMatch,
    /// The engine when no job holds it.
    engine: Option<Engine>,
    /// The job thinking now, if any.
    worker: Option<Worker<'scope>>,
}

impl<'scope, 'env, W: Write + Send> Session<'scope, 'env, W> {
    fn new(scope: &'scope Scope<'scope, 'env>, out: &'env Output<W>) -> Self {
        Session {
            scope,
            out,
            level: MAX_LEVEL,
            hash_mb: DEFAULT_HASH_MB,
            threads: 1,
            rules: Rules::STANDARD,
            board: BoardSize::Eight,
            current: AnyMatch::single_round(BoardSize::Eight, Rules::STANDARD),
            engine: Some(Engine::new(DEFAULT_HASH_MB)),
            worker: None,
        }
    }

    fn error(&self, reason: &str) -> io::Result<Flow> {
        self.out.line(&format!("error {reason}"))?;
        Ok(Flow::Continue)
    }

    fn say(&self, line: &str) -> io::Result<Flow> {
        self.out.line(line)?;
        Ok(Flow::Continue)
    }

    /// Parses and runs one line.
    fn handle(&mut self, line: &str) -> io::Result<Flow> {
        match command::parse(line) {
            Ok(None) => Ok(Flow::Continue),
            Ok(Some(command)) => {
                self.reap();
                self.execute(command)
            }
            Err(e) => self.error(&e.0),
        }
    }

    fn execute(&mut self, command: Command) -> io::Result<Flow> {
        match command {
            Command::Kep => return self.identify(),
            Command::IsReady => return self.say("readyok"),
            Command::Quit => {
                self.stop();
                return Ok(Flow::Quit);
            }
            Command::Stop => {
                self.stop();
                return Ok(Flow::Continue);
            }
            _ => {}
        }
        // Every other command waits for a search within limits to finish.
        if let Err(reason) = self.settle() {
            return self.error(reason);
        }
        match command {
            Command::NewGame => self.new_game(),
            Command::Position { start, moves } => self.set_position(start, &moves),
            Command::SetOption(option) => self.set_option(option),
            Command::Go(params) => self.go(params),
            Command::GoFill(limits) => self.go_fill(limits),
            Command::Perft(depth) => {
                let count = self.current.perft(depth);
                self.say(&format!("perft {depth} {count}"))
            }
            Command::ValidMoves => self.valid_moves(),
            Command::Kep | Command::IsReady | Command::Quit | Command::Stop => {
                unreachable!("answered above")
            }
        }
    }

    fn identify(&self) -> io::Result<Flow> {
        let lines = [
            format!("id name Kamisado {}", env!("CARGO_PKG_VERSION")),
            "id author the Kamisado project".to_string(),
            format!("option name Level type spin default {MAX_LEVEL} min 1 max {MAX_LEVEL}"),
            format!("option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"),
            format!(
                "option name Threads type spin default 1 min 1 max {}",
                kamisado_engine::available_threads()
            ),
            rules_option(),
            "option name Board type combo default 8x8 var 6x6 var 8x8 var 10x10".to_string(),
            "kepok".to_string(),
        ];
        self.out.lines(&lines)?;
        Ok(Flow::Continue)
    }

    /// Takes the engine back from a job that has answered.
    fn reap(&mut self) {
        if let Some(worker) = self.worker.take() {
            match worker.reap(self.hash_mb) {
                Reaped::Running(worker) => self.worker = Some(worker),
                Reaped::Done(engine) => self.engine = Some(engine),
            }
        }
    }

    /// Stops the job thinking now, if any; its answer is written before this returns.
    fn stop(&mut self) {
        if let Some(worker) = self.worker.take() {
            self.engine = Some(worker.stop(self.hash_mb));
        }
    }

    /// At the end of the input: lets the job thinking now finish within its
    /// limits (`go infinite` is stopped) and write its answer.
    fn finish(&mut self) {
        if let Some(worker) = self.worker.take() {
            self.engine = Some(worker.finish(self.hash_mb));
        }
    }

    /// Waits for the job thinking now to answer, unless it is `go infinite`.
    fn settle(&mut self) -> Result<(), &'static str> {
        match self.worker.take() {
            Some(worker) if worker.is_infinite() => {
                self.worker = Some(worker);
                Err("the engine is thinking (go infinite): send stop first")
            }
            Some(worker) => {
                self.engine = Some(worker.finish(self.hash_mb));
                Ok(())
            }
            None => Ok(()),
        }
    }

    /// The engine, free once [`Session::settle`] has succeeded, on the
    /// threads set (a fresh engine after a failed job too).
    fn idle_engine(&mut self) -> Engine {
        let mut engine = self
            .engine
            .take()
            .unwrap_or_else(|| Engine::new(self.hash_mb));
        engine.set_threads(self.threads);
        engine
    }

    fn new_game(&mut self) -> io::Result<Flow> {
        if let Some(engine) = self.engine.as_mut() {
            engine.clear();
        }
        self.current = AnyMatch::single_round(self.board, self.rules);
        Ok(Flow::Continue)
    }

    fn set_position(&mut self, start: Start, moves: &[String]) -> io::Result<Flow> {
        match AnyMatch::build(self.board, &start, moves, self.rules) {
            Ok(current) => {
                self.current = current;
                Ok(Flow::Continue)
            }
            Err(reason) => self.error(&reason),
        }
    }

    fn set_option(&mut self, option: EngineOption) -> io::Result<Flow> {
        match option {
            EngineOption::Level(level) => self.level = level,
            EngineOption::Threads(threads) => self.threads = threads,
            EngineOption::Hash(mb) => {
                self.hash_mb = mb;
                self.engine = Some(Engine::new(mb));
            }
            EngineOption::Rules(rules) => {
                self.rules = rules;
                // The current position stays, now under the new rules.
                if let Some(current) = self.current.with_rules(rules) {
                    self.current = current;
                }
            }
            EngineOption::Board(board) => {
                self.board = board;
                // Another board starts from its start; the same board keeps its position.
                if self.current.board() != board {
                    self.current = AnyMatch::single_round(board, self.rules);
                }
            }
        }
        Ok(Flow::Continue)
    }

    fn go(&mut self, params: GoParams) -> io::Result<Flow> {
        if let Some(reason) = self.current.round_over() {
            let lines = [format!("info string {reason}"), "bestmove none".to_string()];
            self.out.lines(&lines)?;
            return Ok(Flow::Continue);
        }
        let engine = self.idle_engine();
        let (level, seed) = (self.level, self.current.seed());
        self.worker = Some(on_any!(self.current.clone(), AnyMatch, current => {
            let job = if searches(level) {
                Job::Search { current, params }
            } else {
                Job::Level {
                    current,
                    level,
                    seed,
                }
            };
            Worker::start(self.scope, job, engine, self.hash_mb, self.out)
        }));
        Ok(Flow::Continue)
    }

    fn go_fill(&mut self, limits: Option<GoParams>) -> io::Result<Flow> {
        match self.current.state() {
            MatchState::AwaitingFill { .. } => {}
            MatchState::Playing => {
                return self.error("go fill: the round is not over, there is nothing to fill");
            }
            MatchState::Over { winner } => {
                return self.error(&format!(
                    "go fill: the match is over, {} has won it",
                    winner.name()
                ));
            }
        }
        let engine = self.idle_engine();
        let (level, limits) = (self.level, limits.filter(|_| searches(self.level)));
        self.worker = Some(on_any!(self.current.clone(), AnyMatch, current => {
            let job = Job::Fill {
                current,
                level,
                limits,
            };
            Worker::start(self.scope, job, engine, self.hash_mb, self.out)
        }));
        Ok(Flow::Continue)
    }

    fn valid_moves(&self) -> io::Result<Flow> {
        let mut line = "validmoves".to_string();
        for mv in self.current.legal_moves() {
            line.push(' ');
            line.push_str(&mv.to_string());
        }
        self.say(&line)
    }
}

/// The `Rules` option: every rule set the rules crate plays, by its name.
fn rules_option() -> String {
    let vars: String = kamisado_core::Rules::ALL
        .iter()
        .map(|r| format!(" var {}", r.name()))
        .collect();
    format!("option name Rules type combo default standard{vars}")
}
