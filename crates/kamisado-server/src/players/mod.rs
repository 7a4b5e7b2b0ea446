//! Players who meet strangers (docs/players.md): accounts and sessions,
//! open challenges and the lobby, and the player pages; API tokens, bot
//! accounts and the bot's event stream (docs/bots.md). Games between
//! accounts are then played as every game is ([`crate::games`]), with seats
//! opened by the session as well as by key; their ratings move as they end
//! ([`crate::ratings`]).

use std::sync::Arc;

use crate::error::ServerError;
use crate::games::Games;
use crate::ratings::Ratings;
use kamisado_wire::{Choice, Refusal};

pub mod accounts;
mod archive;
pub mod bot_routes;
mod bots;
mod challenge_store;
mod challenges;
pub mod confusables;
pub mod lobby;
pub mod manage;
mod pages;
pub mod routes;
pub mod store;
mod token_store;
pub mod tokens;

use lobby::Lobby;
use store::PlayerStore;

/// What the players' routes share: the games (a challenge starts one), the
/// players' tables, the ratings and the lobby.
pub struct Players {
    /// The games.
    pub games: Arc<Games>,
    /// Accounts, sessions, challenges and the archive.
    pub store: PlayerStore,
    /// The ratings.
    pub ratings: Ratings,
    /// The lobby's events.
    pub lobby: Arc<Lobby>,
}

impl Players {
    /// The players of the games' database.
    pub fn new(games: Arc<Games>) -> Players {
        let db = games.store.db().clone();
        Players {
            store: PlayerStore::new(db.clone()),
            ratings: Ratings::new(db.clone()),
            lobby: Arc::new(Lobby::new(db)),
            games,
        }
    }
}

/// The signed-in account, or the refusal that says to sign in to `what`.
fn signed_in(account: Option<String>, what: Choice) -> Result<String, ServerError> {
    account.ok_or_else(|| ServerError::Unauthorized(Refusal::sign_in_required(what)))
}
