//! The one door through which every game is made: a request for a game
//! (`POST /api/games`), an accepted challenge and a tournament's pairing
//! each give a [`Plan`], whose settings are checked
//! here with one set of words; a plan is then made into a game's row with
//! its id and seat keys ([`Plan::make`]), which the caller stores.

use std::sync::Arc;

use kamisado_core::geometry::BoardSize;
use kamisado_core::{Rules, Side};
use kamisado_wire::{Created, Mode, NewGame, PerSide, PlayAs, Seat};

use super::clock::TimeControl;
use super::hub::Games;
use super::ids::{random_u64, seat_key, today};
use super::names::clean_name;
use super::store::GameRow;
use crate::error::ServerError;
use kamisado_wire::Refusal;

/// A new game's settings, checked.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// How it is played.
    pub mode: Mode,
    /// The rule set.
    pub rules: Rules,
    /// The board.
    pub board: BoardSize,
    /// The points that win the match.
    pub target: u8,
    /// The engine's level, against the engine.
    pub level: Option<u8>,
    /// The seed of the draw of colours and the engine's choices.
    pub seed: u64,
    /// The side of the player the game is made for (its creator, or the
    /// accepter of a challenge).
    pub side: Side,
    /// Each side's name.
    pub names: PerSide<String>,
    /// Each side's account, where it has one.
    pub accounts: PerSide<Option<String>>,
    /// Whether the result moves both accounts' ratings.
    pub rated: bool,
    /// The clock, in a timed game.
    pub time: Option<TimeControl>,
}

/// The points that win a match, 1 when none is asked for.
///
/// # Errors
/// [`ServerError::BadRequest`] for anything but 1, 3, 7 or 15.
pub fn target(points: Option<u8>) -> Result<u8, ServerError> {
    let target = points.unwrap_or(1);
    if kamisado_core::Score::TARGETS.contains(&target) {
        Ok(target)
    } else {
        Err(ServerError::BadRequest(Refusal::bad_target(target)))
    }
}

/// The engine's level against the engine (3 when none is asked for).
fn level(mode: Mode, level: Option<u8>) -> Result<Option<u8>, ServerError> {
    match (mode, level) {
        (Mode::Engine, Some(l @ 1..=6)) => Ok(Some(l)),
        (Mode::Engine, None) => Ok(Some(3)),
        (Mode::Engine, Some(l)) => Err(ServerError::BadRequest(Refusal::bad_level(l))),
        (_, _) => Ok(None),
    }
}

/// The engine's name at a level: `Engine, level 3`.
pub fn engine_name(level: u8) -> String {
    format!("Engine, level {level}")
}

/// A seed: the one asked for, or a random one.
fn seed(asked: Option<u64>) -> Result<u64, ServerError> {
    asked.map_or_else(random_u64, Ok)
}

/// A value for each side: `mine` for `side`, `theirs` for the other.
fn sides<T>(side: Side, mine: T, theirs: T) -> PerSide<T> {
    match side {
        Side::Black => PerSide { b: mine, w: theirs },
        Side::White => PerSide { b: theirs, w: mine },
    }
}

impl Plan {
    /// The game a request asks for, made by `account` (a guest: none).
    ///
    /// # Errors
    /// [`ServerError::BadRequest`] for a game between accounts (which starts
    /// from a challenge), a bad target or level.
    pub fn of_request(req: &NewGame, account: Option<String>) -> Result<Plan, ServerError> {
        if req.mode == Mode::Challenge {
            return Err(ServerError::BadRequest(Refusal::challenge_only(
                "POST /api/challenges",
            )));
        }
        let seed = seed(req.seed)?;
        let level = level(req.mode, req.level)?;
        let side = req.colour.unwrap_or(PlayAs::Random).side(seed & 1 == 1);
        // A signed-in creator goes by the account's name unless they give one.
        let name = clean_name(req.name.as_deref(), account.as_deref().unwrap_or("Player"));
        let names = match req.mode {
            Mode::Engine => sides(side, name, engine_name(level.unwrap_or(3))),
            // On one screen the creator holds both seats, Black's name first.
            Mode::Local => PerSide {
                b: clean_name(req.name.as_deref(), "Black"),
                w: clean_name(req.opponent.as_deref(), "Gold"),
            },
            Mode::Friend | Mode::Challenge => sides(side, name, "Friend".to_string()),
        };
        // A signed-in creator's game is theirs: it goes to their archive.
        let accounts = match req.mode {
            Mode::Local => PerSide::default(),
            _ => sides(side, account, None),
        };
        Ok(Plan {
            mode: req.mode,
            rules: req.rules.unwrap_or(Rules::STANDARD),
            board: req.board.unwrap_or(BoardSize::Eight),
            target: target(req.target)?,
            level,
            seed,
            side,
            names,
            accounts,
            rated: false,
            time: None,
        })
    }

    /// A game between two accounts, made for the one who plays `side`.
    pub fn between(accounts: PerSide<String>, side: Side, settings: Settings) -> Plan {
        Plan {
            mode: Mode::Challenge,
            rules: settings.rules,
            board: settings.board,
            target: settings.target,
            level: None,
            seed: settings.seed,
            side,
            names: accounts.clone(),
            accounts: PerSide {
                b: Some(accounts.b),
                w: Some(accounts.w),
            },
            rated: settings.rated,
            time: settings.time,
        }
    }

    /// A game of `account` against the engine at `level` (a tournament's
    /// pairing), made for the account, who plays `side`.
    pub fn against_engine(account: String, side: Side, level: u8, settings: Settings) -> Plan {
        Plan {
            mode: Mode::Engine,
            rules: settings.rules,
            board: settings.board,
            target: settings.target,
            level: Some(level),
            seed: settings.seed,
            side,
            names: sides(side, account.clone(), engine_name(level)),
            accounts: sides(side, Some(account), None),
            rated: false,
            time: settings.time,
        }
    }

    /// The engine's side, against the engine.
    fn engine_side(&self) -> Option<Side> {
        (self.mode == Mode::Engine).then_some(!self.side)
    }

    /// The game's row with a new id and its seat keys: the engine's seat has
    /// none, on one screen one key holds both seats.
    ///
    /// # Errors
    /// When the system has no random source.
    pub fn make(&self) -> Result<Made, ServerError> {
        let id = seat_key()?[..16].to_string();
        let key = seat_key()?;
        let other = match self.mode {
            Mode::Engine => None,
            Mode::Local => Some(key.clone()),
            Mode::Friend | Mode::Challenge => Some(seat_key()?),
        };
        let keys = sides(self.side, Some(key), other);
        let row = GameRow {
            id,
            created_at: today(),
            mode: self.mode,
            rules: self.rules,
            board: self.board,
            target: self.target,
            black_name: self.names.b.clone(),
            white_name: self.names.w.clone(),
            black_key: keys.b.clone(),
            white_key: keys.w.clone(),
            engine_side: self.engine_side(),
            level: self.level,
            seed: (self.seed >> 1) as i64,
            black_account: self.accounts.b.clone(),
            white_account: self.accounts.w.clone(),
            rated: self.rated,
            time: self.time,
        };
        Ok(Made {
            row,
            keys,
            side: self.side,
        })
    }
}

/// What a game between accounts is played with (a challenge's settings).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// The rule set.
    pub rules: Rules,
    /// The board.
    pub board: BoardSize,
    /// The points that win the match.
    pub target: u8,
    /// Whether it is rated.
    pub rated: bool,
    /// The clock, in a timed game.
    pub time: Option<TimeControl>,
    /// The seed.
    pub seed: u64,
}

/// A game made from a plan, not yet stored: its row and each side's key.
#[derive(Clone, Debug)]
pub struct Made {
    /// The row to store.
    pub row: GameRow,
    /// Each side's seat key (the engine's seat has none).
    pub keys: PerSide<Option<String>>,
    /// The side of the player it was made for.
    side: Side,
}

impl Made {
    /// The answer to the player it was made for: their seat and key, and in
    /// a game with a friend the friend's key.
    pub fn created(&self) -> Created {
        let seat = match self.row.mode {
            Mode::Local => Seat::Both,
            _ => Seat::Side(self.side),
        };
        Created {
            id: self.row.id.clone(),
            key: self.keys.of(self.side).clone().unwrap_or_default(),
            seat,
            invite: match self.row.mode {
                Mode::Friend => self.keys.of(!self.side).clone(),
                _ => None,
            },
        }
    }
}

impl Games {
    /// Creates the game a request asks for and returns `{id, key, seat,
    /// invite}` (the invite key only in a game with a friend).
    ///
    /// # Errors
    /// A request with a bad mode, target or level, a client over its share
    /// of games, or a database failure.
    pub async fn create(
        self: &Arc<Self>,
        client: std::net::IpAddr,
        account: Option<String>,
        req: &NewGame,
    ) -> Result<Created, ServerError> {
        self.check_open()?;
        let made = Plan::of_request(req, account)?.make()?;
        let quota = (self.limits.games_per_client, self.limits.games_window);
        self.store
            .insert_game(&made.row, &client.to_string(), quota)
            .await?;
        self.started(&made.row).await?;
        Ok(made.created())
    }

    /// Logs a game stored and loads it, so that the engine starts if it
    /// moves first.
    ///
    /// # Errors
    /// A database failure.
    pub async fn started(self: &Arc<Self>, row: &GameRow) -> Result<(), ServerError> {
        tracing::info!(
            game = %row.id,
            mode = row.mode.name(),
            rules = row.rules.name(),
            board = row.board.name(),
            target = row.target,
            "game created"
        );
        self.game(&row.id).await.map(|_| ())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_mode_seats_its_players() {
        let plan = |req: NewGame| Plan::of_request(&req, Some("ann".into())).unwrap();
        let engine = plan(NewGame::engine(4).colour(PlayAs::White).seed(8));
        assert_eq!(engine.side, Side::White);
        let made = engine.make().unwrap();
        assert_eq!(made.row.engine_side, Some(Side::Black));
        assert_eq!(made.row.black_name, "Engine, level 4");
        assert_eq!(made.row.white_account.as_deref(), Some("ann"));
        assert!(made.keys.b.is_none() && made.keys.w.is_some());
        let created = made.created();
        assert_eq!(
            (created.seat, created.invite),
            (Seat::Side(Side::White), None)
        );
        let local = plan(NewGame::local().name("Ann").opponent("Boris"))
            .make()
            .unwrap();
        assert_eq!(
            (local.row.black_name.as_str(), local.row.white_name.as_str()),
            ("Ann", "Boris")
        );
        assert_eq!(local.keys.b, local.keys.w);
        assert_eq!(local.created().seat, Seat::Both);
        assert_eq!(local.row.black_account, None);
        let friend = plan(NewGame::friend().colour(PlayAs::Black))
            .make()
            .unwrap();
        let created = friend.created();
        assert_eq!(created.invite, friend.keys.w);
        assert_ne!(Some(created.key), created.invite);
    }

    #[test]
    fn bad_settings_are_refused_with_their_reason() {
        let refused = |req: NewGame| Plan::of_request(&req, None).unwrap_err().to_string();
        assert!(refused(NewGame::engine(9)).contains("levels 1 to 6, not 9"));
        assert!(refused(NewGame::local().target(4)).contains("1, 3, 7 or 15 points, not 4"));
        assert!(refused(NewGame::new(Mode::Challenge)).contains("starts from a challenge"));
    }
}
