//! A change to a stored game, as the commands decide it and the writer
//! commits it.

use kamisado_core::Side;
use kamisado_wire::PerSide;

use super::clock::Clock;

/// The clock after an action, with the deadline it sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timing {
    /// The clock.
    pub clock: Clock,
    /// When the side to act loses on time, if a clock runs.
    pub deadline_ms: Option<i64>,
}

/// How a match ended, stored with the action that ended it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ending {
    /// The match's winner.
    pub winner: Side,
    /// How its last round ended: `home row`, `deadlock`, `repetition`,
    /// `resignation` or `time`.
    pub how: &'static str,
    /// The match's final score, stored with its end for the archives.
    pub score: PerSide<u8>,
}

/// One change to a stored game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// The action numbered `seq` (from 0), which also ends a takeback offer.
    Append {
        /// Its number.
        seq: usize,
        /// Its text.
        action: String,
        /// The clock after it, in a timed game.
        timing: Option<Timing>,
        /// How the match ended, when the action ends it. A rated game's
        /// ratings are updated in the same transaction.
        end: Option<Ending>,
    },
    /// Removes the actions numbered `from` and later (taking moves back), and
    /// any takeback offer.
    Truncate {
        /// The first action removed.
        from: usize,
    },
    /// A player's name.
    Name {
        /// Whose.
        side: Side,
        /// The name, already cleaned.
        name: String,
    },
    /// A takeback offered by a side, or none (refused or withdrawn).
    Takeback(Option<Side>),
    /// A seat taken by its player for the first time.
    Joined(Side),
}

/// What became of a change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Committed: the game is at the next version.
    Done,
    /// Not made: the game had changed since the version it was decided on.
    Stale,
}
