//! The KEP engine of one game, started through `sh -c`, spoken to off the
//! async runtime (its pipes block).

use std::time::Duration;

use kamisado_protocol::arena::{EngineProcess, EngineSpec};
use kamisado_wire::{ClockView, SideCode, StateView};

/// How long an engine may take to start and answer `kep` and `isready`.
const START: Duration = Duration::from_secs(10);
/// How long a move may take beyond the engine's own time before the
/// bridge gives up on the engine.
const SLACK: Duration = Duration::from_secs(5);
/// The move time asked of an engine in a game without a live clock, in ms.
const UNTIMED_MS: u64 = 1000;

/// One engine process.
pub struct Engine {
    process: Option<EngineProcess>,
}

impl Engine {
    /// Starts `command` and checks that it speaks KEP.
    ///
    /// # Errors
    /// A command that does not start or does not answer.
    pub async fn start(command: &str) -> Result<Engine, String> {
        let spec = EngineSpec {
            name: "bot".into(),
            command: command.to_string(),
            options: Vec::new(),
        };
        let process = tokio::task::spawn_blocking(move || EngineProcess::start(&spec, START))
            .await
            .map_err(|e| format!("the engine: {e}"))?
            .map_err(|e| format!("the engine `{command}`: {e}"))?;
        Ok(Engine {
            process: Some(process),
        })
    }

    /// Sends `lines`, then reads until a line starting with `keyword`.
    ///
    /// # Errors
    /// The engine's failure (an `error` line, its exit, no answer in time).
    pub async fn ask(
        &mut self,
        lines: Vec<String>,
        keyword: &'static str,
        timeout: Duration,
    ) -> Result<String, String> {
        let mut process = self.process.take().ok_or("the engine has failed")?;
        let (process, answer) = tokio::task::spawn_blocking(move || {
            let answer = lines
                .iter()
                .try_for_each(|line| process.send(line))
                .and_then(|()| process.expect(keyword, timeout));
            (process, answer)
        })
        .await
        .map_err(|e| format!("the engine: {e}"))?;
        let answer = answer.map_err(|e| format!("the engine: {e}"))?;
        self.process = Some(process);
        Ok(answer)
    }

    /// Sets the rule set and board of a game and starts it afresh.
    ///
    /// # Errors
    /// As [`Engine::ask`]: an engine that does not play them.
    pub async fn set_up(&mut self, state: &StateView) -> Result<(), String> {
        let lines = vec![
            format!("setoption name Rules value {}", state.rules),
            format!("setoption name Board value {}", state.board),
            "newgame".into(),
            "isready".into(),
        ];
        self.ask(lines, "readyok", START).await.map(|_| ())
    }

    /// The engine's move in the state's position, searched on the clock.
    ///
    /// # Errors
    /// As [`Engine::ask`], or an answer that is no move.
    pub async fn best_move(&mut self, state: &StateView, now_ms: i64) -> Result<String, String> {
        let (go, timeout) = go_command(state.clock.as_ref(), now_ms);
        let lines = vec![format!("position fen {}", state.fen), go];
        let line = self.ask(lines, "bestmove", timeout).await?;
        word_after(&line, "bestmove")
    }

    /// The engine's fill after the round the state's position ends.
    ///
    /// # Errors
    /// As [`Engine::ask`], or an answer that is no fill.
    pub async fn best_fill(&mut self, state: &StateView, now_ms: i64) -> Result<String, String> {
        let (go, timeout) = go_command(state.clock.as_ref(), now_ms);
        let lines = vec![
            format!("position fen {}", state.fen),
            go.replacen("go", "go fill", 1),
        ];
        let line = self.ask(lines, "bestfill", timeout).await?;
        word_after(&line, "bestfill")
    }

    /// Asks the engine to quit, and kills it if it does not.
    pub async fn quit(mut self) {
        if let Some(process) = self.process.take() {
            let _ = tokio::task::spawn_blocking(move || process.quit()).await;
        }
    }
}

/// The second word of an answer, such as the move of `bestmove c1-c6`.
fn word_after(line: &str, keyword: &str) -> Result<String, String> {
    match line.split_whitespace().nth(1) {
        Some(word) if word != "none" => Ok(word.to_string()),
        _ => Err(format!(
            "the engine answered `{line}`: no {keyword} to play"
        )),
    }
}

/// The `go` of a position under a clock: each side's time left now (the
/// running side's counted down since its clock started) and the
/// increments, and how long the answer may take; a move time without a
/// live clock.
pub fn go_command(clock: Option<&ClockView>, now_ms: i64) -> (String, Duration) {
    let Some((clock, initial)) = clock.and_then(|c| c.initial_ms.map(|i| (c, i))) else {
        let timeout = Duration::from_millis(UNTIMED_MS) * 3 + SLACK;
        return (format!("go movetime {UNTIMED_MS}"), timeout);
    };
    let elapsed = (now_ms - clock.since_ms).max(0);
    let left = |side: SideCode, stored: Option<i64>| {
        let stored = stored.unwrap_or(initial);
        let running = clock.running == Some(side);
        (if running { stored - elapsed } else { stored }).max(0)
    };
    let (b, w) = (
        left(SideCode::Black, clock.b_ms),
        left(SideCode::White, clock.w_ms),
    );
    let inc = clock.increment_ms.unwrap_or(0).max(0);
    let most = b.max(w) as u64;
    let go = format!("go btime {b} wtime {w} binc {inc} winc {inc}");
    (go, Duration::from_millis(most) + SLACK)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_goes_to_kep_as_each_sides_time_now() {
        let clock = ClockView {
            initial_ms: Some(60_000),
            increment_ms: Some(2_000),
            days: None,
            b_ms: Some(50_000),
            w_ms: Some(40_000),
            running: Some(SideCode::White),
            since_ms: 1_000,
            deadline_ms: Some(41_000),
        };
        let (go, timeout) = go_command(Some(&clock), 11_000);
        assert_eq!(go, "go btime 50000 wtime 30000 binc 2000 winc 2000");
        assert_eq!(timeout, Duration::from_millis(55_000));
        let (go, _) = go_command(None, 0);
        assert_eq!(go, "go movetime 1000");
    }
}
