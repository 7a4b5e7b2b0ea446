//! A game's positions, for looking back through it on its page: the start
//! and the position after each move, read from its record without the engine.

use kamisado_core::any::AnyMove;
use kamisado_core::geometry::Board;
use kamisado_core::with_board;
use kamisado_wire::{GamePositionsView, PlyView};

use super::Learning;
use super::analysis::{position_view, read};
use crate::error::ServerError;

/// Every position of the game `id` as it stands: its start, and each move
/// with the position after it (`n` is the number of actions they come from).
///
/// # Errors
/// An unknown game; a stored record that does not read (corrupt).
pub async fn game_positions(
    learning: &Learning,
    id: &str,
) -> Result<GamePositionsView, ServerError> {
    let cell = learning.games.game(id).await?;
    let (text, n, board) = {
        let room = cell.room.lock().await;
        (
            room.game.game.record_text(),
            room.game.actions.len(),
            room.game.row.board,
        )
    };
    with_board!(board, B => positions_of::<B>(&text, n))
        .map_err(|e| ServerError::Corrupt(format!("game {id}: {e}")))
}

/// The positions of a record: no limit on its length, as no engine looks at them.
fn positions_of<B: Board>(text: &str, n: usize) -> Result<GamePositionsView, ServerError> {
    let (start, steps) = read::<B>(text, usize::MAX)?;
    let plies = steps
        .iter()
        .map(|(mv, before, after)| PlyView {
            mv: AnyMove::of(*mv),
            side: before.position().side_to_move().into(),
            round: before.round(),
            after: position_view(after),
        })
        .collect();
    Ok(GamePositionsView {
        n,
        start: position_view(&start),
        plies,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use kamisado_core::Game;

    #[test]
    fn every_move_of_a_record_has_the_position_after_it() {
        let mut game: Game =
            Game::new(kamisado_core::Rules::STANDARD, 3, "A", "B", "2026.01.01").unwrap();
        for mv in ["g1-g7", "h8-h3", "b1-b2"] {
            game.play(mv.parse().unwrap()).unwrap();
        }
        let view =
            positions_of::<kamisado_core::geometry::Eight>(&game.record().to_string(), 3).unwrap();
        assert_eq!(view.n, 3);
        assert_eq!(view.start.towers.len(), 16);
        let moves: Vec<String> = view.plies.iter().map(|p| p.mv.to_string()).collect();
        assert_eq!(moves, ["g1-g7", "h8-h3", "b1-b2"]);
        // After g1-g7 the blue tower stands on g7; after h8-h3 Gold's brown on h3.
        let at = |i: usize, sq: &str| {
            view.plies[i]
                .after
                .towers
                .iter()
                .find(|t| t.sq == sq)
                .map(|t| (t.side, t.colour.clone()))
        };
        assert_eq!(
            at(0, "g7"),
            Some((kamisado_wire::SideCode::Black, "blue".into()))
        );
        assert_eq!(at(0, "g1"), None);
        assert_eq!(
            at(1, "h3"),
            Some((kamisado_wire::SideCode::White, "brown".into()))
        );
        assert_eq!(view.plies[1].side, kamisado_wire::SideCode::White);
        assert_eq!(view.plies[2].after.fen, game.current().to_string());
    }
}
