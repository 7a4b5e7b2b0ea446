//! A change to a stored game, as the commands decide it and the writer
//! commits it.

use kamisado_core::Side;
use kamisado_wire::{OfferAnswer, OfferEnd, PerSide, SideCode};

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
        /// The takeback accepted, when it was one (not an undo).
        answer: Option<OfferAnswer>,
    },
    /// A player's name.
    Name {
        /// Whose.
        side: Side,
        /// The name, already cleaned.
        name: String,
    },
    /// A takeback offered by a side.
    Takeback(Side),
    /// A takeback offer declined or withdrawn.
    Answered(OfferAnswer),
    /// A rematch offered by a side (the match over).
    RematchOffer(Side),
    /// A rematch offer declined or withdrawn.
    RematchAnswered(OfferAnswer),
    /// The rematch made (its row stored already): its id.
    Rematched(String),
    /// A seat taken by its player for the first time.
    Joined(Side),
}

/// A finished match's rematch, as its players left it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rematch {
    /// The side offering it.
    pub offer: Option<Side>,
    /// An offer declined or withdrawn, until the next offer.
    pub answer: Option<OfferAnswer>,
    /// The rematch's id, once made.
    pub game: Option<String>,
}

/// What became of a change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Committed: the game is at the next version.
    Done,
    /// Not made: the game had changed since the version it was decided on.
    Stale,
}

/// A takeback's answer as the game's row keeps it: the side whose seat
/// ended the offer and how (`w declined`).
pub fn answer_text(answer: &OfferAnswer) -> String {
    let by = if answer.by == SideCode::Black {
        'b'
    } else {
        'w'
    };
    let how = match answer.how {
        OfferEnd::Accepted => "accepted",
        OfferEnd::Declined => "declined",
        OfferEnd::Withdrawn => "withdrawn",
    };
    format!("{by} {how}")
}

/// A stored takeback answer ([`answer_text`]), or why it is not one.
pub fn answer_of(text: &str) -> Result<OfferAnswer, String> {
    let (by, how) = text
        .split_once(' ')
        .ok_or_else(|| format!("takeback answer `{text}`: expected a side and how it ended"))?;
    let by = match by {
        "b" => SideCode::Black,
        "w" => SideCode::White,
        _ => return Err(format!("takeback answer `{text}`: `{by}` is not a side")),
    };
    let how = match how {
        "accepted" => OfferEnd::Accepted,
        "declined" => OfferEnd::Declined,
        "withdrawn" => OfferEnd::Withdrawn,
        _ => {
            return Err(format!(
                "takeback answer `{text}`: `{how}` is not how one ends"
            ));
        }
    };
    Ok(OfferAnswer { by, how })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_takeback_answer_is_stored_and_read_back() {
        for by in [SideCode::Black, SideCode::White] {
            for how in [OfferEnd::Accepted, OfferEnd::Declined, OfferEnd::Withdrawn] {
                let answer = OfferAnswer { by, how };
                assert_eq!(answer_of(&answer_text(&answer)), Ok(answer));
            }
        }
        assert_eq!(
            answer_text(&OfferAnswer {
                by: SideCode::White,
                how: OfferEnd::Declined
            }),
            "w declined"
        );
        assert!(answer_of("x declined").unwrap_err().contains("not a side"));
        assert!(answer_of("b").unwrap_err().contains("expected"));
        assert!(answer_of("b shrugged").unwrap_err().contains("not how"));
    }
}
