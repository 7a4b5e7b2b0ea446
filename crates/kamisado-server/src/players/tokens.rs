//! API tokens and bot accounts (docs/bots.md): a signed-in player makes a
//! token (its secret shown once, kept hashed), lists and revokes it, and
//! turns an account that has played no game into a bot. A request that
//! carries `Authorization: Bearer SECRET` is the token's account's; what a
//! token or a bot may not do is refused here, in one place
//! ([`refusal_for`]).

use axum::http::{HeaderMap, Method};
use kamisado_wire::bots::{
    BotAccountView, Scope, TokenCreated, TokenList, TokenRequest, TokenView,
};

use std::sync::Arc;

use tokio::sync::broadcast;

use super::accounts::token_hash;
use super::lobby::LobbyEvent;
use super::token_store::TokenRow;
use super::{Players, signed_in};
use crate::db::now_ms;
use crate::error::ServerError;
use crate::games::ids::seat_key;
use crate::request::Credential;
use kamisado_wire::{Choice, Refusal};

/// Live tokens per account, at most.
pub const MAX_TOKENS: i64 = 20;
/// The longest name of a token, in characters.
const MAX_TOKEN_NAME: usize = 40;
/// What every token's secret starts with, so that one is recognised in a
/// file or a leak.
pub const TOKEN_PREFIX: &str = "kamisado_";

/// Who a request signs in and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Signed {
    /// The account.
    pub name: String,
    /// How it signed in.
    pub credential: Credential,
}

/// The secret of `Authorization: Bearer SECRET`, if the request carries one.
///
/// # Errors
/// An `Authorization` header of another kind.
pub fn bearer(headers: &HeaderMap) -> Result<Option<String>, ServerError> {
    let Some(value) = headers.get(axum::http::header::AUTHORIZATION) else {
        return Ok(None);
    };
    let text = value.to_str().unwrap_or("");
    match text.split_once(' ') {
        Some((kind, secret))
            if kind.eq_ignore_ascii_case("bearer") && !secret.trim().is_empty() =>
        {
            Ok(Some(secret.trim().to_string()))
        }
        _ => Err(ServerError::Unauthorized(Refusal::bad_authorization(
            "Authorization: Bearer TOKEN",
        ))),
    }
}

/// Why a request signed in by `credential` may not be made, if it may not:
/// a token cannot manage the account or its tokens, needs the scope of
/// what it asks, and a bot account uses neither the engine's help (hints
/// are refused in every game between accounts, [`crate::games::rights`])
/// nor games of its own outside challenges.
pub fn refusal_for(credential: &Credential, method: &Method, path: &str) -> Option<ServerError> {
    let forbidden = |why: Refusal| Some(ServerError::Forbidden(why));
    let learning = [
        "/api/analysis",
        "/api/danger",
        "/api/puzzles",
        "/api/lessons",
    ];
    if credential.bot && learning.iter().any(|p| path.starts_with(p)) {
        return forbidden(Refusal::bot_no_learning());
    }
    if credential.bot && path.ends_with("/review") {
        return forbidden(Refusal::bot_no_review());
    }
    if credential.bot && path == "/api/games" && method == Method::POST {
        return forbidden(Refusal::bot_no_games());
    }
    credential.token.as_ref()?;
    if path.starts_with("/api/account") || path.starts_with("/api/tokens") {
        return forbidden(Refusal::token_no_account());
    }
    let needs = if path.starts_with("/api/challenges") {
        Scope::Challenge
    } else {
        Scope::Play
    };
    (!credential.scopes.contains(&needs))
        .then(|| ServerError::Forbidden(Refusal::token_scope(needs.name(), path)))
}

impl Players {
    /// Who a request signs in: by its API token when it carries one (an
    /// unknown or revoked token is refused, never taken for a guest), else
    /// by its session cookie.
    ///
    /// # Errors
    /// A token that signs nobody in, or a database failure.
    pub async fn signed(&self, headers: &HeaderMap) -> Result<Option<Signed>, ServerError> {
        if let Some(secret) = bearer(headers)? {
            let owner = self
                .store
                .token(&token_hash(&secret))
                .await?
                .ok_or_else(|| ServerError::Unauthorized(Refusal::token_unknown()))?;
            return Ok(Some(Signed {
                name: owner.token.account,
                credential: Credential {
                    token: Some(owner.token.id),
                    scopes: owner.token.scopes,
                    bot: owner.bot,
                },
            }));
        }
        let Some(name) = self.viewer(headers).await? else {
            return Ok(None);
        };
        let bot = self.store.is_bot(&name).await?;
        Ok(Some(Signed {
            name,
            credential: Credential {
                token: None,
                scopes: Scope::ALL.to_vec(),
                bot,
            },
        }))
    }

    /// Makes an API token for the signed-in account: its secret, shown once.
    ///
    /// # Errors
    /// A guest, a bad name, too many tokens, or a database failure.
    pub async fn create_token(
        &self,
        account: Option<String>,
        request: TokenRequest,
    ) -> Result<TokenCreated, ServerError> {
        let name = signed_in(account, Choice::MakeToken)?;
        let label = request.name.trim().to_string();
        let count = label.chars().count();
        if !(1..=MAX_TOKEN_NAME).contains(&count) || label.chars().any(char::is_control) {
            return Err(ServerError::BadRequest(Refusal::token_name(MAX_TOKEN_NAME)));
        }
        let mut scopes = request.scopes.unwrap_or_else(|| Scope::ALL.to_vec());
        scopes.sort();
        scopes.dedup();
        if scopes.is_empty() {
            return Err(ServerError::BadRequest(Refusal::token_no_scope()));
        }
        if self.store.live_tokens(&name).await? >= MAX_TOKENS {
            return Err(ServerError::TooMany(Refusal::too_many_tokens(MAX_TOKENS)));
        }
        let secret = format!("{TOKEN_PREFIX}{}{}", seat_key()?, seat_key()?);
        let row = TokenRow {
            id: seat_key()?[..12].to_string(),
            account: name,
            label,
            scopes,
            created_ms: now_ms() as i64,
        };
        self.store.insert_token(&row, &token_hash(&secret)).await?;
        tracing::info!(account = %row.account, token = %row.id, "API token made");
        Ok(TokenCreated {
            view: token_view(row),
            token: secret,
        })
    }

    /// The signed-in account's live tokens.
    ///
    /// # Errors
    /// A guest, or a database failure.
    pub async fn tokens(&self, account: Option<String>) -> Result<TokenList, ServerError> {
        let name = signed_in(account, Choice::SeeTokens)?;
        let tokens = self.store.tokens_of(&name).await?;
        Ok(TokenList {
            tokens: tokens.into_iter().map(token_view).collect(),
        })
    }

    /// Revokes a token of the signed-in account's: it signs nothing in from
    /// now on, and the WebSockets it opened close, in every process
    /// ([`Players::watch_revocations`]).
    ///
    /// # Errors
    /// A guest, a token that is not theirs or was revoked, or a database failure.
    pub async fn revoke_token(&self, account: Option<String>, id: &str) -> Result<(), ServerError> {
        let name = signed_in(account, Choice::RevokeToken)?;
        if !self.store.revoke_token(&name, id, now_ms() as i64).await? {
            return Err(ServerError::NotFound(Refusal::no_such_token(id)));
        }
        tracing::info!(account = %name, token = %id, "API token revoked");
        let token = id.to_string();
        self.lobby.tell(LobbyEvent::Revoked { token }).await;
        Ok(())
    }

    /// Closes, in this process, the WebSockets of every token revoked in
    /// any process (told through the lobby's channel), until the players
    /// are dropped: the task that does.
    pub fn watch_revocations(self: &Arc<Self>) -> tokio::task::JoinHandle<()> {
        let mut events = self.lobby.subscribe();
        let players = Arc::downgrade(self);
        tokio::spawn(async move {
            loop {
                match events.recv().await {
                    Ok(LobbyEvent::Revoked { token }) => match players.upgrade() {
                        Some(players) => players.games.revoke(&token),
                        None => return,
                    },
                    Ok(_) => {}
                    Err(broadcast::error::RecvError::Lagged(n)) => {
                        tracing::warn!(
                            "{n} lobby events were missed: a revocation may be among them"
                        );
                    }
                    Err(broadcast::error::RecvError::Closed) => return,
                }
            }
        })
    }

    /// Turns the signed-in account into a bot account, for good: it must
    /// have played no game.
    ///
    /// # Errors
    /// A guest, an account with games or a bot already, or a database failure.
    pub async fn become_bot(&self, account: Option<String>) -> Result<BotAccountView, ServerError> {
        let name = signed_in(account, Choice::MakeBot)?;
        if self.store.is_bot(&name).await? {
            return Err(ServerError::Conflict(Refusal::already_bot(&name)));
        }
        if !self.store.make_bot(&name).await? {
            return Err(ServerError::Conflict(Refusal::bot_has_games(&name)));
        }
        tracing::info!(account = %name, "account made a bot");
        Ok(BotAccountView { name, bot: true })
    }
}

fn token_view(row: TokenRow) -> TokenView {
    TokenView {
        id: row.id,
        name: row.label,
        scopes: row.scopes,
        created_ms: row.created_ms,
    }
}
