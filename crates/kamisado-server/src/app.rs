//! The server's shared state and every change to a game: create, act, undo,
//! take back, rename. Each change is checked by the rules crate, committed to
//! the database, applied in memory and only then acknowledged and broadcast.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use kamisado_core::geometry::BoardSize;
use kamisado_core::{MatchState, Rules, Side};
use serde::{Deserialize, Serialize};
use tokio::sync::{Mutex, broadcast};

use crate::engine::EnginePool;
use crate::error::ServerError;
use crate::limits::Limits;
use crate::live::{Action, LiveGame, Seat, side_name};
use crate::rights::{self, Request};
use crate::room::Room;
use crate::store::{Change, Claim, GameRow, Mode, Notice, Outcome, Store, now_ms};
use crate::wire::{NewGame, Note, ServerMessage, StateView};
use kamisado_core::any::AnyMatch;

/// How many state messages a slow watcher may fall behind before it is sent the latest.
const BROADCAST_DEPTH: usize = 64;
/// The longest player name kept, in characters.
pub const MAX_NAME: usize = 32;

/// A game held in memory with the channel that carries its changes to clients.
pub struct GameCell {
    /// The game and its players' state; every change happens under this lock.
    pub room: Mutex<Room>,
    /// Each state published, for every connected client.
    pub tx: broadcast::Sender<Arc<Published>>,
    /// Counts takebacks, so that an engine answer for a position taken back is dropped.
    epoch: AtomicU64,
    /// The last state published (its `seq` counts the publications) with its
    /// messages; none before the first. Changed under the room's lock only.
    last: std::sync::Mutex<Option<Arc<Published>>>,
}

/// One state of a game as published: its number, the state, the `patch`
/// message from the state published before it, and the `state` message,
/// written when a client first needs the state whole.
#[derive(Debug)]
pub struct Published {
    /// The state's number, its `seq`.
    pub seq: u64,
    /// The state.
    view: StateView,
    /// The text of the `patch` message from state `seq - 1`; none for the
    /// first state published.
    pub patch: Option<String>,
    /// The `state` message's text, once asked for.
    whole: std::sync::OnceLock<String>,
}

impl Published {
    /// The state.
    pub fn view(&self) -> &StateView {
        &self.view
    }

    /// The `state` message's text.
    pub fn state_text(&self) -> &str {
        self.whole
            .get_or_init(|| ServerMessage::State(Box::new(self.view.clone())).to_text())
    }
}

impl GameCell {
    /// Numbers the room's state after the last one published and sends it to
    /// every client; called with the room's lock held, so that states are
    /// numbered in the order they were made.
    fn publish(&self, room: &Room) {
        let mut last = self
            .last
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        self.publish_view(&mut last, room.view());
    }

    /// Numbers `view`, sends it and keeps it as the last state published.
    fn publish_view(
        &self,
        last: &mut Option<Arc<Published>>,
        mut view: StateView,
    ) -> Arc<Published> {
        let before = last.as_ref().map(|published| published.view());
        view.seq = before.map_or(0, |state| state.seq) + 1;
        let published = Arc::new(Published {
            seq: view.seq,
            patch: before.map(|old| ServerMessage::Patch(view.patch_from(old)).to_text()),
            view,
            whole: std::sync::OnceLock::new(),
        });
        // No receivers is fine: nobody is watching.
        let _ = self.tx.send(Arc::clone(&published));
        *last = Some(Arc::clone(&published));
        published
    }

    /// The state a client is sent whole (on connecting, on `sync`, after
    /// falling behind) and `GET /api/games/{id}` answers: the last one
    /// published, or, when the room has changed since without publishing
    /// (the engine set thinking as the game loads), its state published now,
    /// so that every client's patches apply to what it has.
    pub async fn published(&self) -> Arc<Published> {
        let room = self.room.lock().await;
        let mut last = self
            .last
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let mut view = room.view();
        if let Some(published) = last.as_ref() {
            view.seq = published.seq;
            if view == published.view {
                return Arc::clone(published);
            }
        }
        self.publish_view(&mut last, view)
    }

    /// The game's state as last published.
    pub async fn view(&self) -> StateView {
        self.published().await.view().clone()
    }
}

/// What the server shares between requests.
pub struct App {
    /// The database.
    pub store: Store,
    /// Games loaded in memory, by id.
    games: Mutex<HashMap<String, Arc<GameCell>>>,
    /// The engines.
    pub engines: Arc<EnginePool>,
    /// What one client may ask.
    pub limits: Limits,
    /// Set when the server stops: no change is stored after it.
    closed: AtomicBool,
    /// Requests and messages refused since the server started.
    refusals: AtomicU64,
    /// This process's name in the database's claims on engine turns.
    owner: String,
    /// The tasks that hear other processes' changes and watch the clocks, while they run.
    listening: std::sync::Mutex<Vec<tokio::task::JoinHandle<()>>>,
    /// Changes to the open challenges, for the lobby's WebSockets: `changed`,
    /// or `started CHALLENGE GAME BLACK WHITE`.
    pub lobby: broadcast::Sender<Arc<str>>,
}

/// The answer to `POST /api/games`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Created {
    /// The game's id, in its link `/g/{id}`.
    pub id: String,
    /// The creator's seat key.
    pub key: String,
    /// The creator's seat.
    pub seat: Seat,
    /// The friend's seat key, in a game with a friend.
    pub invite: Option<String>,
}

/// 128 random bits as 32 hex digits, for a seat key.
///
/// # Errors
/// When the system has no random source.
pub fn seat_key() -> Result<String, ServerError> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes)
        .map_err(|e| ServerError::Unavailable(format!("no random source: {e}")))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

fn random_u64() -> Result<u64, ServerError> {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes)
        .map_err(|e| ServerError::Unavailable(format!("no random source: {e}")))?;
    Ok(u64::from_le_bytes(bytes))
}

/// Whether a character changes the direction of the text around it
/// (embeddings, overrides and isolates): a name could reorder what follows it.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Whether a character shows nothing by itself: space, and the zero-width
/// and filler characters that make a name look empty.
fn is_invisible(c: char) -> bool {
    c.is_whitespace()
        || matches!(
            c,
            '\u{00AD}'
                | '\u{034F}'
                | '\u{115F}'
                | '\u{1160}'
                | '\u{180E}'
                | '\u{200B}'..='\u{200F}'
                | '\u{2060}'..='\u{2064}'
                | '\u{2800}'
                | '\u{3164}'
                | '\u{FE00}'..='\u{FE0F}'
                | '\u{FEFF}'
                | '\u{FFA0}'
        )
}

/// A player's name as kept: no control characters and no direction
/// overrides, at most [`MAX_NAME`] characters, surrounding space trimmed;
/// `fallback` when nothing visible is left.
pub fn clean_name(name: Option<&str>, fallback: &str) -> String {
    let kept: String = name
        .unwrap_or("")
        .chars()
        .filter(|&c| !c.is_control() && !is_bidi_control(c))
        .take(MAX_NAME)
        .collect();
    let kept = kept.trim();
    if kept.chars().all(is_invisible) {
        fallback.to_string()
    } else {
        kept.to_string()
    }
}

/// Today's date as a record writes it, `YYYY.MM.DD` (UTC).
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    kamisado_core::record::date_tag(secs)
}

/// The answer to a successful action.
#[derive(Debug)]
pub struct Acted {
    /// Whether it had already been applied (a retry).
    pub duplicate: bool,
}

/// A new game's settings, read from its request.
#[derive(Clone, Copy, Debug)]
struct Plan {
    mode: Mode,
    target: u8,
    rules: Rules,
    board: BoardSize,
    level: Option<u8>,
    /// The creator's side.
    side: Side,
    seed: u64,
}

impl Plan {
    /// The settings a request asks for, each checked with its reason.
    fn read(req: &NewGame) -> Result<Plan, ServerError> {
        let bad = |m: String| ServerError::BadRequest(m);
        let mode: Mode = req.mode.parse()?;
        if mode == Mode::Challenge {
            return Err(bad(
                "a game between accounts starts from a challenge: POST /api/challenges".into(),
            ));
        }
        let target = req.target.unwrap_or(1);
        if !kamisado_core::Score::TARGETS.contains(&target) {
            return Err(bad(format!(
                "a match is played to 1, 3, 7 or 15 points, not {target}"
            )));
        }
        let rules: Rules = req
            .rules
            .as_deref()
            .unwrap_or("standard")
            .parse()
            .map_err(|e: kamisado_core::rules::ParseRulesError| bad(e.to_string()))?;
        let board: BoardSize = req
            .board
            .as_deref()
            .unwrap_or("8x8")
            .parse()
            .map_err(|e: kamisado_core::geometry::ParseBoardError| bad(e.to_string()))?;
        let level = match (mode, req.level) {
            (Mode::Engine, Some(l @ 1..=6)) => Some(l),
            (Mode::Engine, None) => Some(3),
            (Mode::Engine, Some(l)) => {
                return Err(bad(format!("the engine plays at levels 1 to 6, not {l}")));
            }
            (_, _) => None,
        };
        let seed = match req.seed {
            Some(seed) => seed,
            None => random_u64()?,
        };
        let side = match req.colour.as_deref().unwrap_or("random") {
            "random" if seed & 1 == 0 => Side::Black,
            "random" => Side::White,
            other => other.parse::<Side>().map_err(|_| {
                bad(format!(
                    "`{other}` is not a colour: expected black, white or random"
                ))
            })?,
        };
        Ok(Plan {
            mode,
            target,
            rules,
            board,
            level,
            side,
            seed,
        })
    }

    /// The game's row: each side's name and key as the mode seats them.
    fn row(&self, req: &NewGame, id: &str, key: &str, invite: Option<&str>) -> GameRow {
        let name = clean_name(req.name.as_deref(), "Player");
        let (mine, theirs, their_key, engine_side) = match self.mode {
            Mode::Engine => {
                let engine = format!("Engine, level {}", self.level.unwrap_or(3));
                (name, engine, None, Some(!self.side))
            }
            Mode::Local => (
                clean_name(req.name.as_deref(), "Black"),
                clean_name(req.opponent.as_deref(), "Gold"),
                Some(key),
                None,
            ),
            Mode::Friend | Mode::Challenge => (name, "Friend".to_string(), invite, None),
        };
        // On one screen the creator holds both seats, Black's name first.
        let creator = if self.mode == Mode::Local {
            Side::Black
        } else {
            self.side
        };
        let (black_name, white_name, black_key, white_key) = match creator {
            Side::Black => (mine, theirs, Some(key), their_key),
            Side::White => (theirs, mine, their_key, Some(key)),
        };
        GameRow {
            id: id.to_string(),
            created_at: today(),
            mode: self.mode,
            rules: self.rules,
            board: self.board,
            target: self.target,
            black_name,
            white_name,
            black_key: black_key.map(str::to_string),
            white_key: white_key.map(str::to_string),
            engine_side,
            level: self.level,
            seed: (self.seed >> 1) as i64,
            black_account: None,
            white_account: None,
            rated: false,
            time: None,
        }
    }
}

fn conflict(m: impl Into<String>) -> ServerError {
    ServerError::Conflict(m.into())
}

/// How many times a change is decided again after another process changed
/// the game first, before it is refused.
const ATTEMPTS: usize = 4;

impl App {
    /// The shared state over a database, under `limits`.
    pub fn new(store: Store, limits: Limits) -> Result<App, ServerError> {
        Ok(App {
            store,
            games: Mutex::new(HashMap::new()),
            engines: Arc::new(EnginePool::new(
                limits.engine_slots,
                limits.engine_queue,
                limits.search_time,
            )),
            limits,
            closed: AtomicBool::new(false),
            refusals: AtomicU64::new(0),
            owner: seat_key()?[..12].to_string(),
            listening: std::sync::Mutex::new(Vec::new()),
            lobby: broadcast::channel(BROADCAST_DEPTH).0,
        })
    }

    /// Listens for the changes other processes make to the games this one
    /// holds (on PostgreSQL; on SQLite there are no others) and brings them
    /// up to date as each is told.
    ///
    /// # Errors
    /// The database cannot be reached.
    pub async fn listen(self: &Arc<Self>) -> Result<(), ServerError> {
        let clocks = tokio::spawn(watch_clocks(Arc::downgrade(self)));
        if let Ok(mut tasks) = self.listening.lock() {
            tasks.push(clocks);
        }
        let Some(mut listener) = self.store.listener().await? else {
            return Ok(());
        };
        let app = Arc::downgrade(self);
        let task = tokio::spawn(async move {
            loop {
                let notice = listener.next().await;
                let Some(app) = app.upgrade() else { return };
                let cells: Vec<(Arc<GameCell>, Option<i64>)> = {
                    let games = app.games.lock().await;
                    match notice {
                        Notice::Changed(changes) => changes
                            .into_iter()
                            .filter_map(|(id, v)| games.get(&id).map(|c| (Arc::clone(c), Some(v))))
                            .collect(),
                        Notice::Lobby(what) => {
                            let _ = app.lobby.send(Arc::from(what.as_str()));
                            continue;
                        }
                        // Changes made while the listener was cut off were not heard.
                        Notice::Resumed => {
                            let _ = app.lobby.send(Arc::from("changed"));
                            games.values().map(|c| (Arc::clone(c), None)).collect()
                        }
                    }
                };
                for (cell, version) in cells {
                    let app = Arc::clone(&app);
                    tokio::spawn(async move {
                        if let Err(e) = app.refresh(&cell, version).await {
                            tracing::warn!("a game could not be brought up to date: {e}");
                        }
                    });
                }
            }
        });
        if let Ok(mut tasks) = self.listening.lock() {
            tasks.push(task);
        }
        Ok(())
    }

    /// Stops every change: once this returns, nothing more is written to the
    /// database (an engine still thinking has its answer dropped).
    pub async fn close(&self) {
        self.closed.store(true, Ordering::SeqCst);
        let tasks = self
            .listening
            .lock()
            .map(|mut t| std::mem::take(&mut *t))
            .unwrap_or_default();
        for task in tasks {
            task.abort();
        }
        tracing::info!(refusals = self.refusals(), "the server stops");
        let cells: Vec<Arc<GameCell>> = self.games.lock().await.values().cloned().collect();
        for cell in cells {
            // Waits for a change in progress to finish.
            drop(cell.room.lock().await);
        }
    }

    /// Counts one refused request or message.
    pub fn count_refusal(&self) {
        self.refusals.fetch_add(1, Ordering::Relaxed);
    }

    /// Requests and messages refused since the server started.
    pub fn refusals(&self) -> u64 {
        self.refusals.load(Ordering::Relaxed)
    }

    /// Set once the server stops: long work (the puzzle set) stops with it.
    pub fn closing(&self) -> &AtomicBool {
        &self.closed
    }

    /// Refuses a change once the server is stopping.
    ///
    /// # Errors
    /// [`ServerError::Unavailable`] once [`App::close`] was called.
    pub fn check_accepting(&self) -> Result<(), ServerError> {
        self.check_open()
    }

    fn check_open(&self) -> Result<(), ServerError> {
        if self.closed.load(Ordering::SeqCst) {
            Err(ServerError::Unavailable(
                "the server is shutting down".into(),
            ))
        } else {
            Ok(())
        }
    }

    /// Creates a game and returns `{id, key, seat, invite}` (the invite key only
    /// in a game with a friend).
    ///
    /// # Errors
    /// A request with a bad mode, target, level, colour or rule set, a
    /// client over its share of games, or a database failure.
    pub async fn create(
        self: &Arc<Self>,
        client: std::net::IpAddr,
        account: Option<String>,
        req: NewGame,
    ) -> Result<Created, ServerError> {
        self.check_open()?;
        let plan = Plan::read(&req)?;
        let id = seat_key()?[..16].to_string();
        let key = seat_key()?;
        let invite = match plan.mode {
            Mode::Friend => Some(seat_key()?),
            _ => None,
        };
        let mut row = plan.row(&req, &id, &key, invite.as_deref());
        // A signed-in creator's game is theirs: it goes to their archive.
        if plan.mode != Mode::Local {
            match plan.side {
                Side::Black => row.black_account = account,
                Side::White => row.white_account = account,
            }
        }
        let quota = (self.limits.games_per_client, self.limits.games_window);
        self.store
            .insert_game(&row, &client.to_string(), quota)
            .await?;
        tracing::info!(
            game = %id,
            mode = row.mode.name(),
            rules = row.rules.name(),
            board = row.board.name(),
            target = row.target,
            "game created"
        );
        // Load it now so that the engine starts if it moves first.
        self.game(&id).await?;
        let seat = match plan.mode {
            Mode::Local => Seat::Both,
            _ => Seat::Side(plan.side),
        };
        Ok(Created {
            id,
            key,
            seat,
            invite,
        })
    }

    /// The game with this id, loaded from the database (and replayed) if needed.
    ///
    /// # Errors
    /// [`ServerError::NoSuchGame`], or a game that does not replay.
    pub async fn game(self: &Arc<Self>, id: &str) -> Result<Arc<GameCell>, ServerError> {
        let valid = id.len() <= 32 && id.bytes().all(|b| b.is_ascii_alphanumeric());
        if !valid {
            return Err(ServerError::NoSuchGame(id.chars().take(32).collect()));
        }
        let mut games = self.games.lock().await;
        if let Some(cell) = games.get(id) {
            return Ok(Arc::clone(cell));
        }
        let Some(stored) = self.store.load_game(id).await? else {
            return Err(ServerError::NoSuchGame(id.to_string()));
        };
        let (tx, _) = broadcast::channel(BROADCAST_DEPTH);
        let cell = Arc::new(GameCell {
            room: Mutex::new(Room::load(stored)?),
            tx,
            epoch: AtomicU64::new(0),
            last: std::sync::Mutex::new(None),
        });
        games.insert(id.to_string(), Arc::clone(&cell));
        drop(games);
        {
            let mut room = cell.room.lock().await;
            self.kick_engine(&cell, &mut room);
        }
        Ok(cell)
    }

    /// Brings a game this process holds up to the stored version (at least
    /// `version`, when told which), and tells its clients.
    ///
    /// # Errors
    /// A database failure or a game that does not replay.
    pub async fn refresh(
        self: &Arc<Self>,
        cell: &Arc<GameCell>,
        version: Option<i64>,
    ) -> Result<(), ServerError> {
        let mut room = cell.room.lock().await;
        if version.is_some_and(|v| v <= room.version) {
            return Ok(());
        }
        self.reload(cell, &mut room).await?;
        self.kick_engine(cell, &mut room);
        cell.publish(&room);
        Ok(())
    }

    /// Reads the game again from the database into its room.
    /// When no action was removed meanwhile, only the actions it has not
    /// got are read and played on.
    async fn reload(&self, cell: &GameCell, room: &mut Room) -> Result<(), ServerError> {
        let id = room.game.row.id.clone();
        let missing = || ServerError::NoSuchGame(id.clone());
        let since = self
            .store
            .load_game_from(&id, room.game.actions.len())
            .await?
            .ok_or_else(missing)?;
        if since.version == room.version || room.catch_up(since)? {
            return Ok(());
        }
        let stored = self.store.load_game(&id).await?.ok_or_else(missing)?;
        if room.reload(stored)? {
            // An engine answer for the actions held before is dropped.
            cell.epoch.fetch_add(1, Ordering::SeqCst);
        }
        Ok(())
    }

    /// Stores a change to the game as its room holds it and makes it in the
    /// room: `Ok(true)`. `Ok(false)` when another process changed the game
    /// first: the room now holds the game as stored, and the change is to
    /// be decided again.
    async fn commit(
        &self,
        cell: &GameCell,
        room: &mut Room,
        change: Change,
        told: Option<Note>,
    ) -> Result<bool, ServerError> {
        self.check_open()?;
        let outcome = self
            .store
            .change(&room.game.row.id, room.version, change.clone())
            .await;
        match outcome {
            Ok(Outcome::Done) => {
                room.apply(&change, told)?;
                Ok(true)
            }
            Ok(Outcome::Stale) => {
                self.reload(cell, room).await?;
                Ok(false)
            }
            Err(e) => {
                // Whether it was stored is for the next change to find out.
                let _ = self.reload(cell, room).await;
                Err(e)
            }
        }
    }

    /// Seats the holder of `key`, or without a key the signed-in `account`
    /// when it plays a side (otherwise: a watcher), and answers with the
    /// seat; the engine starts if it is its turn.
    ///
    /// # Errors
    /// A key that opens no seat of this game.
    pub async fn join(
        self: &Arc<Self>,
        cell: &Arc<GameCell>,
        key: Option<&str>,
        account: Option<&str>,
    ) -> Result<Option<Seat>, ServerError> {
        let mut room = cell.room.lock().await;
        let seat = match key {
            None | Some("") => account.and_then(|name| {
                [Side::Black, Side::White]
                    .into_iter()
                    .find(|&side| room.game.row.account(side) == Some(name))
                    .map(Seat::Side)
            }),
            Some(key) => Some(room.game.seat_of(key).ok_or_else(|| {
                ServerError::Forbidden(
                    "this seat key does not open a seat of this game: you are watching".into(),
                )
            })?),
        };
        let mut changed = false;
        for _ in 0..ATTEMPTS {
            let Some(side) = seat.and_then(|s| room.newly_joined(s).first().copied()) else {
                break;
            };
            // The seat is the player's whether or not the database hears of it now.
            match self
                .commit(cell, &mut room, Change::Joined(side), None)
                .await
            {
                Ok(done) => changed |= done,
                Err(e) => {
                    tracing::warn!("a seat taken was not stored: {e}");
                    break;
                }
            }
        }
        let was_thinking = room.engine_pending;
        self.kick_engine(cell, &mut room);
        if changed || room.engine_pending != was_thinking {
            cell.publish(&room);
        }
        Ok(seat)
    }

    /// The side a seat resigns for: its own, or on one screen the side to act.
    ///
    /// # Errors
    /// A watcher, or a match already over.
    pub async fn resigning_side(
        &self,
        cell: &GameCell,
        seat: Option<Seat>,
    ) -> Result<Side, ServerError> {
        rights::resigner(&*cell.room.lock().await, seat)
    }

    /// Checks the number an action carries: `Ok(true)` when it is the next
    /// one, `Ok(false)` when it repeats the action already stored under it.
    pub(crate) fn check_number(
        live: &LiveGame,
        n: usize,
        action: Option<Action>,
    ) -> Result<bool, ServerError> {
        let len = live.actions.len();
        if n == len {
            return Ok(true);
        }
        if let (Some(a), Some(stored)) = (action, live.actions.get(n)) {
            if *stored == a {
                return Ok(false);
            }
        }
        if n > len {
            return Err(conflict(format!(
                "this was sent as action {n}, but the game is only at action {len}: not yet"
            )));
        }
        Err(conflict(format!(
            "this was sent as action {n}, but the game is at action {len}: it has changed since"
        )))
    }

    /// Commits and applies an action by the holder of `seat`.
    ///
    /// # Errors
    /// A watcher, the wrong seat, a stale number, or an action the rules refuse;
    /// the game is unchanged.
    pub async fn act(
        self: &Arc<Self>,
        cell: &Arc<GameCell>,
        seat: Option<Seat>,
        n: usize,
        action: Action,
    ) -> Result<Acted, ServerError> {
        self.act_in(cell, seat, n, action, None).await
    }

    /// The action is told (which checks it under the rules), stored, then
    /// applied to the game in place, once.
    async fn act_in(
        self: &Arc<Self>,
        cell: &Arc<GameCell>,
        seat: Option<Seat>,
        n: usize,
        action: Action,
        epoch: Option<u64>,
    ) -> Result<Acted, ServerError> {
        let mut room = cell.room.lock().await;
        for _ in 0..ATTEMPTS {
            self.check_open()?;
            if epoch.is_some_and(|e| e != cell.epoch.load(Ordering::SeqCst)) {
                return Err(conflict("the position changed while the engine thought"));
            }
            if n == room.game.actions.len() {
                if let Some(end) = room.game.ended() {
                    return Err(over(end, seat));
                }
            }
            if !Self::check_number(&room.game, n, Some(action))? {
                return Ok(Acted { duplicate: true });
            }
            let now = now_ms() as i64;
            if let Some(side) = room.flagged_at(now) {
                // The flag fell before this arrived: the loss on time is stored instead.
                let note = room.game.tell(Action::Time(side)).map_err(conflict)?;
                let n = room.game.actions.len();
                let stored = self
                    .commit_action(cell, &mut room, n, Action::Time(side), note, now)
                    .await?;
                cell.publish(&room);
                // Stored, the match is over; else it is decided again on the game as stored.
                if let (true, Some(end)) = (stored, room.game.ended()) {
                    return Err(over(end, seat));
                }
                continue;
            }
            rights::check(&room, seat, Request::Act(action))?;
            let note = room.game.tell(action).map_err(conflict)?;
            if !self
                .commit_action(cell, &mut room, n, action, note, now)
                .await?
            {
                // Another process changed the game first: decide again on the game as stored.
                cell.publish(&room);
                continue;
            }
            cell.publish(&room);
            return Ok(Acted { duplicate: false });
        }
        Err(busy())
    }

    /// Stores an action told as `note` at `now`, with the clock after it and
    /// the match's end when it ends it (a rated game's ratings move in the
    /// same transaction), makes it in the room and starts the engine if it is
    /// its turn: `Ok(true)`. `Ok(false)` when another process changed the
    /// game first.
    async fn commit_action(
        self: &Arc<Self>,
        cell: &Arc<GameCell>,
        room: &mut Room,
        n: usize,
        action: Action,
        note: Note,
        now: i64,
    ) -> Result<bool, ServerError> {
        let end = LiveGame::ending(action, &note);
        let change = Change::Append {
            seq: n,
            action: action.to_string(),
            timing: room.timing_after(action, &note, end.is_some(), now),
            end,
        };
        if !self.commit(cell, room, change, Some(note)).await? {
            return Ok(false);
        }
        if let Some(end) = end {
            let score = room.game.current().score();
            tracing::info!(
                game = %room.game.row.id,
                winner = %side_name(end.winner),
                how = end.how,
                score = %format!("{}-{}", score.black, score.white),
                actions = room.game.actions.len(),
                "game ended"
            );
        }
        self.kick_engine(cell, room);
        Ok(true)
    }

    /// Decides a loss on time when the side to act has run out of time,
    /// whoever is connected.
    ///
    /// # Errors
    /// A database failure.
    pub async fn flag_if_due(self: &Arc<Self>, cell: &Arc<GameCell>) -> Result<(), ServerError> {
        let mut room = cell.room.lock().await;
        for _ in 0..ATTEMPTS {
            self.check_open()?;
            let now = now_ms() as i64;
            let Some(side) = room.flagged_at(now) else {
                return Ok(());
            };
            let note = room.game.tell(Action::Time(side)).map_err(conflict)?;
            let n = room.game.actions.len();
            let done = self
                .commit_action(cell, &mut room, n, Action::Time(side), note, now)
                .await?;
            cell.publish(&room);
            if done {
                return Ok(());
            }
        }
        Err(busy())
    }

    /// The number of the first action a takeback for `side` removes: its
    /// last move in the current round. For both seats, the last move.
    fn takeback_from(live: &LiveGame, side: Option<Side>) -> Result<usize, ServerError> {
        if matches!(
            live.actions.last(),
            Some(Action::Resign(_) | Action::Time(_))
        ) {
            return Err(conflict(
                "the match ended by resignation: nothing can be taken back",
            ));
        }
        let round_start = live
            .actions
            .iter()
            .rposition(|a| matches!(a, Action::Fill(_)))
            .map_or(0, |i| i + 1);
        (round_start..live.actions.len())
            .rev()
            .find(|&i| side.is_none_or(|s| live.movers[i] == s))
            .ok_or_else(|| conflict("there is no move of this round to take back"))
    }

    /// Makes a change that is not an action, decided by `decide` on the game
    /// as this process holds it and decided again if another process changed
    /// the game first; then tells every client.
    async fn change_with(
        self: &Arc<Self>,
        cell: &Arc<GameCell>,
        mut decide: impl FnMut(&Room) -> Result<Option<Change>, ServerError>,
    ) -> Result<(), ServerError> {
        let mut room = cell.room.lock().await;
        for _ in 0..ATTEMPTS {
            let Some(change) = decide(&room)? else {
                cell.publish(&room);
                return Ok(());
            };
            let truncates = matches!(change, Change::Truncate { .. });
            if self.commit(cell, &mut room, change, None).await? {
                if truncates {
                    cell.epoch.fetch_add(1, Ordering::SeqCst);
                    self.kick_engine(cell, &mut room);
                }
                cell.publish(&room);
                return Ok(());
            }
            cell.publish(&room);
        }
        Err(busy())
    }

    /// Takes back moves: against the engine, back to before the player's last
    /// move; on one screen, the last move.
    ///
    /// # Errors
    /// A game with a friend (which uses a takeback offer), a watcher, a stale
    /// number, or nothing to take back.
    pub async fn undo(
        self: &Arc<Self>,
        cell: &Arc<GameCell>,
        seat: Option<Seat>,
        n: usize,
    ) -> Result<(), ServerError> {
        self.change_with(cell, |room| {
            Self::check_number(&room.game, n, None)?;
            let seat = rights::check(room, seat, Request::Undo)?;
            let from = match (room.game.row.mode, seat) {
                (Mode::Engine, Seat::Side(side)) => Self::takeback_from(&room.game, Some(side))?,
                (_, _) => Self::takeback_from(&room.game, None)?,
            };
            Ok(Some(Change::Truncate { from }))
        })
        .await
    }

    /// Offers to take back the offering player's last move (a game with a friend).
    ///
    /// # Errors
    /// Not a friend game, a watcher, a stale number, or nothing to take back.
    pub async fn offer_takeback(
        self: &Arc<Self>,
        cell: &Arc<GameCell>,
        seat: Option<Seat>,
        n: usize,
    ) -> Result<(), ServerError> {
        self.change_with(cell, |room| {
            Self::check_number(&room.game, n, None)?;
            let Seat::Side(side) = rights::check(room, seat, Request::OfferTakeback)? else {
                return Err(ServerError::Forbidden(
                    "a takeback is offered from one side's seat".into(),
                ));
            };
            Self::takeback_from(&room.game, Some(side))?;
            Ok(Some(Change::Takeback(Some(side))))
        })
        .await
    }

    /// Answers the opponent's takeback offer.
    ///
    /// # Errors
    /// No offer to answer, or one's own offer.
    pub async fn answer_takeback(
        self: &Arc<Self>,
        cell: &Arc<GameCell>,
        seat: Option<Seat>,
        accept: bool,
    ) -> Result<(), ServerError> {
        self.change_with(cell, |room| {
            rights::check(room, seat, Request::AnswerTakeback)?;
            match room.takeback {
                Some(offerer) if accept => Ok(Some(Change::Truncate {
                    from: Self::takeback_from(&room.game, Some(offerer))?,
                })),
                _ => Ok(Some(Change::Takeback(None))),
            }
        })
        .await
    }

    /// Sets the name of the seat's player.
    ///
    /// # Errors
    /// A watcher or two players on one screen.
    pub async fn rename(
        self: &Arc<Self>,
        cell: &Arc<GameCell>,
        seat: Option<Seat>,
        name: &str,
    ) -> Result<(), ServerError> {
        self.change_with(cell, |room| {
            let Seat::Side(side) = rights::check(room, seat, Request::Rename)? else {
                return Err(ServerError::Forbidden(
                    "only a seated player can set their name".into(),
                ));
            };
            let name = clean_name(Some(name), side_name(side));
            Ok(Some(Change::Name { side, name }))
        })
        .await
    }

    /// Checks that `seat` may ask for a hint in the game as it stands, and
    /// gives the match to search.
    ///
    /// # Errors
    /// As [`rights::check`] for a hint, or a stale number.
    pub async fn hint_position(
        &self,
        cell: &GameCell,
        seat: Option<Seat>,
        n: usize,
    ) -> Result<AnyMatch, ServerError> {
        let room = cell.room.lock().await;
        rights::check(&room, seat, Request::Hint)?;
        Self::check_number(&room.game, n, None)?;
        Ok(room.game.current())
    }

    /// How long a process holds the engine's turn before another may take it
    /// over: the longest search and a margin.
    fn engine_lease(&self) -> Duration {
        self.limits.search_time + Duration::from_secs(5)
    }

    /// Starts the engine's turn if it is to act and not already thinking.
    ///
    /// Of several processes holding the game, the one that claims the turn
    /// in the database thinks; the others wait for its move, and take the turn
    /// over if its claim runs out without one (its process died).
    pub fn kick_engine(self: &Arc<Self>, cell: &Arc<GameCell>, room: &mut Room) {
        let n = room.game.actions.len();
        if !room.game.engine_to_act() || room.engine_pending == Some(n) {
            return;
        }
        room.engine_pending = Some(n);
        let app = Arc::clone(self);
        let cell = Arc::clone(cell);
        let m = room.game.current();
        let level = room.game.row.level.unwrap_or(3);
        let seed = (room.game.row.seed as u64) ^ (n as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let engine = room.game.engine_side().unwrap_or(Side::White);
        let epoch = cell.epoch.load(Ordering::SeqCst);
        let id = room.game.row.id.clone();
        tokio::spawn(async move {
            // Whether this turn is still the one asked about.
            let current = |room: &Room| {
                room.engine_pending == Some(n)
                    && room.game.actions.len() == n
                    && cell.epoch.load(Ordering::SeqCst) == epoch
                    && !app.closed.load(Ordering::SeqCst)
            };
            loop {
                let version = {
                    let room = cell.room.lock().await;
                    if !current(&room) {
                        return;
                    }
                    room.version
                };
                let until = now_ms() + app.engine_lease().as_millis() as u64;
                match app
                    .store
                    .claim_engine(&id, version, &app.owner, until)
                    .await
                {
                    Ok(Claim::Granted) => break,
                    Ok(Claim::HeldUntil(t)) => {
                        let wait = t.saturating_sub(now_ms()) + 50;
                        tokio::time::sleep(Duration::from_millis(wait)).await;
                    }
                    Ok(Claim::Moved) => {
                        // This process has not heard of a change yet.
                        let mut room = cell.room.lock().await;
                        if room.engine_pending == Some(n) {
                            room.engine_pending = None;
                        }
                        if let Err(e) = app.reload(&cell, &mut room).await {
                            tracing::warn!(game = %id, "the engine's game could not be read: {e}");
                            drop(room);
                            app.kick_engine_soon(&cell).await;
                            return;
                        }
                        app.kick_engine(&cell, &mut room);
                        cell.publish(&room);
                        return;
                    }
                    Err(e) => {
                        tracing::warn!(game = %id, "the engine's turn could not be claimed: {e}");
                        tokio::time::sleep(Duration::from_secs(1)).await;
                    }
                }
            }
            let fill_now = matches!(m.state(), MatchState::AwaitingFill { .. });
            let choice = app
                .engines
                .run(move |brain, _stop| {
                    if fill_now {
                        Some(Action::Fill(brain.choose_fill(&m, level)))
                    } else {
                        brain.choose_move(&m, level, seed).map(Action::Move)
                    }
                })
                .await;
            match choice {
                Ok(Some(action)) => {
                    // A stale answer (the player took moves back meanwhile) is refused here.
                    let _ = app
                        .act_in(&cell, Some(Seat::Side(engine)), n, action, Some(epoch))
                        .await;
                }
                Ok(None) => tracing::error!(game = %id, "the engine found no move in a live round"),
                Err(e) => tracing::error!("the engine failed: {e}"),
            }
            let mut room = cell.room.lock().await;
            if room.engine_pending == Some(n) && cell.epoch.load(Ordering::SeqCst) == epoch {
                room.engine_pending = None;
                cell.publish(&room);
                // A turn left unplayed (the database was unavailable) is tried again.
                if room.game.actions.len() == n {
                    drop(room);
                    app.kick_engine_soon(&cell).await;
                }
            }
        });
    }

    /// Starts the engine's turn again after a second, when a database that
    /// could not be reached may be back.
    async fn kick_engine_soon(self: &Arc<Self>, cell: &Arc<GameCell>) {
        tokio::time::sleep(Duration::from_secs(1)).await;
        let mut room = cell.room.lock().await;
        self.kick_engine(cell, &mut room);
        cell.publish(&room);
    }
}

/// Decides every loss on time as it falls, in the games of every process
/// (the database's deadlines), whoever is connected and whichever process
/// holds the game; several processes may try, and the game's version lets
/// one of them decide.
async fn watch_clocks(app: std::sync::Weak<App>) {
    loop {
        let Some(every) = app.upgrade().map(|app| app.limits.clock_watch) else {
            return;
        };
        tokio::time::sleep(every).await;
        let Some(app) = app.upgrade() else { return };
        let due = match app.store.due_games(now_ms() as i64, 100).await {
            Ok(due) => due,
            Err(e) => {
                tracing::warn!("the clocks could not be read: {e}");
                continue;
            }
        };
        for id in due {
            let result = match app.game(&id).await {
                Ok(cell) => app.flag_if_due(&cell).await,
                Err(e) => Err(e),
            };
            if let Err(e) = result {
                tracing::warn!(game = %id, "a loss on time could not be stored: {e}");
            }
        }
    }
}

/// The refusal of an action after the match ended, saying how it ended.
fn over(end: crate::store::Ending, seat: Option<Seat>) -> ServerError {
    let loser = !end.winner;
    conflict(match end.how {
        "time" if seat.is_some_and(|s| s == Seat::Side(loser)) => {
            "your time ran out: the match is lost on time".to_string()
        }
        "time" => format!("the match is over: {} lost on time", side_name(loser)),
        "resignation" => format!("the match is over: {} resigned", side_name(loser)),
        _ => format!("the match is over: {} won it", side_name(end.winner)),
    })
}

/// The refusal of a change whose game kept changing under it.
fn busy() -> ServerError {
    conflict("the game kept changing while this was decided: look at it again and retry")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_lose_control_characters_and_length() {
        assert_eq!(clean_name(Some("  Ann\u{7}  "), "x"), "Ann");
        assert_eq!(clean_name(Some(""), "Player"), "Player");
        assert_eq!(clean_name(None, "Player"), "Player");
        assert_eq!(
            clean_name(Some(&"y".repeat(100)), "x").chars().count(),
            MAX_NAME
        );
        assert_eq!(clean_name(Some("<b>"), "x"), "<b>");
        // Direction overrides are taken out; a name of invisible characters is no name.
        assert_eq!(clean_name(Some("Ann\u{202E}neB"), "x"), "AnnneB");
        assert_eq!(clean_name(Some("\u{2066}Ann\u{2069}"), "x"), "Ann");
        assert_eq!(
            clean_name(Some("\u{200B}\u{3164} \u{FEFF}"), "Player"),
            "Player"
        );
        assert_eq!(clean_name(Some("Анна"), "x"), "Анна");
    }

    #[test]
    fn seat_keys_are_128_bits() {
        let a = seat_key().unwrap();
        let b = seat_key().unwrap();
        assert_eq!(a.len(), 32);
        assert!(a.bytes().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }

    #[test]
    fn today_is_a_record_date() {
        let d = today();
        assert_eq!(d.len(), 10);
        assert_eq!(&d[4..5], ".");
        assert_eq!(&d[7..8], ".");
        assert!(d[..4].parse::<u32>().unwrap() >= 2024);
    }
}
