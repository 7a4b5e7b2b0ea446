//! Tournaments (docs/tournaments.md): a Swiss paired by the FIDE Dutch
//! system or an all-play-all by Berger tables, each pairing one game or a
//! double round, made by an account, entered by accounts and engine
//! levels. The pairing itself is the `kamisado-tournament` crate's; this
//! folder keeps tournaments in the database, runs their rounds
//! ([`runner`]), makes their games through the games' one door, and
//! tells the lobby of each game paired.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};

use kamisado_wire::tournaments::{
    EntrantView, Format, GameTournament, JoinRequest, Stage, TournamentList, TournamentRequest,
    TournamentSummary, TournamentView,
};

use crate::db::now_ms;
use crate::error::ServerError;
use crate::games::Games;
use crate::games::create::engine_name;
use crate::games::ids::seat_key;
use crate::players::Players;
use crate::players::lobby::LobbyEvent;
use kamisado_wire::{Choice, Refusal};

mod arena;
mod engine_games;
mod pairing;
mod round_store;
pub mod routes;
mod runner;
pub mod settings;
pub mod store;

use settings::{TournamentRow, engine_level, row_of};
use store::{EntrantRow, EntryRefused, Loaded, TournamentStore};

/// Tournaments listed, at most.
const LISTED: usize = 100;
/// Tournaments open or running that one account may have made, at most.
pub const MAX_UNFINISHED: usize = 10;

/// What the tournaments' routes and runner share.
pub struct Tournaments {
    /// Accounts, ratings and the lobby (and through them the games).
    pub players: Arc<Players>,
    /// The tournaments' tables.
    pub store: TournamentStore,
    /// The engine games this process is playing, so that it plays each once.
    playing: Mutex<HashSet<String>>,
}

/// The rating an engine level enters with (its seed among the players).
fn engine_rating(level: u8) -> u32 {
    1000 + 150 * u32::from(level)
}

/// The refusal that says to sign in to `what`.
fn sign_in(what: Choice) -> ServerError {
    ServerError::Unauthorized(Refusal::sign_in_required(what))
}

fn missing(id: &str) -> ServerError {
    ServerError::NotFound(Refusal::no_such_tournament(id))
}

fn refused(r: EntryRefused, t: &TournamentRow, engine: bool) -> ServerError {
    match r {
        EntryRefused::Twice if engine => ServerError::Conflict(Refusal::engine_entered_already()),
        EntryRefused::Twice => ServerError::Conflict(Refusal::entered_already()),
        EntryRefused::Full => ServerError::Conflict(Refusal::tournament_full(t.max_players)),
        EntryRefused::Closed => closed(t),
    }
}

/// Why a tournament takes no entry now.
fn closed(t: &TournamentRow) -> ServerError {
    ServerError::Conflict(match t.stage {
        Stage::Finished => Refusal::tournament_over(),
        Stage::Cancelled => Refusal::tournament_cancelled(),
        _ if t.format == Format::RoundRobin => Refusal::round_robin_started(),
        _ if t.format == Format::Arena => Refusal::arena_ended(),
        _ => Refusal::entries_closed(t.late_until),
    })
}

impl Tournaments {
    /// The tournaments of the players' database.
    pub fn new(players: Arc<Players>) -> Tournaments {
        let db = players.games.store.db().clone();
        Tournaments {
            players,
            store: TournamentStore::new(db),
            playing: Mutex::new(HashSet::new()),
        }
    }

    fn games(&self) -> &Arc<Games> {
        &self.players.games
    }

    async fn loaded(&self, id: &str) -> Result<Loaded, ServerError> {
        self.store.load(id).await?.ok_or_else(|| missing(id))
    }

    /// Tells the lobby that a tournament changed.
    async fn changed(&self, id: &str) {
        self.players
            .lobby
            .tell(LobbyEvent::Tournament { id: id.into() })
            .await;
    }

    /// Makes a tournament for `account`.
    ///
    /// # Errors
    /// A guest, a bad setting (each with its reason), or a database failure.
    pub async fn create(
        &self,
        account: Option<String>,
        request: TournamentRequest,
    ) -> Result<TournamentView, ServerError> {
        self.games().check_accepting()?;
        let creator = account.ok_or_else(|| sign_in(Choice::MakeTournament))?;
        let id = seat_key()?[..12].to_string();
        let row = row_of(&request, id.clone(), creator.clone(), now_ms() as i64)?;
        let engines: Vec<EntrantRow> = request
            .engines
            .iter()
            .enumerate()
            .map(|(i, &level)| EntrantRow {
                seq: i as u32 + 1,
                name: numbered(&engine_name(level), &request.engines[..i], level),
                account: None,
                level: Some(level),
                rating: engine_rating(level),
                joined_round: 1,
                withdrawn: None,
                paused: false,
            })
            .collect();
        self.store.insert(&row, &engines, MAX_UNFINISHED).await?;
        tracing::info!(tournament = %id, creator = %creator, format = row.format.name(), "tournament made");
        self.changed(&id).await;
        self.view(&id, Some(&creator)).await
    }

    /// Enters the signed-in `account`, or an engine level for the creator.
    ///
    /// # Errors
    /// A guest, an entry twice, a full, closed or finished tournament, an
    /// engine entered by another than the creator, or a database failure.
    pub async fn join(
        &self,
        account: Option<String>,
        id: &str,
        request: JoinRequest,
    ) -> Result<TournamentView, ServerError> {
        let name = account.ok_or_else(|| sign_in(Choice::EnterTournament))?;
        let t = self.loaded(id).await?;
        let entrant = match request.engine {
            Some(level) => {
                if t.row.creator != name {
                    return Err(ServerError::Forbidden(Refusal::engines_by_creator()));
                }
                let level = engine_level(level)?;
                let same: Vec<u8> = t.entrants.iter().filter_map(|e| e.level).collect();
                EntrantRow {
                    seq: 0,
                    name: numbered(&engine_name(level), &same, level),
                    account: None,
                    level: Some(level),
                    rating: engine_rating(level),
                    joined_round: 0,
                    withdrawn: None,
                    paused: false,
                }
            }
            None => EntrantRow {
                seq: 0,
                rating: self.rating(&name, &t.row).await?,
                name: name.clone(),
                account: Some(name.clone()),
                level: None,
                joined_round: 0,
                withdrawn: None,
                paused: false,
            },
        };
        let engine = request.engine.is_some();
        self.store
            .enter(id, &entrant)
            .await?
            .map_err(|r| refused(r, &t.row, engine))?;
        self.changed(id).await;
        self.view(id, Some(&name)).await
    }

    /// An account's rating in the tournament's pool (1500 when unrated).
    async fn rating(&self, name: &str, t: &TournamentRow) -> Result<u32, ServerError> {
        let pool = t.pool();
        Ok(self
            .players
            .ratings
            .ratings_of(name)
            .await?
            .into_iter()
            .find(|r| r.pool == pool)
            .map_or(1500.0, |r| r.rating.rating)
            .round()
            .max(0.0) as u32)
    }

    /// Withdraws the signed-in `account`: before the start its entry is
    /// taken back; later it is paired no more (its game under way goes on).
    ///
    /// # Errors
    /// A guest, one who has not entered or has withdrawn, a finished
    /// tournament, or a database failure.
    pub async fn withdraw(
        &self,
        account: Option<String>,
        id: &str,
    ) -> Result<TournamentView, ServerError> {
        let name = account.ok_or_else(|| sign_in(Choice::Withdraw))?;
        let t = self.loaded(id).await?;
        if matches!(t.row.stage, Stage::Finished | Stage::Cancelled) {
            return Err(closed(&t.row));
        }
        let entrant = t
            .entrants
            .iter()
            .find(|e| e.account.as_deref() == Some(name.as_str()))
            .ok_or_else(|| ServerError::Conflict(Refusal::not_entered()))?;
        if !self.store.withdraw(id, entrant.seq, t.row.round).await? {
            return Err(ServerError::Conflict(Refusal::withdrawn_already()));
        }
        self.changed(id).await;
        self.view(id, Some(&name)).await
    }

    /// Pauses (or with `paused` false resumes) the signed-in player of an
    /// arena: not paired again until they resume (a game under way is
    /// played out).
    ///
    /// # Errors
    /// A guest, not an arena, one who has not entered or has withdrawn,
    /// one paused already (or not paused), or a database failure.
    pub async fn pause(
        &self,
        account: Option<String>,
        id: &str,
        paused: bool,
    ) -> Result<TournamentView, ServerError> {
        let what = if paused {
            Choice::Pause
        } else {
            Choice::Resume
        };
        let name = account.ok_or_else(|| sign_in(what))?;
        let t = self.loaded(id).await?;
        if t.row.format != Format::Arena {
            return Err(ServerError::Conflict(Refusal::pause_not_arena()));
        }
        let entrant = t
            .entrants
            .iter()
            .find(|e| e.account.as_deref() == Some(name.as_str()) && e.withdrawn.is_none())
            .ok_or_else(|| ServerError::Conflict(Refusal::not_in_arena()))?;
        if !self.store.set_paused(id, entrant.seq, paused).await? {
            return Err(ServerError::Conflict(if paused {
                Refusal::paused_already()
            } else {
                Refusal::not_paused()
            }));
        }
        self.changed(id).await;
        self.view(id, Some(&name)).await
    }

    /// Cancels a tournament before its start, by its creator.
    ///
    /// # Errors
    /// A guest, another than the creator, a tournament that has started
    /// (its settings are fixed), or a database failure.
    pub async fn cancel(
        &self,
        account: Option<String>,
        id: &str,
    ) -> Result<TournamentView, ServerError> {
        let name = account.ok_or_else(|| sign_in(Choice::CancelTournament))?;
        let t = self.loaded(id).await?;
        if t.row.creator != name {
            return Err(ServerError::Forbidden(Refusal::cancel_not_creator()));
        }
        let note = "cancelled by its creator before the start";
        if !self
            .store
            .set_stage(id, Stage::Open, 0, Stage::Cancelled, Some(note))
            .await?
        {
            return Err(started(&t.row));
        }
        self.changed(id).await;
        self.view(id, Some(&name)).await
    }

    /// Changes a tournament's settings before its start, by its creator.
    ///
    /// # Errors
    /// As [`Tournaments::create`], another than the creator, a tournament
    /// that has started, or settings its entries no longer fit.
    pub async fn change(
        &self,
        account: Option<String>,
        id: &str,
        request: TournamentRequest,
    ) -> Result<TournamentView, ServerError> {
        let name = account.ok_or_else(|| sign_in(Choice::ChangeTournament))?;
        let t = self.loaded(id).await?;
        if t.row.creator != name {
            return Err(ServerError::Forbidden(Refusal::change_not_creator()));
        }
        if t.row.stage != Stage::Open {
            return Err(started(&t.row));
        }
        if !request.engines.is_empty() {
            return Err(ServerError::BadRequest(Refusal::engines_join_route(
                "POST /api/tournaments/{id}/join",
            )));
        }
        let row = row_of(&request, id.into(), name.clone(), now_ms() as i64)?;
        if (row.max_players as usize) < t.entrants.len() {
            return Err(ServerError::Conflict(Refusal::too_many_entrants(
                t.entrants.len(),
                row.max_players,
            )));
        }
        if !self.store.change(&row).await? {
            return Err(started(&t.row));
        }
        self.changed(id).await;
        self.view(id, Some(&name)).await
    }

    /// Every tournament, upcoming and running first.
    ///
    /// # Errors
    /// A database failure.
    pub async fn list(&self) -> Result<TournamentList, ServerError> {
        let tournaments = self
            .store
            .list(LISTED)
            .await?
            .into_iter()
            .map(|(t, players)| summary(t, players))
            .collect();
        Ok(TournamentList { tournaments })
    }

    /// The tournament game `game` was paired in, if any.
    ///
    /// # Errors
    /// A database failure.
    pub async fn of_game(&self, game: &str) -> Result<GameTournament, ServerError> {
        let tournament = match self.store.of_game(game).await? {
            Some(id) => {
                let t = self.loaded(&id).await?;
                let players = t.entrants.len() as u32;
                Some(summary(t.row, players))
            }
            None => None,
        };
        Ok(GameTournament { tournament })
    }

    /// A tournament whole, as `viewer` sees it.
    ///
    /// # Errors
    /// No such tournament, or a database failure.
    pub async fn view(
        &self,
        id: &str,
        viewer: Option<&str>,
    ) -> Result<TournamentView, ServerError> {
        let t = self.loaded(id).await?;
        Ok(view_of(&t, viewer))
    }

    /// The tournament in the FIDE Tournament Report File format (TRF16).
    ///
    /// # Errors
    /// No such tournament, or a database failure.
    pub async fn trf(&self, id: &str) -> Result<String, ServerError> {
        let t = self.loaded(id).await?;
        if t.row.format == Format::Arena {
            return Err(ServerError::Conflict(Refusal::arena_no_report(format!(
                "/api/tournaments/{id}"
            ))));
        }
        Ok(pairing::trf(&t))
    }
}

/// A tournament in a list.
fn summary(t: TournamentRow, players: u32) -> TournamentSummary {
    TournamentSummary {
        clock: t.clock_view(),
        id: t.id,
        name: t.name,
        format: t.format,
        stage: t.stage,
        rounds: t.rounds,
        round: t.round,
        players,
        starts_ms: t.starts_ms,
        ends_ms: t.ends_ms,
        rules: t.rules,
        board: t.board,
        days: t.days,
    }
}

/// Why a tournament's settings can no longer change.
fn started(t: &TournamentRow) -> ServerError {
    ServerError::Conflict(match t.stage {
        Stage::Cancelled => Refusal::tournament_cancelled(),
        _ => Refusal::tournament_started(),
    })
}

/// An engine's name, numbered when the same level has entered before:
/// `Engine, level 3`, `Engine, level 3 (2)`.
fn numbered(name: &str, before: &[u8], level: u8) -> String {
    match before.iter().filter(|&&l| l == level).count() {
        0 => name.to_string(),
        n => format!("{name} ({})", n + 1),
    }
}

/// The wire's view of an entrant.
fn entrant_view(e: &EntrantRow) -> EntrantView {
    EntrantView {
        number: e.seq,
        name: e.name.clone(),
        engine: e.level,
        rating: e.rating,
        withdrawn: e.withdrawn,
        joined: e.joined_round,
        paused: e.paused,
    }
}

/// The wire's view of a tournament.
fn view_of(t: &Loaded, viewer: Option<&str>) -> TournamentView {
    let row = &t.row;
    let entered =
        viewer.is_some_and(|v| t.entrants.iter().any(|e| e.account.as_deref() == Some(v)));
    let open = row.stage == Stage::Open
        || (row.stage == Stage::Running
            && row.format == Format::Swiss
            && row.round < row.late_until);
    let mut notes: Vec<String> = row.note.iter().cloned().collect();
    let before = row.stage == Stage::Open;
    let players = if before {
        row.max_players
    } else {
        t.entrants.len() as u32
    };
    notes.extend(settings::rounds_note(
        row.format, row.rounds, players, before,
    ));
    TournamentView {
        id: row.id.clone(),
        name: row.name.clone(),
        creator: row.creator.clone(),
        format: row.format,
        stage: row.stage,
        rounds: row.rounds,
        round: row.round,
        double_cycle: row.double_cycle,
        double_round: row.legs == 2,
        rules: row.rules,
        board: row.board,
        target: row.target,
        clock: row.clock_view(),
        days: row.days,
        rated: row.rated,
        starts_ms: row.starts_ms,
        next_round_ms: row.next_ms,
        ends_ms: row.ends_ms,
        pause_s: row.pause_s,
        min_players: row.min_players,
        max_players: row.max_players,
        late_entry_until: row.late_until,
        can_join: viewer.is_some()
            && !entered
            && open
            && (t.entrants.len() as u32) < row.max_players,
        players: t.entrants.iter().map(entrant_view).collect(),
        pairings: pairing::round_views(t),
        standings: pairing::standing_views(t),
        notes,
    }
}
