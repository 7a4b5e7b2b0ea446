//! A game's clock: a live time control (an initial time per side for the
//! whole match and a Fischer increment per action) or correspondence (days
//! per action). What it is after each action is stored with the game, so the
//! server decides a loss on time whoever is connected and after a restart.

use kamisado_core::Side;

use crate::error::ServerError;
use kamisado_wire::Refusal;
use kamisado_wire::{ClockView, PerSide, SideCode};

/// The shortest and longest initial time, in seconds.
pub const INITIAL_S: std::ops::RangeInclusive<u64> = 15..=10_800;
/// The largest increment, in seconds.
pub const MAX_INCREMENT_S: u64 = 60;
/// The correspondence time controls, in days per move.
pub const DAYS: [u8; 3] = [1, 3, 7];
const DAY_MS: i64 = 86_400_000;

/// How a game is timed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// Each side's time for the match, and the time added after each of its actions.
    Fischer {
        /// The initial time, in ms.
        initial_ms: i64,
        /// The increment, in ms.
        increment_ms: i64,
    },
    /// Days for each action.
    Days(u8),
}

impl TimeControl {
    /// A live time control, checked: 15 s to 3 h, and an increment of 0–60 s.
    ///
    /// # Errors
    /// Either out of range, with the range.
    pub fn fischer(initial_s: u64, increment_s: u64) -> Result<TimeControl, ServerError> {
        if !INITIAL_S.contains(&initial_s) {
            return Err(ServerError::BadRequest(Refusal::clock_initial(initial_s)));
        }
        if increment_s > MAX_INCREMENT_S {
            return Err(ServerError::BadRequest(Refusal::clock_increment(
                increment_s,
            )));
        }
        Ok(TimeControl::Fischer {
            initial_ms: initial_s as i64 * 1000,
            increment_ms: increment_s as i64 * 1000,
        })
    }

    /// A correspondence time control, checked: 1, 3 or 7 days.
    ///
    /// # Errors
    /// Any other number of days.
    pub fn days(days: u64) -> Result<TimeControl, ServerError> {
        match u8::try_from(days) {
            Ok(d) if DAYS.contains(&d) => Ok(TimeControl::Days(d)),
            _ => Err(ServerError::BadRequest(Refusal::bad_days(days))),
        }
    }

    /// The clock before the first move: each side's initial time, none running.
    pub fn start(self) -> Clock {
        let left = match self {
            TimeControl::Fischer { initial_ms, .. } => Some(initial_ms),
            TimeControl::Days(_) => None,
        };
        Clock {
            left: PerSide { b: left, w: left },
            since_ms: 0,
            running: None,
        }
    }
}

/// The clock as it stands after an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// Each side's time left when the running clock started (live games).
    pub left: PerSide<Option<i64>>,
    /// When the running clock started, in ms since 1970.
    pub since_ms: i64,
    /// The side whose clock runs: none before the first move and once the
    /// match is over.
    pub running: Option<Side>,
}

/// What became of the clock at an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tick {
    /// In time: the clock after the action.
    Ran(Clock),
    /// The acting side's time had run out: it loses on time.
    Flagged(Side),
}

impl Clock {
    /// When the running side loses on time, if a clock runs.
    pub fn deadline(&self, control: TimeControl) -> Option<i64> {
        let side = self.running?;
        Some(match control {
            TimeControl::Fischer { .. } => self.since_ms + self.left.of(side).unwrap_or(0),
            TimeControl::Days(days) => self.since_ms + i64::from(days) * DAY_MS,
        })
    }

    /// The side whose time has run out at `now`, if any.
    pub fn flagged(&self, control: TimeControl, now: i64) -> Option<Side> {
        let deadline = self.deadline(control)?;
        (now >= deadline).then_some(self.running).flatten()
    }

    /// The clock after `mover` acts at `now`, `next` being the side to act
    /// after it (none when the match is over). The mover's time is charged
    /// and, on a live clock that was running, given the increment.
    pub fn tick(&self, control: TimeControl, mover: Side, next: Option<Side>, now: i64) -> Tick {
        if let Some(side) = self.flagged(control, now) {
            return Tick::Flagged(side);
        }
        let mut left = self.left;
        if let (TimeControl::Fischer { increment_ms, .. }, Some(side)) = (control, self.running) {
            let slot = match side {
                Side::Black => &mut left.b,
                Side::White => &mut left.w,
            };
            let spent = (now - self.since_ms).max(0);
            let bonus = if side == mover { increment_ms } else { 0 };
            *slot = slot.map(|t| t - spent + bonus);
        }
        Tick::Ran(Clock {
            left,
            since_ms: now,
            running: next,
        })
    }

    /// The clock stopped at `now` (the match ended): the running side charged.
    pub fn stopped(&self, control: TimeControl, now: i64) -> Clock {
        match self.running {
            Some(side) => match self.tick(control, side, None, now) {
                Tick::Ran(mut clock) => {
                    // No increment for the action that ended the match.
                    if let TimeControl::Fischer { increment_ms, .. } = control {
                        let slot = match side {
                            Side::Black => &mut clock.left.b,
                            Side::White => &mut clock.left.w,
                        };
                        *slot = slot.map(|t| t - increment_ms);
                    }
                    clock
                }
                Tick::Flagged(_) => Clock {
                    left: match side {
                        Side::Black => PerSide {
                            b: Some(0),
                            w: self.left.w,
                        },
                        Side::White => PerSide {
                            b: self.left.b,
                            w: Some(0),
                        },
                    },
                    since_ms: now,
                    running: None,
                },
            },
            None => *self,
        }
    }

    /// The clock as the state shows it.
    pub fn view(&self, control: TimeControl) -> ClockView {
        let (initial_ms, increment_ms, days) = match control {
            TimeControl::Fischer {
                initial_ms,
                increment_ms,
            } => (Some(initial_ms), Some(increment_ms), None),
            TimeControl::Days(d) => (None, None, Some(d)),
        };
        ClockView {
            initial_ms,
            increment_ms,
            days,
            b_ms: self.left.b,
            w_ms: self.left.w,
            running: self.running.map(SideCode::from),
            since_ms: self.since_ms,
            deadline_ms: self.deadline(control),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIVE: TimeControl = TimeControl::Fischer {
        initial_ms: 60_000,
        increment_ms: 2_000,
    };

    #[test]
    fn no_clock_runs_before_the_first_move() {
        let clock = LIVE.start();
        assert_eq!(clock.deadline(LIVE), None);
        assert_eq!(clock.flagged(LIVE, i64::MAX), None);
        // Black's first move starts Gold's clock; Black gets no increment.
        let Tick::Ran(after) = clock.tick(LIVE, Side::Black, Some(Side::White), 1_000) else {
            panic!()
        };
        assert_eq!(
            after.left,
            PerSide {
                b: Some(60_000),
                w: Some(60_000)
            }
        );
        assert_eq!(after.running, Some(Side::White));
        assert_eq!(after.deadline(LIVE), Some(61_000));
    }

    #[test]
    fn a_move_charges_the_mover_and_adds_the_increment() {
        let clock = Clock {
            left: PerSide {
                b: Some(60_000),
                w: Some(60_000),
            },
            since_ms: 1_000,
            running: Some(Side::White),
        };
        let Tick::Ran(after) = clock.tick(LIVE, Side::White, Some(Side::Black), 11_000) else {
            panic!()
        };
        assert_eq!(
            after.left,
            PerSide {
                b: Some(60_000),
                w: Some(52_000)
            }
        );
        assert_eq!(after.running, Some(Side::Black));
        // A second late, Gold has lost on time.
        assert_eq!(
            clock.tick(LIVE, Side::White, Some(Side::Black), 61_000),
            Tick::Flagged(Side::White)
        );
        assert_eq!(clock.flagged(LIVE, 60_999), None);
        assert_eq!(clock.flagged(LIVE, 61_000), Some(Side::White));
        // The match ending stops the clock without an increment.
        let stopped = clock.stopped(LIVE, 11_000);
        assert_eq!(stopped.left.w, Some(50_000));
        assert_eq!(stopped.running, None);
        assert_eq!(stopped.deadline(LIVE), None);
    }

    #[test]
    fn correspondence_counts_days_from_the_last_move() {
        let days = TimeControl::days(3).unwrap();
        let Tick::Ran(after) = days.start().tick(days, Side::Black, Some(Side::White), 5) else {
            panic!()
        };
        assert_eq!(after.deadline(days), Some(5 + 3 * DAY_MS));
        assert_eq!(after.view(days).days, Some(3));
        assert_eq!(after.view(days).b_ms, None);
    }

    #[test]
    fn time_controls_out_of_range_are_refused_with_the_range() {
        assert!(TimeControl::fischer(15, 0).is_ok());
        assert!(TimeControl::fischer(10_800, 60).is_ok());
        let e = TimeControl::fischer(14, 0).unwrap_err().to_string();
        assert!(e.contains("15 seconds to 3 hours"), "{e}");
        let e = TimeControl::fischer(60, 61).unwrap_err().to_string();
        assert!(e.contains("0 to 60 seconds"), "{e}");
        let e = TimeControl::days(2).unwrap_err().to_string();
        assert!(e.contains("1, 3 or 7 days"), "{e}");
    }
}
