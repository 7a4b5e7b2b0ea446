//! The danger view (docs/learning.md): every move of a selected tower, and
//! what it does to its mover's chances, proven by the solver where it can.

use std::time::Instant;

use kamisado_core::any::{AnyMatch, Erase};
use kamisado_core::geometry::{Board, BoardSize};
use kamisado_core::on_any;
use kamisado_core::setup::Setup;
use kamisado_core::{Match, Move, Rules, Square, with_board};
use kamisado_engine::danger::Verdict;
use kamisado_wire::Mode;
use kamisado_wire::learning::{DangerMove, DangerRequest, DangerVerdict, DangerView};

use super::Learning;
use crate::engine::AnyDanger;
use crate::error::ServerError;
use kamisado_wire::Refusal;

/// Nodes the solver has for each move of the danger view.
pub const DANGER_NODES: u64 = 50_000;

/// The danger view's words for one move.
fn danger_text(d: &DangerMove) -> String {
    let colour = d.colour.as_deref().unwrap_or("");
    match d.verdict {
        DangerVerdict::Wins => "This reaches the home row: it wins the round.".into(),
        DangerVerdict::LosesAtOnce => format!(
            "Loses at once: it hands them {colour}, and their {colour} tower on {} reaches your home row ({}).",
            d.tower.as_deref().unwrap_or("?"),
            d.reply.as_deref().unwrap_or("?")
        ),
        DangerVerdict::Lost => format!(
            "Proven lost in {} plies: {}.",
            d.plies.unwrap_or(0),
            d.line.join(" ")
        ),
        DangerVerdict::Safe => format!("No loss found: it hands them {colour}."),
    }
}

/// One move's danger as the page shows it: what it hands over, and why.
fn danger_move<B: Board + Erase>(m: &Match<B>, d: &AnyDanger) -> Result<DangerMove, ServerError> {
    let bad = ServerError::BadRequest;
    let mv =
        d.mv.on::<B>()
            .map_err(|_| bad(Refusal::off_board(d.mv.to_string(), B::KIND.to_string())))?;
    let after = m
        .position()
        .play(mv)
        .map_err(|e| bad(Refusal::illegal(&mv, &e.reason)))?;
    let handed = after.forced_tower();
    let (verdict, plies) = match d.verdict {
        Verdict::Wins => (DangerVerdict::Wins, Some(1)),
        Verdict::LosesAtOnce => (DangerVerdict::LosesAtOnce, Some(2)),
        Verdict::Lost(n) => (DangerVerdict::Lost, Some(n)),
        Verdict::Safe => (DangerVerdict::Safe, None),
    };
    let mut view = DangerMove {
        mv: mv.to_string(),
        to: mv.to().map(|s| s.to_string()),
        verdict,
        colour: handed.map(|(_, t)| t.colour.name().to_string()),
        tower: handed.map(|(sq, _)| sq.to_string()),
        reply: match d.verdict {
            Verdict::LosesAtOnce => d.line.first().map(ToString::to_string),
            _ => None,
        },
        plies,
        line: d.line.iter().map(ToString::to_string).collect(),
        text: String::new(),
    };
    view.text = danger_text(&view);
    Ok(view)
}

/// Reads a position (with a match field or not) under a rule set.
pub fn read_match<B: Board>(text: &str, rules: Rules) -> Result<Match<B>, ServerError> {
    let setup: Setup<B> =
        text.trim()
            .parse()
            .map_err(|e: kamisado_core::setup::ParsePositionError| {
                ServerError::BadRequest(Refusal::position_text(&e))
            })?;
    Match::from_setup(&setup, rules).map_err(|e| ServerError::BadRequest(Refusal::from(&e)))
}

/// The danger of every move of the selected tower, in a game where the
/// danger view is offered or in a position.
///
/// # Errors
/// A request naming both a game and a position or neither, a game where
/// the danger view is not offered, a bad position or square, a square
/// without a tower to move, or an engine too busy.
pub async fn danger(
    learning: &Learning,
    request: DangerRequest,
) -> Result<DangerView, ServerError> {
    let m = match (&request.game, &request.position) {
        (Some(id), None) => game_match(learning, id).await?,
        (None, Some(position)) => {
            let rules = request.rules.unwrap_or(Rules::STANDARD);
            let board = BoardSize::of_position(position.trim()).unwrap_or(BoardSize::Eight);
            with_board!(board, B => read_match::<B>(position, rules).map(B::erase_match))?
        }
        (Some(_), Some(_)) => {
            return Err(ServerError::BadRequest(Refusal::danger_game_and_position()));
        }
        (None, None) => {
            return Err(ServerError::BadRequest(
                Refusal::danger_needs_game_or_position(),
            ));
        }
    };
    on_any!(m, AnyMatch, m => danger_on(learning, m, &request.from).await)
}

/// The match of a game where the danger view is offered, as it stands.
async fn game_match(learning: &Learning, id: &str) -> Result<AnyMatch, ServerError> {
    let cell = learning.games.game(id).await?;
    let room = cell.room.lock().await;
    if room.game.row.time.is_some() {
        return Err(ServerError::Forbidden(Refusal::danger_with_clock()));
    }
    match room.game.row.mode {
        Mode::Engine | Mode::Local => Ok(room.game.current()),
        Mode::Friend | Mode::Challenge => {
            Err(ServerError::Forbidden(Refusal::danger_between_players()))
        }
    }
}

async fn danger_on<B: kamisado_engine::EngineBoard + Erase>(
    learning: &Learning,
    m: Match<B>,
    from: &str,
) -> Result<DangerView, ServerError> {
    let from: Square<B> =
        from.trim()
            .parse()
            .map_err(|e: kamisado_core::square::ParseSquareError| {
                ServerError::BadRequest(Refusal::from(&e))
            })?;
    let movable = m.position().legal_moves().iter().any(|mv| {
        mv.from() == Some(from)
            || (*mv == Move::Pass
                && m.position()
                    .forced_tower()
                    .is_some_and(|(sq, _)| sq == from))
    });
    if !movable {
        return Err(ServerError::BadRequest(Refusal::tower_cannot_move(
            from.to_string(),
        )));
    }
    let engines = &learning.games.engines;
    let _ticket = engines.admit()?;
    let started = Instant::now();
    let any = B::erase_match(m.clone());
    let square = from.to_string();
    let found = engines
        .run(move |brain, stop| brain.dangers(&any, &square, DANGER_NODES, stop))
        .await?
        .map_err(|e| ServerError::BadRequest(Refusal::engine_failed(e)))?;
    let moves = found
        .iter()
        .map(|d| danger_move(&m, d))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(DangerView {
        from: from.to_string(),
        nodes: DANGER_NODES,
        ms: started.elapsed().as_millis() as u64,
        moves,
    })
}

/// The danger of one move in a position (`fen`, the standard rules), as a
/// puzzle's attempt tells it; none for a pass.
pub async fn danger_of(learning: &Learning, fen: &str, mv: &str) -> Option<DangerMove> {
    let from = mv.split(['-', '>']).next().filter(|_| mv != "pass")?;
    let view = danger(
        learning,
        DangerRequest {
            game: None,
            position: Some(fen.to_string()),
            from: from.to_string(),
            rules: None,
        },
    )
    .await
    .ok()?;
    view.moves.into_iter().find(|d| d.mv == mv)
}
