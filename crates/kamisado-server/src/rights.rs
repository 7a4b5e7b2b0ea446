//! Who may do what: the one place that decides whether a seat may act on a
//! game, with the reason when it may not.

use kamisado_core::{MatchState, Side};

use crate::error::ServerError;
use crate::live::{Action, Seat, side_name};
use crate::room::Room;
use crate::store::Mode;

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
    /// A hint (against the engine, on one screen).
    Hint,
    /// Setting one's name.
    Rename,
}

fn forbidden(reason: &str) -> ServerError {
    ServerError::Forbidden(reason.to_string())
}

/// The reason a watcher is refused a request.
fn watching(request: Request) -> ServerError {
    forbidden(match request {
        Request::Act(Action::Resign(_)) => "watchers cannot resign",
        Request::Act(_) => "you are watching this game: only its players can play",
        Request::Undo => "watchers cannot take moves back",
        Request::OfferTakeback => "watchers cannot offer a takeback",
        Request::AnswerTakeback => "watchers cannot answer a takeback",
        Request::Hint => "watchers cannot ask for hints",
        Request::Rename => "only a seated player can set their name",
    })
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
    match request {
        Request::Act(Action::Resign(side)) if !seat.plays(side) => Err(ServerError::Forbidden(
            format!("you cannot resign for {}", side_name(side)),
        )),
        Request::Act(Action::Resign(_)) => Ok(seat),
        Request::Act(_) => match game.side_to_act() {
            Some(side) if !seat.plays(side) => {
                let what = match game.state() {
                    MatchState::AwaitingFill { .. } => "choose the fill",
                    _ => "move",
                };
                Err(ServerError::Forbidden(format!(
                    "it is {}'s turn to {what}, and you hold {}'s seat",
                    side_name(side),
                    side_name(!side)
                )))
            }
            _ => Ok(seat),
        },
        Request::Undo if mode == Mode::Friend => Err(forbidden(
            "in a game with a friend, offer a takeback: your opponent may accept it",
        )),
        Request::Undo if mode == Mode::Challenge => Err(forbidden(
            "moves are not taken back in a game between accounts",
        )),
        Request::Undo => Ok(seat),
        Request::OfferTakeback if mode != Mode::Friend => Err(ServerError::BadRequest(
            "a takeback is offered in a game with a friend; here use undo".into(),
        )),
        Request::OfferTakeback => Ok(seat),
        Request::AnswerTakeback => match room.takeback {
            None => Err(ServerError::Conflict(
                "there is no takeback offer to answer".into(),
            )),
            Some(offerer) if seat.plays(offerer) => {
                Err(forbidden("you cannot answer your own offer"))
            }
            Some(_) => Ok(seat),
        },
        Request::Hint => check_hint(room, seat),
        Request::Rename if mode == Mode::Challenge => Err(forbidden(
            "in a game between accounts, each player goes by their account's name",
        )),
        Request::Rename => match seat {
            Seat::Side(_) => Ok(seat),
            Seat::Both => Err(forbidden("only a seated player can set their name")),
        },
    }
}

/// A hint is for the player to move, against the engine or on one screen.
fn check_hint(room: &Room, seat: Seat) -> Result<Seat, ServerError> {
    let game = &room.game;
    match game.row.mode {
        Mode::Friend => {
            return Err(ServerError::BadRequest(
                "hints are given against the engine and on one screen, not in a game with a friend"
                    .into(),
            ));
        }
        Mode::Challenge => {
            return Err(ServerError::BadRequest(
                "hints are given against the engine and on one screen, not in a game between accounts"
                    .into(),
            ));
        }
        Mode::Engine | Mode::Local => {}
    }
    let to_move = game.side_to_act();
    if game.state() != MatchState::Playing
        || !to_move.is_some_and(|s| seat.plays(s))
        || game.engine_to_act()
    {
        return Err(ServerError::Conflict(
            "a hint is for the player to move".into(),
        ));
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
            .ok_or_else(|| ServerError::Conflict("the match is over".into())),
        None => Err(watching(Request::Act(Action::Resign(Side::Black)))),
    }
}
