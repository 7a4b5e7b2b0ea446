//! The messages of accounts, open challenges, the lobby's WebSocket and the
//! player pages (docs/players.md).

use std::collections::BTreeMap;

use kamisado_core::Rules;
use kamisado_core::geometry::BoardSize;
use serde::{Deserialize, Serialize};

use crate::state::{ClockView, Status};
use crate::vocabulary::{PerSide, PlayAs, SideCode};

/// A game this browser holds, claimed by the account it creates.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameKey {
    /// The game's id.
    pub id: String,
    /// The seat key held.
    pub key: String,
}

/// `POST /api/accounts` and `POST /api/session`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Credentials {
    /// The account's name.
    pub name: String,
    /// Its password.
    pub password: String,
    /// Games to claim (creating an account only).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub games: Vec<GameKey>,
}

/// Who is signed in: the answer of the session routes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SessionView {
    /// The account's name; none for a guest.
    pub name: Option<String>,
    /// Whether the account is a bot.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bot: bool,
    /// The games claimed (creating an account).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claimed: Option<usize>,
}

/// A live clock: initial time and increment, in seconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClockRequest {
    /// Each side's time for the match: 15 to 10800 seconds.
    pub initial_s: u64,
    /// Added after each action: 0 to 60 seconds.
    pub increment_s: u64,
}

/// `POST /api/challenges`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChallengeRequest {
    /// The rule set (`standard` by default).
    #[serde(default, with = "crate::text::option")]
    pub rules: Option<Rules>,
    /// The board (`8x8` by default).
    #[serde(default, with = "crate::text::option")]
    pub board: Option<BoardSize>,
    /// The points that win the match (1 by default).
    #[serde(default)]
    pub target: Option<u8>,
    /// The creator's colour: `black`, `white` (or `gold`) or `random` (the default).
    #[serde(default)]
    pub colour: Option<PlayAs>,
    /// Whether the game is rated (the default: yes).
    #[serde(default)]
    pub rated: Option<bool>,
    /// A live clock.
    #[serde(default)]
    pub clock: Option<ClockRequest>,
    /// Or days a move.
    #[serde(default)]
    pub days: Option<u64>,
    /// The one player it is for.
    #[serde(default)]
    pub opponent: Option<String>,
}

/// An open challenge, as listed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChallengeView {
    /// Its id.
    pub id: String,
    /// The account that made it.
    pub creator: String,
    /// Whether the creator is a bot account.
    #[serde(default)]
    pub creator_bot: bool,
    /// The creator's rating in the challenge's pool (1500 when unrated).
    pub rating: f64,
    /// The rule set.
    #[serde(with = "crate::text::plain")]
    pub rules: Rules,
    /// The board.
    #[serde(with = "crate::text::plain")]
    pub board: BoardSize,
    /// The points that win the match.
    pub target: u8,
    /// The creator's colour.
    pub colour: PlayAs,
    /// Whether it is rated.
    pub rated: bool,
    /// A live clock.
    pub clock: Option<ClockRequest>,
    /// Or days a move.
    pub days: Option<u8>,
    /// The one player it is for.
    pub opponent: Option<String>,
    /// Whether that player is a bot account.
    #[serde(default)]
    pub opponent_bot: bool,
    /// When it was made, in ms since 1970.
    pub created_ms: i64,
}

/// `GET /api/challenges`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChallengeList {
    /// The open challenges, newest first.
    pub challenges: Vec<ChallengeView>,
}

/// A message of the lobby's WebSocket.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum LobbyMessage {
    /// The open challenges, on connecting and after every change.
    Challenges {
        /// As `GET /api/challenges` would list them.
        challenges: Vec<ChallengeView>,
    },
    /// A challenge was accepted and its game started.
    Started {
        /// The challenge.
        challenge: String,
        /// The game's id.
        game: String,
        /// Black's account.
        black: String,
        /// White's account.
        white: String,
    },
    /// A tournament's round paired a game: its players are taken to the board.
    Paired {
        /// The tournament.
        tournament: String,
        /// The game's id.
        game: String,
        /// Black's name.
        black: String,
        /// White's name.
        white: String,
    },
    /// A tournament changed (an entry, a result, a round, its end): its
    /// page asks for it again.
    Tournament {
        /// The tournament.
        id: String,
    },
}

/// A rating in one pool.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingView {
    /// The rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// The rated games played.
    pub games: i64,
    /// Whether the rating is provisional (its deviation is still high).
    pub provisional: bool,
}

/// A rating after a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HistoryPoint {
    /// When the game ended.
    pub at_ms: i64,
    /// The rating after it.
    pub rating: f64,
    /// The deviation after it.
    pub deviation: f64,
    /// The game's id.
    pub game: String,
}

/// A finished game in a player's archive.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArchiveEntry {
    /// The game's id.
    pub id: String,
    /// The opponent: an account, or the name played under.
    pub opponent: String,
    /// Whether the opponent is an account (with a page).
    pub opponent_account: bool,
    /// The player's colour.
    pub colour: SideCode,
    /// `win` or `loss`.
    pub result: String,
    /// How the last round ended.
    pub how: String,
    /// The score.
    pub score: PerSide<u8>,
    /// The moves made.
    pub moves: i64,
    /// Whether it was rated.
    pub rated: bool,
    /// Its pool.
    pub pool: String,
    /// When it ended.
    pub finished_ms: i64,
}

/// `GET /api/players/{name}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerView {
    /// The name.
    pub name: String,
    /// Whether the account is a bot (it plays through the API, docs/bots.md).
    #[serde(default)]
    pub bot: bool,
    /// The rating in each pool played.
    pub ratings: BTreeMap<String, RatingView>,
    /// The rating after each rated game, per pool, oldest first.
    pub history: BTreeMap<String, Vec<HistoryPoint>>,
    /// The finished games, newest first.
    pub games: Vec<ArchiveEntry>,
}

/// A player on a leaderboard.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LeaderView {
    /// The name.
    pub name: String,
    /// Whether the account is a bot.
    #[serde(default)]
    pub bot: bool,
    /// The rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// The rated games played.
    pub games: i64,
    /// Whether the rating is provisional (its deviation is still high).
    pub provisional: bool,
}

/// An engine level's rating.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct EngineRating {
    /// The level, 1–6.
    pub level: u8,
    /// Its rating on the engine's ladder of matches between the levels
    /// (`kamisado_engine::ladder::level_ratings`).
    pub rating: f64,
}

/// `GET /api/leaderboard`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LeaderboardView {
    /// The pool shown.
    pub pool: String,
    /// Every pool with rated players.
    pub pools: Vec<String>,
    /// Its players, by rating, the provisional last.
    pub players: Vec<LeaderView>,
    /// The engine's levels.
    pub engine: Vec<EngineRating>,
}

/// A game of the signed-in player's, in `GET /api/my/games`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MyGameView {
    /// The game's id.
    pub id: String,
    /// The opponent's account.
    pub opponent: Option<String>,
    /// The player's colour.
    pub colour: SideCode,
    /// Whether it is rated.
    pub rated: bool,
    /// The rule set.
    #[serde(with = "crate::text::plain")]
    pub rules: Rules,
    /// The board.
    #[serde(with = "crate::text::plain")]
    pub board: BoardSize,
    /// The points that win the match.
    pub target: u8,
    /// The clock, in a timed game.
    pub clock: Option<ClockView>,
    /// `playing`, `fill` or `over`.
    pub status: Status,
    /// The score.
    pub score: PerSide<u8>,
    /// Whether the player is to act.
    pub your_turn: bool,
    /// When the side to act loses on time.
    pub deadline_ms: Option<i64>,
    /// The winner, once over.
    pub winner: Option<SideCode>,
    /// When the last action was made.
    pub updated_ms: i64,
}

/// `GET /api/my/games`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MyGamesView {
    /// The games, unfinished first (the player's turn first), then the latest.
    pub games: Vec<MyGameView>,
}

/// `POST /api/account/password`: the password signed in with and the new one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PasswordChange {
    /// The account's password now.
    pub old: String,
    /// The password it takes: 8 to 200 characters.
    pub new: String,
}

/// `DELETE /api/account`: the account's password, to be sure.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AccountDeletion {
    /// The account's password.
    pub password: String,
}

/// The answer of the account routes: what was done.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AccountDone {
    /// Always true: a refusal answers an error instead.
    pub ok: bool,
    /// The other sessions ended (changing the password, signing out
    /// everywhere) or every one (deleting the account).
    pub sessions_ended: u64,
    /// The games now shown under "deleted player" (deleting the account).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub games_renamed: Option<u64>,
}
