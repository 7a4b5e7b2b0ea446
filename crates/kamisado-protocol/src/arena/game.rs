//! One game of the arena: the engines asked for moves and fills in turn,
//! every answer checked, and the record written as the game goes.

use std::time::Duration;

use kamisado_core::geometry::{Board, Eight};
use kamisado_core::{Fill, Game, MatchState, Move, Record, RoundEnd, Rules, Side};

use super::openings::Opening;
use super::process::{EngineProcess, EngineSpec, Failure, clip};

/// The time a move may take beyond its `movetime` before the engine loses,
/// in milliseconds, on top of [`MOVETIME_FACTOR`] times the move time.
const MOVETIME_SLACK_MS: u64 = 1000;
/// How many move times a move may take before the engine loses.
const MOVETIME_FACTOR: u64 = 3;
/// The time a move may take under a depth or node limit, in milliseconds.
const FIXED_SEARCH_TIMEOUT_MS: u64 = 30_000;
/// The least time a program is given to start and answer `kep` and `isready`.
const START_TIMEOUT: Duration = Duration::from_secs(5);

/// How each move is asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// `go movetime MS`.
    MoveTime(u64),
    /// `go depth N`.
    Depth(u32),
    /// `go nodes N`.
    Nodes(u64),
}

impl TimeControl {
    /// The `go` command.
    pub fn go(self) -> String {
        match self {
            TimeControl::MoveTime(ms) => format!("go movetime {ms}"),
            TimeControl::Depth(d) => format!("go depth {d}"),
            TimeControl::Nodes(n) => format!("go nodes {n}"),
        }
    }

    /// The `go fill` command, with the same limits as moves.
    pub fn go_fill(self) -> String {
        self.go().replacen("go", "go fill", 1)
    }

    /// How long an answer may take before the engine loses: generous, so
    /// that only an engine that hangs runs out of it.
    pub fn timeout(self) -> Duration {
        Duration::from_millis(match self {
            TimeControl::MoveTime(ms) => ms
                .saturating_mul(MOVETIME_FACTOR)
                .saturating_add(MOVETIME_SLACK_MS),
            TimeControl::Depth(_) | TimeControl::Nodes(_) => FIXED_SEARCH_TIMEOUT_MS,
        })
    }
}

impl std::fmt::Display for TimeControl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TimeControl::MoveTime(ms) => write!(f, "movetime {ms} ms"),
            TimeControl::Depth(d) => write!(f, "depth {d}"),
            TimeControl::Nodes(n) => write!(f, "nodes {n}"),
        }
    }
}

/// What every game of a run shares.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The rule set.
    pub rules: Rules,
    /// The match target: 1, 3, 7 or 15.
    pub target: u8,
    /// How moves are asked for.
    pub control: TimeControl,
    /// How long any answer may take.
    pub timeout: Duration,
    /// The date for the records, `YYYY.MM.DD`.
    pub date: String,
}

/// An engine of the run and its program, started when first needed and
/// again after it has crashed or hung.
pub struct Slot {
    /// How to start it.
    pub spec: EngineSpec,
    process: Option<EngineProcess>,
}

impl Slot {
    /// A slot whose program is not started yet.
    pub fn new(spec: EngineSpec) -> Slot {
        Slot {
            spec,
            process: None,
        }
    }

    /// Sends `lines` and waits for the line that starts with `keyword`.
    /// A program that crashed or hung is killed, to be started afresh.
    fn ask(
        &mut self,
        lines: &[String],
        keyword: &str,
        timeout: Duration,
    ) -> Result<String, Failure> {
        let result = self.try_ask(lines, keyword, timeout);
        if matches!(result, Err(Failure::Crashed(_) | Failure::Hung(_))) {
            self.process = None;
        }
        result
    }

    fn try_ask(
        &mut self,
        lines: &[String],
        keyword: &str,
        timeout: Duration,
    ) -> Result<String, Failure> {
        let process = match &mut self.process {
            Some(process) => process,
            None => self.process.insert(EngineProcess::start(
                &self.spec,
                timeout.max(START_TIMEOUT),
            )?),
        };
        for line in lines {
            process.send(line)?;
        }
        process.expect(keyword, timeout)
    }

    /// Tells the program to quit.
    pub fn close(&mut self) {
        if let Some(process) = self.process.take() {
            process.quit();
        }
    }
}

/// A finished game.
pub struct Played<B: Board = Eight> {
    /// The game's record.
    pub record: Record<B>,
    /// Who won the match.
    pub winner: Side,
    /// The side that lost by breaking down, and how, if one did.
    pub failure: Option<(Side, Failure)>,
}

/// Plays one game: `slots[black]` has Black, the other slot White.
///
/// # Errors
/// Only when the opening cannot be played, which was checked when it was read.
pub fn play_game<B: Board>(
    slots: &mut [Slot; 2],
    black: usize,
    opening: &Opening<B>,
    settings: &Settings,
    number: usize,
) -> Result<Played<B>, String> {
    let index = |side: Side| match side {
        Side::Black => black,
        Side::White => 1 - black,
    };
    let mut game = new_game(slots, black, opening, settings, number)?;
    let mut round_start = opening.first_position(settings.rules, settings.target)?;
    for side in [Side::Black, Side::White] {
        let lines = ["newgame".to_string(), "isready".to_string()];
        if let Err(failure) = slots[index(side)].ask(&lines, "readyok", settings.timeout) {
            return Ok(lose(game, side, failure, &slots[index(side)].spec.name));
        }
    }
    loop {
        let (side, asked) = match game.current().state() {
            MatchState::Over { winner } => {
                return Ok(Played {
                    record: game.record().clone(),
                    winner,
                    failure: None,
                });
            }
            MatchState::AwaitingFill { winner } => {
                let slot = &mut slots[index(winner)];
                (winner, ask_fill(slot, &mut game, &round_start, settings))
            }
            MatchState::Playing => {
                let side = game.current().position().side_to_move();
                let slot = &mut slots[index(side)];
                (side, ask_move(slot, &mut game, &round_start, settings))
            }
        };
        match asked {
            Ok(Some(next_round)) => round_start = next_round,
            Ok(None) => {}
            Err(failure) => return Ok(lose(game, side, failure, &slots[index(side)].spec.name)),
        }
    }
}

/// The game's record from its tags and its opening moves.
fn new_game<B: Board>(
    slots: &[Slot; 2],
    black: usize,
    opening: &Opening<B>,
    settings: &Settings,
    number: usize,
) -> Result<Game<B>, String> {
    let mut record = Record::<B>::new(
        "Arena",
        &settings.date,
        &slots[black].spec.name,
        &slots[1 - black].spec.name,
        settings.rules,
        settings.target,
    );
    record.set_tag("Game", &number.to_string());
    if let Some(setup) = &opening.start {
        record.set_tag("FEN", &setup.to_string());
    }
    record.set_tag("Opening", &opening.to_string());
    let mut game = Game::from_record(record).map_err(|e| format!("opening {opening}: {e}"))?;
    for &mv in &opening.moves {
        game.play(mv)
            .map_err(|e| format!("opening {opening}: {e}"))?;
    }
    Ok(game)
}

/// `position fen <start of the round> moves …`.
fn position_line<B: Board>(round_start: &kamisado_core::Match<B>, game: &Game<B>) -> String {
    let mut line = format!("position fen {round_start}");
    let moves = &game.record().rounds.last().expect("a round").moves;
    if !moves.is_empty() {
        line.push_str(" moves");
        for mv in moves {
            line.push(' ');
            line.push_str(&mv.to_string());
        }
    }
    line
}

/// Asks the side to move for its move and plays it.
fn ask_move<B: Board>(
    slot: &mut Slot,
    game: &mut Game<B>,
    round_start: &kamisado_core::Match<B>,
    settings: &Settings,
) -> Result<Option<kamisado_core::Match<B>>, Failure> {
    let lines = [position_line(round_start, game), settings.control.go()];
    let answer = slot.ask(&lines, "bestmove", settings.timeout)?;
    let word = answer.split_whitespace().nth(1).unwrap_or("");
    let mv: Move<B> = word.parse().map_err(|_| {
        Failure::Broke(format!(
            "answered `{}`, not a move, with the round still on",
            clip(&answer)
        ))
    })?;
    game.play(mv)
        .map_err(|e| Failure::Broke(format!("illegal move: {e}")))?;
    Ok(None)
}

/// Asks the winner of the round for the fill and starts the next round;
/// returns the new round's start.
fn ask_fill<B: Board>(
    slot: &mut Slot,
    game: &mut Game<B>,
    round_start: &kamisado_core::Match<B>,
    settings: &Settings,
) -> Result<Option<kamisado_core::Match<B>>, Failure> {
    let lines = [position_line(round_start, game), settings.control.go_fill()];
    let answer = slot.ask(&lines, "bestfill", settings.timeout)?;
    let word = answer.split_whitespace().nth(1).unwrap_or("");
    let fill: Fill = word.parse().map_err(|_| {
        Failure::Broke(format!(
            "answered `{}`, not left or right, for the fill",
            clip(&answer)
        ))
    })?;
    game.fill(fill)
        .map_err(|e| Failure::Broke(format!("fill refused: {e}")))?;
    Ok(Some(game.current().clone()))
}

/// The side whose engine broke down loses the match; the record says why.
fn lose<B: Board>(mut game: Game<B>, side: Side, failure: Failure, name: &str) -> Played<B> {
    let end = match failure {
        Failure::Hung(_) => RoundEnd::Time,
        Failure::Crashed(_) | Failure::Broke(_) => RoundEnd::Resignation,
    };
    game.concede(side, end)
        .expect("a match that is not over can be conceded");
    let mut record = game.record().clone();
    record.set_tag(
        "Termination",
        &format!("{name} ({}) {failure}", side.name()),
    );
    Played {
        record,
        winner: !side,
        failure: Some((side, failure)),
    }
}
