//! Why a move that is not legal here is not: the rule it breaks, as an
//! [`IllegalReason`].

use crate::geometry::{Bits, Board, STRAIGHT, step};
use crate::rules::Variant;
use crate::tower::reach;
use crate::{Move, Square, Tower};

use super::push::NoPush;
use super::{IllegalReason, Position};

impl<B: Board> Position<B> {
    /// Explains why a move that is not legal here is not.
    pub(super) fn why_illegal(&self, mv: Move<B>) -> IllegalReason<B> {
        if let Some(outcome) = self.outcome() {
            return IllegalReason::RoundOver {
                winner: outcome.winner,
                ending: outcome.ending,
            };
        }
        let side = self.side;
        let (from, to) = match mv {
            Move::Pass => {
                return match self.forced_tower() {
                    None => IllegalReason::PassWithFreeChoice,
                    Some((square, tower)) => IllegalReason::PassNotBlocked { tower, square },
                };
            }
            Move::Step { from, to } | Move::Push { from, to } => (from, to),
        };
        let Some(colour) = self.colour_at(side, from) else {
            return match self.tower_at(from) {
                Some(_) => IllegalReason::OpponentsTower { side, from },
                None => IllegalReason::NoTower { from },
            };
        };
        if let Some((square, forced)) = self.forced_tower()
            && forced.colour != colour
        {
            return IllegalReason::NotForced {
                forced,
                square,
                tried: colour,
                from,
            };
        }
        let tower = Tower {
            side,
            colour,
            teeth: self.teeth(side, colour),
        };
        if let Some(reason) = self.beyond_opening_limit(mv) {
            return reason;
        }
        if self.rules.variant == Variant::Zvezda {
            return IllegalReason::Zvezda {
                tower,
                push: matches!(mv, Move::Push { .. }),
            };
        }
        if let Move::Push { .. } = mv {
            return self.why_push_illegal(tower, from, to);
        }
        self.why_step_illegal(tower, from, to)
    }

    /// The opening limit a step breaks, if the step would be legal past the
    /// round's opening (`opening-limits`).
    fn beyond_opening_limit(&self, mv: Move<B>) -> Option<IllegalReason<B>> {
        let (ply, limit) = (self.opening_ply()?, self.opening_limit()?);
        let lifted = Position {
            opening: 0,
            ..*self
        };
        (matches!(mv, Move::Step { .. }) && lifted.is_legal(mv)).then_some(
            IllegalReason::OpeningLimit {
                ply: ply + 1,
                limit,
            },
        )
    }

    /// Why a tower's push from `from` to `to` is not legal (R12).
    fn why_push_illegal(&self, tower: Tower, from: Square<B>, to: Square<B>) -> IllegalReason<B> {
        let (side, colour) = (tower.side, tower.colour);
        let (_, sr) = step(side, STRAIGHT);
        let df = to.file() - from.file();
        let dr = to.rank() - from.rank();
        let ahead = dr * sr;
        if ahead != 1 || df != 0 {
            return IllegalReason::PushNotStraight {
                ahead: Square::<B>::at(from.file(), from.rank() + sr),
            };
        }
        match self.push_line(side, from, tower.teeth) {
            Err(NoPush::NotSumo) => IllegalReason::NotSumo { colour, from },
            Err(NoPush::NothingInFront) => IllegalReason::NothingToPush { to },
            Err(NoPush::OwnTower(square)) => IllegalReason::OwnTowerInLine { side, square },
            Err(NoPush::TooLong) => IllegalReason::LineTooLong { pusher: tower },
            Err(NoPush::NotLower(square)) => IllegalReason::NotLowerRank {
                pusher: tower,
                square,
            },
            Err(NoPush::NoRoom) => IllegalReason::NoRoomBehind,
            Ok(_) => IllegalReason::PushNotAllowed,
        }
    }

    /// Why a tower's step from `from` to `to` is not legal (R3, R11).
    fn why_step_illegal(&self, tower: Tower, from: Square<B>, to: Square<B>) -> IllegalReason<B> {
        let (_, sr) = step(tower.side, STRAIGHT);
        let df = to.file() - from.file();
        let dr = to.rank() - from.rank();
        let ahead = dr * sr;
        if ahead <= 0 {
            return IllegalReason::NotForward;
        }
        if df != 0 && df.abs() != dr.abs() {
            return IllegalReason::NotStraightOrDiagonal;
        }
        if let (Some(ply), Some(limit)) = (self.opening_ply(), self.opening_limit())
            && ahead > i32::from(limit)
            && i32::from(limit) < reach(tower.teeth)
        {
            return IllegalReason::OpeningLimit {
                ply: ply + 1,
                limit,
            };
        }
        if ahead > reach(tower.teeth) {
            return IllegalReason::TooFar {
                tower,
                reach: reach(tower.teeth) as u8,
            };
        }
        let (ff, fr) = (df.signum(), dr.signum());
        for i in 1..=ahead {
            let Some(square) = Square::<B>::at(from.file() + ff * i, from.rank() + fr * i) else {
                break;
            };
            if !(self.occupied() & square.bit()).is_empty() {
                return IllegalReason::PathBlocked { square };
            }
        }
        IllegalReason::NotAllowed
    }
}
