//! An account managed by its player and by an operator (docs/players.md):
//! a new password, signing out everywhere, deleting the account; closing
//! one and ending its sessions from the command line.

use std::net::IpAddr;

use axum::http::HeaderMap;
use kamisado_wire::players::{AccountDeletion, AccountDone, PasswordChange};

use super::lobby::{LOBBY_CHANNEL, LobbyEvent};
use super::store::PlayerStore;
use super::{Players, signed_in};
use crate::db::Db;
use crate::error::ServerError;
use crate::games::CHANNEL;
use kamisado_wire::{Choice, Refusal};

impl Players {
    /// Changes the signed-in player's password; every other session of the
    /// account ends, the one that asked stays.
    ///
    /// # Errors
    /// A guest, a wrong old password, a bad new one, or a database failure.
    pub async fn change_password(
        &self,
        viewer: Option<String>,
        address: IpAddr,
        headers: &HeaderMap,
        request: PasswordChange,
    ) -> Result<AccountDone, ServerError> {
        let name = signed_in(viewer, Choice::ChangePassword)?;
        self.check_own_password(address, &name, request.old).await?;
        let hash = Players::new_password_hash(request.new).await?;
        self.store.set_password(&name, &hash).await?;
        let keep = Players::session_hash(headers);
        let ended = self.store.end_sessions(&name, keep.as_deref()).await?;
        tracing::info!(%name, sessions_ended = ended, "password changed");
        Ok(AccountDone {
            ok: true,
            sessions_ended: ended,
            games_renamed: None,
        })
    }

    /// Ends every session of the signed-in player, this one too.
    ///
    /// # Errors
    /// A guest, or a database failure.
    pub async fn sign_out_everywhere(
        &self,
        viewer: Option<String>,
    ) -> Result<AccountDone, ServerError> {
        let name = signed_in(viewer, Choice::SignOutEverywhere)?;
        let ended = self.store.end_sessions(&name, None).await?;
        tracing::info!(%name, sessions_ended = ended, "signed out everywhere");
        Ok(AccountDone {
            ok: true,
            sessions_ended: ended,
            games_renamed: None,
        })
    }

    /// Deletes the signed-in player's account, given its password: see
    /// [`PlayerStore::close_account`]. Refused while a game against another
    /// account is unfinished.
    ///
    /// # Errors
    /// A guest, a wrong password, an unfinished game, or a database failure.
    pub async fn delete_account(
        &self,
        viewer: Option<String>,
        address: IpAddr,
        request: AccountDeletion,
    ) -> Result<AccountDone, ServerError> {
        let name = signed_in(viewer, Choice::DeleteAccount)?;
        self.check_own_password(address, &name, request.password)
            .await?;
        let unfinished = self.store.unfinished_between_accounts(&name).await?;
        if unfinished > 0 {
            return Err(ServerError::Conflict(Refusal::unfinished_games(unfinished)));
        }
        let (done, renamed) = close(&self.store, &name).await?;
        for (id, _) in renamed {
            if let Some(cell) = self.games.held(&id).await {
                self.games.refresh(&cell, None).await?;
            }
        }
        self.lobby.tell(LobbyEvent::Changed).await;
        Ok(done)
    }
}

/// Closes the account `name` and ends its sessions, and tells the other
/// processes of the games renamed: what was done, and those games.
async fn close(
    store: &PlayerStore,
    name: &str,
) -> Result<(AccountDone, Vec<(String, i64)>), ServerError> {
    let ended = store.end_sessions(name, None).await?;
    let renamed = store.close_account(name).await?;
    for (id, version) in &renamed {
        store.db.tell(CHANNEL, &format!("{id} {version}")).await?;
    }
    tracing::info!(%name, games_renamed = renamed.len(), "account closed");
    let done = AccountDone {
        ok: true,
        sessions_ended: ended,
        games_renamed: Some(renamed.len() as u64),
    };
    Ok((done, renamed))
}

/// An operator's command naming an account there is not.
fn no_account(name: &str) -> ServerError {
    ServerError::Operator(format!("there is no account named {name}"))
}

/// The open account named `name` (without regard to case), by the name it was created with.
async fn open_account(store: &PlayerStore, name: &str) -> Result<String, ServerError> {
    match store.account(name).await? {
        Some(account) if !account.closed => Ok(account.name),
        Some(account) => Err(ServerError::Operator(format!(
            "the account {} is already closed",
            account.name
        ))),
        None => Err(no_account(name)),
    }
}

/// `kamisado admin close NAME`: closes an account whatever its games (an
/// unfinished one goes on under "deleted player" until its clock, or a
/// claim, ends it). What was done.
///
/// # Errors
/// An unknown or closed name, or a database failure.
pub async fn admin_close(db_url: &str, name: &str) -> Result<AccountDone, ServerError> {
    let db = Db::open(db_url).await?;
    let store = PlayerStore::new(db.clone());
    let result = match open_account(&store, name).await {
        Ok(name) => match close(&store, &name).await {
            // The lobbies of every process list the open challenges again
            // (PostgreSQL; a running SQLite server's shows them until its next change).
            Ok((done, _)) => db
                .tell(LOBBY_CHANNEL, &LobbyEvent::Changed.payload())
                .await
                .map(|()| done),
            Err(e) => Err(e),
        },
        Err(e) => Err(e),
    };
    db.pool.close().await;
    result
}

/// `kamisado admin sessions revoke NAME`: ends every session of an
/// account. The sessions ended.
///
/// # Errors
/// An unknown name, or a database failure.
pub async fn admin_revoke(db_url: &str, name: &str) -> Result<u64, ServerError> {
    let db = Db::open(db_url).await?;
    let store = PlayerStore::new(db.clone());
    let result = match store.account(name).await? {
        Some(account) => store.end_sessions(&account.name, None).await,
        None => Err(no_account(name)),
    };
    if let Ok(ended) = result {
        tracing::info!(%name, sessions_ended = ended, "sessions revoked");
    }
    db.pool.close().await;
    result
}
