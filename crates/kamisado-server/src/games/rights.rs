//! Who may do what: the one place that decides whether a seat may act on a
//! game, with the reason when it may not.

use kamisado_core::{MatchState, Side};
use kamisado_wire::{Mode, Rights, Seat, SeatRights};

use super::live::{Action, LiveGame};
use super::room::Room;
use crate::error::ServerError;
use kamisado_wire::{Choice, Refusal};

/// What a client asks of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Request {
    /// A move, a fill or a resignation.
    Act(Action),
    /// Taking back moves (against the engine, on one screen).
    Undo,
    /// Offering a takeback (with a friend).
    OfferTakeback,
    /// Answering the opponent's takeback offer.
    AnswerTakeback,
    /// Withdrawing one's own takeback offer.
    WithdrawTakeback,
    /// A hint (against the engine, on one screen).
    Hint,
    /// Setting one's name.
    Rename,
}

fn forbidden(reason: Refusal) -> ServerError {
    ServerError::Forbidden(reason)
}

/// The reason a watcher is refused a request.
fn watching(request: Request) -> ServerError {
    forbidden(Refusal::watching(match request {
        Request::Act(Action::Resign(_)) => Choice::Resign,
        Request::Act(_) => Choice::Play,
        Request::Undo => Choice::Undo,
        Request::OfferTakeback => Choice::OfferTakeback,
        Request::AnswerTakeback => Choice::AnswerTakeback,
        Request::WithdrawTakeback => Choice::WithdrawTakeback,
        Request::Hint => Choice::Hint,
        Request::Rename => Choice::Rename,
    }))
}

/// Checks that `seat` may make `request` of the room's game, and gives the seat.
///
/// # Errors
/// [`ServerError::Forbidden`] for a watcher or the wrong seat,
/// [`ServerError::BadRequest`] for a request the game's mode has no use for,
/// [`ServerError::Conflict`] for one the game as it stands does not allow;
/// each with its reason.
pub fn check(room: &Room, seat: Option<Seat>, request: Request) -> Result<Seat, ServerError> {
    let seat = seat.ok_or_else(|| watching(request))?;
    let game = &room.game;
    let mode = game.row.mode;
    // A game with a clock (a tournament's, against the engine too) is played out alone.
    let timed = game.row.time.is_some();
    match request {
        Request::Act(Action::Resign(side)) if !seat.plays(side) => {
            Err(forbidden(Refusal::resign_for_other(side)))
        }
        Request::Act(Action::Resign(_)) => Ok(seat),
        Request::Act(_) => match game.side_to_act() {
            Some(side) if !seat.plays(side) => Err(forbidden(match game.state() {
                MatchState::AwaitingFill { .. } => Refusal::not_your_fill(side, !side),
                _ => Refusal::not_your_turn(side, !side),
            })),
            _ => Ok(seat),
        },
        Request::Undo if mode == Mode::Friend => Err(forbidden(Refusal::undo_with_friend())),
        Request::Undo if mode == Mode::Challenge => {
            Err(forbidden(Refusal::undo_between_accounts()))
        }
        Request::Undo if timed => Err(forbidden(Refusal::undo_with_clock())),
        Request::Undo => Ok(seat),
        Request::OfferTakeback if mode != Mode::Friend => {
            Err(ServerError::BadRequest(Refusal::takeback_not_with_friend()))
        }
        Request::OfferTakeback => Ok(seat),
        Request::AnswerTakeback | Request::WithdrawTakeback => check_offer(room, seat, request),
        Request::Hint if timed => Err(forbidden(Refusal::no_hints_with_clock())),
        Request::Hint => check_hint(room, seat),
        Request::Rename if mode == Mode::Challenge => {
            Err(forbidden(Refusal::rename_between_accounts()))
        }
        Request::Rename if timed => Err(forbidden(Refusal::rename_with_clock())),
        Request::Rename => match seat {
            Seat::Side(_) => Ok(seat),
            Seat::Both => Err(forbidden(Refusal::rename_on_one_screen())),
        },
    }
}

/// An offer is answered by the opponent of the seat that made it, and
/// withdrawn by that seat.
fn check_offer(room: &Room, seat: Seat, request: Request) -> Result<Seat, ServerError> {
    let withdraw = request == Request::WithdrawTakeback;
    match room.takeback {
        None => Err(ServerError::Conflict(if withdraw {
            Refusal::no_offer_to_withdraw()
        } else {
            Refusal::no_offer_to_answer()
        })),
        Some(offerer) if seat.plays(offerer) == withdraw => Ok(seat),
        Some(_) if withdraw => Err(forbidden(Refusal::offer_is_opponents())),
        Some(_) => Err(forbidden(Refusal::own_offer())),
    }
}

/// A hint is for the player to move, against the engine or on one screen.
fn check_hint(room: &Room, seat: Seat) -> Result<Seat, ServerError> {
    let game = &room.game;
    match game.row.mode {
        Mode::Friend => {
            return Err(ServerError::BadRequest(Refusal::no_hints_with_friend()));
        }
        Mode::Challenge => {
            return Err(ServerError::BadRequest(Refusal::no_hints_between_accounts()));
        }
        Mode::Engine | Mode::Local => {}
    }
    let to_move = game.side_to_act();
    if game.state() != MatchState::Playing
        || !to_move.is_some_and(|s| seat.plays(s))
        || game.engine_to_act()
    {
        return Err(ServerError::Conflict(Refusal::hint_not_your_move()));
    }
    Ok(seat)
}

/// The side a seat resigns for: its own, or on one screen the side to act.
///
/// # Errors
/// A watcher, or a match already over.
pub fn resigner(room: &Room, seat: Option<Seat>) -> Result<Side, ServerError> {
    match seat {
        Some(Seat::Side(side)) => Ok(side),
        Some(Seat::Both) => room
            .game
            .side_to_act()
            .ok_or_else(|| ServerError::Conflict(Refusal::match_over())),
        None => Err(watching(Request::Act(Action::Resign(Side::Black)))),
    }
}

/// The number of the first action a takeback for `side` removes: its last
/// move in the current round. For both seats, the last move.
///
/// # Errors
/// [`ServerError::Conflict`] after a resignation or a loss on time, or when
/// the round has no such move.
pub fn takeback_from(live: &LiveGame, side: Option<Side>) -> Result<usize, ServerError> {
    if matches!(
        live.actions.last(),
        Some(Action::Resign(_) | Action::Time(_))
    ) {
        return Err(ServerError::Conflict(Refusal::no_takeback_after_end()));
    }
    let round_start = live
        .actions
        .iter()
        .rposition(|a| matches!(a, Action::Fill(_)))
        .map_or(0, |i| i + 1);
    (round_start..live.actions.len())
        .rev()
        .find(|&i| side.is_none_or(|s| live.movers[i] == s))
        .ok_or_else(|| ServerError::Conflict(Refusal::nothing_to_take_back()))
}

/// The side whose move an undo by `seat` takes back: against the engine,
/// the seat's own; otherwise the last move, whoever made it.
pub fn undoes(mode: Mode, seat: Seat) -> Option<Side> {
    match (mode, seat) {
        (Mode::Engine, Seat::Side(side)) => Some(side),
        _ => None,
    }
}

/// What `seat` may do in the room's game as it stands: each right is
/// exactly whether the server would carry the request out now.
pub fn rights_of(room: &Room, seat: Seat) -> Rights {
    let game = &room.game;
    let mode = game.row.mode;
    if seat == Seat::Both && mode != Mode::Local {
        return Rights::default();
    }
    let allows = |request| check(room, Some(seat), request).is_ok();
    let rematch = super::rematch::rights(room, seat);
    let side = match seat {
        Seat::Side(side) => Some(side),
        Seat::Both => None,
    };
    Rights {
        undo: allows(Request::Undo) && takeback_from(game, undoes(mode, seat)).is_ok(),
        hint: allows(Request::Hint),
        takeback: room.takeback.is_none()
            && game.ended().is_none()
            && allows(Request::OfferTakeback)
            && takeback_from(game, side).is_ok(),
        answer_takeback: allows(Request::AnswerTakeback),
        withdraw_takeback: allows(Request::WithdrawTakeback),
        resign: game.side_to_act().is_some() && resigner(room, Some(seat)).is_ok(),
        danger: matches!(mode, Mode::Engine | Mode::Local) && game.row.time.is_none(),
        rename: allows(Request::Rename),
        rematch: rematch.0,
        decline_rematch: rematch.1,
    }
}

/// What each seat may do in the room's game as it stands.
pub fn seat_rights(room: &Room) -> SeatRights {
    SeatRights {
        b: rights_of(room, Seat::Side(Side::Black)),
        w: rights_of(room, Seat::Side(Side::White)),
        both: rights_of(room, Seat::Both),
    }
}
