//! The puzzle trainer (docs/learning.md): a set of puzzles the solver
//! proved, made at first start or imported, offered near each player's
//! puzzle rating, each attempt told with the whole line and rated.

use std::sync::Arc;

use kamisado_core::any::Erase;
use kamisado_core::geometry::{Board, BoardSize};
use kamisado_core::{Match, Move, Rules, story, with_board};
use serde::Deserialize;
use sha2::{Digest, Sha256};

use kamisado_wire::Note;

use super::Learning;
use super::analysis::position_view;
use super::danger::{danger_of, read_match};
use super::puzzle_store::{PuzzleRow, PuzzleStore};
use crate::db::Db;
use crate::engine::AnyPuzzle;
use crate::error::ServerError;
use crate::games::live::layout;
use crate::ratings::glicko::Rating;
use kamisado_wire::Refusal;
use kamisado_wire::learning::{AttemptView, PuzzleRatingView, PuzzleView, RatingChange};
use kamisado_wire::refusal::cause;

/// The seed of the puzzles a server makes at its first start.
pub const SEED: u64 = 1;

/// A puzzle's id: the first 64 bits of the SHA-256 of its board and
/// position, so that a position is stored once however it was found.
pub fn puzzle_id(board: &str, position: &str) -> String {
    Sha256::digest(format!("{board} {position}").as_bytes())[..8]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A puzzle's first rating, from its grade: 900 + 150 × grade, deviation 250.
pub fn first_rating(grade: u8) -> Rating {
    Rating {
        rating: 900.0 + 150.0 * f64::from(grade),
        deviation: 250.0,
        volatility: 0.06,
    }
}

/// A puzzle found by the engine, as stored.
fn row_of(p: &AnyPuzzle, owner: Option<&str>, source: Option<&str>) -> PuzzleRow {
    PuzzleRow {
        id: puzzle_id(&p.board, &p.position),
        board: p.board.clone(),
        position: p.position.clone(),
        solution: p.line.iter().map(ToString::to_string).collect(),
        plies: p.plies,
        grade: p.grade,
        moves: p.moves as u32,
        plausible: p.plausible as u32,
        rating: first_rating(p.grade),
        owner: owner.map(str::to_string),
        source: source.map(str::to_string),
    }
}

/// One puzzle of `kamisado puzzles generate --json`.
#[derive(Debug, Deserialize)]
struct Generated {
    position: String,
    solution: Vec<String>,
    plies: u32,
    grade: u8,
    moves: u32,
    plausible: u32,
}

/// The output of `kamisado puzzles generate --json`.
#[derive(Debug, Deserialize)]
struct GeneratedSet {
    board: String,
    puzzles: Vec<Generated>,
}

/// Checks that a puzzle's position reads and its solution plays, and gives
/// it as stored.
fn checked(board: &str, g: &Generated) -> Result<PuzzleRow, String> {
    let size: BoardSize = board.parse().map_err(|e| format!("{e}"))?;
    with_board!(size, B => {
        let m = read_match::<B>(&g.position, Rules::STANDARD).map_err(|e| e.to_string())?;
        let mut m = m;
        for text in &g.solution {
            let mv: Move<B> = text.parse().map_err(|e| format!("`{text}`: {e}"))?;
            m.play(mv).map_err(|e| format!("`{text}`: {e}"))?;
        }
        Ok::<(), String>(())
    })?;
    if g.solution.is_empty() || !(1..=5).contains(&g.grade) {
        return Err("no solution, or a grade outside 1 to 5".into());
    }
    Ok(PuzzleRow {
        id: puzzle_id(board, &g.position),
        board: board.to_string(),
        position: g.position.clone(),
        solution: g.solution.clone(),
        plies: g.plies,
        grade: g.grade,
        moves: g.moves,
        plausible: g.plausible,
        rating: first_rating(g.grade),
        owner: None,
        source: None,
    })
}

/// Stores the puzzles of `kamisado puzzles generate --json` output in the
/// database at `db` (its schema brought up to date): how many were new.
///
/// # Errors
/// A database that cannot be opened, text that is not that output (with
/// the puzzle that is wrong and why), or a database failure.
pub async fn import(db: &str, text: &str) -> Result<usize, ServerError> {
    let set: GeneratedSet = serde_json::from_str(text).map_err(|e| {
        ServerError::Operator(format!(
            "not the output of `kamisado puzzles generate --json`: {e}"
        ))
    })?;
    let rows = set
        .puzzles
        .iter()
        .enumerate()
        .map(|(i, g)| {
            checked(&set.board, g)
                .map_err(|e| ServerError::Operator(format!("puzzle {}: {e}", i + 1)))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let store = PuzzleStore::new(Db::open(db).await?);
    let mut new = 0;
    for row in &rows {
        new += usize::from(store.insert_puzzle(row).await?);
    }
    Ok(new)
}

impl Learning {
    /// Makes the server's puzzle set in the background when the database
    /// has none: [`crate::Limits::puzzles_at_start`] puzzles from [`SEED`].
    pub async fn ensure_puzzles(self: &Arc<Self>) -> Result<(), ServerError> {
        let count = self.games.limits.puzzles_at_start;
        if count == 0 || self.store.puzzle_count().await? > 0 {
            return Ok(());
        }
        let learning = Arc::clone(self);
        tokio::spawn(async move {
            let started = std::time::Instant::now();
            // Stops when the server does: a stopping server does not wait for it.
            let found = learning
                .games
                .engines
                .run_long(move |brain, stop| brain.find_puzzles(count, SEED, stop))
                .await;
            let Ok(found) = found else { return };
            let mut stored = 0;
            for p in &found {
                match learning.store.insert_puzzle(&row_of(p, None, None)).await {
                    Ok(new) => stored += usize::from(new),
                    Err(e) => tracing::warn!("a puzzle was not stored: {e}"),
                }
            }
            tracing::info!(
                puzzles = stored,
                seconds = started.elapsed().as_secs_f64(),
                "the puzzle set is made"
            );
        });
        Ok(())
    }

    /// A puzzle as the page shows it, with `account`'s puzzle rating.
    async fn puzzle_view(
        &self,
        row: &PuzzleRow,
        account: Option<&str>,
    ) -> Result<PuzzleView, ServerError> {
        let yours = match account {
            Some(name) => {
                let (rating, attempts) = self.store.puzzle_rating(name).await?;
                Some(PuzzleRatingView {
                    rating: rating.rating.round(),
                    deviation: rating.deviation.round(),
                    attempts,
                })
            }
            None => None,
        };
        let size: BoardSize = row
            .board
            .parse()
            .map_err(|e| ServerError::Corrupt(format!("puzzle {}: {e}", row.id)))?;
        with_board!(size, B => {
            let m = read_match::<B>(&row.position, Rules::STANDARD)?;
            let side = m.position().side_to_move();
            Ok(PuzzleView {
                id: row.id.clone(),
                board: row.board.clone(),
                layout: layout::<B>(),
                start: position_view(&m),
                legal: m.position().legal_moves().iter().map(ToString::to_string).collect(),
                side: side.into(),
                rating: row.rating.rating.round(),
                plies: row.plies,
                grade: row.grade,
                yours,
                from_game: row.source.clone(),
            })
        })
    }

    /// The next puzzle for `account`, never `after`. A guest gets one of
    /// the twenty nearest 1500, or with a `grade` one of those of the grade
    /// nearest it, so that a newcomer may start at the easiest and climb;
    /// an account's puzzle rating decides for it.
    ///
    /// # Errors
    /// No puzzle at all, or a database failure.
    pub async fn next_puzzle(
        &self,
        account: Option<String>,
        after: Option<&str>,
        grade: Option<u8>,
    ) -> Result<PuzzleView, ServerError> {
        let near = match (&account, grade) {
            (Some(name), _) => self.store.puzzle_rating(name).await?.0.rating,
            (None, Some(g)) => first_rating(g).rating,
            (None, None) => 1500.0,
        };
        let skip = after.unwrap_or("");
        let mut found = self
            .store
            .puzzles_near(account.as_deref(), near, skip, 20)
            .await?;
        if found.is_empty() && account.is_some() {
            // Every puzzle attempted: any near the rating again.
            found = self.store.puzzles_near(None, near, skip, 20).await?;
        }
        let pick = match account {
            // The player's own and the nearest first.
            Some(_) => found.first(),
            None => {
                let among = match grade {
                    Some(g) => of_nearest_grade(&found, g),
                    None => found.iter().collect(),
                };
                let mut coin = [0u8; 1];
                let _ = getrandom::fill(&mut coin);
                among
                    .get(usize::from(coin[0]) % among.len().max(1))
                    .copied()
            }
        };
        let Some(row) = pick else {
            return Err(ServerError::NotFound(Refusal::no_puzzles_yet()));
        };
        self.puzzle_view(row, account.as_deref()).await
    }

    /// One puzzle.
    ///
    /// # Errors
    /// An unknown puzzle, or a database failure.
    pub async fn puzzle(
        &self,
        account: Option<String>,
        id: &str,
    ) -> Result<PuzzleView, ServerError> {
        let row = self
            .store
            .puzzle(id)
            .await?
            .ok_or_else(|| ServerError::NotFound(Refusal::no_such_puzzle(id)))?;
        self.puzzle_view(&row, account.as_deref()).await
    }

    /// An attempt at a puzzle: told right or wrong, with the whole line; a
    /// signed-in player's first attempt is rated.
    ///
    /// # Errors
    /// An unknown puzzle, a move that is not legal there (with the rules'
    /// reason), or a database failure.
    pub async fn attempt(
        &self,
        account: Option<String>,
        id: &str,
        mv: &str,
    ) -> Result<AttemptView, ServerError> {
        let row = self
            .store
            .puzzle(id)
            .await?
            .ok_or_else(|| ServerError::NotFound(Refusal::no_such_puzzle(id)))?;
        let size: BoardSize = row
            .board
            .parse()
            .map_err(|e| ServerError::Corrupt(format!("puzzle {id}: {e}")))?;
        let (note, steps, fen) = with_board!(size, B => told::<B>(&row, mv))?;
        let best = row.solution.first().cloned().unwrap_or_default();
        let correct = mv.trim() == best;
        let rated = match &account {
            Some(name) => self.store.rate_attempt(name, id, correct).await?,
            None => None,
        };
        let danger = if correct {
            None
        } else {
            danger_of(self, &fen, mv.trim()).await
        };
        Ok(AttemptView {
            correct,
            best,
            solution: row.solution.clone(),
            steps,
            note,
            danger,
            rating: rated.map(|(before, after, _)| RatingChange {
                before: before.rating.round(),
                after: after.rating.round(),
            }),
            puzzle_rating: rated
                .map_or(row.rating.rating, |(_, _, p)| p.rating)
                .round(),
        })
    }

    /// Makes the position before a turning point of `owner`'s in game
    /// `game` a puzzle of theirs, when exactly one move wins there: its id.
    ///
    /// # Errors
    /// A database failure or an engine too busy.
    pub async fn puzzle_from(
        &self,
        fen: &str,
        board: BoardSize,
        owner: &str,
        game: &str,
    ) -> Result<Option<String>, ServerError> {
        let any =
            with_board!(board, B => read_match::<B>(fen, Rules::STANDARD).map(B::erase_match))?;
        let found = self
            .games
            .engines
            .run(move |brain, stop| brain.puzzle_at(&any, stop))
            .await?;
        let Some(puzzle) = found else {
            return Ok(None);
        };
        let row = row_of(&puzzle, Some(owner), Some(game));
        self.store.insert_puzzle(&row).await?;
        Ok(Some(row.id))
    }
}

/// The puzzles of `found` whose grade is the nearest to `grade` among them.
fn of_nearest_grade(found: &[PuzzleRow], grade: u8) -> Vec<&PuzzleRow> {
    let nearest = found.iter().map(|r| r.grade.abs_diff(grade)).min();
    found
        .iter()
        .filter(|r| Some(r.grade.abs_diff(grade)) == nearest)
        .collect()
}

/// A tried move told, the positions along the solution, and the position's
/// text for the danger view.
fn told<B: Board + Erase>(
    row: &PuzzleRow,
    mv: &str,
) -> Result<(Note, Vec<kamisado_wire::PositionView>, String), ServerError> {
    let start: Match<B> = read_match::<B>(&row.position, Rules::STANDARD)?;
    let tried: Move<B> = mv
        .trim()
        .parse()
        .map_err(|e: kamisado_core::mv::ParseMoveError| {
            ServerError::BadRequest(Refusal::from(&e))
        })?;
    let note = story::of_move(&start, tried)
        .map(|s| Note::from(&s))
        .map_err(|e| {
            let (words, cause) = cause::match_refused(&e);
            ServerError::Conflict(Refusal::not_legal_here(mv.trim(), words, cause))
        })?;
    let mut m = start.clone();
    let mut steps = Vec::new();
    for text in &row.solution {
        let step: Move<B> = text
            .parse()
            .map_err(|e| ServerError::Corrupt(format!("puzzle {}: `{text}`: {e}", row.id)))?;
        m.play(step)
            .map_err(|e| ServerError::Corrupt(format!("puzzle {}: `{text}`: {e}", row.id)))?;
        steps.push(position_view(&m));
    }
    Ok((note, steps, start.position().to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_depend_on_the_position_alone() {
        let a = puzzle_id("8x8", "obvpyrgn/8/8/8/8/8/8/NGRYPVBO b -");
        assert_eq!(a.len(), 16);
        assert_eq!(a, puzzle_id("8x8", "obvpyrgn/8/8/8/8/8/8/NGRYPVBO b -"));
        assert_ne!(a, puzzle_id("8x8", "obvpyrgn/8/8/8/8/8/8/NGRYPVBO w -"));
        assert_eq!(first_rating(1).rating, 1050.0);
        assert_eq!(first_rating(5).rating, 1650.0);
    }

    #[test]
    fn a_grade_asked_picks_among_the_nearest_grade() {
        let row = |id: &str, grade: u8| PuzzleRow {
            id: id.into(),
            board: "8x8".into(),
            position: String::new(),
            solution: vec!["h1-h8".into()],
            plies: 1,
            grade,
            moves: 1,
            plausible: 1,
            rating: first_rating(grade),
            owner: None,
            source: None,
        };
        let found = [row("a", 3), row("b", 2), row("c", 2), row("d", 4)];
        let ids = |g| {
            of_nearest_grade(&found, g)
                .iter()
                .map(|r| r.id.as_str())
                .collect::<Vec<_>>()
        };
        // No grade 1: the easiest there is.
        assert_eq!(ids(1), ["b", "c"]);
        assert_eq!(ids(3), ["a"]);
        assert_eq!(ids(5), ["d"]);
        assert!(of_nearest_grade(&[], 1).is_empty());
    }

    #[test]
    fn imported_puzzles_are_checked() {
        let good = Generated {
            position: "obvpyrg1/8/8/8/2n5/8/8/NGRYPVBO b o".into(),
            solution: vec!["h1-h8".into()],
            plies: 1,
            grade: 1,
            moves: 13,
            plausible: 13,
        };
        assert!(checked("8x8", &good).is_ok());
        let bad = Generated {
            solution: vec!["h1-h9".into()],
            ..good
        };
        let e = checked("8x8", &bad).unwrap_err();
        assert!(e.contains("h1-h9"), "{e}");
    }
}
