//! The games this process holds in memory, each in a cell with the channel
//! that carries its changes to clients; the hub loads a game from the
//! database on first use, and brings it up to date when another process
//! changed it.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use axum::extract::ws::Utf8Bytes;
use kamisado_core::Side;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use tokio::sync::{Mutex, broadcast};

use super::ids::seat_key;
use super::rights;
use super::room::Room;
use super::store::{Change, GameStore, Outcome, StoredGame};
use super::writer::CHANNEL;
use crate::db::Notice;
use crate::engine::EnginePool;
use crate::error::ServerError;
use crate::limits::Limits;
use kamisado_wire::Refusal;
use kamisado_wire::{Note, PatchView, Seat, ServerMessage, StateView};

/// Games read from the database in one statement when a notice names more.
const READ_TOGETHER: usize = 256;

/// The state every client is sent: the room's, with what each seat may do.
fn state_of(room: &Room) -> StateView {
    let mut view = room.view();
    view.rights = rights::seat_rights(room);
    view
}

/// How many state messages a slow watcher may fall behind before it is sent the latest.
const BROADCAST_DEPTH: usize = 64;

/// A game held in memory with the channel that carries its changes to clients.
pub struct GameCell {
    /// The game and its players' state; every change happens under this lock.
    pub room: Mutex<Room>,
    /// Each state published, for every connected client.
    pub tx: broadcast::Sender<Arc<Published>>,
    /// Counts takebacks, so that an engine answer for a position taken back is dropped.
    pub(crate) epoch: AtomicU64,
    /// The last state published (its `seq` counts the publications) with its
    /// messages; none before the first. Changed under the room's lock only.
    last: std::sync::Mutex<Option<Arc<Published>>>,
}

/// One state of a game as published: its number, the whole state, and the
/// messages each kind of client is sent of it (a watcher, each seat, both
/// seats), each written once when first needed and shared by every
/// connection that sends it.
#[derive(Debug)]
pub struct Published {
    /// The state's number, its `seq`.
    pub seq: u64,
    /// The state, whole.
    view: Arc<StateView>,
    /// The state published before it, whole; none for the first.
    before: Option<Arc<StateView>>,
    /// The patch between the two whole states, once asked for.
    patch: OnceLock<Option<PatchView>>,
    /// Each audience's `patch` message from state `seq - 1`.
    patches: [OnceLock<Option<Utf8Bytes>>; AUDIENCES],
    /// Each audience's `state` message.
    states: [OnceLock<Utf8Bytes>; AUDIENCES],
}

/// The kinds of client a state is told to differently: a watcher, Black's
/// seat, White's seat, both seats.
const AUDIENCES: usize = 4;

/// The audience of a client in `seat`.
fn audience(seat: Option<Seat>) -> usize {
    match seat {
        None => 0,
        Some(Seat::Side(Side::Black)) => 1,
        Some(Seat::Side(Side::White)) => 2,
        Some(Seat::Both) => 3,
    }
}

impl Published {
    fn new(view: StateView, before: Option<Arc<StateView>>) -> Published {
        Published {
            seq: view.seq,
            view: Arc::new(view),
            before,
            patch: OnceLock::new(),
            patches: Default::default(),
            states: Default::default(),
        }
    }

    /// The state, whole.
    pub fn view(&self) -> &StateView {
        &self.view
    }

    /// The `state` message a client in `seat` is sent.
    pub fn state_text(&self, seat: Option<Seat>) -> Utf8Bytes {
        self.states[audience(seat)]
            .get_or_init(|| {
                let seen = self.view.seen_by(seat);
                ServerMessage::State(Box::new(seen)).to_text().into()
            })
            .clone()
    }

    /// The `patch` message from state `seq - 1` a client in `seat` is sent;
    /// none for the first state published.
    pub fn patch_text(&self, seat: Option<Seat>) -> Option<Utf8Bytes> {
        self.patches[audience(seat)]
            .get_or_init(|| {
                let before = self.before.as_deref()?;
                let patch = self
                    .patch
                    .get_or_init(|| Some(self.view.patch_from(before)))
                    .as_ref()?;
                let seen = patch.seen_by(seat, before, &self.view);
                Some(ServerMessage::Patch(seen).to_text().into())
            })
            .clone()
    }
}

impl GameCell {
    /// Numbers the room's state after the last one published and sends it to
    /// every client; called with the room's lock held, so that states are
    /// numbered in the order they were made.
    pub(crate) fn publish(&self, room: &Room) {
        let mut last = self
            .last
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        self.publish_view(&mut last, state_of(room));
    }

    /// Numbers `view`, sends it and keeps it as the last state published.
    fn publish_view(
        &self,
        last: &mut Option<Arc<Published>>,
        mut view: StateView,
    ) -> Arc<Published> {
        let before = last.as_ref().map(|published| Arc::clone(&published.view));
        view.seq = before.as_ref().map_or(0, |state| state.seq) + 1;
        let published = Arc::new(Published::new(view, before));
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
        let mut view = state_of(&room);
        if let Some(published) = last.as_ref() {
            view.seq = published.seq;
            if view == *published.view {
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

/// The games of this process, and what their changes need: the database,
/// the engines, the limits, and whether the server is stopping.
pub struct Games {
    /// The database of games.
    pub store: GameStore,
    /// Games loaded in memory, by id.
    cells: Mutex<HashMap<String, Arc<GameCell>>>,
    /// The engines.
    pub engines: Arc<EnginePool>,
    /// What one client may ask.
    pub limits: Limits,
    /// Set when the server stops: no change is stored after it.
    closed: AtomicBool,
    /// Requests and messages refused since the server started.
    refusals: AtomicU64,
    /// This process's name in the database's claims on engine turns.
    pub(crate) owner: String,
    /// The tasks that hear other processes' changes and watch the clocks, while they run.
    listening: std::sync::Mutex<Vec<tokio::task::JoinHandle<()>>>,
    /// Set to true once every change in progress has finished, as the
    /// server stops: every connection then closes, saying why.
    stopped: tokio::sync::watch::Sender<bool>,
    /// Held (a receiver each) by every open WebSocket, so that a stopping
    /// server can wait for their close frames to go out.
    sessions: tokio::sync::watch::Sender<()>,
    /// The ids of API tokens revoked in this process: the game WebSockets
    /// they opened close (docs/bots.md).
    revoked: broadcast::Sender<String>,
}

impl Games {
    /// The games of a database, under `limits`.
    ///
    /// # Errors
    /// When the system has no random source (for this process's name).
    pub fn new(store: GameStore, limits: Limits) -> Result<Games, ServerError> {
        Ok(Games {
            store,
            cells: Mutex::new(HashMap::new()),
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
            stopped: tokio::sync::watch::Sender::new(false),
            sessions: tokio::sync::watch::Sender::new(()),
            revoked: broadcast::channel(BROADCAST_DEPTH).0,
        })
    }

    /// Starts the task that (on PostgreSQL) hears the
    /// changes other processes make to the games this one holds, bringing
    /// each up to date as it is told.
    ///
    /// # Errors
    /// The database cannot be reached.
    pub async fn listen(self: &Arc<Self>) -> Result<(), ServerError> {
        let Some(mut listener) = self.store.db().listener(&[CHANNEL]).await? else {
            return Ok(());
        };
        let games = Arc::downgrade(self);
        self.keep(tokio::spawn(async move {
            loop {
                let notice = listener.next().await;
                let Some(games) = games.upgrade() else { return };
                games.heard(notice).await;
            }
        }));
        Ok(())
    }

    /// Keeps a task that runs until the server stops.
    pub(crate) fn keep(&self, task: tokio::task::JoinHandle<()>) {
        if let Ok(mut tasks) = self.listening.lock() {
            tasks.push(task);
        }
    }

    /// Brings up to date the games a notice names (every game, after the
    /// listener was cut off: changes made meanwhile were not heard).
    async fn heard(self: &Arc<Self>, notice: Notice) {
        let cells: Vec<(Arc<GameCell>, Option<i64>)> = {
            let cells = self.cells.lock().await;
            match notice {
                Notice::Told { payload, .. } => super::writer::read_changes(&payload)
                    .into_iter()
                    .filter_map(|(id, v)| cells.get(&id).map(|c| (Arc::clone(c), Some(v))))
                    .collect(),
                Notice::Resumed => cells.values().map(|c| (Arc::clone(c), None)).collect(),
            }
        };
        if cells.is_empty() {
            return;
        }
        let games = Arc::clone(self);
        tokio::spawn(async move {
            for chunk in cells.chunks(READ_TOGETHER) {
                if let Err(e) = games.refresh_all(chunk).await {
                    tracing::warn!("games could not be brought up to date: {e}");
                }
            }
        });
    }

    /// Brings the games this process holds up to their stored versions (at
    /// least the version given with each, when told which), reading the
    /// actions that they have not got for all of them at once, and tells
    /// their clients. A game changed meanwhile by this process is brought up
    /// to date alone, by [`Games::refresh`].
    ///
    /// # Errors
    /// A database failure; a game that does not replay is left as it was.
    async fn refresh_all(
        self: &Arc<Self>,
        cells: &[(Arc<GameCell>, Option<i64>)],
    ) -> Result<(), ServerError> {
        let mut behind = Vec::with_capacity(cells.len());
        let mut wanted = Vec::with_capacity(cells.len());
        for (cell, version) in cells {
            let room = cell.room.lock().await;
            if version.is_some_and(|v| v <= room.version) {
                continue;
            }
            wanted.push((room.game.row.id.clone(), room.game.actions.len()));
            behind.push((cell, *version));
        }
        if wanted.is_empty() {
            return Ok(());
        }
        let mut stored: HashMap<String, StoredGame> = self
            .store
            .load_games_from(&wanted)
            .await?
            .into_iter()
            .map(|g| (g.row.id.clone(), g))
            .collect();
        for (cell, version) in behind {
            let mut room = cell.room.lock().await;
            if version.is_some_and(|v| v <= room.version) {
                continue;
            }
            let caught_up = match stored.remove(&room.game.row.id) {
                // The room moved on while the games were read.
                Some(since) if since.version <= room.version => continue,
                Some(since) => room.catch_up(since).unwrap_or(false),
                None => false,
            };
            if caught_up {
                self.kick_engine(cell, &mut room);
                cell.publish(&room);
                continue;
            }
            drop(room);
            if let Err(e) = self.refresh(cell, version).await {
                tracing::warn!("a game could not be brought up to date: {e}");
            }
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
        self.engines.stop();
        let cells: Vec<Arc<GameCell>> = self.cells.lock().await.values().cloned().collect();
        for cell in cells {
            // Waits for a change in progress to finish.
            drop(cell.room.lock().await);
        }
        self.stopped.send_replace(true);
        tracing::info!(refusals = self.refusals(), "the server stops");
    }

    /// A token a WebSocket holds while it is open.
    pub fn session(&self) -> tokio::sync::watch::Receiver<()> {
        self.sessions.subscribe()
    }

    /// Completes once every WebSocket has ended (after [`Games::close`],
    /// each closes itself saying why).
    pub async fn sessions_ended(&self) {
        self.sessions.closed().await;
    }

    /// Becomes true once the server has stopped taking changes: each
    /// connection closes then (code 1001, "the server is restarting").
    pub fn stopped(&self) -> tokio::sync::watch::Receiver<bool> {
        self.stopped.subscribe()
    }

    /// Closes the game WebSockets that API token `id` opened: it was revoked.
    pub fn revoke(&self, id: &str) {
        let _ = self.revoked.send(id.to_string());
    }

    /// The ids of API tokens revoked from now on.
    pub fn revocations(&self) -> broadcast::Receiver<String> {
        self.revoked.subscribe()
    }

    /// Counts one refused request or message, answered with `status`.
    pub fn count_refusal(&self, status: u16) {
        self.refusals.fetch_add(1, Ordering::Relaxed);
        crate::metrics::metrics().refused(status);
    }

    /// The games held in memory.
    pub async fn live_games(&self) -> usize {
        self.cells.lock().await.len()
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

    /// Whether the server is stopping.
    pub(crate) fn is_closed(&self) -> bool {
        self.closed.load(Ordering::SeqCst)
    }

    pub(crate) fn check_open(&self) -> Result<(), ServerError> {
        if self.closed.load(Ordering::SeqCst) {
            Err(ServerError::Unavailable(Refusal::shutting_down()))
        } else {
            Ok(())
        }
    }

    /// The game with this id, loaded from the database (and replayed) if needed.
    ///
    /// # Errors
    /// [`ServerError::NotFound`], or a game that does not replay.
    pub async fn game(self: &Arc<Self>, id: &str) -> Result<Arc<GameCell>, ServerError> {
        let valid = id.len() <= 32 && id.bytes().all(|b| b.is_ascii_alphanumeric());
        if !valid {
            let id: String = id.chars().take(32).collect();
            return Err(ServerError::NotFound(Refusal::no_such_game(id)));
        }
        let mut games = self.cells.lock().await;
        if let Some(cell) = games.get(id) {
            return Ok(Arc::clone(cell));
        }
        let Some(stored) = self.store.load_game(id).await? else {
            return Err(ServerError::NotFound(Refusal::no_such_game(id)));
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

    /// The game with this id, if this process holds it.
    pub async fn held(&self, id: &str) -> Option<Arc<GameCell>> {
        self.cells.lock().await.get(id).cloned()
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
    pub(crate) async fn reload(&self, cell: &GameCell, room: &mut Room) -> Result<(), ServerError> {
        let id = room.game.row.id.clone();
        let missing = || ServerError::NotFound(Refusal::no_such_game(&id));
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
    pub(crate) async fn commit(
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
            // Whether it was stored is for the next change to find out: the
            // game's version tells (a stale version reads the game again).
            // Nothing is read now, so that an unreachable database answers
            // at once rather than after a second wait.
            Err(e) => Err(e),
        }
    }
}
