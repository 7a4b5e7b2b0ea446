//! API tokens and bot accounts in the database (docs/bots.md): a token is
//! kept by the hash of its secret, listed by its id, revoked for good.

use sqlx::Row;

use kamisado_wire::bots::Scope;

use super::store::PlayerStore;
use crate::error::ServerError;

/// A token as stored, without its secret (which is never stored).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenRow {
    /// Its id.
    pub id: String,
    /// The account it signs in.
    pub account: String,
    /// Its name, in the owner's words.
    pub label: String,
    /// What it may do.
    pub scopes: Vec<Scope>,
    /// When it was made, in ms since 1970.
    pub created_ms: i64,
}

/// The account a live token signs in, and whether it is a bot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenOwner {
    /// The token as stored.
    pub token: TokenRow,
    /// Whether its account is a bot.
    pub bot: bool,
}

/// Scopes as stored: their names separated by spaces.
fn scopes_text(scopes: &[Scope]) -> String {
    scopes
        .iter()
        .map(|s| s.name())
        .collect::<Vec<_>>()
        .join(" ")
}

fn token_of(row: &sqlx::any::AnyRow) -> Result<TokenRow, ServerError> {
    let scopes: String = row.try_get("scopes")?;
    Ok(TokenRow {
        id: row.try_get("id")?,
        account: row.try_get("name")?,
        label: row.try_get("label")?,
        scopes: scopes.split(' ').filter_map(Scope::named).collect(),
        created_ms: row.try_get("created_ms")?,
    })
}

impl PlayerStore {
    /// Stores a token by the hash of its secret.
    ///
    /// # Errors
    /// A database failure.
    pub async fn insert_token(&self, token: &TokenRow, hash: &str) -> Result<(), ServerError> {
        sqlx::query(
            "INSERT INTO api_tokens (id, token_hash, name, label, scopes, created_ms) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(&token.id)
        .bind(hash)
        .bind(&token.account)
        .bind(&token.label)
        .bind(scopes_text(&token.scopes))
        .bind(token.created_ms)
        .execute(&self.db.pool)
        .await?;
        Ok(())
    }

    /// An account's tokens not revoked, newest first.
    ///
    /// # Errors
    /// A database failure.
    pub async fn tokens_of(&self, name: &str) -> Result<Vec<TokenRow>, ServerError> {
        let rows = sqlx::query(
            "SELECT id, name, label, scopes, created_ms FROM api_tokens \
             WHERE name = $1 AND revoked_ms IS NULL ORDER BY created_ms DESC, id",
        )
        .bind(name)
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter().map(token_of).collect()
    }

    /// How many tokens an account has not revoked.
    ///
    /// # Errors
    /// A database failure.
    pub async fn live_tokens(&self, name: &str) -> Result<i64, ServerError> {
        let row = sqlx::query(
            "SELECT COUNT(*) AS n FROM api_tokens WHERE name = $1 AND revoked_ms IS NULL",
        )
        .bind(name)
        .fetch_one(&self.db.pool)
        .await?;
        Ok(row.try_get("n")?)
    }

    /// Revokes token `id` of account `name`: whether it was live.
    ///
    /// # Errors
    /// A database failure.
    pub async fn revoke_token(
        &self,
        name: &str,
        id: &str,
        at_ms: i64,
    ) -> Result<bool, ServerError> {
        let done = sqlx::query(
            "UPDATE api_tokens SET revoked_ms = $1 WHERE id = $2 AND name = $3 \
             AND revoked_ms IS NULL",
        )
        .bind(at_ms)
        .bind(id)
        .bind(name)
        .execute(&self.db.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// The live token with this hash and its account, if the account is open.
    ///
    /// # Errors
    /// A database failure.
    pub async fn token(&self, hash: &str) -> Result<Option<TokenOwner>, ServerError> {
        let row = sqlx::query(
            "SELECT t.id, t.name, t.label, t.scopes, t.created_ms, a.bot FROM api_tokens t \
             JOIN accounts a ON a.name = t.name \
             WHERE t.token_hash = $1 AND t.revoked_ms IS NULL AND a.closed_ms IS NULL",
        )
        .bind(hash)
        .fetch_optional(&self.db.pool)
        .await?;
        match row {
            Some(row) => Ok(Some(TokenOwner {
                token: token_of(&row)?,
                bot: row.try_get::<i64, _>("bot")? != 0,
            })),
            None => Ok(None),
        }
    }

    /// Makes account `name` a bot, if it has played no game with its
    /// account: whether it did (false: it has games, or is one already).
    ///
    /// # Errors
    /// A database failure.
    pub async fn make_bot(&self, name: &str) -> Result<bool, ServerError> {
        let done = sqlx::query(
            "UPDATE accounts SET bot = 1 WHERE name = $1 AND bot = 0 AND closed_ms IS NULL \
             AND NOT EXISTS (SELECT 1 FROM games WHERE black_account = $1 OR white_account = $1)",
        )
        .bind(name)
        .execute(&self.db.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Whether account `name` is a bot (false for no such account).
    ///
    /// # Errors
    /// A database failure.
    pub async fn is_bot(&self, name: &str) -> Result<bool, ServerError> {
        let row = sqlx::query("SELECT bot FROM accounts WHERE name = $1")
            .bind(name)
            .fetch_optional(&self.db.pool)
            .await?;
        match row {
            Some(row) => Ok(row.try_get::<i64, _>("bot")? != 0),
            None => Ok(false),
        }
    }

    /// The bot accounts, by name.
    ///
    /// # Errors
    /// A database failure.
    pub async fn bots(&self) -> Result<std::collections::HashSet<String>, ServerError> {
        let rows = sqlx::query("SELECT name FROM accounts WHERE bot <> 0")
            .fetch_all(&self.db.pool)
            .await?;
        rows.iter()
            .map(|r| r.try_get::<String, _>("name").map_err(ServerError::from))
            .collect()
    }
}
