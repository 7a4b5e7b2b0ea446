//! Accounts and their sessions (docs/players.md): names and passwords
//! checked, passwords hashed with Argon2id, sessions kept by the hash of
//! their token, sign-ins throttled per name and per address, and the games
//! a guest played claimed by the account it creates.

use std::net::IpAddr;
use std::time::Duration;

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use axum::http::HeaderMap;
use kamisado_wire::Seat;
use kamisado_wire::players::Credentials;
use sha2::{Digest, Sha256};

use super::Players;
use crate::db::now_ms;
use crate::error::ServerError;
use crate::games::ids::seat_key;
use kamisado_wire::Refusal;

/// A refusal to try again: something the server needs failed for a moment.
fn unavailable(detail: String) -> ServerError {
    ServerError::Unavailable(Refusal::unavailable(detail))
}

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
/// The longest password, in characters: longer ones are refused before
/// they are hashed, at sign-up and at sign-in.
pub const MAX_PASSWORD: usize = 200;
/// Games claimed at account creation, at most.
const MAX_CLAIMS: usize = 200;

/// Checks an account name: 2–20 letters (Latin or Cyrillic, not both),
/// digits, `_` or `-`.
///
/// # Errors
/// [`ServerError::BadRequest`] saying what is wrong.
pub fn check_name(name: &str) -> Result<(), ServerError> {
    let bad = ServerError::BadRequest;
    let count = name.chars().count();
    if count < 2 {
        return Err(bad(Refusal::name_too_short(name, count)));
    }
    if count > 20 {
        return Err(bad(Refusal::name_too_long(name, count)));
    }
    let latin = |c: char| c.is_ascii_alphabetic();
    let cyrillic = |c: char| matches!(c, 'а'..='я' | 'А'..='Я' | 'ё' | 'Ё');
    if let Some(c) = name
        .chars()
        .find(|&c| !(latin(c) || cyrillic(c) || c.is_ascii_digit() || c == '_' || c == '-'))
    {
        return Err(bad(Refusal::name_character(name, c)));
    }
    if name.chars().any(latin) && name.chars().any(cyrillic) {
        return Err(bad(Refusal::name_mixed_scripts(name)));
    }
    Ok(())
}

/// Checks a password: 8 to [`MAX_PASSWORD`] characters.
///
/// # Errors
/// [`ServerError::BadRequest`] saying what is wrong (never the password).
pub fn check_password(password: &str) -> Result<(), ServerError> {
    let count = password.chars().count();
    if count < 8 {
        return Err(ServerError::BadRequest(Refusal::password_too_short(count)));
    }
    check_password_length(password)
}

/// Refuses a password over [`MAX_PASSWORD`] characters, so that no one
/// makes Argon2 hash a long one (counted in bytes first: a character is at
/// most four).
fn check_password_length(password: &str) -> Result<(), ServerError> {
    if password.len() > 4 * MAX_PASSWORD || password.chars().count() > MAX_PASSWORD {
        return Err(ServerError::BadRequest(Refusal::password_too_long(
            MAX_PASSWORD,
        )));
    }
    Ok(())
}

/// A password's Argon2id hash, in the PHC string format.
fn hash_password(password: &str) -> Result<String, ServerError> {
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).map_err(|e| unavailable(format!("no random source: {e}")))?;
    let salt = SaltString::encode_b64(&salt)
        .map_err(|e| unavailable(format!("a salt could not be made: {e}")))?;
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| unavailable(format!("the password could not be hashed: {e}")))
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
pub(super) fn token_hash(token: &str) -> String {
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

/// The keys sign-ins are throttled under.
struct ThrottleKeys {
    /// Wrong passwords for a name, from anywhere.
    name: String,
    /// Wrong passwords from an address, for any name.
    address: String,
    /// Whether this address has given a wrong password for this name.
    name_from: String,
}

impl ThrottleKeys {
    fn new(name: &str, address: IpAddr) -> ThrottleKeys {
        let name = name.to_lowercase();
        ThrottleKeys {
            address: format!("address:{address}"),
            name_from: format!("name-from:{name}:{address}"),
            name: format!("name:{name}"),
        }
    }
}

impl Players {
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
        &self,
        address: IpAddr,
        request: Credentials,
    ) -> Result<(String, String, usize), ServerError> {
        check_name(&request.name)?;
        check_password(&request.password)?;
        self.refuse_look_alike(&request.name).await?;
        let key = format!("sign-up:{address}");
        let wait = self.store.throttled(std::slice::from_ref(&key)).await?;
        if wait > 0 {
            return Err(ServerError::TooMany(Refusal::too_many_sign_ups(
                wait.div_ceil(1000),
            )));
        }
        let password = request.password;
        let hash = tokio::task::spawn_blocking(move || hash_password(&password))
            .await
            .map_err(|e| unavailable(format!("hashing failed: {e}")))??;
        if !self.store.create_account(&request.name, &hash).await? {
            // Taken since the check, by this name or one like it.
            self.refuse_look_alike(&request.name).await?;
            return Err(ServerError::Conflict(Refusal::name_taken(&request.name)));
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

    /// Refuses a name that is taken, or that looks like a name that is
    /// (its skeleton is theirs, [`super::confusables`]), saying which.
    async fn refuse_look_alike(&self, name: &str) -> Result<(), ServerError> {
        match self.store.account_like(name).await? {
            Some(taken) if taken.to_lowercase() == name.to_lowercase() => {
                Err(ServerError::Conflict(Refusal::name_taken(name)))
            }
            Some(taken) => Err(ServerError::Conflict(Refusal::name_looks_taken(
                name, taken,
            ))),
            None => Ok(()),
        }
    }

    /// Gives the seat `key` opens in game `id` to account `name`, when that
    /// side has no account yet: whether it did.
    async fn claim(&self, id: &str, key: &str, name: &str) -> Result<bool, ServerError> {
        let cell = self.games.game(id).await?;
        let (side, ended) = {
            let room = cell.room.lock().await;
            match room.game.seat_of(key) {
                Some(Seat::Side(side)) if room.game.row.account(!side) != Some(name) => {
                    (side, room.game.ended())
                }
                _ => return Ok(false),
            }
        };
        if !self.games.store.claim_side(id, side, name).await? {
            return Ok(false);
        }
        if let Some(end) = ended {
            self.games
                .store
                .mark_finished(id, end.winner, end.how)
                .await?;
        }
        self.games.refresh(&cell, None).await?;
        Ok(true)
    }

    /// Signs an account in: its name as created and the session token.
    /// Wrong passwords are counted per name and per address, and past a few
    /// the next tries wait ([`Players::sign_in_wait`]).
    ///
    /// # Errors
    /// A wrong name or password (the same words for both), a name or
    /// address that must wait, or a database failure.
    pub async fn sign_in(
        &self,
        address: IpAddr,
        request: Credentials,
    ) -> Result<(String, String), ServerError> {
        check_password_length(&request.password)?;
        let keys = ThrottleKeys::new(&request.name, address);
        self.sign_in_wait(&keys).await?;
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
        .map_err(|e| unavailable(format!("checking failed: {e}")))?;
        match account {
            Some(account) if matches => {
                self.store.clear_failures(&keys.name).await?;
                self.store.clear_failures(&keys.name_from).await?;
                let token = self.open_session(&account.name).await?;
                Ok((account.name, token))
            }
            _ => {
                let window = FAILURE_WINDOW.as_millis() as i64;
                let waits = (1000, MAX_WAIT.as_millis() as i64);
                let store = &self.store;
                store
                    .count_try(&keys.name, NAME_FAILURES, window, waits)
                    .await?;
                let address_key = &keys.address;
                store
                    .count_try(address_key, ADDRESS_FAILURES, window, waits)
                    .await?;
                // Marks this address as one that failed for this name.
                let marked = (window, window);
                store.count_try(&keys.name_from, 0, window, marked).await?;
                Err(ServerError::Unauthorized(Refusal::wrong_password()))
            }
        }
    }

    /// Refuses a sign-in that must wait: always the address's wait, and the
    /// name's only from an address that has given a wrong password for it in
    /// the window, so that no one can keep another locked out by failing
    /// for their name (docs/players.md).
    async fn sign_in_wait(&self, keys: &ThrottleKeys) -> Result<(), ServerError> {
        let failed_here = self
            .store
            .throttled(std::slice::from_ref(&keys.name_from))
            .await?
            > 0;
        let mut waiting = vec![keys.address.clone()];
        if failed_here {
            waiting.push(keys.name.clone());
        }
        let wait = self.store.throttled(&waiting).await?;
        if wait > 0 {
            return Err(ServerError::TooMany(Refusal::too_many_wrong_passwords(
                wait.div_ceil(1000),
            )));
        }
        Ok(())
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
}

/// What the account routes of `manage.rs` need of the passwords and sessions.
impl Players {
    /// Checks a signed-in player's own password (changing it, deleting the
    /// account): wrong ones are counted and throttled as a sign-in's are.
    ///
    /// # Errors
    /// A wrong password ("the password is wrong", 403), a name or address
    /// that must wait, or a database failure.
    pub(super) async fn check_own_password(
        &self,
        address: IpAddr,
        name: &str,
        password: String,
    ) -> Result<(), ServerError> {
        let keys = [
            format!("name:{}", name.to_lowercase()),
            format!("address:{address}"),
        ];
        let wait = self.store.throttled(&keys).await?;
        if wait > 0 {
            return Err(ServerError::TooMany(Refusal::too_many_wrong_passwords(
                wait.div_ceil(1000),
            )));
        }
        let stored = self.store.account(name).await?.map(|a| a.password);
        let matches = tokio::task::spawn_blocking(move || {
            stored.is_some_and(|stored| password_matches(&password, &stored))
        })
        .await
        .map_err(|e| unavailable(format!("checking failed: {e}")))?;
        if matches {
            return Ok(());
        }
        let window = FAILURE_WINDOW.as_millis() as i64;
        let waits = (1000, MAX_WAIT.as_millis() as i64);
        self.store
            .count_try(&keys[0], NAME_FAILURES, window, waits)
            .await?;
        self.store
            .count_try(&keys[1], ADDRESS_FAILURES, window, waits)
            .await?;
        Err(ServerError::Forbidden(Refusal::wrong_own_password()))
    }

    /// A new password checked and hashed.
    ///
    /// # Errors
    /// A bad password, or no hash made.
    pub(super) async fn new_password_hash(password: String) -> Result<String, ServerError> {
        check_password(&password)?;
        tokio::task::spawn_blocking(move || hash_password(&password))
            .await
            .map_err(|e| unavailable(format!("hashing failed: {e}")))?
    }

    /// The hash of the session a request's cookie carries, if any.
    pub(super) fn session_hash(headers: &HeaderMap) -> Option<String> {
        session_token(headers).map(|t| token_hash(&t))
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
        let e = check_name("a").unwrap_err();
        assert_eq!(e.code(), Some(kamisado_wire::Code::NameTooShort));
        assert_eq!(
            e.to_string(),
            "the name a has 1 character: a name has 2 to 20"
        );
        let e = check_name(&"x".repeat(21)).unwrap_err().to_string();
        assert!(e.contains("21 characters"), "{e}");
        let e = check_name("Ann Lee").unwrap_err().to_string();
        assert!(e.contains("Ann Lee has a space"), "{e}");
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
