//! A game and what its players are doing beside it: a takeback offered, the
//! seats taken, the engine thinking about its turn. Every change to a room
//! happens under its game's lock ([`crate::app::GameCell`]).

use kamisado_core::Side;

use crate::live::{LiveGame, Seat};
use crate::wire::{PerSide, StateView};

/// A game with the state of its players beside it.
#[derive(Debug)]
pub struct Room {
    /// The game.
    pub game: LiveGame,
    /// A takeback offered by this side and not yet answered.
    pub takeback: Option<Side>,
    /// The action count at which the engine was asked to act, while it thinks.
    pub engine_pending: Option<usize>,
    /// The seats their players have taken since the game was loaded.
    joined: PerSide<bool>,
}

impl Room {
    /// A room for a game nobody has joined yet.
    pub fn new(game: LiveGame) -> Room {
        Room {
            game,
            takeback: None,
            engine_pending: None,
            joined: PerSide::default(),
        }
    }

    /// Marks the seat's sides as taken by their players; whether that is new.
    pub fn mark_joined(&mut self, seat: Seat) -> bool {
        let mut newly = false;
        for side in [Side::Black, Side::White] {
            if seat.plays(side) && !*self.joined.of(side) {
                newly = true;
                match side {
                    Side::Black => self.joined.b = true,
                    Side::White => self.joined.w = true,
                }
            }
        }
        newly
    }

    /// Whether the engine is thinking about the turn as it stands.
    pub fn thinking(&self) -> bool {
        self.engine_pending == Some(self.game.actions.len()) && self.game.engine_to_act()
    }

    /// The state every client sees: the game's, with the offer, the seats
    /// taken and the engine's thinking.
    pub fn view(&self) -> StateView {
        let mut view = self.game.view();
        view.takeback = self.takeback.map(Into::into);
        view.joined.b |= self.joined.b;
        view.joined.w |= self.joined.w;
        view.thinking = self.thinking();
        view
    }
}
