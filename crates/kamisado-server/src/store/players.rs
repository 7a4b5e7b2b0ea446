//! Accounts, sessions, open challenges and ratings in the database
//! (docs/players.md), beside the games they start and rate.

use sqlx::{Any, Row, Transaction};

use kamisado_core::Side;

use super::{Backend, GameRow, Store, insert_row, now_ms};
use crate::error::ServerError;
use crate::glicko::{self, Rating};
use crate::wire::PerSide;

/// The PostgreSQL channel on which a change to the open challenges is told:
/// `changed`, or `started CHALLENGE GAME BLACK WHITE`.
pub const LOBBY_CHANNEL: &str = "kamisado_lobby";

/// An account as stored.
#[derive(Clone, Debug)]
pub struct Account {
    /// Its name, as created.
    pub name: String,
    /// The password's Argon2id hash, in the PHC string format.
    pub password: String,
}

/// An open challenge as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChallengeRow {
    /// Its id.
    pub id: String,
    /// The account that made it.
    pub creator: String,
    /// The rule set's name.
    pub rules: String,
    /// The board's name.
    pub board: String,
    /// The points that win the match.
    pub target: u8,
    /// The creator's colour: `black`, `white` or `random`.
    pub colour: String,
    /// Whether the game is rated.
    pub rated: bool,
    /// A live clock's initial time and increment, in seconds.
    pub clock: Option<(u64, u64)>,
    /// Correspondence: days a move.
    pub days: Option<u8>,
    /// The one player it is addressed to, if any.
    pub opponent: Option<String>,
    /// When it was made, in ms since 1970.
    pub created_ms: i64,
}

/// Why an accept or a cancel was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    /// There is no such challenge.
    Missing,
    /// Somebody accepted it first.
    Taken,
    /// Its creator cancelled it.
    Cancelled,
    /// The accepter made it.
    Own,
    /// It is addressed to another player.
    NotYours,
}

/// A player's rating in one pool.
#[derive(Clone, Debug, PartialEq)]
pub struct PoolRating {
    /// The pool, as `standard 8x8`.
    pub pool: String,
    /// The rating.
    pub rating: Rating,
    /// The rated games played in it.
    pub games: i64,
}

/// A rating after one rated game.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingPoint {
    /// The pool.
    pub pool: String,
    /// The game.
    pub game: String,
    /// When the game ended.
    pub at_ms: i64,
    /// The rating after it.
    pub rating: f64,
    /// The deviation after it.
    pub deviation: f64,
}

/// A finished game of an account, for its archive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArchivedGame {
    /// The game's id.
    pub id: String,
    /// The account's side.
    pub side: Side,
    /// The opponent's account, or their name in a game without one.
    pub opponent: String,
    /// Whether the opponent is an account.
    pub opponent_account: bool,
    /// The match's winner.
    pub winner: Side,
    /// How its last round ended.
    pub how: String,
    /// Whether it was rated.
    pub rated: bool,
    /// Its pool.
    pub pool: String,
    /// The actions it took.
    pub actions: i64,
    /// When it ended.
    pub finished_ms: i64,
}

/// An account's game between accounts, for its list of games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MyGame {
    /// The game's id.
    pub id: String,
    /// The account's side.
    pub side: Side,
    /// The opponent's account.
    pub opponent: Option<String>,
    /// When the last action was made (or the game created).
    pub updated_ms: i64,
    /// When the side to act loses on time, if a clock runs.
    pub deadline_ms: Option<i64>,
    /// The winner, once over.
    pub winner: Option<Side>,
}

fn side_of(text: &str) -> Result<Side, ServerError> {
    text.parse()
        .map_err(|e| ServerError::Corrupt(format!("a stored side: {e}")))
}

impl Store {
    /// Creates an account: `false` when the name (without regard to case) is taken.
    ///
    /// # Errors
    /// A database failure.
    pub async fn create_account(&self, name: &str, password: &str) -> Result<bool, ServerError> {
        let result = sqlx::query(
            "INSERT INTO accounts (name, name_key, password, created_ms) VALUES ($1, $2, $3, $4) \
             ON CONFLICT DO NOTHING",
        )
        .bind(name)
        .bind(name.to_lowercase())
        .bind(password)
        .bind(now_ms() as i64)
        .execute(&self.pool)
        .await?;
        Ok(result.rows_affected() == 1)
    }

    /// The account with this name, without regard to case.
    ///
    /// # Errors
    /// A database failure.
    pub async fn account(&self, name: &str) -> Result<Option<Account>, ServerError> {
        let row = sqlx::query("SELECT name, password FROM accounts WHERE name_key = $1")
            .bind(name.to_lowercase())
            .fetch_optional(&self.pool)
            .await?;
        Ok(match row {
            Some(row) => Some(Account {
                name: row.try_get("name")?,
                password: row.try_get("password")?,
            }),
            None => None,
        })
    }

    /// Opens a session for an account until `expires_ms`.
    ///
    /// # Errors
    /// A database failure.
    pub async fn create_session(
        &self,
        token_hash: &str,
        name: &str,
        expires_ms: i64,
    ) -> Result<(), ServerError> {
        sqlx::query("INSERT INTO sessions (token_hash, name, expires_ms) VALUES ($1, $2, $3)")
            .bind(token_hash)
            .bind(name)
            .bind(expires_ms)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The account a session signs in, while it lasts.
    ///
    /// # Errors
    /// A database failure.
    pub async fn session(&self, token_hash: &str) -> Result<Option<String>, ServerError> {
        let row =
            sqlx::query("SELECT name FROM sessions WHERE token_hash = $1 AND expires_ms > $2")
                .bind(token_hash)
                .bind(now_ms() as i64)
                .fetch_optional(&self.pool)
                .await?;
        Ok(match row {
            Some(row) => Some(row.try_get("name")?),
            None => None,
        })
    }

    /// Ends a session.
    ///
    /// # Errors
    /// A database failure.
    pub async fn delete_session(&self, token_hash: &str) -> Result<(), ServerError> {
        sqlx::query("DELETE FROM sessions WHERE token_hash = $1 OR expires_ms < $2")
            .bind(token_hash)
            .bind(now_ms() as i64)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// How long, in ms, sign-ins under any of `keys` must still wait.
    ///
    /// # Errors
    /// A database failure.
    pub async fn throttled(&self, keys: &[String]) -> Result<u64, ServerError> {
        let now = now_ms() as i64;
        let mut wait = 0;
        for key in keys {
            let row = sqlx::query("SELECT until_ms FROM throttle WHERE key = $1")
                .bind(key)
                .fetch_optional(&self.pool)
                .await?;
            if let Some(row) = row {
                let until: i64 = row.try_get("until_ms")?;
                wait = wait.max((until - now).max(0) as u64);
            }
        }
        Ok(wait)
    }

    /// Counts one more try under `key` (a wrong password, an account
    /// created). Within `window_ms` of the first, tries past `free` make
    /// the key wait, `first_wait_ms` and then twice as long for each more,
    /// at most `max_wait_ms`.
    ///
    /// # Errors
    /// A database failure.
    pub async fn count_try(
        &self,
        key: &str,
        free: i64,
        window_ms: i64,
        (first_wait_ms, max_wait_ms): (i64, i64),
    ) -> Result<(), ServerError> {
        let now = now_ms() as i64;
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "INSERT INTO throttle (key, failures, first_ms, until_ms) VALUES ($1, 0, $2, 0) \
             ON CONFLICT (key) DO UPDATE SET failures = CASE WHEN throttle.first_ms < $3 \
             THEN 0 ELSE throttle.failures END, first_ms = CASE WHEN throttle.first_ms < $3 \
             THEN $2 ELSE throttle.first_ms END",
        )
        .bind(key)
        .bind(now)
        .bind(now - window_ms)
        .execute(&mut *tx)
        .await?;
        let failures: i64 = sqlx::query(
            "UPDATE throttle SET failures = failures + 1 WHERE key = $1 RETURNING failures",
        )
        .bind(key)
        .fetch_one(&mut *tx)
        .await?
        .try_get("failures")?;
        if failures > free {
            let doublings = (failures - free - 1).min(30) as u32;
            let wait = first_wait_ms
                .saturating_mul(1 << doublings)
                .min(max_wait_ms);
            sqlx::query("UPDATE throttle SET until_ms = $2 WHERE key = $1")
                .bind(key)
                .bind(now + wait)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Forgets the tries counted under `key`.
    ///
    /// # Errors
    /// A database failure.
    pub async fn clear_failures(&self, key: &str) -> Result<(), ServerError> {
        sqlx::query("DELETE FROM throttle WHERE key = $1")
            .bind(key)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Gives a game's side to an account, when that side has none yet:
    /// whether it did.
    ///
    /// # Errors
    /// A database failure.
    pub async fn claim_side(&self, id: &str, side: Side, name: &str) -> Result<bool, ServerError> {
        let column = match side {
            Side::Black => "black_account",
            Side::White => "white_account",
        };
        let sql = format!(
            "UPDATE games SET {column} = $1, version = version + 1 \
             WHERE id = $2 AND {column} IS NULL"
        );
        let done = sqlx::query(&sql)
            .bind(name)
            .bind(id)
            .execute(&self.pool)
            .await?
            .rows_affected()
            > 0;
        Ok(done)
    }

    /// Marks a game that ended before it had an account as finished, for
    /// its archive.
    ///
    /// # Errors
    /// A database failure.
    pub async fn mark_finished(
        &self,
        id: &str,
        winner: Side,
        how: &str,
    ) -> Result<(), ServerError> {
        sqlx::query(
            "UPDATE games SET finished_ms = COALESCE(finished_ms, updated_ms, created_ms), \
             winner = $2, ending = $3 WHERE id = $1 AND finished_ms IS NULL",
        )
        .bind(id)
        .bind(winner.to_string())
        .bind(how)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Stores a challenge, unless its creator has `max_open` open already.
    ///
    /// # Errors
    /// [`ServerError::TooMany`] over the limit, or a database failure.
    pub async fn insert_challenge(
        &self,
        c: &ChallengeRow,
        max_open: usize,
    ) -> Result<(), ServerError> {
        let (initial, increment) = c
            .clock
            .map_or((None, None), |(i, n)| (Some(i as i64), Some(n as i64)));
        let inserted = sqlx::query(
            "INSERT INTO challenges (id, creator, rules, board, target, colour, rated, \
             initial_s, increment_s, days, opponent, created_ms) \
             SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12 WHERE (SELECT COUNT(*) \
             FROM challenges WHERE creator = $2 AND game_id IS NULL AND cancelled = 0) < $13",
        )
        .bind(&c.id)
        .bind(&c.creator)
        .bind(&c.rules)
        .bind(&c.board)
        .bind(i64::from(c.target))
        .bind(&c.colour)
        .bind(i64::from(c.rated))
        .bind(initial)
        .bind(increment)
        .bind(c.days.map(i64::from))
        .bind(&c.opponent)
        .bind(c.created_ms)
        .bind(max_open as i64)
        .execute(&self.pool)
        .await?
        .rows_affected();
        if inserted == 0 {
            return Err(ServerError::TooMany(format!(
                "you have {max_open} open challenges already: cancel one first"
            )));
        }
        self.tell_lobby("changed").await
    }

    /// Tells every process's lobby that the challenges changed (PostgreSQL;
    /// on SQLite the one process knows).
    async fn tell_lobby(&self, what: &str) -> Result<(), ServerError> {
        if self.backend == Backend::Postgres {
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind(LOBBY_CHANNEL)
                .bind(what)
                .execute(&self.pool)
                .await?;
        }
        Ok(())
    }

    /// The open challenges `viewer` may see (every public one, and those to
    /// or from the viewer), newest first, at most `limit`.
    ///
    /// # Errors
    /// A database failure.
    pub async fn open_challenges(
        &self,
        viewer: Option<&str>,
        limit: usize,
    ) -> Result<Vec<ChallengeRow>, ServerError> {
        let rows = sqlx::query(
            "SELECT id, creator, rules, board, target, colour, rated, initial_s, increment_s, \
             days, opponent, created_ms FROM challenges WHERE game_id IS NULL AND cancelled = 0 \
             AND (opponent IS NULL OR creator = $1 OR opponent = $1) \
             ORDER BY created_ms DESC, id LIMIT $2",
        )
        .bind(viewer.unwrap_or(""))
        .bind(limit as i64)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(challenge_of).collect()
    }

    /// One challenge, whatever became of it.
    ///
    /// # Errors
    /// A database failure.
    async fn challenge_state(
        &self,
        id: &str,
    ) -> Result<Option<(ChallengeRow, bool, bool)>, ServerError> {
        let row = sqlx::query(
            "SELECT id, creator, rules, board, target, colour, rated, initial_s, increment_s, \
             days, opponent, created_ms, game_id, cancelled FROM challenges WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else { return Ok(None) };
        let taken = row.try_get::<Option<String>, _>("game_id")?.is_some();
        let cancelled = row.try_get::<i64, _>("cancelled")? != 0;
        Ok(Some((challenge_of(&row)?, taken, cancelled)))
    }

    /// Why `by` may not take challenge `id` (or cancel it, `cancel`).
    async fn refusal(&self, id: &str, by: &str, cancel: bool) -> Result<Refused, ServerError> {
        Ok(match self.challenge_state(id).await? {
            None => Refused::Missing,
            Some((_, _, true)) => Refused::Cancelled,
            Some((_, true, _)) => Refused::Taken,
            Some((c, _, _)) if cancel && c.creator != by => Refused::NotYours,
            Some((c, _, _)) if !cancel && c.creator == by => Refused::Own,
            Some((c, _, _)) if c.opponent.as_deref().is_some_and(|o| o != by) => Refused::NotYours,
            // Changed between the two reads.
            Some(_) => Refused::Taken,
        })
    }

    /// The challenge `id` as it may be accepted by `by`, or why it may not.
    ///
    /// # Errors
    /// A database failure.
    pub async fn challenge_for(
        &self,
        id: &str,
        by: &str,
    ) -> Result<Result<ChallengeRow, Refused>, ServerError> {
        match self.challenge_state(id).await? {
            Some((c, false, false))
                if c.creator != by && c.opponent.as_deref().is_none_or(|o| o == by) =>
            {
                Ok(Ok(c))
            }
            _ => Ok(Err(self.refusal(id, by, false).await?)),
        }
    }

    /// Takes challenge `id` for `by` and stores the game it starts, in one
    /// transaction: of two accepters, the first takes it and the other is
    /// refused.
    ///
    /// # Errors
    /// A database failure.
    pub async fn accept_challenge(
        &self,
        id: &str,
        by: &str,
        game: &GameRow,
    ) -> Result<Result<(), Refused>, ServerError> {
        let mut tx = self.pool.begin().await?;
        let taken = sqlx::query(
            "UPDATE challenges SET game_id = $1 WHERE id = $2 AND game_id IS NULL \
             AND cancelled = 0 AND creator <> $3 AND (opponent IS NULL OR opponent = $3)",
        )
        .bind(&game.id)
        .bind(id)
        .bind(by)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if taken == 0 {
            drop(tx);
            return Ok(Err(self.refusal(id, by, false).await?));
        }
        insert_row(&mut tx, game, by, None).await?;
        tx.commit().await?;
        let (black, white) = (
            game.black_account.as_deref().unwrap_or(""),
            game.white_account.as_deref().unwrap_or(""),
        );
        self.tell_lobby(&format!("started {id} {} {black} {white}", game.id))
            .await?;
        Ok(Ok(()))
    }

    /// Cancels challenge `id` of `by`.
    ///
    /// # Errors
    /// A database failure.
    pub async fn cancel_challenge(
        &self,
        id: &str,
        by: &str,
    ) -> Result<Result<(), Refused>, ServerError> {
        let done = sqlx::query(
            "UPDATE challenges SET cancelled = 1 WHERE id = $1 AND creator = $2 \
             AND game_id IS NULL AND cancelled = 0",
        )
        .bind(id)
        .bind(by)
        .execute(&self.pool)
        .await?
        .rows_affected();
        if done == 0 {
            return Ok(Err(self.refusal(id, by, true).await?));
        }
        self.tell_lobby("changed").await?;
        Ok(Ok(()))
    }

    /// An account's rating in every pool it has played rated games in.
    ///
    /// # Errors
    /// A database failure.
    pub async fn ratings_of(&self, name: &str) -> Result<Vec<PoolRating>, ServerError> {
        let rows = sqlx::query(
            "SELECT pool, rating, deviation, volatility, games FROM ratings WHERE name = $1 \
             ORDER BY pool",
        )
        .bind(name)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(PoolRating {
                    pool: row.try_get("pool")?,
                    rating: rating_of(row)?,
                    games: row.try_get("games")?,
                })
            })
            .collect()
    }

    /// An account's rating after each of its rated games, oldest first.
    ///
    /// # Errors
    /// A database failure.
    pub async fn history_of(&self, name: &str) -> Result<Vec<RatingPoint>, ServerError> {
        let rows = sqlx::query(
            "SELECT pool, game_id, at_ms, rating, deviation FROM rating_history \
             WHERE name = $1 ORDER BY at_ms, game_id",
        )
        .bind(name)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(RatingPoint {
                    pool: row.try_get("pool")?,
                    game: row.try_get("game_id")?,
                    at_ms: row.try_get("at_ms")?,
                    rating: row.try_get("rating")?,
                    deviation: row.try_get("deviation")?,
                })
            })
            .collect()
    }

    /// The pool's players by rating (the provisional, deviation above
    /// `provisional`, after the others), at most `limit`.
    ///
    /// # Errors
    /// A database failure.
    pub async fn leaderboard(
        &self,
        pool: &str,
        provisional: f64,
        limit: usize,
    ) -> Result<Vec<(String, Rating, i64)>, ServerError> {
        let rows = sqlx::query(
            "SELECT name, rating, deviation, volatility, games FROM ratings WHERE pool = $1 \
             ORDER BY CASE WHEN deviation > $2 THEN 1 ELSE 0 END, rating DESC, name LIMIT $3",
        )
        .bind(pool)
        .bind(provisional)
        .bind(limit as i64)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| Ok((row.try_get("name")?, rating_of(row)?, row.try_get("games")?)))
            .collect()
    }

    /// Every pool someone has a rating in.
    ///
    /// # Errors
    /// A database failure.
    pub async fn pools(&self) -> Result<Vec<String>, ServerError> {
        let rows = sqlx::query("SELECT DISTINCT pool FROM ratings ORDER BY pool")
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(|row| Ok(row.try_get("pool")?)).collect()
    }

    /// An account's finished games, newest first, at most `limit`.
    ///
    /// # Errors
    /// A database failure.
    pub async fn archive_of(
        &self,
        name: &str,
        limit: usize,
    ) -> Result<Vec<ArchivedGame>, ServerError> {
        let rows = sqlx::query(
            "SELECT g.id, g.black_account, g.white_account, g.black_name, g.white_name, \
             g.winner, g.ending, g.rated, g.rules, g.board, g.finished_ms, \
             (SELECT COUNT(*) FROM actions a WHERE a.game_id = g.id) AS actions \
             FROM games g WHERE (g.black_account = $1 OR g.white_account = $1) \
             AND g.finished_ms IS NOT NULL ORDER BY g.finished_ms DESC, g.id LIMIT $2",
        )
        .bind(name)
        .bind(limit as i64)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                let accounts = PerSide {
                    b: row.try_get::<Option<String>, _>("black_account")?,
                    w: row.try_get::<Option<String>, _>("white_account")?,
                };
                let side = if accounts.b.as_deref() == Some(name) {
                    Side::Black
                } else {
                    Side::White
                };
                let names = PerSide {
                    b: row.try_get::<String, _>("black_name")?,
                    w: row.try_get::<String, _>("white_name")?,
                };
                let (opponent, opponent_account) = match accounts.of(!side) {
                    Some(account) => (account.clone(), true),
                    None => (names.of(!side).clone(), false),
                };
                let winner: String = row.try_get("winner")?;
                let rules: String = row.try_get("rules")?;
                let board: String = row.try_get("board")?;
                Ok(ArchivedGame {
                    id: row.try_get("id")?,
                    side,
                    opponent,
                    opponent_account,
                    winner: side_of(&winner)?,
                    how: row
                        .try_get::<Option<String>, _>("ending")?
                        .unwrap_or_default(),
                    rated: row.try_get::<i64, _>("rated")? != 0,
                    pool: format!("{rules} {board}"),
                    actions: row.try_get("actions")?,
                    finished_ms: row.try_get("finished_ms")?,
                })
            })
            .collect()
    }

    /// An account's games against other accounts, unfinished ones first, then
    /// by the last action, at most `limit`.
    ///
    /// # Errors
    /// A database failure.
    pub async fn games_of(&self, name: &str, limit: usize) -> Result<Vec<MyGame>, ServerError> {
        let rows = sqlx::query(
            "SELECT id, black_account, white_account, updated_ms, deadline_ms, winner \
             FROM games WHERE (black_account = $1 OR white_account = $1) AND mode = 'challenge' \
             ORDER BY CASE WHEN finished_ms IS NULL THEN 0 ELSE 1 END, updated_ms DESC, id \
             LIMIT $2",
        )
        .bind(name)
        .bind(limit as i64)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                let black: Option<String> = row.try_get("black_account")?;
                let white: Option<String> = row.try_get("white_account")?;
                let side = if black.as_deref() == Some(name) {
                    Side::Black
                } else {
                    Side::White
                };
                let winner: Option<String> = row.try_get("winner")?;
                Ok(MyGame {
                    id: row.try_get("id")?,
                    side,
                    opponent: if side == Side::Black { white } else { black },
                    updated_ms: row.try_get("updated_ms")?,
                    deadline_ms: row.try_get("deadline_ms")?,
                    winner: winner.as_deref().map(side_of).transpose()?,
                })
            })
            .collect()
    }

    /// Games whose side to act has run out of time at `now`, at most `limit`.
    ///
    /// # Errors
    /// A database failure.
    pub async fn due_games(&self, now: i64, limit: usize) -> Result<Vec<String>, ServerError> {
        let rows = sqlx::query(
            "SELECT id FROM games WHERE deadline_ms <= $1 AND finished_ms IS NULL \
             ORDER BY deadline_ms LIMIT $2",
        )
        .bind(now)
        .bind(limit as i64)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|row| Ok(row.try_get("id")?)).collect()
    }
}

fn rating_of(row: &sqlx::any::AnyRow) -> Result<Rating, sqlx::Error> {
    Ok(Rating {
        rating: row.try_get("rating")?,
        deviation: row.try_get("deviation")?,
        volatility: row.try_get("volatility")?,
    })
}

fn challenge_of(row: &sqlx::any::AnyRow) -> Result<ChallengeRow, ServerError> {
    let initial: Option<i64> = row.try_get("initial_s")?;
    let increment: Option<i64> = row.try_get("increment_s")?;
    let days: Option<i64> = row.try_get("days")?;
    let target: i64 = row.try_get("target")?;
    Ok(ChallengeRow {
        id: row.try_get("id")?,
        creator: row.try_get("creator")?,
        rules: row.try_get("rules")?,
        board: row.try_get("board")?,
        target: u8::try_from(target).unwrap_or(1),
        colour: row.try_get("colour")?,
        rated: row.try_get::<i64, _>("rated")? != 0,
        clock: initial.map(|i| (i.max(0) as u64, increment.unwrap_or(0).max(0) as u64)),
        days: days.and_then(|d| u8::try_from(d).ok()),
        opponent: row.try_get("opponent")?,
        created_ms: row.try_get("created_ms")?,
    })
}

/// Rates a game that just ended, in the transaction that stores its end:
/// when it is rated and between two accounts, both players' ratings in its
/// pool move (from their values before it), and each gets a point in its
/// history. On PostgreSQL the two rows are locked in the order of their
/// names, so that two games ending at once rate one after the other.
pub(super) async fn rate(
    tx: &mut Transaction<'static, Any>,
    backend: Backend,
    id: &str,
    winner: Side,
) -> Result<(), sqlx::Error> {
    let row = sqlx::query(
        "SELECT black_account, white_account, rated, rules, board FROM games WHERE id = $1",
    )
    .bind(id)
    .fetch_one(&mut **tx)
    .await?;
    let black: Option<String> = row.try_get("black_account")?;
    let white: Option<String> = row.try_get("white_account")?;
    let rated = row.try_get::<i64, _>("rated")? != 0;
    let (Some(black), Some(white), true) = (black, white, rated) else {
        return Ok(());
    };
    let pool = format!(
        "{} {}",
        row.try_get::<String, _>("rules")?,
        row.try_get::<String, _>("board")?
    );
    let mut names = [black.clone(), white.clone()];
    names.sort();
    let start = Rating::default();
    let lock = match backend {
        Backend::Postgres => " FOR UPDATE",
        Backend::Sqlite => "",
    };
    let mut before = std::collections::HashMap::new();
    for name in &names {
        sqlx::query(
            "INSERT INTO ratings (name, pool, rating, deviation, volatility, games) \
             VALUES ($1, $2, $3, $4, $5, 0) ON CONFLICT (name, pool) DO NOTHING",
        )
        .bind(name)
        .bind(&pool)
        .bind(start.rating)
        .bind(start.deviation)
        .bind(start.volatility)
        .execute(&mut **tx)
        .await?;
        let sql = format!(
            "SELECT rating, deviation, volatility FROM ratings WHERE name = $1 AND pool = $2{lock}"
        );
        let row = sqlx::query(&sql)
            .bind(name)
            .bind(&pool)
            .fetch_one(&mut **tx)
            .await?;
        before.insert(name.clone(), rating_of(&row)?);
    }
    let score = if winner == Side::Black { 1.0 } else { 0.0 };
    let (b, w) = glicko::after_game(before[&black], before[&white], score);
    let now = now_ms() as i64;
    for (name, after) in [(&black, b), (&white, w)] {
        sqlx::query(
            "UPDATE ratings SET rating = $3, deviation = $4, volatility = $5, games = games + 1 \
             WHERE name = $1 AND pool = $2",
        )
        .bind(name)
        .bind(&pool)
        .bind(after.rating)
        .bind(after.deviation)
        .bind(after.volatility)
        .execute(&mut **tx)
        .await?;
        sqlx::query(
            "INSERT INTO rating_history (name, pool, game_id, at_ms, rating, deviation) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(name)
        .bind(&pool)
        .bind(id)
        .bind(now)
        .bind(after.rating)
        .bind(after.deviation)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}
