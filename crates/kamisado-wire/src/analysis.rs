//! The engine's word on positions: a hint, and the analysis board's answer.

use kamisado_core::any::AnyMove;
use serde::{Deserialize, Serialize};

use crate::body::{ReadError, read_body};
use crate::note::Note;
use crate::state::TowerView;
use crate::text::{text_move, text_move_option, text_moves};
use crate::vocabulary::{PerSide, SideCode};

/// A value from the point of view of one side: proven (a win or a loss in so
/// many plies) or the engine's estimate.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ValueView {
    /// The side whose value it is.
    pub side: SideCode,
    /// `win`, `loss` or `estimate`.
    pub kind: ValueKind,
    /// For a proven value, the plies to the end of the round.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub plies: Option<u32>,
    /// For an estimate, the engine's score (positive is good for `side`).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub score: Option<i32>,
    /// For an estimate, the side ahead and how far, as a page tells it.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub lean: Option<LeanView>,
}

/// How far an estimate leans, and to whom: the steps of its words
/// ("About even", "Gold is slightly better", "Black is better", "… much
/// better").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LeanView {
    /// The side ahead.
    pub ahead: SideCode,
    /// How far.
    pub by: Lean,
}

/// How far an estimate leans to the side ahead.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Lean {
    /// About even.
    Even,
    /// Slightly better.
    Slight,
    /// Better.
    Better,
    /// Much better.
    Much,
}

/// Whether a value is proven, and which way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ValueKind {
    /// The side wins in `plies` against any defence.
    Win,
    /// The side loses in `plies` at the longest defence.
    Loss,
    /// Not proven: `score` is the engine's estimate.
    Estimate,
}

/// The engine's recommendation for the player to move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HintView {
    /// The number of the state it was asked for.
    pub n: usize,
    /// The move.
    #[serde(with = "text_move")]
    pub mv: AnyMove,
    /// The move's value for the player to move.
    pub value: ValueView,
    /// The line the engine expects, starting with the move.
    #[serde(with = "text_moves")]
    pub line: Vec<AnyMove>,
}

/// A position on the analysis board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PositionView {
    /// The position in notation, with the match field.
    pub fen: String,
    /// Every tower.
    pub towers: Vec<TowerView>,
    /// The side to move or to fill; none once the match is over.
    pub to_act: Option<SideCode>,
    /// The square of the tower that must move.
    pub forced: Option<String>,
    /// The points so far.
    pub score: PerSide<u8>,
    /// The round (from 1).
    pub round: u32,
}

/// A legal move and its value for the player who makes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveView {
    /// The move.
    #[serde(with = "text_move")]
    pub mv: AnyMove,
    /// Its value for the mover.
    pub value: ValueView,
    /// The line the engine expects, starting with the move.
    #[serde(with = "text_moves")]
    pub line: Vec<AnyMove>,
}

/// A move of a record on the analysis board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StepView {
    /// The move played.
    #[serde(with = "text_move")]
    pub mv: AnyMove,
    /// Its mover.
    pub side: SideCode,
    /// Its round.
    pub round: u32,
    /// Its value for the mover, as a hint in the position before would value it.
    pub value: Option<ValueView>,
    /// The engine's best move there.
    #[serde(with = "text_move_option")]
    pub best: Option<AnyMove>,
    /// The best move's value.
    pub best_value: Option<ValueView>,
    /// The move told, in English and as typed events.
    pub note: Note,
    /// The position after it.
    pub after: PositionView,
    /// Whether it turned its mover's proven win into a proven loss.
    #[serde(default)]
    pub turning: bool,
}

/// The answer of `POST /api/analysis`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AnalysisView {
    /// The board's name.
    pub board: String,
    /// The colour of every square, the top rank first, each from file a.
    pub layout: std::sync::Arc<Vec<Vec<String>>>,
    /// The position the record or the text starts from.
    pub start: PositionView,
    /// Every move of the record.
    pub steps: Vec<StepView>,
    /// Every legal move of the last position with its value, best first.
    pub moves: Vec<MoveView>,
}
/// A move of a game and the position after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlyView {
    /// The move played.
    #[serde(with = "text_move")]
    pub mv: AnyMove,
    /// Its mover.
    pub side: SideCode,
    /// Its round.
    pub round: u32,
    /// The position after it.
    pub after: PositionView,
}

/// The answer of `GET /api/games/{id}/positions`: every position of a game,
/// read from its record without the engine, for looking back through it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GamePositionsView {
    /// The number of the game's actions (its state's `n`) they were read from.
    pub n: usize,
    /// The position the game started from.
    pub start: PositionView,
    /// Every move of the game in order, each with the position after it.
    pub plies: Vec<PlyView>,
}

/// The body of `POST /api/analysis`: a text, and for a line played from
/// one of its positions (the analysis board's variation) where it starts
/// and its moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AnalysisRequest {
    /// A game record or a position.
    pub text: String,
    /// A line from the position after this many of the record's moves (0
    /// its start): the answer's `start` is that position, its `steps` the
    /// line's moves, unvalued (each was valued among the `moves` of the
    /// position before it), and its `moves` the last position's, valued.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub at: Option<usize>,
    /// The line's moves in notation, separated by spaces (with `at`; none:
    /// the position itself).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub then: Option<String>,
}

impl AnalysisRequest {
    /// Reads a request body, with a reason for anything it cannot take.
    ///
    /// # Errors
    /// [`ReadError::Malformed`] naming what is wrong.
    pub fn read(body: &[u8]) -> Result<AnalysisRequest, ReadError> {
        read_body(
            body,
            "an analysis request",
            &[
                ("text", false, "a game record or a position, as text"),
                (
                    "at",
                    true,
                    "the number of the record's moves a line starts after",
                ),
                (
                    "then",
                    false,
                    "the line's moves in notation, separated by spaces",
                ),
            ],
            &["text"],
        )
    }
}
