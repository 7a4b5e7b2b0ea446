//! The rules crate's refusals as the wire's: a match that cannot do what
//! was asked, text that is not a square or a move.

use kamisado_core::MatchError;
use kamisado_core::geometry::Board;
use kamisado_core::mv::ParseMoveError;
use kamisado_core::square::ParseSquareError;

use super::Refusal;

impl<B: Board> From<&MatchError<B>> for Refusal {
    /// An illegal move carries the rules' reason in English (`why`) and as
    /// its cause.
    fn from(e: &MatchError<B>) -> Refusal {
        match e {
            MatchError::Illegal(i) => Refusal::illegal(&i.mv, &i.reason),
            MatchError::AwaitingFill(side) => Refusal::fill_first(*side),
            MatchError::NoFillNow => Refusal::no_fill_now(),
            MatchError::Over(side) => Refusal::match_won(*side),
            MatchError::Target(t) => Refusal::bad_target(*t),
            MatchError::Invalid(e) => Refusal::invalid(e),
        }
    }
}

impl<B: Board> From<MatchError<B>> for Refusal {
    fn from(e: MatchError<B>) -> Refusal {
        Refusal::from(&e)
    }
}

impl From<&ParseSquareError> for Refusal {
    fn from(e: &ParseSquareError) -> Refusal {
        Refusal::not_a_square(e.text.as_str(), ParseSquareError::last(e.size))
    }
}

impl From<&ParseMoveError> for Refusal {
    fn from(e: &ParseMoveError) -> Refusal {
        Refusal::move_text(e)
    }
}
