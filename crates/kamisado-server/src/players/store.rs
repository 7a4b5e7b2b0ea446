//! Accounts, sessions and the throttle on sign-ins in the database.

use sqlx::Row;

use super::confusables::skeleton;
use crate::db::{Db, now_ms};
use crate::error::ServerError;

/// The players' tables: accounts, sessions, the throttle, challenges and
/// the archive ([`super::challenge_store`], [`super::archive`]).
#[derive(Clone, Debug)]
pub struct PlayerStore {
    pub(crate) db: Db,
}

/// An account as stored.
#[derive(Clone, Debug)]
pub struct Account {
    /// Its name, as created.
    pub name: String,
    /// The password's Argon2id hash, in the PHC string format (empty once closed).
    pub password: String,
    /// Whether it was closed: deleted by its player or closed by an operator.
    pub closed: bool,
}

/// What a player's games are shown under once their account is closed.
pub const DELETED_PLAYER: &str = "deleted player";

impl PlayerStore {
    /// The players' tables of `db`.
    pub fn new(db: Db) -> PlayerStore {
        PlayerStore { db }
    }

    /// Creates an account: `false` when the name (without regard to case) is taken.
    ///
    /// # Errors
    /// A database failure.
    pub async fn create_account(&self, name: &str, password: &str) -> Result<bool, ServerError> {
        let result = sqlx::query(
            "INSERT INTO accounts (name, name_key, password, created_ms, skeleton) \
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
        )
        .bind(name)
        .bind(name.to_lowercase())
        .bind(password)
        .bind(now_ms() as i64)
        .bind(skeleton(name))
        .execute(&self.db.pool)
        .await?;
        Ok(result.rows_affected() == 1)
    }

    /// The account whose name looks like `name` (has its skeleton), if any.
    ///
    /// # Errors
    /// A database failure.
    pub async fn account_like(&self, name: &str) -> Result<Option<String>, ServerError> {
        let row = sqlx::query("SELECT name FROM accounts WHERE skeleton = $1")
            .bind(skeleton(name))
            .fetch_optional(&self.db.pool)
            .await?;
        Ok(match row {
            Some(row) => Some(row.try_get("name")?),
            None => None,
        })
    }

    /// Gives the accounts made before skeletons were kept theirs, oldest
    /// first; of two that look alike, the later keeps none (and both still
    /// sign in).
    ///
    /// # Errors
    /// A database failure.
    pub async fn fill_skeletons(&self) -> Result<(), ServerError> {
        let rows = sqlx::query(
            "SELECT name FROM accounts WHERE skeleton IS NULL ORDER BY created_ms, name",
        )
        .fetch_all(&self.db.pool)
        .await?;
        for row in rows {
            let name: String = row.try_get("name")?;
            let filled = sqlx::query(
                "UPDATE accounts SET skeleton = $1 WHERE name = $2 AND skeleton IS NULL \
                 AND NOT EXISTS (SELECT 1 FROM accounts WHERE skeleton = $1)",
            )
            .bind(skeleton(&name))
            .bind(&name)
            .execute(&self.db.pool)
            .await;
            match filled {
                Ok(done) if done.rows_affected() == 0 => {
                    tracing::warn!(%name, "an account's name looks like an older one's");
                }
                Ok(_) => {}
                // Another process filled it first.
                Err(e) => tracing::debug!(%name, "a skeleton was not filled: {e}"),
            }
        }
        Ok(())
    }

    /// The account with this name, without regard to case.
    ///
    /// # Errors
    /// A database failure.
    pub async fn account(&self, name: &str) -> Result<Option<Account>, ServerError> {
        let row = sqlx::query("SELECT name, password, closed_ms FROM accounts WHERE name_key = $1")
            .bind(name.to_lowercase())
            .fetch_optional(&self.db.pool)
            .await?;
        Ok(match row {
            Some(row) => Some(Account {
                name: row.try_get("name")?,
                password: row.try_get("password")?,
                closed: row.try_get::<Option<i64>, _>("closed_ms")?.is_some(),
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
            .execute(&self.db.pool)
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
                .fetch_optional(&self.db.pool)
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
            .execute(&self.db.pool)
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
                .fetch_optional(&self.db.pool)
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
        let mut tx = self.db.pool.begin().await?;
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
            .execute(&self.db.pool)
            .await?;
        Ok(())
    }

    /// Sets an account's password hash.
    ///
    /// # Errors
    /// A database failure.
    pub async fn set_password(&self, name: &str, hash: &str) -> Result<(), ServerError> {
        sqlx::query("UPDATE accounts SET password = $2 WHERE name = $1")
            .bind(name)
            .bind(hash)
            .execute(&self.db.pool)
            .await?;
        Ok(())
    }

    /// Ends every session of an account but `keep` (a token's hash): how many ended.
    ///
    /// # Errors
    /// A database failure.
    pub async fn end_sessions(&self, name: &str, keep: Option<&str>) -> Result<u64, ServerError> {
        let result = sqlx::query("DELETE FROM sessions WHERE name = $1 AND token_hash <> $2")
            .bind(name)
            .bind(keep.unwrap_or(""))
            .execute(&self.db.pool)
            .await?;
        Ok(result.rows_affected())
    }

    /// An account's unfinished games against another account.
    ///
    /// # Errors
    /// A database failure.
    pub async fn unfinished_between_accounts(&self, name: &str) -> Result<i64, ServerError> {
        let row = sqlx::query(
            "SELECT COUNT(*) AS n FROM games WHERE finished_ms IS NULL \
             AND black_account IS NOT NULL AND white_account IS NOT NULL \
             AND (black_account = $1 OR white_account = $1)",
        )
        .bind(name)
        .fetch_one(&self.db.pool)
        .await?;
        Ok(row.try_get("n")?)
    }

    /// Closes an account, in one transaction: its password emptied, its
    /// sessions ended, its open challenges cancelled, its ratings taken off
    /// the leaderboard, and its games' side renamed [`DELETED_PLAYER`] and
    /// left without an account (each game's version raised, so that a
    /// process holding it reads it again). The row stays, so the name stays
    /// taken. The games renamed, each with its new version.
    ///
    /// # Errors
    /// A database failure.
    pub async fn close_account(&self, name: &str) -> Result<Vec<(String, i64)>, ServerError> {
        let mut tx = self.db.pool.begin().await?;
        sqlx::query("UPDATE accounts SET password = '', closed_ms = $2 WHERE name = $1")
            .bind(name)
            .bind(now_ms() as i64)
            .execute(&mut *tx)
            .await?;
        let statements = [
            "DELETE FROM sessions WHERE name = $1",
            "UPDATE challenges SET cancelled = 1 WHERE game_id IS NULL AND cancelled = 0 \
             AND (creator = $1 OR opponent = $1)",
            "DELETE FROM ratings WHERE name = $1",
            "DELETE FROM rating_history WHERE name = $1",
        ];
        for sql in statements {
            sqlx::query(sql).bind(name).execute(&mut *tx).await?;
        }
        let mut renamed = Vec::new();
        for side in ["black", "white"] {
            let sql = format!(
                "UPDATE games SET {side}_name = $2, {side}_account = NULL, \
                 version = version + 1 WHERE {side}_account = $1 RETURNING id, version"
            );
            for row in sqlx::query(&sql)
                .bind(name)
                .bind(DELETED_PLAYER)
                .fetch_all(&mut *tx)
                .await?
            {
                renamed.push((row.try_get("id")?, row.try_get("version")?));
            }
        }
        tx.commit().await?;
        Ok(renamed)
    }
}
