//! The messages of lessons, the danger view, puzzles and review
//! (docs/learning.md).

use kamisado_core::Rules;
use serde::{Deserialize, Serialize};

use crate::analysis::{AnalysisView, PositionView};
use crate::note::Note;
use crate::vocabulary::SideCode;

/// `POST /api/lessons/{id}/try`, `POST /api/puzzles/{id}/attempt`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TryMove {
    /// The move, in notation (`c1-c6`, `d4>d5`, `pass`).
    pub mv: String,
}

/// What a lesson asks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TaskView {
    /// Move a tower to this square.
    Reach {
        /// The square.
        square: String,
    },
    /// Land on a square of this colour.
    Land {
        /// The colour's name.
        colour: String,
    },
    /// Pass.
    Pass,
    /// Win the round with this move.
    Win,
    /// Make a move that does not lose at once.
    Safe,
    /// Make a move that does not cause a deadlock.
    AvoidDeadlock,
    /// Push with the sumo.
    Push,
    /// Win with the sumo.
    SumoWin,
}

/// A lesson, as `GET /api/lessons` lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LessonView {
    /// Its id; the page has its words.
    pub id: String,
    /// The board's name.
    pub board: String,
    /// The colour of every square, the top rank first.
    pub layout: std::sync::Arc<Vec<Vec<String>>>,
    /// The position.
    pub start: PositionView,
    /// The legal moves.
    pub legal: Vec<String>,
    /// The task.
    pub task: TaskView,
    /// Squares the page may point at.
    pub hint_squares: Vec<String>,
}

/// `GET /api/lessons`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LessonList {
    /// The lessons, in order.
    pub lessons: Vec<LessonView>,
}

/// Why a lesson's try passed or not.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Reason {
    /// The task is done.
    Done,
    /// The move is not legal here.
    Illegal {
        /// The rules' reason, in English.
        why: String,
        /// The same reason typed, for a front end's own words
        /// ([`crate::refusal::cause`]).
        cause: crate::Params,
    },
    /// The tower landed elsewhere.
    WrongSquare {
        /// Where it landed.
        square: String,
    },
    /// It landed on another colour.
    WrongColour {
        /// That colour.
        colour: String,
    },
    /// It hands the opponent a tower that wins at once.
    HandsWin {
        /// The tower's colour.
        colour: String,
        /// Where it stands.
        square: String,
        /// Its winning move.
        reply: String,
    },
    /// It causes a deadlock, which its mover loses.
    Deadlock,
    /// It does not win.
    NotAWin,
    /// It is not a sumo push.
    NotAPush,
    /// It wins, but not with the sumo.
    NotTheSumo,
}

/// The answer to a lesson's try.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LessonTry {
    /// Whether the task is done.
    pub passed: bool,
    /// Why.
    pub reason: Reason,
    /// The reason in English.
    pub text: String,
    /// The move told (none for an illegal one).
    pub note: Option<Note>,
    /// The position after it (none for an illegal one).
    pub after: Option<PositionView>,
}

/// `POST /api/danger`: the selected tower of a game (where the danger view
/// is offered: against the engine and on one screen), or of a position (the
/// analysis board).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DangerRequest {
    /// The game, whose position and rules are taken.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// Or a position (with a match field or not).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// The square of the selected tower.
    pub from: String,
    /// With a position, the rule set (`standard` by default).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "crate::text::option"
    )]
    pub rules: Option<Rules>,
}

/// What a move does to its mover's chances, in the danger view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DangerVerdict {
    /// It reaches the home row.
    Wins,
    /// It hands the opponent a tower that wins at once.
    LosesAtOnce,
    /// It is proven lost.
    Lost,
    /// No loss found.
    Safe,
}

/// One move of the selected tower and its danger.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DangerMove {
    /// The move.
    pub mv: String,
    /// Where it lands (none for a pass).
    pub to: Option<String>,
    /// `wins`, `loses_at_once`, `lost` or `safe`.
    pub verdict: DangerVerdict,
    /// The colour of the tower it hands over.
    pub colour: Option<String>,
    /// Where that tower stands.
    pub tower: Option<String>,
    /// The opponent's winning reply, for a loss at once.
    pub reply: Option<String>,
    /// Plies to the end of the round, for a proven loss.
    pub plies: Option<u32>,
    /// The opponent's winning line, for a loss.
    pub line: Vec<String>,
    /// The verdict in English.
    pub text: String,
}

/// The answer of `POST /api/danger`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DangerView {
    /// The selected square.
    pub from: String,
    /// The solver's nodes for each move.
    pub nodes: u64,
    /// How long it took, in ms.
    pub ms: u64,
    /// Every move of the tower.
    pub moves: Vec<DangerMove>,
}

/// A player's puzzle rating.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct PuzzleRatingView {
    /// The rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Puzzles attempted.
    pub attempts: i64,
}

/// A puzzle to solve.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PuzzleView {
    /// Its id.
    pub id: String,
    /// The board's name.
    pub board: String,
    /// The colour of every square, the top rank first.
    pub layout: std::sync::Arc<Vec<Vec<String>>>,
    /// The position.
    pub start: PositionView,
    /// The legal moves.
    pub legal: Vec<String>,
    /// The side to move and win.
    pub side: SideCode,
    /// The puzzle's rating.
    pub rating: f64,
    /// Plies to the win.
    pub plies: u32,
    /// The difficulty, 1 to 5.
    pub grade: u8,
    /// The signed-in player's puzzle rating.
    pub yours: Option<PuzzleRatingView>,
    /// The game it comes from (a turning point of the player's).
    pub from_game: Option<String>,
}

/// A rating before and after an attempt.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingChange {
    /// Before.
    pub before: f64,
    /// After.
    pub after: f64,
}

/// The answer to a puzzle's attempt.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AttemptView {
    /// Whether the move was the winning one.
    pub correct: bool,
    /// The winning move.
    pub best: String,
    /// The winning move, then the proven line.
    pub solution: Vec<String>,
    /// The position after each move of the solution.
    pub steps: Vec<PositionView>,
    /// The tried move told.
    pub note: Note,
    /// The tried move's danger.
    pub danger: Option<DangerMove>,
    /// The player's puzzle rating, when the attempt was rated.
    pub rating: Option<RatingChange>,
    /// The puzzle's rating after the attempt.
    pub puzzle_rating: f64,
}

/// `GET /api/games/{id}/review`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReviewView {
    /// The game's analysis, its turning points marked.
    pub analysis: AnalysisView,
    /// The puzzles made from its turning points.
    pub puzzles: Vec<String>,
}
