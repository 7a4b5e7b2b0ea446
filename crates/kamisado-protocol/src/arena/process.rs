//! An engine program run by the arena: started through `sh -c`, spoken to
//! line by line, and killed (with everything it started) when it misbehaves.

use std::fmt;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// How long a program may take to leave after `quit` before it is killed.
const QUIT_GRACE: Duration = Duration::from_millis(500);

/// How an engine program is named and started.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// Its name in results and records.
    pub name: String,
    /// The command line, run through `sh -c`.
    pub command: String,
    /// Options sent after the handshake: `setoption name N value V`.
    pub options: Vec<(String, String)>,
}

/// Why an engine lost a game without the rules deciding it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The program could not be started, has exited or closed its pipes.
    Crashed(String),
    /// No answer within the time allowed.
    Hung(Duration),
    /// An answer that breaks the protocol, or an illegal move.
    Broke(String),
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Crashed(how) => write!(f, "crashed: {how}"),
            Failure::Hung(after) => write!(f, "no answer within {} ms", after.as_millis()),
            Failure::Broke(what) => f.write_str(what),
        }
    }
}

/// A running engine program.
pub struct EngineProcess {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    killed: bool,
}

impl EngineProcess {
    /// Starts the program, checks that it speaks the protocol (`kep` …
    /// `kepok`), sets its options and waits for `readyok`.
    ///
    /// # Errors
    /// When it cannot start, or fails to answer within `timeout`.
    pub fn start(spec: &EngineSpec, timeout: Duration) -> Result<EngineProcess, Failure> {
        let mut command = Command::new("sh");
        command
            .arg("-c")
            .arg(&spec.command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command
            .spawn()
            .map_err(|e| Failure::Crashed(format!("cannot run `sh -c {}`: {e}", spec.command)))?;
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).split(b'\n') {
                let Ok(bytes) = line else { break };
                let text = String::from_utf8_lossy(&bytes).trim_end().to_string();
                if sender.send(text).is_err() {
                    break;
                }
            }
        });
        let mut engine = EngineProcess {
            child,
            stdin,
            lines,
            killed: false,
        };
        engine.handshake(spec, timeout)?;
        Ok(engine)
    }

    fn handshake(&mut self, spec: &EngineSpec, timeout: Duration) -> Result<(), Failure> {
        self.send("kep")?;
        self.expect("kepok", timeout)?;
        for (name, value) in &spec.options {
            self.send(&format!("setoption name {name} value {value}"))?;
        }
        self.sync(timeout)
    }

    /// `isready` … `readyok`; an `error` line on the way (e.g. an option
    /// refused) is a failure.
    pub fn sync(&mut self, timeout: Duration) -> Result<(), Failure> {
        self.send("isready")?;
        self.expect("readyok", timeout).map(|_| ())
    }

    /// Sends one line.
    ///
    /// # Errors
    /// When the program no longer reads its input.
    pub fn send(&mut self, line: &str) -> Result<(), Failure> {
        let written = writeln!(self.stdin, "{line}").and_then(|()| self.stdin.flush());
        written.map_err(|_| self.crashed())
    }

    /// Reads lines until one whose first word is `keyword` and returns it;
    /// `info` lines are skipped and an `error` line is a failure.
    ///
    /// # Errors
    /// An `error` line, the program's exit, or no such line within `timeout`.
    pub fn expect(&mut self, keyword: &str, timeout: Duration) -> Result<String, Failure> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match self.lines.recv_timeout(left) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => return Err(Failure::Hung(timeout)),
                Err(RecvTimeoutError::Disconnected) => return Err(self.crashed()),
            };
            match line.split_whitespace().next() {
                Some(word) if word == keyword => return Ok(line),
                Some("error") => {
                    return Err(Failure::Broke(format!(
                        "answered `{}` while {keyword} was awaited",
                        clip(&line)
                    )));
                }
                _ => {}
            }
        }
    }

    /// The failure of a program whose pipes have closed: it is killed (it
    /// cannot be spoken to any more) and its exit status, if it had one, told.
    fn crashed(&mut self) -> Failure {
        match self.kill() {
            Some(status) if status.code().is_some() => {
                Failure::Crashed(format!("exited ({status})"))
            }
            _ => Failure::Crashed("closed its pipes".to_string()),
        }
    }

    /// Asks the program to quit and kills it if it does not leave at once.
    pub fn quit(mut self) {
        let _ = self.send("quit");
        // The reader ends when the program's output closes.
        let deadline = Instant::now() + QUIT_GRACE;
        while Instant::now() < deadline {
            let left = deadline.saturating_duration_since(Instant::now());
            if self.lines.recv_timeout(left).is_err() {
                break;
            }
        }
        let _ = self.kill();
    }

    /// Kills the program and everything it started; its exit status, the
    /// first time.
    pub fn kill(&mut self) -> Option<ExitStatus> {
        if std::mem::replace(&mut self.killed, true) {
            return None;
        }
        #[cfg(unix)]
        {
            let group = format!("-{}", self.child.id());
            let _ = Command::new("kill")
                .args(["-KILL", "--", &group])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status();
        }
        let _ = self.child.kill();
        self.child.wait().ok()
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        let _ = self.kill();
    }
}

/// At most 60 characters of a line, for messages.
pub fn clip(line: &str) -> String {
    const SHOWN: usize = 60;
    if line.chars().count() <= SHOWN {
        line.to_string()
    } else {
        let head: String = line.chars().take(SHOWN).collect();
        format!("{head}…")
    }
}
