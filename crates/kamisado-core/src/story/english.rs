//! The English words for a [`Story`]: the one place the project says in
//! English what happened in a game. Rule numbers are cited where they explain.
//!
//! ```
//! use kamisado_core::story;
//! use kamisado_core::{Match, Rules, Setup};
//! // Black's yellow tower on d7 steps onto Gold's home row in a match to 3.
//! let setup: Setup = "obv1yrgn/3Y4/8/8/8/8/3p4/NGR1PVBO b y 0-0/3".parse().unwrap();
//! let m = Match::from_setup(&setup, Rules::STANDARD).unwrap();
//! assert_eq!(
//!     story::of_move(&m, "d7-d8".parse().unwrap()).unwrap().to_string(),
//!     "Black's yellow tower moves d7-d8. The yellow tower has reached Gold's home row (R6). \
//!      Black wins the round: 1 point; the yellow tower gains a dragon's tooth and becomes a sumo. \
//!      Score: Black 1, Gold 0 (playing to 3). Black chooses to fill from the left or the right (R14)."
//! );
//! ```

use std::fmt;

use super::{Act, AfterRound, Concession, ForcedBy, Next, PushTurn, Pushed, RoundOver, Story};
use crate::geometry::Board;
use crate::{Colour, RoundEnd, Side, Tower};

/// A side's name for players: `Black`, or `Gold` for White (the gold dragons).
///
/// ```
/// use kamisado_core::{Side, story};
/// assert_eq!(story::player(Side::White), "Gold");
/// ```
pub const fn player(side: Side) -> &'static str {
    match side {
        Side::Black => "Black",
        Side::White => "Gold",
    }
}

/// The indefinite article for a colour's name: `an orange square`, `a red square`.
const fn article(colour: Colour) -> &'static str {
    match colour {
        Colour::Orange | Colour::Ivory => "an",
        Colour::Blue
        | Colour::Purple
        | Colour::Pink
        | Colour::Yellow
        | Colour::Red
        | Colour::Green
        | Colour::Brown
        | Colour::Charcoal => "a",
    }
}

/// `yellow sumo`: a tower's colour and rank.
fn named(tower: Tower) -> String {
    format!("{} {}", tower.colour.name(), tower.rank_name())
}

/// `Black's yellow sumo`.
fn owned(tower: Tower) -> String {
    format!("{}'s {}", player(tower.side), named(tower))
}

impl<B: Board> fmt::Display for Story<B> {
    /// The act, then what follows, as sentences.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.act)?;
        if let Some(next) = &self.next {
            write!(f, " {next}")?;
        }
        Ok(())
    }
}

impl<B: Board> fmt::Display for Act<B> {
    /// `Black's yellow tower moves d1-d6.`, `Gold's red tower on f8 cannot move: Gold passes (R7).`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Act::Step { tower, from, to } => write!(f, "{} moves {from}-{to}.", owned(tower)),
            Act::Push {
                pusher,
                from,
                to,
                line,
                turn,
            } => {
                write!(f, "{} pushes ", owned(pusher))?;
                let count = line.len();
                for (i, pushed) in line.iter().enumerate() {
                    let joint = match (i, count - i) {
                        (0, _) => "",
                        (_, 1) => " and ",
                        _ => ", ",
                    };
                    write!(f, "{joint}{pushed}")?;
                }
                let opponent = player(!pusher.side);
                match turn {
                    PushTurn::OpponentLosesTurn => {
                        write!(f, " ({from}>{to}). {opponent} loses the turn (R13).")
                    }
                    PushTurn::OpponentMoves => {
                        write!(f, " ({from}>{to}). {opponent} moves next (zvezda).")
                    }
                }
            }
            Act::Pass { tower, square } => write!(
                f,
                "{} on {square} cannot move: {} passes (R7).",
                owned(tower),
                player(tower.side)
            ),
            Act::Fill {
                side, fill, round, ..
            } => write!(
                f,
                "{} fills from the {fill}: the towers are re-seated for round {round} (R14).",
                player(side)
            ),
            Act::Concession {
                side,
                how,
                winner,
                score,
            } => {
                let what = if score.target == 1 { "round" } else { "match" };
                write!(
                    f,
                    "{} {how}: {} wins the {what}.",
                    player(side),
                    player(winner)
                )
            }
        }
    }
}

impl<B: Board> fmt::Display for Pushed<B> {
    /// `Gold's red tower from d5 to d6`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} from {} to {}", owned(self.tower), self.from, self.to)
    }
}

impl fmt::Display for Concession {
    /// `resigned` or `ran out of time`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Concession::Resignation => "resigned",
            Concession::Time => "ran out of time",
        })
    }
}

impl<B: Board> fmt::Display for Next<B> {
    /// `Gold must move the red tower on f8 (d6 is a red square).`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Next::Forced {
                tower,
                square,
                by,
                blocked,
            } => {
                let side = player(tower.side);
                write!(
                    f,
                    "{side} must move the {} on {square} ({by}).",
                    named(tower)
                )?;
                if blocked {
                    write!(f, " It cannot move: {side} must pass (R7).")?;
                }
                Ok(())
            }
            Next::FreeChoice { side } => {
                write!(f, "{} moves first, with any tower (R4).", player(side))
            }
            Next::RoundOver(over) => write!(f, "{over}"),
        }
    }
}

impl<B: Board> fmt::Display for ForcedBy<B> {
    /// Why the colour is forced: `d6 is a red square`,
    /// `R13: the last pushed tower stopped on d7, a green square`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (square, colour) = (self.square(), self.colour());
        let (a, name) = (article(colour), colour.name());
        match self {
            ForcedBy::Landed { .. } => write!(f, "{square} is {a} {name} square"),
            ForcedBy::LastPushed { .. } => write!(
                f,
                "R13: the last pushed tower stopped on {square}, {a} {name} square"
            ),
            ForcedBy::Pushed { .. } => write!(
                f,
                "zvezda: the pushed tower stopped on {square}, {a} {name} square"
            ),
            ForcedBy::SumoSquare { .. } => write!(
                f,
                "sumo-square: the sumo landed on {square}, {a} {name} square"
            ),
            ForcedBy::Passed { .. } => write!(
                f,
                "R7: the blocked tower stands on {square}, {a} {name} square"
            ),
        }
    }
}

impl fmt::Display for RoundOver {
    /// Why the round ended, who wins it and what it scores (R10), then the
    /// fill to choose or the end of the match. A single round (a match to 1)
    /// says only who wins the round.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (winner, loser) = (player(self.winner), player(!self.winner));
        match self.end {
            RoundEnd::HomeRow => match self.scorer {
                Some(tower) => write!(
                    f,
                    "The {} has reached {loser}'s home row (R6).",
                    named(tower)
                )?,
                None => write!(f, "{winner} has reached {loser}'s home row (R6).")?,
            },
            RoundEnd::Deadlock => write!(
                f,
                "Deadlock: the passes would go round for ever, so {loser}, who made the last real move, loses (R8)."
            )?,
            RoundEnd::Repetition => write!(
                f,
                "The position has come back a third time, so {loser}, who repeated it, loses (zvezda)."
            )?,
            RoundEnd::Resignation => write!(f, "{loser} resigned.")?,
            RoundEnd::Time => write!(f, "{loser} ran out of time.")?,
        }
        if self.score.target == 1 {
            return write!(f, " {winner} wins the round.");
        }
        write!(f, " {winner} wins the round")?;
        let points = self.points;
        let s = if points == 1 { "" } else { "s" };
        match (self.scorer, self.promoted) {
            _ if points == 0 => write!(f, ".")?,
            (Some(tower), Some(promoted)) => write!(
                f,
                ": {points} point{s}; the {} gains a dragon's tooth and becomes a {}.",
                named(tower),
                promoted.rank_name()
            )?,
            (Some(tower), None) => write!(f, ": {points} point{s} with the {}.", named(tower))?,
            (None, _) => write!(f, ": {points} point{s}.")?,
        }
        let score = self.score;
        match self.then {
            AfterRound::Fill { chooser } => write!(
                f,
                " Score: {} {}, {} {} (playing to {}). {} chooses to fill from the left or the right (R14).",
                player(Side::Black),
                score.black,
                player(Side::White),
                score.white,
                score.target,
                player(chooser)
            ),
            AfterRound::MatchOver { winner: champion } => write!(
                f,
                " {} wins the match {}-{} (playing to {}).",
                player(champion),
                score.of(champion),
                score.of(!champion),
                score.target
            ),
        }
    }
}
