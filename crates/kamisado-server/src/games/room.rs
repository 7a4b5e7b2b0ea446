//! A game and what its players are doing beside it: a takeback offered, the
//! seats taken, the engine thinking about its turn. Every change to a room
//! happens under its game's lock ([`super::hub::GameCell`]), after the
//! database took it ([`super::store::Change`]); [`Room::apply`] is the one
//! place that says what each change does to the game in memory.

use kamisado_core::Side;

use kamisado_wire::{Note, OfferAnswer, PerSide, Seat, StateView};

use super::clock::{Clock, Tick};
use super::live::{Action, LiveGame};
use super::store::{Change, Rematch, StoredGame, Timing};
use crate::error::ServerError;

/// A game with the state of its players beside it.
#[derive(Debug)]
pub struct Room {
    /// The game.
    pub game: LiveGame,
    /// The stored game's version this room holds: every change raises it.
    pub version: i64,
    /// The changes that removed actions, as stored.
    pub takebacks: i64,
    /// A takeback offered by this side and not yet answered.
    pub takeback: Option<Side>,
    /// What became of the last takeback offer, until the next action or offer.
    pub takeback_answer: Option<OfferAnswer>,
    /// What the players did about a rematch, once the match is over.
    pub rematch: Rematch,
    /// Whether a tournament made the game.
    pub tournament: bool,
    /// The action count at which the engine was asked to act, while it thinks.
    pub engine_pending: Option<usize>,
    /// The seats their players have taken.
    joined: PerSide<bool>,
    /// The clock after the last action, in a timed game.
    pub clock: Option<Clock>,
}

impl Room {
    /// The room of a stored game, its actions replayed.
    ///
    /// # Errors
    /// [`ServerError::Corrupt`] when the game does not replay.
    pub fn load(stored: StoredGame) -> Result<Room, ServerError> {
        if stored.from != 0 {
            return Err(ServerError::Corrupt(format!(
                "game {}: a room is made from all of its actions, not from action {}",
                stored.row.id, stored.from
            )));
        }
        Ok(Room {
            game: LiveGame::rebuild(stored.row, &stored.actions)?,
            version: stored.version,
            takebacks: stored.takebacks,
            takeback: stored.takeback,
            takeback_answer: stored.takeback_answer,
            rematch: stored.rematch,
            tournament: stored.tournament,
            engine_pending: None,
            joined: stored.joined,
            clock: stored.clock,
        })
    }

    /// Takes the stored game's later version (changed by another process);
    /// whether its actions differ from those held.
    ///
    /// # Errors
    /// [`ServerError::Corrupt`] when the game does not replay.
    pub fn reload(&mut self, stored: StoredGame) -> Result<bool, ServerError> {
        let same = stored.actions.len() == self.game.actions.len()
            && stored
                .actions
                .iter()
                .zip(&self.game.actions)
                .all(|(text, held)| *text == held.to_string());
        let engine_pending = self.engine_pending;
        *self = Room::load(stored)?;
        if same {
            self.engine_pending = engine_pending;
        }
        Ok(!same)
    }

    /// Catches up with a later version of the game when no action was
    /// removed since this room's (`stored` read from the room's action count
    /// on): the new actions are played on, the rest taken as stored.
    /// `Ok(false)` when that cannot be done and the game is to be read whole.
    ///
    /// # Errors
    /// [`ServerError::Corrupt`] when a stored action does not apply.
    pub fn catch_up(&mut self, stored: StoredGame) -> Result<bool, ServerError> {
        if stored.takebacks != self.takebacks || stored.from != self.game.actions.len() {
            return Ok(false);
        }
        let corrupt =
            |e: String| ServerError::Corrupt(format!("a stored action does not apply: {e}"));
        for text in &stored.actions {
            let action: Action = text.parse().map_err(corrupt)?;
            let note = self.game.tell(action).map_err(|e| corrupt(e.to_string()))?;
            self.game.apply(action, note).map_err(corrupt)?;
        }
        for (side, name) in [
            (Side::Black, stored.row.black_name),
            (Side::White, stored.row.white_name),
        ] {
            let held = match side {
                Side::Black => &self.game.row.black_name,
                Side::White => &self.game.row.white_name,
            };
            if *held != name {
                self.game.rename(side, name);
            }
        }
        self.version = stored.version;
        self.takeback = stored.takeback;
        self.takeback_answer = stored.takeback_answer;
        self.rematch = stored.rematch;
        self.joined = stored.joined;
        self.clock = stored.clock;
        self.game.row.black_account = stored.row.black_account;
        self.game.row.white_account = stored.row.white_account;
        Ok(true)
    }

    /// Makes a change the database took, one version on. An action that was
    /// told already comes with its story.
    ///
    /// # Errors
    /// [`ServerError::Corrupt`] when an action does not apply.
    pub fn apply(&mut self, change: &Change, told: Option<Note>) -> Result<(), ServerError> {
        let corrupt =
            |e: String| ServerError::Corrupt(format!("a stored change does not apply: {e}"));
        match change {
            Change::Append { action, timing, .. } => {
                let action: Action = action.parse().map_err(corrupt)?;
                if let Some(timing) = timing {
                    self.clock = Some(timing.clock);
                }
                let note = match told {
                    Some(note) => note,
                    None => self.game.tell(action).map_err(|e| corrupt(e.to_string()))?,
                };
                self.game.apply(action, note).map_err(corrupt)?;
                self.takeback = None;
                self.takeback_answer = None;
            }
            Change::Truncate { from, answer } => {
                let texts: Vec<String> = self.game.actions[..*from]
                    .iter()
                    .map(ToString::to_string)
                    .collect();
                self.game = LiveGame::rebuild(self.game.row.clone(), &texts)?;
                self.takeback = None;
                self.takeback_answer = *answer;
                self.takebacks += 1;
            }
            Change::Name { side, name } => self.game.rename(*side, name.clone()),
            Change::Takeback(side) => {
                self.takeback = Some(*side);
                self.takeback_answer = None;
            }
            Change::Answered(answer) => {
                self.takeback = None;
                self.takeback_answer = Some(*answer);
            }
            Change::RematchOffer(side) => {
                self.rematch.offer = Some(*side);
                self.rematch.answer = None;
            }
            Change::RematchAnswered(answer) => {
                self.rematch.offer = None;
                self.rematch.answer = Some(*answer);
            }
            Change::Rematched(id) => {
                self.rematch.offer = None;
                self.rematch.game = Some(id.clone());
            }
            Change::Joined(side) => match side {
                Side::Black => self.joined.b = true,
                Side::White => self.joined.w = true,
            },
        }
        self.version += 1;
        Ok(())
    }

    /// The sides of a seat its player takes for the first time.
    pub fn newly_joined(&self, seat: Seat) -> Vec<Side> {
        [Side::Black, Side::White]
            .into_iter()
            .filter(|&side| seat.plays(side) && !*self.joined.of(side))
            .collect()
    }

    /// The side whose time has run out at `now`, in a timed match not yet over.
    pub fn flagged_at(&self, now: i64) -> Option<Side> {
        self.game.side_to_act()?;
        self.clock?.flagged(self.game.row.time?, now)
    }

    /// The clock after `action` (told as `note`) at `now`, in a timed game;
    /// `ends` when it ends the match, which stops the clock.
    pub fn timing_after(
        &self,
        action: Action,
        note: &Note,
        ends: bool,
        now: i64,
    ) -> Option<Timing> {
        let (clock, control) = (self.clock?, self.game.row.time?);
        let mover = match action {
            Action::Resign(side) | Action::Time(side) => side,
            _ => self.game.side_to_act()?,
        };
        let clock = match clock.tick(control, mover, note.next_to_act(), now) {
            Tick::Ran(after) if !ends => after,
            _ => clock.stopped(control, now),
        };
        Some(Timing {
            clock,
            deadline_ms: clock.deadline(control),
        })
    }

    /// Whether the engine is thinking about the turn as it stands.
    pub fn thinking(&self) -> bool {
        self.engine_pending == Some(self.game.actions.len()) && self.game.engine_to_act()
    }

    /// The state every client sees: the game's, with the offer, the seats
    /// taken and the engine's thinking (the hub adds each seat's rights).
    pub fn view(&self) -> StateView {
        let mut view = self.game.view();
        view.takeback = self.takeback.map(Into::into);
        view.takeback_answer = self.takeback_answer;
        view.rematch = self.rematch.offer.map(Into::into);
        view.rematch_answer = self.rematch.answer;
        view.rematch_game = self.rematch.game.clone();
        view.joined.b |= self.joined.b;
        view.joined.w |= self.joined.w;
        view.thinking = self.thinking();
        if let (Some(clock), Some(control)) = (self.clock, self.game.row.time) {
            view.clock = Some(clock.view(control));
        }
        view
    }
}
