//! Why a move is refused: each rule-based refusal as a value, with its words.

use std::fmt;

use crate::geometry::{Board, Eight};
use crate::position::Ending;
use crate::story::player;
use crate::tower::zvezda_reach;
use crate::{Colour, Move, Side, Square, Tower};

/// A move that the position does not allow, with the reason.
///
/// ```
/// use kamisado_core::{IllegalReason, Move, Position};
/// let e = Position::start().play(Move::Pass).unwrap_err();
/// assert_eq!(e.reason, IllegalReason::PassWithFreeChoice);
/// assert_eq!(
///     e.to_string(),
///     "pass is illegal: a pass is only for a forced tower that cannot move; any tower may move now"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IllegalMove<B: Board = Eight> {
    /// The move that was tried.
    pub mv: Move<B>,
    /// Why the rules forbid it.
    pub reason: IllegalReason<B>,
}

impl<B: Board> fmt::Display for IllegalMove<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is illegal: {}", self.mv, self.reason)
    }
}

impl<B: Board> std::error::Error for IllegalMove<B> {}

/// Why the rules forbid a move, one variant per refusal; [`fmt::Display`]
/// gives the words a player reads.
///
/// ```
/// use kamisado_core::{IllegalReason, Position};
/// let p: Position = "obvpyrgn/8/8/8/8/8/3Y+4/NGR1PVBO b y".parse().unwrap();
/// let e = p.play("d2-d8".parse().unwrap()).unwrap_err();
/// assert!(matches!(e.reason, IllegalReason::TooFar { reach: 5, .. }));
/// assert_eq!(e.reason.to_string(), "a sumo moves at most 5 squares (R11)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IllegalReason<B: Board = Eight> {
    /// The round is over: no move can be played (R6, R8).
    RoundOver {
        /// Who won the round.
        winner: Side,
        /// How.
        ending: Ending,
    },
    /// A pass while any tower may move (R4, R7).
    PassWithFreeChoice,
    /// A pass while the forced tower can move (R7).
    PassNotBlocked {
        /// The forced tower.
        tower: Tower,
        /// Where it stands.
        square: Square<B>,
    },
    /// No tower stands on the square the move starts from.
    NoTower {
        /// The empty square.
        from: Square<B>,
    },
    /// The tower on the starting square is the opponent's.
    OpponentsTower {
        /// The side to move.
        side: Side,
        /// The square of the opponent's tower.
        from: Square<B>,
    },
    /// Another tower than the forced one (R5).
    NotForced {
        /// The forced tower.
        forced: Tower,
        /// Where the forced tower stands.
        square: Square<B>,
        /// The colour of the tower that was tried.
        tried: Colour,
        /// Where that tower stands.
        from: Square<B>,
    },
    /// A move or push under zvezda in a direction or over a distance the
    /// tower's rings do not allow.
    Zvezda {
        /// The tower that was tried.
        tower: Tower,
        /// Whether it was a push.
        push: bool,
    },
    /// A push that is not one square straight ahead (R12).
    PushNotStraight {
        /// The square straight ahead, if it is on the board.
        ahead: Option<Square<B>>,
    },
    /// A push by a tower without teeth (R12).
    NotSumo {
        /// The tower's colour.
        colour: Colour,
        /// Where it stands.
        from: Square<B>,
    },
    /// A push with no opponent's tower in front (R12).
    NothingToPush {
        /// The square in front of the sumo.
        to: Square<B>,
    },
    /// A push whose line holds one of the pusher's own towers (R12).
    OwnTowerInLine {
        /// The pushing side.
        side: Side,
        /// The square of its own tower in the line.
        square: Square<B>,
    },
    /// A line longer than the sumo's rank allows (R12).
    LineTooLong {
        /// The pushing tower.
        pusher: Tower,
    },
    /// A tower in the line whose rank is not lower than the pusher's (R12).
    NotLowerRank {
        /// The pushing tower.
        pusher: Tower,
        /// The square of the tower it cannot push.
        square: Square<B>,
    },
    /// The square behind the line is off the board or taken (R12).
    NoRoomBehind,
    /// A push the rules refuse for no reason named above.
    PushNotAllowed,
    /// A move sideways or backward (R3).
    NotForward,
    /// A move neither straight nor diagonal (R3).
    NotStraightOrDiagonal,
    /// A move beyond the tower's reach (R11).
    TooFar {
        /// The tower.
        tower: Tower,
        /// The most squares it may move.
        reach: u8,
    },
    /// A move longer than the round's opening ply allows (`opening-limits`:
    /// the first ply of a round moves at most 1 square, the second 3, the third 5).
    OpeningLimit {
        /// Which ply of the round the move would be: 1, 2 or 3.
        ply: u8,
        /// The most squares that ply may move.
        limit: u8,
    },
    /// A tower in the way (R3).
    PathBlocked {
        /// The square of the first tower in the way.
        square: Square<B>,
    },
    /// A move the rules refuse for no reason named above.
    NotAllowed,
}

impl<B: Board> fmt::Display for IllegalReason<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            IllegalReason::RoundOver { winner, ending } => write!(
                f,
                "the round is over: {} has won by {}",
                player(winner),
                match ending {
                    Ending::HomeRow => "reaching the home row",
                    Ending::Deadlock => "deadlock",
                }
            ),
            IllegalReason::PassWithFreeChoice => f.write_str(
                "a pass is only for a forced tower that cannot move; any tower may move now",
            ),
            IllegalReason::PassNotBlocked { tower, square } => write!(
                f,
                "the forced {} {} on {square} can move, so {} may not pass",
                tower.colour.name(),
                tower.rank_name(),
                player(tower.side)
            ),
            IllegalReason::NoTower { from } => write!(f, "there is no tower on {from}"),
            IllegalReason::OpponentsTower { side, from } => write!(
                f,
                "the tower on {from} is {}'s, and {} is to move",
                player(!side),
                player(side)
            ),
            IllegalReason::NotForced {
                forced,
                square,
                tried,
                from,
            } => write!(
                f,
                "{} must move the {} tower on {square} (R5), not the {} one on {from}",
                player(forced.side),
                forced.colour.name(),
                tried.name()
            ),
            IllegalReason::Zvezda { tower, push } => zvezda_words(f, tower, push),
            IllegalReason::PushNotStraight { ahead } => match ahead {
                Some(sq) => write!(
                    f,
                    "a push moves the sumo one square straight ahead, to {sq}"
                ),
                None => {
                    f.write_str("a push moves the sumo one square straight ahead, to off the board")
                }
            },
            IllegalReason::NotSumo { colour, from } => write!(
                f,
                "only a sumo can push; the {} tower on {from} has no teeth",
                colour.name()
            ),
            IllegalReason::NothingToPush { to } => {
                write!(f, "there is no opponent's tower on {to} to push")
            }
            IllegalReason::OwnTowerInLine { side, square } => write!(
                f,
                "the line ahead holds {}'s own tower on {square}; only the opponent's towers can be pushed",
                player(side)
            ),
            IllegalReason::LineTooLong { pusher } => write!(
                f,
                "a {} pushes at most {} tower{} (R12)",
                pusher.rank_name(),
                pusher.teeth,
                if pusher.teeth == 1 { "" } else { "s" }
            ),
            IllegalReason::NotLowerRank { pusher, square } => write!(
                f,
                "the tower on {square} is not of lower rank than the pushing {}",
                pusher.rank_name()
            ),
            IllegalReason::NoRoomBehind => {
                f.write_str("the square behind the line is off the board or taken")
            }
            IllegalReason::PushNotAllowed => f.write_str("the push is not allowed here"),
            IllegalReason::NotForward => f.write_str("towers move only forward (R3)"),
            IllegalReason::NotStraightOrDiagonal => {
                f.write_str("towers move straight forward or diagonally forward (R3)")
            }
            IllegalReason::TooFar { tower, reach } => write!(
                f,
                "a {} moves at most {reach} square{} (R11)",
                tower.rank_name(),
                if reach == 1 { "" } else { "s" }
            ),
            IllegalReason::OpeningLimit { ply, limit } => write!(
                f,
                "in every round the {} ply moves at most {limit} square{} (opening-limits)",
                match ply {
                    1 => "first",
                    2 => "second",
                    _ => "third",
                },
                if limit == 1 { "" } else { "s" }
            ),
            IllegalReason::PathBlocked { square } => {
                write!(f, "the path is blocked by the tower on {square} (R3)")
            }
            IllegalReason::NotAllowed => f.write_str("the rules do not allow it here"),
        }
    }
}

/// Why a zvezda move or push of a tower that may move is not legal.
fn zvezda_words(f: &mut fmt::Formatter<'_>, tower: Tower, push: bool) -> fmt::Result {
    let ways = match tower.teeth {
        0 | 1 => "forward, straight or diagonally",
        2 => "forward or sideways",
        _ => "in any direction",
    };
    if push && tower.teeth == 0 {
        write!(
            f,
            "only a tower with a ring can push; the {} tower has none",
            tower.colour.name()
        )
    } else if push {
        write!(
            f,
            "under zvezda this tower pushes one adjacent opponent's tower of lower rank one square {ways}, onto an empty square"
        )
    } else {
        write!(
            f,
            "under zvezda this tower moves {ways}, at most {} squares, in a straight line without jumping",
            zvezda_reach(tower.teeth)
        )
    }
}
