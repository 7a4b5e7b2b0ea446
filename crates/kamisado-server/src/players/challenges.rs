//! Open challenges (docs/players.md): made by an account, listed in the
//! lobby with the creator's rating, cancelled, and accepted, which starts
//! the game through the games' one door ([`crate::games::create`]).

use kamisado_core::geometry::BoardSize;
use kamisado_core::{Rules, Side};
use kamisado_wire::players::{ChallengeList, ChallengeRequest, ChallengeView, ClockRequest};
use kamisado_wire::{Created, PerSide, PlayAs};

use super::challenge_store::{ChallengeRow, Refused};
use super::lobby::LobbyEvent;
use super::{Players, signed_in};
use crate::db::now_ms;
use crate::error::ServerError;
use crate::games::clock::TimeControl;
use crate::games::create::{self, Plan, Settings};
use crate::games::ids::{random_u64, seat_key};
use kamisado_wire::{Choice, Refusal};

/// Open challenges per player, at most.
pub const MAX_OPEN: usize = 20;
/// Challenges listed, at most.
const LISTED: usize = 100;

fn refused(r: Refused, id: &str) -> ServerError {
    match r {
        Refused::Missing => ServerError::NotFound(Refusal::no_such_challenge(id)),
        Refused::Taken => ServerError::Conflict(Refusal::challenge_taken()),
        Refused::Cancelled => ServerError::Conflict(Refusal::challenge_cancelled()),
        Refused::Own => ServerError::Forbidden(Refusal::challenge_own()),
        Refused::Declined => ServerError::Conflict(Refusal::challenge_declined()),
        Refused::NotYours => ServerError::Forbidden(Refusal::challenge_not_yours()),
    }
}

impl Players {
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
        self.games.check_accepting()?;
        let creator = signed_in(account, Choice::CreateChallenge)?;
        let (clock, days) = time_of(&request)?;
        let opponent = self.opponent(&request, &creator).await?;
        let row = ChallengeRow {
            id: seat_key()?[..16].to_string(),
            creator,
            rules: request.rules.unwrap_or(Rules::STANDARD),
            board: request.board.unwrap_or(BoardSize::Eight),
            target: create::target(request.target)?,
            colour: request.colour.unwrap_or(PlayAs::Random),
            rated: request.rated.unwrap_or(true),
            clock,
            days,
            opponent,
            created_ms: now_ms() as i64,
        };
        self.store.insert_challenge(&row, MAX_OPEN).await?;
        self.lobby.tell(LobbyEvent::Changed).await;
        self.challenge_view(row).await
    }

    /// The one player a challenge is for, by their account's name.
    async fn opponent(
        &self,
        request: &ChallengeRequest,
        creator: &str,
    ) -> Result<Option<String>, ServerError> {
        let Some(name) = request
            .opponent
            .as_deref()
            .map(str::trim)
            .filter(|n| !n.is_empty())
        else {
            return Ok(None);
        };
        let account = self
            .store
            .account(name)
            .await?
            .filter(|a| !a.closed)
            .ok_or_else(|| ServerError::NotFound(Refusal::no_such_player(name)))?;
        if account.name == creator {
            return Err(ServerError::BadRequest(Refusal::challenge_self()));
        }
        Ok(Some(account.name))
    }

    /// A challenge as listed, with its creator's rating in its pool.
    async fn challenge_view(&self, c: ChallengeRow) -> Result<ChallengeView, ServerError> {
        let pool = format!("{} {}", c.rules, c.board);
        let rating = self
            .ratings
            .ratings_of(&c.creator)
            .await?
            .into_iter()
            .find(|r| r.pool == pool)
            .map_or(1500.0, |r| r.rating.rating);
        let creator_bot = self.store.is_bot(&c.creator).await?;
        let opponent_bot = match &c.opponent {
            Some(o) => self.store.is_bot(o).await?,
            None => false,
        };
        Ok(ChallengeView {
            id: c.id,
            creator: c.creator,
            creator_bot,
            opponent_bot,
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
        let by = signed_in(account, Choice::CancelChallenge)?;
        self.store
            .cancel_challenge(id, &by)
            .await?
            .map_err(|r| refused(r, id))?;
        self.lobby.tell(LobbyEvent::Changed).await;
        Ok(())
    }

    /// Accepts a challenge for `account`: the game starts, and the answer is
    /// the accepter's seat in it, as for a new game.
    ///
    /// # Errors
    /// A guest, one's own challenge or one for another player, one already
    /// taken (of two accepters, one wins) or cancelled, or a database failure.
    pub async fn accept_challenge(
        &self,
        account: Option<String>,
        id: &str,
    ) -> Result<Created, ServerError> {
        self.games.check_accepting()?;
        let by = signed_in(account, Choice::AcceptChallenge)?;
        let c = self
            .store
            .challenge_for(id, &by)
            .await?
            .map_err(|r| refused(r, id))?;
        let coin = random_u64()?;
        let creator_side = c.colour.side(coin & 1 == 1);
        let accounts = match creator_side {
            Side::Black => PerSide {
                b: c.creator.clone(),
                w: by.clone(),
            },
            Side::White => PerSide {
                b: by.clone(),
                w: c.creator.clone(),
            },
        };
        let time = match (c.clock, c.days) {
            (Some((i, n)), _) => Some(TimeControl::fischer(i, n)?),
            (None, Some(d)) => Some(TimeControl::days(u64::from(d))?),
            (None, None) => None,
        };
        let settings = Settings {
            rules: c.rules,
            board: c.board,
            target: c.target,
            rated: c.rated,
            time,
            seed: coin >> 1,
        };
        let made = Plan::between(accounts.clone(), !creator_side, settings).make()?;
        self.store
            .accept_challenge(id, &by, &made.row)
            .await?
            .map_err(|r| refused(r, id))?;
        tracing::info!(game = %made.row.id, challenge = %id, black = %accounts.b, white = %accounts.w, "challenge accepted");
        self.lobby
            .tell(LobbyEvent::Started {
                challenge: id.to_string(),
                game: made.row.id.clone(),
                black: accounts.b,
                white: accounts.w,
            })
            .await;
        self.games.started(&made.row).await?;
        Ok(made.created())
    }
}

/// A challenge's live clock (initial and increment seconds), or its days a move.
type ChallengeTime = (Option<(u64, u64)>, Option<u8>);

/// A challenge's clock or days a move, each checked.
fn time_of(request: &ChallengeRequest) -> Result<ChallengeTime, ServerError> {
    match (request.clock, request.days) {
        (Some(_), Some(_)) => Err(ServerError::BadRequest(Refusal::challenge_clock_and_days())),
        (Some(c), None) => {
            TimeControl::fischer(c.initial_s, c.increment_s)?;
            Ok((Some((c.initial_s, c.increment_s)), None))
        }
        (None, Some(d)) => match TimeControl::days(d)? {
            TimeControl::Days(d) => Ok((None, Some(d))),
            TimeControl::Fischer { .. } => Ok((None, None)),
        },
        (None, None) => Ok((None, None)),
    }
}
