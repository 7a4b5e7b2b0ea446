//! The tournaments' watch, in every process: a tournament starts at its
//! time (or is cancelled with too few players), each round's results are
//! read from its games, a double round's second game is made when the
//! first ends, games between engine levels are played on the engine, a
//! player who did not come to a round's start loses on time, and the next
//! round is paired once every game has ended and the pause is over. Every
//! step is decided in the database, so that with several processes each
//! is taken once and a restart goes on where the last run stopped.

use std::sync::Arc;

use kamisado_core::Side;
use kamisado_wire::PerSide;
use kamisado_wire::tournaments::{Format, Stage};

use super::Tournaments;
use super::arena;
use super::engine_games::{self, EngineGame};
use super::pairing::{self, round_over};
use super::settings::TournamentRow;
use super::store::{EntrantRow, Loaded, SlotRow};
use crate::db::now_ms;
use crate::error::ServerError;
use crate::games::create::{Plan, Settings};
use crate::games::ids::{random_u64, today};
use crate::games::store::GameRow;
use crate::players::lobby::LobbyEvent;

impl Tournaments {
    /// Starts the tournaments' watch, which runs until the server stops.
    pub fn watch(self: &Arc<Self>) {
        let every = self.players.games.limits.tournament_watch;
        let weak = Arc::downgrade(self);
        self.players.games.keep(tokio::spawn(async move {
            loop {
                tokio::time::sleep(every).await;
                let Some(t) = weak.upgrade() else { return };
                if t.players
                    .games
                    .closing()
                    .load(std::sync::atomic::Ordering::SeqCst)
                {
                    return;
                }
                if let Err(e) = t.tick().await {
                    tracing::warn!("the tournaments could not be looked at: {e}");
                }
            }
        }));
    }

    /// Looks at every tournament that may have something to do now.
    ///
    /// # Errors
    /// A database failure reading the list (one tournament's failure is logged).
    pub async fn tick(self: &Arc<Self>) -> Result<(), ServerError> {
        let now = now_ms() as i64;
        for id in self.store.due(now).await? {
            if let Err(e) = self.step(&id, now).await {
                tracing::warn!(tournament = %id, "a tournament could not go on: {e}");
            }
        }
        Ok(())
    }

    async fn step(self: &Arc<Self>, id: &str, now: i64) -> Result<(), ServerError> {
        let t = self.loaded(id).await?;
        let arena = t.row.format == Format::Arena;
        match t.row.stage {
            Stage::Open if t.row.starts_ms <= now => self.start(&t).await,
            Stage::Running if arena => self.run_arena(id, now).await,
            Stage::Running => self.advance(id, now).await,
            _ => Ok(()),
        }
    }

    /// Starts a tournament whose time has come, or cancels it with too few players.
    async fn start(self: &Arc<Self>, t: &Loaded) -> Result<(), ServerError> {
        let entered = t.entrants.iter().filter(|e| e.withdrawn.is_none()).count() as u32;
        if entered < t.row.min_players {
            let note = format!(
                "cancelled at its start: {entered} of the {} players it needed had entered",
                t.row.min_players
            );
            if self
                .store
                .set_stage(&t.row.id, Stage::Open, 0, Stage::Cancelled, Some(&note))
                .await?
            {
                tracing::info!(tournament = %t.row.id, "tournament cancelled: {note}");
                self.changed(&t.row.id).await;
            }
            return Ok(());
        }
        if t.row.format == Format::Arena {
            return self.pair_arena(t).await;
        }
        self.pair_next(t).await
    }

    /// The running arena: its ended games read, its engine games played,
    /// its absentees decided, its free players paired until its end, then
    /// its end once every game has.
    async fn run_arena(self: &Arc<Self>, id: &str, now: i64) -> Result<(), ServerError> {
        let open = |t: &Loaded| -> Vec<u32> {
            let mut rounds: Vec<u32> = t
                .slots
                .iter()
                .filter(|s| s.winner.is_none())
                .map(|s| s.round)
                .collect();
            rounds.dedup();
            rounds
        };
        let before = self.loaded(id).await?;
        let mut settled = 0;
        for round in open(&before) {
            settled += self.store.settle(id, round).await?;
            let since = now - before.row.grace_ms();
            for game in self.store.unstarted(id, round, since).await? {
                self.players.games.no_show(&game).await?;
            }
        }
        let t = self.loaded(id).await?;
        if settled > 0 {
            self.changed(id).await;
        }
        self.play_engine_games(&t);
        if t.row.ends_ms.is_some_and(|end| now < end) {
            return self.pair_arena(&t).await;
        }
        if open(&t).is_empty()
            && self
                .store
                .set_stage(id, Stage::Running, t.row.round, Stage::Finished, None)
                .await?
        {
            tracing::info!(tournament = %id, "arena finished");
            self.changed(id).await;
        }
        Ok(())
    }

    /// Pairs an arena's free players (at its start, the stage becomes
    /// running even with nobody to pair), once of all processes.
    async fn pair_arena(self: &Arc<Self>, t: &Loaded) -> Result<(), ServerError> {
        let pairings = arena::pairings(t);
        if pairings.is_empty() && t.row.stage == Stage::Running {
            return Ok(());
        }
        let round = t.row.round + 1;
        let (mut slots, mut games) = (Vec::new(), Vec::new());
        for (i, p) in pairings.iter().enumerate() {
            let (black, white) = (entrant(t, p.first)?, entrant(t, p.second)?);
            let mut s = slot(round, i as u32 + 1, 0, black.seq, Some(white.seq));
            if let Some(row) = game_row(&t.row, black, white)? {
                s.game_id = Some(row.id.clone());
                games.push(row);
            }
            slots.push(s);
        }
        let (id, from) = (&t.row.id, t.row.round);
        if !self
            .store
            .pair(id, from, t.row.stage, None, &slots, &games)
            .await?
        {
            return Ok(());
        }
        for g in &games {
            self.begin(id, g).await?;
        }
        self.changed(id).await;
        Ok(())
    }

    /// The running tournament's round: its results, its waiting and
    /// engine games, its absentees, and the next round or the end.
    async fn advance(self: &Arc<Self>, id: &str, now: i64) -> Result<(), ServerError> {
        let round = self.loaded(id).await?.row.round;
        let settled = self.store.settle(id, round).await?;
        let t = self.loaded(id).await?;
        if settled > 0 {
            self.changed(id).await;
        }
        self.start_second_games(&t).await?;
        self.play_engine_games(&t);
        for game in self
            .store
            .unstarted(id, round, now - t.row.grace_ms())
            .await?
        {
            self.players.games.no_show(&game).await?;
        }
        if !round_over(&t, round) {
            return Ok(());
        }
        match t.row.next_ms {
            None => {
                let at = now + t.row.pause_s as i64 * 1000;
                if self.store.set_next(id, round, at).await? {
                    self.changed(id).await;
                }
                if t.row.pause_s == 0 {
                    return Box::pin(self.advance(id, now)).await;
                }
                Ok(())
            }
            Some(at) if at <= now && round >= t.row.rounds => {
                if self
                    .store
                    .set_stage(id, Stage::Running, round, Stage::Finished, None)
                    .await?
                {
                    tracing::info!(tournament = %id, "tournament finished");
                    self.changed(id).await;
                }
                Ok(())
            }
            Some(at) if at <= now => match pairing::next_round(&t, 0) {
                // No pairing exists (every pair has met): it ends here, and says why.
                Err(ServerError::Conflict(why)) => {
                    let why = why.reason();
                    let note = format!("{why}: the tournament ended after round {round}");
                    if self
                        .store
                        .set_stage(id, Stage::Running, round, Stage::Finished, Some(&note))
                        .await?
                    {
                        self.changed(id).await;
                    }
                    Ok(())
                }
                _ => self.pair_next(&t).await,
            },
            Some(_) => Ok(()),
        }
    }

    /// Pairs the next round and makes its first games, once of all processes.
    async fn pair_next(self: &Arc<Self>, t: &Loaded) -> Result<(), ServerError> {
        let next = pairing::next_round(t, random_u64()?)?;
        let round = t.row.round + 1;
        let (mut slots, mut games) = (Vec::new(), Vec::new());
        for (i, p) in next.pairings.iter().enumerate() {
            let (a, b) = (entrant(t, p.first)?, entrant(t, p.second)?);
            // Of an all-play-all, a player who withdrew loses the rest by forfeit.
            let forfeit = match (a.withdrawn.is_some(), b.withdrawn.is_some()) {
                (false, false) => None,
                (false, true) => Some(a.seq),
                (true, _) => Some(b.seq),
            };
            for leg in 0..t.row.legs {
                let (black, white) = if leg == 0 { (a, b) } else { (b, a) };
                let mut slot = slot(round, i as u32 + 1, leg, black.seq, Some(white.seq));
                if let Some(winner) = forfeit {
                    slot.forfeit = true;
                    slot.winner = Some(if winner == black.seq {
                        Side::Black
                    } else {
                        Side::White
                    });
                } else if leg == 0 {
                    if let Some(row) = game_row(&t.row, black, white)? {
                        slot.game_id = Some(row.id.clone());
                        games.push(row);
                    }
                }
                slots.push(slot);
            }
        }
        if let Some(bye) = next.bye {
            let mut s = slot(round, next.pairings.len() as u32 + 1, 0, bye, None);
            s.winner = Some(Side::Black);
            slots.push(s);
        }
        let stage = t.row.stage;
        if !self
            .store
            .pair(&t.row.id, t.row.round, stage, next.rounds, &slots, &games)
            .await?
        {
            return Ok(());
        }
        tracing::info!(tournament = %t.row.id, round, games = games.len(), "round paired");
        for g in &games {
            self.begin(&t.row.id, g).await?;
        }
        self.changed(&t.row.id).await;
        Ok(())
    }

    /// Loads a game just made and tells its players through the lobby.
    async fn begin(self: &Arc<Self>, id: &str, g: &GameRow) -> Result<(), ServerError> {
        self.players.games.started(g).await?;
        self.players
            .lobby
            .tell(LobbyEvent::Paired {
                tournament: id.into(),
                game: g.id.clone(),
                black: g.black_name.clone(),
                white: g.white_name.clone(),
            })
            .await;
        Ok(())
    }

    /// Makes each double round's second game whose first has ended.
    async fn start_second_games(self: &Arc<Self>, t: &Loaded) -> Result<(), ServerError> {
        let round = t.row.round;
        for s in t.slots.iter().filter(|s| s.round == round && s.leg > 0) {
            if s.game_id.is_some() || s.winner.is_some() {
                continue;
            }
            let before = t
                .slots
                .iter()
                .find(|p| p.round == round && p.board == s.board && p.leg == s.leg - 1);
            if before.is_none_or(|p| p.winner.is_none()) {
                continue;
            }
            let (black, white) = (entrant(t, s.black)?, entrant(t, s.white.unwrap_or(0))?);
            if let Some(row) = game_row(&t.row, black, white)? {
                if self.store.start_slot(&t.row.id, s, &row).await? {
                    self.begin(&t.row.id, &row).await?;
                    self.changed(&t.row.id).await;
                }
            }
        }
        Ok(())
    }

    /// Plays, on the engine pool, each game of the round between two engine
    /// levels that this process is not playing already.
    fn play_engine_games(self: &Arc<Self>, t: &Loaded) {
        // Every game not ended: the round's, or an arena's of every batch.
        for s in &t.slots {
            let (Some(white), None, None) = (s.white, &s.game_id, s.winner) else {
                continue;
            };
            let levels = match (entrant(t, s.black), entrant(t, white)) {
                (Ok(b), Ok(w)) => match (b.level, w.level) {
                    (Some(b), Some(w)) => (b, w),
                    _ => continue,
                },
                _ => continue,
            };
            let key = format!("{} {} {} {}", t.row.id, s.round, s.board, s.leg);
            if !self.playing.lock().is_ok_and(|mut p| p.insert(key.clone())) {
                continue;
            }
            let game = EngineGame {
                board: t.row.board,
                rules: t.row.rules,
                target: t.row.target,
                levels,
                seed: seed_of(&key),
            };
            let (this, slot, id) = (Arc::clone(self), s.clone(), t.row.id.clone());
            tokio::spawn(async move {
                let date = today();
                let played = this
                    .players
                    .games
                    .engines
                    .run_long(move |brain, stop| engine_games::play(brain, game, &date, stop))
                    .await;
                match played {
                    Ok(Ok((winner, record))) => {
                        match this
                            .store
                            .record_engine_game(&id, &slot, winner, &record)
                            .await
                        {
                            Ok(()) => this.changed(&id).await,
                            Err(e) => {
                                tracing::warn!(tournament = %id, "an engine game's result could not be stored: {e}")
                            }
                        }
                    }
                    Ok(Err(e)) => {
                        tracing::error!(tournament = %id, "an engine game could not be played: {e}")
                    }
                    Err(ServerError::Unavailable(e)) => {
                        tracing::error!(tournament = %id, "an engine game could not be played: {e}")
                    }
                    Err(e) => tracing::error!(tournament = %id, "an engine game failed: {e}"),
                }
                if let Ok(mut p) = this.playing.lock() {
                    p.remove(&key);
                }
            });
        }
    }
}

/// A seed from a game's place in its tournament, the same in every process.
fn seed_of(key: &str) -> u64 {
    key.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

fn slot(round: u32, board: u32, leg: u32, black: u32, white: Option<u32>) -> SlotRow {
    SlotRow {
        round,
        board,
        leg,
        black,
        white,
        game_id: None,
        winner: None,
        record: None,
        forfeit: false,
        ended_ms: None,
    }
}

fn entrant(t: &Loaded, seq: u32) -> Result<&EntrantRow, ServerError> {
    t.entrants
        .iter()
        .find(|e| e.seq == seq)
        .ok_or_else(|| ServerError::Corrupt(format!("tournament {} has no player {seq}", t.row.id)))
}

/// The game of `black` against `white` under the tournament's settings:
/// between accounts, or an account against the engine; none between two
/// engine levels (the engine plays it whole).
fn game_row(
    t: &TournamentRow,
    black: &EntrantRow,
    white: &EntrantRow,
) -> Result<Option<GameRow>, ServerError> {
    let settings = Settings {
        rules: t.rules,
        board: t.board,
        target: t.target,
        rated: t.rated,
        time: Some(t.time()?),
        seed: random_u64()?,
    };
    let plan = match (&black.account, &white.account) {
        (Some(b), Some(w)) => Plan::between(
            PerSide {
                b: b.clone(),
                w: w.clone(),
            },
            Side::Black,
            settings,
        ),
        (Some(b), None) => Plan::against_engine(b.clone(), Side::Black, level(white)?, settings),
        (None, Some(w)) => Plan::against_engine(w.clone(), Side::White, level(black)?, settings),
        (None, None) => return Ok(None),
    };
    Ok(Some(plan.make()?.row))
}

fn level(e: &EntrantRow) -> Result<u8, ServerError> {
    e.level.ok_or_else(|| {
        ServerError::Corrupt(format!("player {} has no account and no level", e.seq))
    })
}
