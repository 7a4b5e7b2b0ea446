//! A game's row and what its players did beside its actions, as read from
//! the database: each column decoded, and a value no game could hold named
//! as corrupt, with the game and the column.

use sqlx::Row;
use sqlx::any::AnyRow;

use kamisado_core::geometry::BoardSize;
use kamisado_core::{Rules, Side};
use kamisado_wire::{Mode, OfferAnswer, PerSide};

use super::change::{Rematch, answer_of};
use super::clock::{Clock, TimeControl};
use crate::error::ServerError;

/// A game's row: everything about it but its actions.
#[derive(Clone, Debug)]
pub struct GameRow {
    /// The public id, in the game's link.
    pub id: String,
    /// When it was created, `YYYY.MM.DD`.
    pub created_at: String,
    /// How it is played.
    pub mode: Mode,
    /// The rule set.
    pub rules: Rules,
    /// The board.
    pub board: BoardSize,
    /// The points that win the match.
    pub target: u8,
    /// Black's name.
    pub black_name: String,
    /// White's name.
    pub white_name: String,
    /// Black's seat key (the engine's seat has none).
    pub black_key: Option<String>,
    /// White's seat key.
    pub white_key: Option<String>,
    /// The engine's side, in a game against it.
    pub engine_side: Option<Side>,
    /// The engine's level, 1–6.
    pub level: Option<u8>,
    /// The seed of the engine's choices.
    pub seed: i64,
    /// Black's account, if Black plays under one.
    pub black_account: Option<String>,
    /// White's account.
    pub white_account: Option<String>,
    /// Whether the result changes both accounts' ratings.
    pub rated: bool,
    /// The time control, in a timed game.
    pub time: Option<TimeControl>,
}

impl GameRow {
    /// A match to `target` on one screen between Black and Gold: no seat
    /// keys, engine, accounts or clock; the game that the patch tests and
    /// `examples/publish` play.
    pub fn on_one_screen(rules: Rules, board: BoardSize, target: u8) -> GameRow {
        GameRow {
            id: "0123456789abcdef".into(),
            created_at: "2026.01.01".into(),
            mode: Mode::Local,
            rules,
            board,
            target,
            black_name: "Black".into(),
            white_name: "Gold".into(),
            black_key: None,
            white_key: None,
            engine_side: None,
            level: None,
            seed: 0,
            black_account: None,
            white_account: None,
            rated: false,
            time: None,
        }
    }

    /// The account playing `side`, if any.
    pub fn account(&self, side: Side) -> Option<&str> {
        match side {
            Side::Black => self.black_account.as_deref(),
            Side::White => self.white_account.as_deref(),
        }
    }
}

/// A game as stored: its row, its actions in order, and what its players do
/// beside them.
#[derive(Clone, Debug)]
pub struct StoredGame {
    /// Everything about the game but its actions.
    pub row: GameRow,
    /// The actions from number `from` on, as their text.
    pub actions: Vec<String>,
    /// The number of the first action read (0: all of them).
    pub from: usize,
    /// The number of changes made to the game.
    pub version: i64,
    /// The number of changes that removed actions (undo, takebacks).
    pub takebacks: i64,
    /// A takeback offered by this side and not yet answered.
    pub takeback: Option<Side>,
    /// What became of the last takeback offer, until the next action or offer.
    pub takeback_answer: Option<OfferAnswer>,
    /// What the players did about a rematch.
    pub rematch: Rematch,
    /// Whether a tournament made the game (it has no rematch).
    pub tournament: bool,
    /// The seats their players have taken.
    pub joined: PerSide<bool>,
    /// The clock after the last action, in a timed game.
    pub clock: Option<Clock>,
}

/// A stored side, or why it is not one.
fn side_of(text: Option<String>, what: &str) -> Result<Option<Side>, String> {
    text.map(|s| s.parse::<Side>())
        .transpose()
        .map_err(|e| format!("{what}: {e}"))
}

/// An offer's answer kept in `column`, or why it is not one.
fn stored_answer(
    row: &AnyRow,
    column: &str,
) -> Result<Result<Option<OfferAnswer>, String>, sqlx::Error> {
    let text: Option<String> = row.try_get(column)?;
    Ok(text.map(|text| answer_of(&text)).transpose())
}

/// A game's row as read, without its actions.
pub(super) fn stored_game(row: &AnyRow) -> Result<StoredGame, ServerError> {
    let id: String = row.try_get("id")?;
    let corrupt = |what: String| ServerError::Corrupt(format!("game {id}: {what}"));
    let game = game_row(row)?.map_err(corrupt)?;
    let clock = clock_of(row, game.time)?.map_err(corrupt)?;
    Ok(StoredGame {
        joined: PerSide {
            b: row.try_get::<i64, _>("black_joined")? != 0,
            w: row.try_get::<i64, _>("white_joined")? != 0,
        },
        version: row.try_get("version")?,
        takebacks: row.try_get("takebacks")?,
        takeback: side_of(row.try_get("takeback")?, "takeback").map_err(corrupt)?,
        takeback_answer: stored_answer(row, "takeback_answer")?.map_err(corrupt)?,
        rematch: Rematch {
            offer: side_of(row.try_get("rematch")?, "rematch").map_err(corrupt)?,
            answer: stored_answer(row, "rematch_answer")?.map_err(corrupt)?,
            game: row.try_get("rematch_game")?,
        },
        tournament: row
            .try_get::<Option<String>, _>("creator")?
            .is_some_and(|c| c.starts_with("tournament ")),
        clock,
        row: game,
        actions: Vec::new(),
        from: 0,
    })
}

/// The game's row from its columns; the error says which value is wrong.
fn game_row(row: &AnyRow) -> Result<Result<GameRow, String>, sqlx::Error> {
    let mode: String = row.try_get("mode")?;
    let target: i64 = row.try_get("target")?;
    let level: Option<i64> = row.try_get("level")?;
    let rules: String = row.try_get("rules")?;
    let board: String = row.try_get("board")?;
    let engine_side: Option<String> = row.try_get("engine_side")?;
    let read = || -> Result<(Mode, Rules, BoardSize, u8, Option<Side>), String> {
        Ok((
            mode.parse().map_err(|_| format!("mode `{mode}`"))?,
            rules.parse().map_err(|e| format!("{e}"))?,
            board.parse().map_err(|e| format!("{e}"))?,
            u8::try_from(target).map_err(|_| format!("target {target}"))?,
            side_of(engine_side.clone(), "engine side")?,
        ))
    };
    let (mode, rules, board, target, engine_side) = match read() {
        Ok(values) => values,
        Err(e) => return Ok(Err(e)),
    };
    let time = match time_control(row) {
        Ok(time) => time,
        Err(e) => return Ok(Err(e)),
    };
    Ok(Ok(GameRow {
        id: row.try_get("id")?,
        created_at: row.try_get("created_at")?,
        mode,
        rules,
        board,
        target,
        black_name: row.try_get("black_name")?,
        white_name: row.try_get("white_name")?,
        black_key: row.try_get("black_key")?,
        white_key: row.try_get("white_key")?,
        engine_side,
        level: level.and_then(|l| u8::try_from(l).ok()),
        seed: row.try_get("seed")?,
        black_account: row.try_get("black_account")?,
        white_account: row.try_get("white_account")?,
        rated: row.try_get::<i64, _>("rated")? != 0,
        time,
    }))
}

/// The clock as stored after the last action, in a timed game.
fn clock_of(
    row: &AnyRow,
    time: Option<TimeControl>,
) -> Result<Result<Option<Clock>, String>, sqlx::Error> {
    let running: Option<String> = row.try_get("clock_running")?;
    let since: Option<i64> = row.try_get("clock_since")?;
    Ok(match (time, since) {
        (None, _) => Ok(None),
        (Some(control), None) => Ok(Some(control.start())),
        (Some(_), Some(since_ms)) => {
            let left = PerSide {
                b: row.try_get("black_ms")?,
                w: row.try_get("white_ms")?,
            };
            side_of(running, "running clock").map(|running| {
                Some(Clock {
                    left,
                    since_ms,
                    running,
                })
            })
        }
    })
}

/// A row's time control, from its columns.
fn time_control(row: &sqlx::any::AnyRow) -> Result<Option<TimeControl>, String> {
    let initial: Option<i64> = row.try_get("clock_initial_ms").map_err(|e| e.to_string())?;
    let increment: Option<i64> = row
        .try_get("clock_increment_ms")
        .map_err(|e| e.to_string())?;
    let days: Option<i64> = row.try_get("days").map_err(|e| e.to_string())?;
    match (initial, days) {
        (Some(initial_ms), None) => Ok(Some(TimeControl::Fischer {
            initial_ms,
            increment_ms: increment.unwrap_or(0),
        })),
        (None, Some(d)) => u8::try_from(d)
            .map(|d| Some(TimeControl::Days(d)))
            .map_err(|_| format!("{d} days a move")),
        (None, None) => Ok(None),
        (Some(_), Some(_)) => Err("both a clock and days a move".into()),
    }
}
