//! The server's shared state and every change to a game: create, act, undo,
//! take back, rename. Each change is checked by the rules crate, committed to
//! the database, applied in memory and only then acknowledged and broadcast.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use kamisado_core::{MatchState, Side};
use serde::{Deserialize, Serialize};
use tokio::sync::{Mutex, broadcast};

use crate::engine::EnginePool;
use crate::error::ServerError;
use crate::limits::{GameQuota, Limits};
use crate::live::{Action, LiveGame, Seat, side_name};
use crate::store::{GameRow, Mode, Store};
use crate::wire::ServerMessage;

/// How many state messages a slow watcher may fall behind before it is sent the latest.
const BROADCAST_DEPTH: usize = 64;
/// The longest player name kept, in characters.
pub const MAX_NAME: usize = 32;

/// A game held in memory with the channel that carries its states to clients.
pub struct GameCell {
    /// The game; every change happens under this lock.
    pub live: Mutex<LiveGame>,
    /// Each state, as JSON text, for every connected client.
    pub tx: broadcast::Sender<Arc<str>>,
    /// Counts takebacks, so that an engine answer for a position taken back is dropped.
    epoch: AtomicU64,
}

impl GameCell {
    fn publish(&self, live: &LiveGame) {
        // No receivers is fine: nobody is watching.
        let _ = self.tx.send(Arc::from(state_text(live)));
    }

    /// The game's state as the `state` message's text.
    pub async fn state_text(&self) -> String {
        state_text(&*self.live.lock().await)
    }
}

fn state_text(live: &LiveGame) -> String {
    ServerMessage::State(Box::new(live.view())).to_text()
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
    /// Games created by each client address.
    quota: GameQuota,
    /// Set when the server stops: no change is stored after it.
    closed: AtomicBool,
}

/// A request for a new game (`POST /api/games`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    /// `engine`, `local` or `friend`.
    pub mode: String,
    /// 1, 3, 7 or 15.
    #[serde(default = "one")]
    pub target: u8,
    /// The engine's level, 1–6 (games against the engine).
    pub level: Option<u8>,
    /// The creator's colour: `black`, `white` (or `gold`) or `random`.
    pub colour: Option<String>,
    /// The creator's name.
    pub name: Option<String>,
    /// The other player's name (two players on one screen).
    pub opponent: Option<String>,
    /// The rule set: `standard` (default), `sumo-square` or `zvezda`.
    pub rules: Option<String>,
    /// The board: `8x8` (default), `6x6` or `10x10`.
    pub board: Option<String>,
    /// A seed for the draw of colours and the engine's choices, for
    /// reproducible games (random when absent).
    pub seed: Option<u64>,
}

fn one() -> u8 {
    1
}

impl NewGame {
    /// The fields of a new game: name, whether a number, what it holds.
    const FIELDS: [(&str, bool, &str); 9] = [
        ("mode", false, "engine, local or friend"),
        (
            "target",
            true,
            "the points that win the match: 1, 3, 7 or 15",
        ),
        ("level", true, "the engine's level, a number from 1 to 6"),
        ("colour", false, "black, white or random"),
        ("name", false, "a name, as text"),
        ("opponent", false, "a name, as text"),
        ("rules", false, "standard, sumo-square or zvezda"),
        ("board", false, "6x6, 8x8 or 10x10"),
        ("seed", true, "a whole number"),
    ];

    /// Reads a request body, with a reason for anything it cannot take.
    ///
    /// # Errors
    /// [`ServerError::BadRequest`] naming the field that is wrong.
    pub fn read(body: &[u8]) -> Result<NewGame, ServerError> {
        crate::wire::read_body(body, "a new game", &Self::FIELDS, &["mode"])
    }
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

fn conflict(m: impl Into<String>) -> ServerError {
    ServerError::Conflict(m.into())
}

impl App {
    /// The shared state over a database, under `limits`.
    pub fn new(store: Store, limits: Limits) -> App {
        App {
            store,
            games: Mutex::new(HashMap::new()),
            engines: Arc::new(EnginePool::new(
                limits.engine_slots,
                limits.engine_queue,
                limits.search_time,
            )),
            quota: GameQuota::new(limits.games_per_client, limits.games_window),
            limits,
            closed: AtomicBool::new(false),
        }
    }

    /// Stops every change: once this returns, nothing more is written to the
    /// database (an engine still thinking has its answer dropped).
    pub async fn close(&self) {
        self.closed.store(true, Ordering::SeqCst);
        let cells: Vec<Arc<GameCell>> = self.games.lock().await.values().cloned().collect();
        for cell in cells {
            // Waits for a change in progress to finish.
            drop(cell.live.lock().await);
        }
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
        req: NewGame,
    ) -> Result<Created, ServerError> {
        self.check_open()?;
        let mode: Mode = req.mode.parse()?;
        if !kamisado_core::Score::TARGETS.contains(&req.target) {
            return Err(ServerError::BadRequest(format!(
                "a match is played to 1, 3, 7 or 15 points, not {}",
                req.target
            )));
        }
        let rules: kamisado_core::Rules =
            req.rules.as_deref().unwrap_or("standard").parse().map_err(
                |e: kamisado_core::rules::ParseRulesError| ServerError::BadRequest(e.to_string()),
            )?;
        let board: kamisado_core::geometry::BoardSize =
            req.board.as_deref().unwrap_or("8x8").parse().map_err(
                |e: kamisado_core::geometry::ParseBoardError| {
                    ServerError::BadRequest(e.to_string())
                },
            )?;
        let level = match (mode, req.level) {
            (Mode::Engine, Some(l @ 1..=6)) => Some(l),
            (Mode::Engine, None) => Some(3),
            (Mode::Engine, Some(l)) => {
                return Err(ServerError::BadRequest(format!(
                    "the engine plays at levels 1 to 6, not {l}"
                )));
            }
            (_, _) => None,
        };
        let seed = match req.seed {
            Some(seed) => seed,
            None => random_u64()?,
        };
        let side = match req.colour.as_deref().unwrap_or("random") {
            "random" => {
                if seed & 1 == 0 {
                    Side::Black
                } else {
                    Side::White
                }
            }
            other => other.parse::<Side>().map_err(|_| {
                ServerError::BadRequest(format!(
                    "`{other}` is not a colour: expected black, white or random"
                ))
            })?,
        };
        self.quota.take(client, std::time::Instant::now())?;
        let id = &seat_key()?[..16];
        let key = seat_key()?;
        let name = clean_name(req.name.as_deref(), "Player");
        let (black_name, white_name, black_key, white_key, engine_side, invite) = match mode {
            Mode::Engine => {
                let engine = format!("Engine, level {}", level.unwrap_or(3));
                let engine_side = (!side).to_string();
                match side {
                    Side::Black => (
                        name,
                        engine,
                        Some(key.clone()),
                        None,
                        Some(engine_side),
                        None,
                    ),
                    Side::White => (
                        engine,
                        name,
                        None,
                        Some(key.clone()),
                        Some(engine_side),
                        None,
                    ),
                }
            }
            Mode::Local => {
                let other = clean_name(req.opponent.as_deref(), "Gold");
                let name = clean_name(req.name.as_deref(), "Black");
                (
                    name,
                    other,
                    Some(key.clone()),
                    Some(key.clone()),
                    None,
                    None,
                )
            }
            Mode::Friend => {
                let invite = seat_key()?;
                let friend = "Friend".to_string();
                match side {
                    Side::Black => (
                        name,
                        friend,
                        Some(key.clone()),
                        Some(invite.clone()),
                        None,
                        Some(invite),
                    ),
                    Side::White => (
                        friend,
                        name,
                        Some(invite.clone()),
                        Some(key.clone()),
                        None,
                        Some(invite),
                    ),
                }
            }
        };
        let row = GameRow {
            id: id.to_string(),
            created_at: today(),
            mode,
            rules: rules.name().to_string(),
            board: board.name().to_string(),
            target: req.target,
            black_name,
            white_name,
            black_key,
            white_key,
            engine_side,
            level,
            seed: (seed >> 1) as i64,
        };
        self.store.insert_game(&row).await?;
        let seat = match mode {
            Mode::Local => Seat::Both,
            _ => Seat::Side(side),
        };
        // Load it now so that the engine starts if it moves first.
        self.game(id).await?;
        Ok(Created {
            id: id.to_string(),
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
        let Some((row, actions)) = self.store.load_game(id).await? else {
            return Err(ServerError::NoSuchGame(id.to_string()));
        };
        let live = LiveGame::rebuild(row, &actions)?;
        let (tx, _) = broadcast::channel(BROADCAST_DEPTH);
        let cell = Arc::new(GameCell {
            live: Mutex::new(live),
            tx,
            epoch: AtomicU64::new(0),
        });
        games.insert(id.to_string(), Arc::clone(&cell));
        drop(games);
        {
            let mut live = cell.live.lock().await;
            self.kick_engine(&cell, &mut live);
        }
        Ok(cell)
    }

    /// Seats the holder of `key` (none or empty: a watcher) and answers with
    /// the seat; the engine starts if it is its turn.
    ///
    /// # Errors
    /// A key that opens no seat of this game.
    pub async fn join(
        self: &Arc<Self>,
        cell: &Arc<GameCell>,
        key: Option<&str>,
    ) -> Result<Option<Seat>, ServerError> {
        let mut live = cell.live.lock().await;
        let seat = match key {
            None | Some("") => None,
            Some(key) => Some(live.seat_of(key).ok_or_else(|| {
                ServerError::Forbidden(
                    "this seat key does not open a seat of this game: you are watching".into(),
                )
            })?),
        };
        let newly = seat.is_some_and(|s| live.mark_joined(s));
        let was_thinking = live.engine_pending;
        self.kick_engine(cell, &mut live);
        if newly || live.engine_pending != was_thinking {
            cell.publish(&live);
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
        match seat {
            Some(Seat::Side(side)) => Ok(side),
            Some(Seat::Both) => cell
                .live
                .lock()
                .await
                .side_to_act()
                .ok_or_else(|| conflict("the match is over")),
            None => Err(ServerError::Forbidden("watchers cannot resign".into())),
        }
    }

    /// Checks who may act: a watcher may not, nor a seat whose side is not to
    /// act; a player may resign at any turn, but only for their own side.
    fn check_seat(
        live: &LiveGame,
        seat: Option<Seat>,
        action: Action,
    ) -> Result<Seat, ServerError> {
        let Some(seat) = seat else {
            return Err(ServerError::Forbidden(
                "you are watching this game: only its players can play".into(),
            ));
        };
        if let Action::Resign(side) = action {
            if !seat.plays(side) {
                return Err(ServerError::Forbidden(format!(
                    "you cannot resign for {}",
                    side_name(side)
                )));
            }
            return Ok(seat);
        }
        if let Some(side) = live.side_to_act() {
            if !seat.plays(side) {
                let what = match live.state() {
                    MatchState::AwaitingFill { .. } => "choose the fill",
                    _ => "move",
                };
                return Err(ServerError::Forbidden(format!(
                    "it is {}'s turn to {what}, and you hold {}'s seat",
                    side_name(side),
                    side_name(!side)
                )));
            }
        }
        Ok(seat)
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

    async fn act_in(
        self: &Arc<Self>,
        cell: &Arc<GameCell>,
        seat: Option<Seat>,
        n: usize,
        action: Action,
        epoch: Option<u64>,
    ) -> Result<Acted, ServerError> {
        let mut live = cell.live.lock().await;
        self.check_open()?;
        if epoch.is_some_and(|e| e != cell.epoch.load(Ordering::SeqCst)) {
            return Err(conflict("the position was taken back"));
        }
        if !Self::check_number(&live, n, Some(action))? {
            return Ok(Acted { duplicate: true });
        }
        Self::check_seat(&live, seat, action)?;
        let (next, _) = live.check(action).map_err(conflict)?;
        self.store
            .append_action(&live.row.id, n, &action.to_string())
            .await?;
        let pending = live.engine_pending;
        *live = next;
        live.engine_pending = pending;
        self.kick_engine(cell, &mut live);
        cell.publish(&live);
        Ok(Acted { duplicate: false })
    }

    /// The number of the first action a takeback for `side` removes: its
    /// last move in the current round. For both seats, the last move.
    fn takeback_from(live: &LiveGame, side: Option<Side>) -> Result<usize, ServerError> {
        if matches!(live.actions.last(), Some(Action::Resign(_))) {
            return Err(conflict(
                "the match ended by resignation: nothing can be taken back",
            ));
        }
        let round_start = live
            .actions
            .iter()
            .rposition(|a| matches!(a, Action::Fill(_)))
            .map_or(0, |i| i + 1);
        let movers = movers(live);
        (round_start..live.actions.len())
            .rev()
            .find(|&i| side.is_none_or(|s| movers[i] == s))
            .ok_or_else(|| conflict("there is no move of this round to take back"))
    }

    async fn truncate(
        self: &Arc<Self>,
        cell: &Arc<GameCell>,
        live: &mut LiveGame,
        from: usize,
    ) -> Result<(), ServerError> {
        self.check_open()?;
        self.store.truncate_actions(&live.row.id, from).await?;
        cell.epoch.fetch_add(1, Ordering::SeqCst);
        let texts: Vec<String> = live.actions[..from]
            .iter()
            .map(ToString::to_string)
            .collect();
        *live = LiveGame::rebuild(live.row.clone(), &texts)?;
        self.kick_engine(cell, live);
        cell.publish(live);
        Ok(())
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
        let mut live = cell.live.lock().await;
        Self::check_number(&live, n, None)?;
        let Some(seat) = seat else {
            return Err(ServerError::Forbidden(
                "watchers cannot take moves back".into(),
            ));
        };
        let from = match (live.row.mode, seat) {
            (Mode::Friend, _) => {
                return Err(ServerError::Forbidden(
                    "in a game with a friend, offer a takeback: your opponent may accept it".into(),
                ));
            }
            (Mode::Engine, Seat::Side(side)) => Self::takeback_from(&live, Some(side))?,
            (_, _) => Self::takeback_from(&live, None)?,
        };
        self.truncate(cell, &mut live, from).await
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
        let mut live = cell.live.lock().await;
        Self::check_number(&live, n, None)?;
        let side = match (live.row.mode, seat) {
            (Mode::Friend, Some(Seat::Side(side))) => side,
            (Mode::Friend, _) => {
                return Err(ServerError::Forbidden(
                    "watchers cannot offer a takeback".into(),
                ));
            }
            _ => {
                return Err(ServerError::BadRequest(
                    "a takeback is offered in a game with a friend; here use undo".into(),
                ));
            }
        };
        Self::takeback_from(&live, Some(side))?;
        live.takeback = Some(side);
        cell.publish(&live);
        Ok(())
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
        let mut live = cell.live.lock().await;
        let Some(offerer) = live.takeback else {
            return Err(conflict("there is no takeback offer to answer"));
        };
        match seat {
            Some(Seat::Side(side)) if side != offerer => {}
            Some(_) => {
                return Err(ServerError::Forbidden(
                    "you cannot answer your own offer".into(),
                ));
            }
            None => {
                return Err(ServerError::Forbidden(
                    "watchers cannot answer a takeback".into(),
                ));
            }
        }
        if !accept {
            live.takeback = None;
            cell.publish(&live);
            return Ok(());
        }
        let from = Self::takeback_from(&live, Some(offerer))?;
        self.truncate(cell, &mut live, from).await
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
        let Some(Seat::Side(side)) = seat else {
            return Err(ServerError::Forbidden(
                "only a seated player can set their name".into(),
            ));
        };
        let mut live = cell.live.lock().await;
        self.check_open()?;
        let name = clean_name(Some(name), side_name(side));
        self.store
            .set_name(&live.row.id, side == Side::White, &name)
            .await?;
        match side {
            Side::Black => live.row.black_name = name,
            Side::White => live.row.white_name = name,
        }
        let texts: Vec<String> = live.actions.iter().map(ToString::to_string).collect();
        let pending = live.engine_pending;
        *live = LiveGame::rebuild(live.row.clone(), &texts)?;
        live.engine_pending = pending;
        cell.publish(&live);
        Ok(())
    }

    /// Starts the engine's turn if it is to act and not already thinking.
    pub fn kick_engine(self: &Arc<Self>, cell: &Arc<GameCell>, live: &mut LiveGame) {
        let n = live.actions.len();
        if !live.engine_to_act() || live.engine_pending == Some(n) {
            return;
        }
        live.engine_pending = Some(n);
        let app = Arc::clone(self);
        let cell = Arc::clone(cell);
        let m = live.current();
        let level = live.row.level.unwrap_or(3);
        let seed = (live.row.seed as u64) ^ (n as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let engine = live.engine_side().unwrap_or(Side::White);
        let epoch = cell.epoch.load(Ordering::SeqCst);
        tokio::spawn(async move {
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
                Ok(None) => eprintln!("kamisado-server: the engine found no move in a live round"),
                Err(e) => eprintln!("kamisado-server: {e}"),
            }
            let mut live = cell.live.lock().await;
            if live.engine_pending == Some(n) && cell.epoch.load(Ordering::SeqCst) == epoch {
                live.engine_pending = None;
                cell.publish(&live);
            }
        });
    }
}

/// The side that made each action of a game.
fn movers(live: &LiveGame) -> Vec<Side> {
    let texts: Vec<String> = live.actions.iter().map(ToString::to_string).collect();
    let mut replay = match LiveGame::rebuild(live.row.clone(), &[]) {
        Ok(g) => g,
        Err(_) => return vec![Side::Black; texts.len()],
    };
    let mut sides = Vec::with_capacity(texts.len());
    for action in &live.actions {
        let side = match action {
            Action::Resign(s) => *s,
            _ => replay.side_to_act().unwrap_or(Side::Black),
        };
        sides.push(side);
        if let Ok((next, _)) = replay.check(*action) {
            replay = next;
        }
    }
    sides
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
