//! The messages of API tokens, bot accounts and the bot's event stream
//! (docs/bots.md).

use serde::{Deserialize, Serialize};

use crate::players::ChallengeView;
use crate::vocabulary::SideCode;

/// What an API token may be used for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Scope {
    /// Play the account's games: their WebSockets and states, the bot's
    /// event stream, the lobby.
    Play,
    /// Make, accept, decline and cancel challenges.
    Challenge,
}

impl Scope {
    /// Every scope, in order.
    pub const ALL: [Scope; 2] = [Scope::Play, Scope::Challenge];

    /// Its name on the wire: `play` or `challenge`.
    pub fn name(self) -> &'static str {
        match self {
            Scope::Play => "play",
            Scope::Challenge => "challenge",
        }
    }

    /// The scope of a name, if it is one.
    pub fn named(name: &str) -> Option<Scope> {
        Scope::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// `POST /api/tokens`: a new token's name and scopes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TokenRequest {
    /// What the token is for, in the owner's words: 1 to 40 characters.
    pub name: String,
    /// What it may do (every scope when left out).
    #[serde(default)]
    pub scopes: Option<Vec<Scope>>,
}

/// A token as listed: never its secret.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TokenView {
    /// Its id, which names it in `DELETE /api/tokens/{id}`.
    pub id: String,
    /// Its name.
    pub name: String,
    /// What it may do.
    pub scopes: Vec<Scope>,
    /// When it was made, in ms since 1970.
    pub created_ms: i64,
}

/// The answer of `POST /api/tokens`: the token, with its secret, shown
/// this once (the server keeps only its hash).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TokenCreated {
    /// The token as listed.
    #[serde(flatten)]
    pub view: TokenView,
    /// The secret, sent as `Authorization: Bearer SECRET`.
    pub token: String,
}

/// `GET /api/tokens`: the signed-in account's tokens not revoked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TokenList {
    /// Newest first.
    pub tokens: Vec<TokenView>,
}

/// The answer of `POST /api/account/bot`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BotAccountView {
    /// The account's name.
    pub name: String,
    /// Always true: a refusal answers an error instead.
    pub bot: bool,
}

/// A message of the bot's event stream (`GET /api/bot/ws`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum BotEvent {
    /// A challenge addressed to the bot, open: on connecting, and when made.
    Challenge {
        /// The challenge, as the lobby lists it.
        challenge: ChallengeView,
    },
    /// A game of the bot's that is not over: on connecting (each one, so
    /// that a bridge that reconnects resumes them), and when one starts.
    GameStart {
        /// The game's id.
        game: String,
        /// The bot's colour in it.
        colour: SideCode,
    },
    /// A game of the bot's ended.
    GameFinish {
        /// The game's id.
        game: String,
        /// Its winner.
        winner: Option<SideCode>,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scopes_and_events_round_trip() {
        for scope in Scope::ALL {
            assert_eq!(Scope::named(scope.name()), Some(scope));
            let text = serde_json::to_string(&scope).unwrap();
            assert_eq!(text, format!("\"{}\"", scope.name()));
        }
        let event = BotEvent::GameFinish {
            game: "g1".into(),
            winner: Some(SideCode::White),
        };
        let text = serde_json::to_string(&event).unwrap();
        assert_eq!(text, r#"{"t":"game_finish","game":"g1","winner":"w"}"#);
        assert_eq!(serde_json::from_str::<BotEvent>(&text).unwrap(), event);
    }
}
