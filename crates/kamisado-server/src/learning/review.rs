//! The review of a finished game (docs/learning.md): its analysis with the
//! turning points marked, and the puzzles made of those of its accounts.

use kamisado_wire::learning::ReviewView;

use super::{Learning, analysis};
use crate::error::ServerError;

/// A finished game's review: its analysis with the turning points marked,
/// and the puzzles made of those where its mover has an account.
///
/// # Errors
/// An unknown game, or the analysis's errors.
pub async fn review(learning: &Learning, id: &str) -> Result<ReviewView, ServerError> {
    let cell = learning.games.game(id).await?;
    let (text, accounts, rounds_board) = {
        let room = cell.room.lock().await;
        (
            room.game.game.record_text(),
            [
                room.game.row.black_account.clone(),
                room.game.row.white_account.clone(),
            ],
            room.game.row.board,
        )
    };
    let request = kamisado_wire::AnalysisRequest {
        text,
        at: None,
        then: None,
    };
    let analysis = analysis::analyse(learning, &request).await?;
    let mut puzzles = Vec::new();
    for (i, step) in analysis.steps.iter().enumerate() {
        if !step.turning {
            continue;
        }
        let side: kamisado_core::Side = step.side.into();
        let Some(owner) = accounts[usize::from(side == kamisado_core::Side::White)].clone() else {
            continue;
        };
        let before = if i == 0 {
            &analysis.start
        } else {
            &analysis.steps[i - 1].after
        };
        if let Some(puzzle_id) = learning
            .puzzle_from(&before.fen, rounds_board, &owner, id)
            .await?
        {
            puzzles.push(puzzle_id);
        }
    }
    Ok(ReviewView { analysis, puzzles })
}
