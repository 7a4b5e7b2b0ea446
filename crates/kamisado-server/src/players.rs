//! Accounts and their sessions, open challenges, ratings and the player
//! pages (docs/players.md): what the server does for players who meet
//! strangers. Games between accounts are then played as every game is
//! ([`crate::app`]), with seats opened by the session as well as by key.

use std::collections::BTreeMap;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use axum::http::HeaderMap;
use kamisado_core::geometry::BoardSize;
use kamisado_core::{Rules, Side};
use sha2::{Digest, Sha256};

use crate::app::{App, Created, seat_key, today};
use crate::clock::TimeControl;
use crate::error::ServerError;
use crate::live::{LiveGame, Seat};
use crate::store::{ChallengeRow, GameRow, Mode, Refused, now_ms};
use crate::wire::players::{
    ArchiveEntry, ChallengeList, ChallengeRequest, ChallengeView, ClockRequest, Credentials,
    EngineRating, HistoryPoint, LeaderView, LeaderboardView, LobbyMessage, MyGameView, MyGamesView,
    PlayerView, RatingView,
};
use crate::wire::{PerSide, SideCode, Status};

/// The session cookie's name.
pub const COOKIE: &str = "kamisado_session";
/// How long a session lasts.
pub const SESSION: Duration = Duration::from_secs(30 * 24 * 3600);
/// Wrong passwords for one name, within [`FAILURE_WINDOW`], before sign-ins wait.
const NAME_FAILURES: i64 = 5;
/// Wrong passwords from one address before sign-ins from it wait.
const ADDRESS_FAILURES: i64 = 20;
/// The window in which wrong passwords are counted.
const FAILURE_WINDOW: Duration = Duration::from_secs(15 * 60);
/// The longest wait after wrong passwords.
const MAX_WAIT: Duration = Duration::from_secs(15 * 60);
/// Accounts one address may create within [`SIGN_UP_WINDOW`] before it must wait.
const SIGN_UPS: i64 = 10;
/// The window in which accounts created are counted per address.
const SIGN_UP_WINDOW: Duration = Duration::from_secs(3600);
/// The first wait of an address past its accounts (doubling to the window).
const SIGN_UP_WAIT: Duration = Duration::from_secs(60);
/// Open challenges per player, at most.
pub const MAX_OPEN: usize = 20;
/// Challenges listed, at most.
const LISTED: usize = 100;
/// A deviation above this makes a rating provisional.
pub const PROVISIONAL: f64 = 110.0;
/// Games claimed at account creation, at most.
const MAX_CLAIMS: usize = 200;

/// Checks an account name: 2–20 letters (Latin or Cyrillic, not both),
/// digits, `_` or `-`.
///
/// # Errors
/// [`ServerError::BadRequest`] saying what is wrong.
pub fn check_name(name: &str) -> Result<(), ServerError> {
    let bad = |why: String| ServerError::BadRequest(format!("the name `{name}` {why}"));
    let count = name.chars().count();
    if !(2..=20).contains(&count) {
        return Err(bad(format!("has {count} characters: a name has 2 to 20")));
    }
    let latin = |c: char| c.is_ascii_alphabetic();
    let cyrillic = |c: char| matches!(c, 'а'..='я' | 'А'..='Я' | 'ё' | 'Ё');
    if let Some(c) = name
        .chars()
        .find(|&c| !(latin(c) || cyrillic(c) || c.is_ascii_digit() || c == '_' || c == '-'))
    {
        return Err(bad(format!(
            "has `{c}`: a name is letters, digits, `_` and `-`"
        )));
    }
    if name.chars().any(latin) && name.chars().any(cyrillic) {
        return Err(bad(
            "mixes Latin and Cyrillic letters, which could pass for another name".into(),
        ));
    }
    Ok(())
}

/// Checks a password: 8 to 200 characters.
///
/// # Errors
/// [`ServerError::BadRequest`] saying what is wrong (never the password).
pub fn check_password(password: &str) -> Result<(), ServerError> {
    let count = password.chars().count();
    if count < 8 {
        let characters = if count == 1 {
            "character"
        } else {
            "characters"
        };
        return Err(ServerError::BadRequest(format!(
            "the password has {count} {characters}: it needs at least 8"
        )));
    }
    if count > 200 {
        return Err(ServerError::BadRequest(
            "the password is over 200 characters".into(),
        ));
    }
    Ok(())
}

/// A password's Argon2id hash, in the PHC string format.
fn hash_password(password: &str) -> Result<String, ServerError> {
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt)
        .map_err(|e| ServerError::Unavailable(format!("no random source: {e}")))?;
    let salt = SaltString::encode_b64(&salt)
        .map_err(|e| ServerError::Unavailable(format!("a salt could not be made: {e}")))?;
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| ServerError::Unavailable(format!("the password could not be hashed: {e}")))
}

/// Whether a password matches a stored hash.
fn password_matches(password: &str, stored: &str) -> bool {
    PasswordHash::new(stored).is_ok_and(|parsed| {
        Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok()
    })
}

/// A session token's SHA-256, as the database keeps it.
fn token_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The session token a request's cookies carry, if any.
pub fn session_token(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(axum::http::header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE)
        .map(|(_, value)| value.to_string())
        .filter(|t| t.len() == 32 && t.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// The `Set-Cookie` value that opens a session.
pub fn session_cookie(token: &str) -> String {
    format!(
        "{COOKIE}={token}; HttpOnly; SameSite=Strict; Path=/; Max-Age={}",
        SESSION.as_secs()
    )
}

/// The `Set-Cookie` value that ends one.
pub fn cleared_cookie() -> String {
    format!("{COOKIE}=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0")
}

fn refused(r: Refused, id: &str) -> ServerError {
    match r {
        Refused::Missing => ServerError::NotFound(format!("there is no challenge `{id}`")),
        Refused::Taken => {
            ServerError::Conflict("this challenge was accepted by someone else first".into())
        }
        Refused::Cancelled => {
            ServerError::Conflict("this challenge was cancelled by its creator".into())
        }
        Refused::Own => ServerError::Forbidden("you cannot accept your own challenge".into()),
        Refused::NotYours => ServerError::Forbidden(
            "this challenge is not yours: it is for another player, or made by one".into(),
        ),
    }
}

fn signed_in(account: Option<String>, what: &str) -> Result<String, ServerError> {
    account.ok_or_else(|| ServerError::Unauthorized(format!("sign in to {what}")))
}

impl App {
    /// The account a request's session cookie signs in, if any.
    ///
    /// # Errors
    /// A database failure.
    pub async fn viewer(&self, headers: &HeaderMap) -> Result<Option<String>, ServerError> {
        match session_token(headers) {
            Some(token) => self.store.session(&token_hash(&token)).await,
            None => Ok(None),
        }
    }

    /// Opens a session for `name`; the token for its cookie.
    async fn open_session(&self, name: &str) -> Result<String, ServerError> {
        let token = seat_key()?;
        let expires = now_ms() + SESSION.as_millis() as u64;
        self.store
            .create_session(&token_hash(&token), name, expires as i64)
            .await?;
        Ok(token)
    }

    /// Creates an account, signs it in and claims the games `request.games`
    /// holds seats of: the name and the session token.
    ///
    /// # Errors
    /// A bad or taken name, a bad password, or a database failure.
    pub async fn create_account(
        self: &Arc<Self>,
        address: IpAddr,
        request: Credentials,
    ) -> Result<(String, String, usize), ServerError> {
        check_name(&request.name)?;
        check_password(&request.password)?;
        let key = format!("sign-up:{address}");
        let wait = self.store.throttled(std::slice::from_ref(&key)).await?;
        if wait > 0 {
            return Err(ServerError::TooMany(format!(
                "too many accounts created from this address: try again in {} s",
                wait.div_ceil(1000)
            )));
        }
        let password = request.password;
        let hash = tokio::task::spawn_blocking(move || hash_password(&password))
            .await
            .map_err(|e| ServerError::Unavailable(format!("hashing failed: {e}")))??;
        if !self.store.create_account(&request.name, &hash).await? {
            return Err(ServerError::Conflict(format!(
                "the name `{}` is taken: choose another",
                request.name
            )));
        }
        tracing::info!(name = %request.name, "account created");
        let window = SIGN_UP_WINDOW.as_millis() as i64;
        let waits = (SIGN_UP_WAIT.as_millis() as i64, window);
        // The last account allowed starts the wait for the next.
        self.store
            .count_try(&key, SIGN_UPS - 1, window, waits)
            .await?;
        let token = self.open_session(&request.name).await?;
        let mut claimed = 0;
        for game in request.games.iter().take(MAX_CLAIMS) {
            match self.claim(&game.id, &game.key, &request.name).await {
                Ok(true) => claimed += 1,
                Ok(false) => {}
                Err(e) => tracing::debug!(game = %game.id, "a game was not claimed: {e}"),
            }
        }
        Ok((request.name, token, claimed))
    }

    /// Gives the seat `key` opens in game `id` to account `name`, when that
    /// side has no account yet: whether it did.
    async fn claim(self: &Arc<Self>, id: &str, key: &str, name: &str) -> Result<bool, ServerError> {
        let cell = self.game(id).await?;
        let (side, ended) = {
            let room = cell.room.lock().await;
            match room.game.seat_of(key) {
                Some(Seat::Side(side)) if room.game.row.account(!side) != Some(name) => {
                    (side, room.game.ended())
                }
                _ => return Ok(false),
            }
        };
        if !self.store.claim_side(id, side, name).await? {
            return Ok(false);
        }
        if let Some(end) = ended {
            self.store.mark_finished(id, end.winner, end.how).await?;
        }
        self.refresh(&cell, None).await?;
        Ok(true)
    }

    /// Signs an account in: its name as created and the session token.
    /// Wrong passwords are counted per name and per address, and past a few
    /// the next tries wait.
    ///
    /// # Errors
    /// A wrong name or password (the same words for both), a name or
    /// address that must wait, or a database failure.
    pub async fn sign_in(
        &self,
        address: IpAddr,
        request: Credentials,
    ) -> Result<(String, String), ServerError> {
        let keys = [
            format!("name:{}", request.name.to_lowercase()),
            format!("address:{address}"),
        ];
        let wait = self.store.throttled(&keys).await?;
        if wait > 0 {
            return Err(ServerError::TooMany(format!(
                "too many wrong passwords: try again in {} s",
                wait.div_ceil(1000)
            )));
        }
        let account = self.store.account(&request.name).await?;
        let password = request.password;
        let stored = account.as_ref().map(|a| a.password.clone());
        let matches = tokio::task::spawn_blocking(move || match stored {
            Some(stored) => password_matches(&password, &stored),
            None => {
                // As long as a real check, so that the time tells nothing.
                let _ = hash_password(&password);
                false
            }
        })
        .await
        .map_err(|e| ServerError::Unavailable(format!("checking failed: {e}")))?;
        let window = FAILURE_WINDOW.as_millis() as i64;
        let waits = (1000, MAX_WAIT.as_millis() as i64);
        match account {
            Some(account) if matches => {
                self.store.clear_failures(&keys[0]).await?;
                let token = self.open_session(&account.name).await?;
                Ok((account.name, token))
            }
            _ => {
                self.store
                    .count_try(&keys[0], NAME_FAILURES, window, waits)
                    .await?;
                self.store
                    .count_try(&keys[1], ADDRESS_FAILURES, window, waits)
                    .await?;
                Err(ServerError::Unauthorized("wrong name or password".into()))
            }
        }
    }

    /// Ends the session a request's cookie carries.
    ///
    /// # Errors
    /// A database failure.
    pub async fn sign_out(&self, headers: &HeaderMap) -> Result<(), ServerError> {
        if let Some(token) = session_token(headers) {
            self.store.delete_session(&token_hash(&token)).await?;
        }
        Ok(())
    }

    /// Creates an open challenge by `account`.
    ///
    /// # Errors
    /// A guest, a bad setting (each with its reason), an unknown opponent,
    /// too many open challenges, or a database failure.
    pub async fn create_challenge(
        &self,
        account: Option<String>,
        request: ChallengeRequest,
    ) -> Result<ChallengeView, ServerError> {
        self.check_accepting()?;
        let creator = signed_in(account, "create a challenge")?;
        let bad = ServerError::BadRequest;
        let rules: Rules = request
            .rules
            .as_deref()
            .unwrap_or("standard")
            .parse()
            .map_err(|e: kamisado_core::rules::ParseRulesError| bad(e.to_string()))?;
        let board: BoardSize = request
            .board
            .as_deref()
            .unwrap_or("8x8")
            .parse()
            .map_err(|e: kamisado_core::geometry::ParseBoardError| bad(e.to_string()))?;
        let target = request.target.unwrap_or(1);
        if !kamisado_core::Score::TARGETS.contains(&target) {
            return Err(bad(format!(
                "a match is played to 1, 3, 7 or 15 points, not {target}"
            )));
        }
        let colour = request.colour.unwrap_or_else(|| "random".into());
        if !["black", "white", "random"].contains(&colour.as_str()) {
            return Err(bad(format!(
                "`{colour}` is not a colour: expected black, white or random"
            )));
        }
        let (clock, days) = match (request.clock, request.days) {
            (Some(_), Some(_)) => {
                return Err(bad(
                    "a challenge has a clock or days a move, not both".into()
                ));
            }
            (Some(c), None) => {
                TimeControl::fischer(c.initial_s, c.increment_s)?;
                (Some((c.initial_s, c.increment_s)), None)
            }
            (None, Some(d)) => match TimeControl::days(d)? {
                TimeControl::Days(d) => (None, Some(d)),
                TimeControl::Fischer { .. } => (None, None),
            },
            (None, None) => (None, None),
        };
        let opponent = match request.opponent.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(name) => {
                let account = self.store.account(name).await?.ok_or_else(|| {
                    ServerError::NotFound(format!("there is no player named `{name}`"))
                })?;
                if account.name == creator {
                    return Err(bad("a challenge cannot be addressed to yourself".into()));
                }
                Some(account.name)
            }
        };
        let row = ChallengeRow {
            id: seat_key()?[..16].to_string(),
            creator,
            rules: rules.name().to_string(),
            board: board.name().to_string(),
            target,
            colour,
            rated: request.rated.unwrap_or(true),
            clock,
            days,
            opponent,
            created_ms: now_ms() as i64,
        };
        self.store.insert_challenge(&row, MAX_OPEN).await?;
        self.lobby_changed("changed");
        self.challenge_view(row).await
    }

    /// A challenge as listed, with its creator's rating in its pool.
    async fn challenge_view(&self, c: ChallengeRow) -> Result<ChallengeView, ServerError> {
        let pool = format!("{} {}", c.rules, c.board);
        let rating = self
            .store
            .ratings_of(&c.creator)
            .await?
            .into_iter()
            .find(|r| r.pool == pool)
            .map_or(1500.0, |r| r.rating.rating);
        Ok(ChallengeView {
            id: c.id,
            creator: c.creator,
            rating: rating.round(),
            rules: c.rules,
            board: c.board,
            target: c.target,
            colour: c.colour,
            rated: c.rated,
            clock: c.clock.map(|(initial_s, increment_s)| ClockRequest {
                initial_s,
                increment_s,
            }),
            days: c.days,
            opponent: c.opponent,
            created_ms: c.created_ms,
        })
    }

    /// The open challenges `viewer` may see.
    ///
    /// # Errors
    /// A database failure.
    pub async fn challenges(&self, viewer: Option<&str>) -> Result<ChallengeList, ServerError> {
        let mut challenges = Vec::new();
        for c in self.store.open_challenges(viewer, LISTED).await? {
            challenges.push(self.challenge_view(c).await?);
        }
        Ok(ChallengeList { challenges })
    }

    /// Cancels a challenge of `account`'s.
    ///
    /// # Errors
    /// A guest, another's challenge, one taken or cancelled, or a database failure.
    pub async fn cancel_challenge(
        &self,
        account: Option<String>,
        id: &str,
    ) -> Result<(), ServerError> {
        let by = signed_in(account, "cancel a challenge")?;
        self.store
            .cancel_challenge(id, &by)
            .await?
            .map_err(|r| refused(r, id))?;
        self.lobby_changed("changed");
        Ok(())
    }

    /// Accepts a challenge for `account`: the game starts, and the answer is
    /// the accepter's seat in it, as for a new game.
    ///
    /// # Errors
    /// A guest, one's own challenge or one for another player, one already
    /// taken (of two accepters, one wins) or cancelled, or a database failure.
    pub async fn accept_challenge(
        self: &Arc<Self>,
        account: Option<String>,
        id: &str,
    ) -> Result<Created, ServerError> {
        self.check_accepting()?;
        let by = signed_in(account, "accept a challenge")?;
        let c = self
            .store
            .challenge_for(id, &by)
            .await?
            .map_err(|r| refused(r, id))?;
        let mut coin = [0u8; 9];
        getrandom::fill(&mut coin)
            .map_err(|e| ServerError::Unavailable(format!("no random source: {e}")))?;
        let creator_side = match c.colour.as_str() {
            "black" => Side::Black,
            "white" => Side::White,
            _ if coin[0] & 1 == 0 => Side::Black,
            _ => Side::White,
        };
        let seed = u64::from_le_bytes(coin[1..].try_into().unwrap_or([0; 8]));
        let (black, white) = match creator_side {
            Side::Black => (c.creator.clone(), by.clone()),
            Side::White => (by.clone(), c.creator.clone()),
        };
        let time = match (c.clock, c.days) {
            (Some((i, n)), _) => Some(TimeControl::fischer(i, n)?),
            (None, Some(d)) => Some(TimeControl::days(u64::from(d))?),
            (None, None) => None,
        };
        let corrupt = |e: String| ServerError::Corrupt(format!("challenge {id}: {e}"));
        let keys = (seat_key()?, seat_key()?);
        let row = GameRow {
            id: seat_key()?[..16].to_string(),
            created_at: today(),
            mode: Mode::Challenge,
            rules: c.rules.parse().map_err(|e| corrupt(format!("{e}")))?,
            board: c.board.parse().map_err(|e| corrupt(format!("{e}")))?,
            target: c.target,
            black_name: black.clone(),
            white_name: white.clone(),
            black_key: Some(keys.0.clone()),
            white_key: Some(keys.1.clone()),
            engine_side: None,
            level: None,
            seed: (seed >> 1) as i64,
            black_account: Some(black.clone()),
            white_account: Some(white.clone()),
            rated: c.rated,
            time,
        };
        self.store
            .accept_challenge(id, &by, &row)
            .await?
            .map_err(|r| refused(r, id))?;
        tracing::info!(game = %row.id, challenge = %id, black = %black, white = %white, "challenge accepted");
        self.lobby_changed(&format!("started {id} {} {black} {white}", row.id));
        self.game(&row.id).await?;
        let seat = if black == by {
            Side::Black
        } else {
            Side::White
        };
        Ok(Created {
            id: row.id,
            key: if seat == Side::Black { keys.0 } else { keys.1 },
            seat: Seat::Side(seat),
            invite: None,
        })
    }

    /// A player's page: ratings, their history and the archive.
    ///
    /// # Errors
    /// An unknown name, or a database failure.
    pub async fn player(&self, name: &str) -> Result<PlayerView, ServerError> {
        let account =
            self.store.account(name).await?.ok_or_else(|| {
                ServerError::NotFound(format!("there is no player named `{name}`"))
            })?;
        let name = account.name;
        let ratings = self
            .store
            .ratings_of(&name)
            .await?
            .into_iter()
            .map(|r| {
                (
                    r.pool,
                    RatingView {
                        rating: r.rating.rating,
                        deviation: r.rating.deviation,
                        games: r.games,
                    },
                )
            })
            .collect();
        let mut history: BTreeMap<String, Vec<HistoryPoint>> = BTreeMap::new();
        for point in self.store.history_of(&name).await? {
            history.entry(point.pool).or_default().push(HistoryPoint {
                at_ms: point.at_ms,
                rating: point.rating,
                deviation: point.deviation,
                game: point.game,
            });
        }
        let mut games = Vec::new();
        for g in self.store.archive_of(&name, 500).await? {
            // The final score, replayed from the stored game without keeping
            // it in memory: an archive is read, not played.
            let score = match self.store.load_game(&g.id).await? {
                Some(stored) => {
                    let score = LiveGame::rebuild(stored.row, &stored.actions)?
                        .current()
                        .score();
                    PerSide {
                        b: score.black,
                        w: score.white,
                    }
                }
                None => PerSide { b: 0, w: 0 },
            };
            games.push(ArchiveEntry {
                id: g.id,
                opponent: g.opponent,
                opponent_account: g.opponent_account,
                colour: g.side.into(),
                result: if g.winner == g.side { "win" } else { "loss" }.into(),
                how: g.how,
                score,
                moves: g.actions,
                rated: g.rated,
                pool: g.pool,
                finished_ms: g.finished_ms,
            });
        }
        Ok(PlayerView {
            name,
            ratings,
            history,
            games,
        })
    }

    /// A pool's leaderboard (the standard 8×8 pool when none is named), with
    /// the engine's levels.
    ///
    /// # Errors
    /// A database failure.
    pub async fn leaderboard(&self, pool: Option<&str>) -> Result<LeaderboardView, ServerError> {
        let pool = pool.unwrap_or("standard 8x8").to_string();
        let players = self
            .store
            .leaderboard(&pool, PROVISIONAL, 200)
            .await?
            .into_iter()
            .map(|(name, r, games)| LeaderView {
                name,
                rating: r.rating,
                deviation: r.deviation,
                games,
                provisional: r.deviation > PROVISIONAL,
            })
            .collect();
        let mut pools = self.store.pools().await?;
        if !pools.contains(&pool) {
            pools.push(pool.clone());
            pools.sort();
        }
        let engine = kamisado_engine::ladder::level_ratings()
            .into_iter()
            .map(|(level, rating)| EngineRating {
                level,
                rating: rating.round(),
            })
            .collect();
        Ok(LeaderboardView {
            pool,
            pools,
            players,
            engine,
        })
    }

    /// The signed-in player's games between accounts, those where it is
    /// their turn first.
    ///
    /// # Errors
    /// A guest, or a database failure.
    pub async fn my_games(
        self: &Arc<Self>,
        account: Option<String>,
    ) -> Result<MyGamesView, ServerError> {
        let name = signed_in(account, "see your games")?;
        let mut games = Vec::new();
        for g in self.store.games_of(&name, 100).await? {
            let Ok(cell) = self.game(&g.id).await else {
                continue;
            };
            let view = cell.view().await;
            let your_turn = view.to_act == Some(SideCode::from(g.side));
            games.push(MyGameView {
                id: g.id,
                opponent: g.opponent,
                colour: g.side.into(),
                rated: view.rated,
                rules: view.rules,
                board: view.board,
                target: view.target,
                clock: view.clock,
                status: view.status,
                score: view.score,
                your_turn,
                deadline_ms: view.clock.and_then(|c| c.deadline_ms),
                winner: view.winner,
                updated_ms: g.updated_ms,
            });
        }
        // Unfinished first, those to act on first among them.
        games.sort_by_key(|g| (g.status == Status::Over, !g.your_turn));
        Ok(MyGamesView { games })
    }

    /// Tells this process's lobby of a change to the challenges; on
    /// PostgreSQL every process hears it from the database instead.
    fn lobby_changed(&self, what: &str) {
        if !self.store.shared() {
            let _ = self.lobby.send(Arc::from(what));
        }
    }

    /// The lobby messages a change to the challenges makes: the list as
    /// `viewer` sees it, after the game started when one did.
    ///
    /// # Errors
    /// A database failure.
    pub async fn lobby_messages(
        &self,
        what: &str,
        viewer: Option<&str>,
    ) -> Result<Vec<LobbyMessage>, ServerError> {
        let words: Vec<&str> = what.split(' ').collect();
        let mut messages = Vec::new();
        if let ["started", challenge, game, black, white] = words[..] {
            messages.push(LobbyMessage::Started {
                challenge: challenge.into(),
                game: game.into(),
                black: black.into(),
                white: white.into(),
            });
        }
        messages.push(LobbyMessage::Challenges {
            challenges: self.challenges(viewer).await?.challenges,
        });
        Ok(messages)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_two_to_twenty_letters_digits_and_dashes() {
        for good in ["Ann", "ab", "kamisado_fan-2", "Анна", "ЁЖ", &"x".repeat(20)] {
            assert!(check_name(good).is_ok(), "{good}");
        }
        let e = check_name("a").unwrap_err().to_string();
        assert!(e.contains("2 to 20"), "{e}");
        let e = check_name(&"x".repeat(21)).unwrap_err().to_string();
        assert!(e.contains("21 characters"), "{e}");
        let e = check_name("Ann Lee").unwrap_err().to_string();
        assert!(e.contains("has ` `"), "{e}");
        let e = check_name("Аnn").unwrap_err().to_string();
        assert!(e.contains("mixes Latin and Cyrillic"), "{e}");
        assert!(check_name("<b>").is_err());
    }

    #[test]
    fn passwords_are_hashed_with_argon2id_and_checked() {
        assert!(check_password("short").is_err());
        assert!(check_password(&"p".repeat(201)).is_err());
        let hash = hash_password("correct horse").unwrap();
        assert!(hash.starts_with("$argon2id$"), "{hash}");
        assert!(!hash.contains("correct horse"));
        assert!(password_matches("correct horse", &hash));
        assert!(!password_matches("correct horsE", &hash));
        assert!(!password_matches("correct horse", "not a hash"));
        // Two hashes of one password differ by their salt.
        assert_ne!(hash, hash_password("correct horse").unwrap());
    }

    #[test]
    fn the_session_cookie_is_read_among_others() {
        let token = "0123456789abcdef0123456789abcdef";
        let mut headers = HeaderMap::new();
        headers.insert(
            axum::http::header::COOKIE,
            format!("a=1; {COOKIE}={token}; b=2").parse().unwrap(),
        );
        assert_eq!(session_token(&headers).as_deref(), Some(token));
        headers.insert(
            axum::http::header::COOKIE,
            format!("{COOKIE}=short").parse().unwrap(),
        );
        assert_eq!(session_token(&headers), None);
        let cookie = session_cookie(token);
        assert!(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"));
        assert_eq!(token_hash(token).len(), 64);
        assert_ne!(token_hash(token), token);
    }
}
