//! A match and its record, kept in step.

use std::fmt;

use crate::geometry::{Board, Eight};
use crate::record::result_text;
use crate::{
    Fill, Match, MatchError, MatchState, Move, Record, RecordError, RoundEnd, RoundResult, Rules,
    Side,
};

/// Why a move cannot be taken back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UndoError(pub String);

impl fmt::Display for UndoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UndoError {}

/// A game being played: the [`Match`] and the [`Record`] that writes it down.
///
/// ```
/// use kamisado_core::{Game, Rules};
/// let mut game: Game = Game::new(Rules::STANDARD, 1, "Ann", "Ben", "2026.11.29").unwrap();
/// game.play("d1-d6".parse().unwrap()).unwrap();
/// assert!(game.record().to_string().contains("1. d1-d6"));
/// game.undo().unwrap();
/// assert_eq!(game.current().position().to_string(), "obvpyrgn/8/8/8/8/8/8/NGRYPVBO b -");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game<B: Board = Eight> {
    record: Record<B>,
    current: Match<B>,
}

impl<B: Board> Game<B> {
    /// A new match between two named players.
    ///
    /// # Errors
    /// A target other than 1, 3, 7 or 15.
    pub fn new(
        rules: Rules,
        target: u8,
        black: &str,
        white: &str,
        date: &str,
    ) -> Result<Game<B>, MatchError<B>> {
        let current = Match::new(rules, target)?;
        let event = if target == 1 { "Single round" } else { "Match" };
        let record = Record::new(event, date, black, white, rules, target);
        Ok(Game { record, current })
    }

    /// A game continued from a record, replayed under the rules.
    ///
    /// # Errors
    /// Whatever [`Record::replay`] finds wrong.
    pub fn from_record(record: Record<B>) -> Result<Game<B>, RecordError<B>> {
        let (current, _) = record.replay()?;
        Ok(Game { record, current })
    }

    /// The match as it stands.
    pub fn current(&self) -> &Match<B> {
        &self.current
    }

    /// The record so far.
    pub fn record(&self) -> &Record<B> {
        &self.record
    }

    /// Names a side's player in the record (its `Black` or `White` tag).
    ///
    /// ```
    /// use kamisado_core::{Game, Rules, Side};
    /// let mut game: Game = Game::new(Rules::STANDARD, 1, "Ann", "Ben", "2026.01.01").unwrap();
    /// game.set_player(Side::White, "Bea");
    /// assert_eq!(game.record().tag("White"), Some("Bea"));
    /// ```
    pub fn set_player(&mut self, side: Side, name: &str) {
        let tag = match side {
            Side::Black => "Black",
            Side::White => "White",
        };
        self.record.set_tag(tag, name);
    }

    fn round_mut(&mut self) -> &mut crate::record::RoundRecord<B> {
        self.record.rounds.last_mut().expect("a record has a round")
    }

    fn note_end(&mut self, result: RoundResult) {
        self.round_mut().result = Some((result.winner, result.end));
        if let MatchState::Over { winner } = self.current.state() {
            self.record.set_tag("Result", result_text(winner));
        }
    }

    /// Plays a move and writes it down.
    ///
    /// # Errors
    /// As [`Match::play`].
    pub fn play(&mut self, mv: Move<B>) -> Result<Option<RoundResult>, MatchError<B>> {
        let result = self.current.play(mv)?;
        self.round_mut().moves.push(mv);
        if let Some(result) = result {
            self.note_end(result);
        }
        Ok(result)
    }

    /// The round's winner chooses the fill side (R14).
    ///
    /// # Errors
    /// As [`Match::fill`].
    pub fn fill(&mut self, fill: Fill) -> Result<(), MatchError<B>> {
        self.current.fill(fill)?;
        self.record.rounds.push(crate::record::RoundRecord {
            fill: Some(fill),
            ..Default::default()
        });
        Ok(())
    }

    /// A player resigns or loses on time, which ends the match.
    ///
    /// # Errors
    /// As [`Match::concede`].
    pub fn concede(&mut self, side: Side, end: RoundEnd) -> Result<RoundResult, MatchError<B>> {
        let between_rounds = matches!(self.current.state(), MatchState::AwaitingFill { .. });
        let result = self.current.concede(side, end)?;
        if between_rounds {
            // Conceded before the next round was filled: a round of its own, with no fill.
            self.record
                .rounds
                .push(crate::record::RoundRecord::default());
        }
        self.note_end(result);
        Ok(result)
    }

    /// Takes back the last move of the current round (also one that ended it).
    ///
    /// # Errors
    /// When the round has no move to take back, or the match ended by a concession.
    pub fn undo(&mut self) -> Result<Move<B>, UndoError> {
        let round = self.record.rounds.last().expect("a record has a round");
        if matches!(
            round.result,
            Some((_, RoundEnd::Resignation | RoundEnd::Time))
        ) {
            return Err(UndoError(
                "the match ended by a concession; nothing can be taken back".into(),
            ));
        }
        let mut record = self.record.clone();
        let round = record.rounds.last_mut().expect("a record has a round");
        let Some(mv) = round.moves.pop() else {
            return Err(UndoError("no move of this round to take back".into()));
        };
        round.result = None;
        record.set_tag("Result", "*");
        let (current, _) = record
            .replay()
            .map_err(|e| UndoError(format!("the record no longer replays: {e}")))?;
        self.record = record;
        self.current = current;
        Ok(mv)
    }
}
