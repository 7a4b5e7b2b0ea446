//! Match play: rounds, promotion, scoring and re-seating (R9, R10, R14).

use std::fmt;
use std::str::FromStr;

use crate::geometry::{Bits, Board, Eight};
use crate::position::Ending;
use crate::setup::{Score, Setup};
use crate::tower::points;
use crate::{Colour, IllegalMove, InvalidPosition, Move, Position, Rules, Side, Square};

/// The side from which the winner of a round fills the home rows (R14).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fill {
    /// From each player's own left.
    Left,
    /// From each player's own right.
    Right,
}

impl Fill {
    /// Both choices.
    pub const BOTH: [Fill; 2] = [Fill::Left, Fill::Right];
}

impl fmt::Display for Fill {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Fill::Left => "left",
            Fill::Right => "right",
        })
    }
}

impl FromStr for Fill {
    type Err = String;

    fn from_str(s: &str) -> Result<Fill, String> {
        match s {
            "left" => Ok(Fill::Left),
            "right" => Ok(Fill::Right),
            _ => Err(format!("`{s}` is not a fill side: expected left or right")),
        }
    }
}

/// How a round ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RoundEnd {
    /// A tower reached the opponent's home row (R6).
    HomeRow,
    /// The last real mover caused a deadlock (R8).
    Deadlock,
    /// A position occurred a third time under zvezda; its last mover lost.
    Repetition,
    /// A player resigned; this ends the match.
    Resignation,
    /// A player ran out of time; this ends the match.
    Time,
}

impl RoundEnd {
    /// Every ending, in the order of their names.
    pub const ALL: [RoundEnd; 5] = [
        RoundEnd::HomeRow,
        RoundEnd::Deadlock,
        RoundEnd::Repetition,
        RoundEnd::Resignation,
        RoundEnd::Time,
    ];

    /// The words a record uses: `home row`, `deadlock`, `repetition`,
    /// `resignation`, `time`.
    pub const fn name(self) -> &'static str {
        match self {
            RoundEnd::HomeRow => "home row",
            RoundEnd::Deadlock => "deadlock",
            RoundEnd::Repetition => "repetition",
            RoundEnd::Resignation => "resignation",
            RoundEnd::Time => "time",
        }
    }
}

impl fmt::Display for RoundEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a finished round gave.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RoundResult {
    /// The round's winner.
    pub winner: Side,
    /// How it ended.
    pub end: RoundEnd,
    /// The winner's tower that scored and was promoted (none after a resignation or
    /// loss on time, or when the round was already over in a position read from text).
    pub tower: Option<Colour>,
    /// The points scored (R10).
    pub points: u8,
}

/// Where a match stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MatchState {
    /// A round is being played.
    Playing,
    /// A round is over and its winner must choose the fill side (R14).
    AwaitingFill {
        /// Who chooses.
        winner: Side,
    },
    /// The match is over.
    Over {
        /// Who won it.
        winner: Side,
    },
}

/// Something a match cannot do now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchError<B: Board = Eight> {
    /// The move breaks a rule.
    Illegal(IllegalMove<B>),
    /// The round is over: the winner must choose the fill side first.
    AwaitingFill(Side),
    /// A fill was chosen while a round is being played.
    NoFillNow,
    /// The match is over.
    Over(Side),
    /// A target other than 1, 3, 7 or 15.
    Target(u8),
    /// A position that breaks the rules.
    Invalid(InvalidPosition),
}

impl<B: Board> fmt::Display for MatchError<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchError::Illegal(e) => write!(f, "{e}"),
            MatchError::AwaitingFill(side) => write!(
                f,
                "the round is over: {} must choose to fill from the left or the right first",
                crate::story::player(*side)
            ),
            MatchError::NoFillNow => write!(f, "the fill side is chosen only after a round ends"),
            MatchError::Over(side) => write!(
                f,
                "the match is over: {} has won it",
                crate::story::player(*side)
            ),
            MatchError::Target(t) => {
                write!(f, "a match is played to 1, 3, 7 or 15 points, not {t}")
            }
            MatchError::Invalid(e) => write!(f, "{e}"),
        }
    }
}

impl<B: Board> std::error::Error for MatchError<B> {}

/// A match to 1, 3, 7 or 15 points: the current round's position, the score and
/// whose turn it is to do what.
///
/// ```
/// use kamisado_core::{Fill, Match, MatchState, Rules};
/// let mut m: Match = Match::new(Rules::STANDARD, 3).unwrap();
/// // Play the first legal move until the round ends.
/// while m.state() == MatchState::Playing {
///     let mv = m.position().legal_moves()[0];
///     m.play(mv).unwrap();
/// }
/// let MatchState::AwaitingFill { winner } = m.state() else { panic!() };
/// assert_eq!(m.score().of(winner), 1);
/// m.fill(Fill::Left).unwrap();
/// assert_eq!(m.round(), 2);
/// assert_eq!(m.position().side_to_move(), !winner);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match<B: Board = Eight> {
    position: Position<B>,
    score: [u8; 2],
    target: u8,
    round: u32,
    state: MatchState,
    last_move: Option<Move<B>>,
    last_round: Option<RoundResult>,
    /// The round's positions so far, when repetitions count (zvezda).
    history: Vec<Position<B>>,
}

/// The squares a player visits when filling, in order, and their home-row
/// squares in the order they are filled, both for Black; White's are the same
/// turned 180° (R14).
fn fill_order<B: Board>(fill: Fill) -> (Vec<Square<B>>, Vec<Square<B>>) {
    let n = B::SIZE as i32;
    let mut visit = Vec::with_capacity(B::SQUARES);
    let mut home = Vec::with_capacity(B::SIZE);
    let file_at = |i: i32| match fill {
        Fill::Left => i,
        Fill::Right => n - 1 - i,
    };
    for rank in 0..n {
        for i in 0..n {
            visit.push(Square::at(file_at(i), rank).expect("on the board"));
        }
    }
    for i in 0..n {
        home.push(Square::at(file_at(i), 0).expect("on the board"));
    }
    (visit, home)
}

/// Where each tower stands after the towers of `position` are re-seated with
/// `fill` (R14).
pub fn reseat<B: Board>(position: &Position<B>, fill: Fill) -> [Vec<Square<B>>; 2] {
    let (visit, home) = fill_order::<B>(fill);
    let a1 = Square::from_index_unchecked(0);
    let mut towers = [vec![a1; B::SIZE], vec![a1; B::SIZE]];
    for side in Side::BOTH {
        let turn = |sq: Square<B>| match side {
            Side::Black => sq,
            Side::White => sq.rotated(),
        };
        let mut placed = 0;
        for &sq in &visit {
            if let Some(colour) = position.colour_at(side, turn(sq)) {
                towers[side.index()][B::slot(colour)] = turn(home[placed]);
                placed += 1;
            }
        }
    }
    towers
}

/// The result of the round that the move `mv` has just ended, leaving
/// `after`: the winner, how the round ended, the winner's tower that scores
/// and is promoted, and its points by its teeth before promotion (R10).
/// `None` when the round goes on after the move. Repetitions (zvezda) are a
/// matter of a match's history and are not seen here.
///
/// The scoring tower is the one on the goal row (usually the one that moved,
/// but under zvezda a backward push can put the opponent's tower there), or
/// after a deadlock the winner's tower of the colour they were forced to move
/// (after a push-deadlock, the colour of the square the sumo landed on).
///
/// ```
/// use kamisado_core::{Colour, Position, RoundEnd, Side, round_result};
/// // Black's red sumo on c7 must move, and d8 is free.
/// let before: Position = "obv1yrgn/2R+p4/8/8/8/8/8/NG1YPVBO b r".parse().unwrap();
/// let mv = "c7-d8".parse().unwrap();
/// let result = round_result(&before.play(mv).unwrap(), mv).unwrap();
/// assert_eq!((result.winner, result.end), (Side::Black, RoundEnd::HomeRow));
/// assert_eq!((result.tower, result.points), (Some(Colour::Red), 3));
/// ```
pub fn round_result<B: Board>(after: &Position<B>, mv: Move<B>) -> Option<RoundResult> {
    let outcome = after.outcome()?;
    let winner = outcome.winner;
    let (end, colour) = match outcome.ending {
        Ending::HomeRow => (
            RoundEnd::HomeRow,
            B::COLOURS
                .iter()
                .copied()
                .find(|&c| !(B::goal_row(winner) & after.tower_square(winner, c).bit()).is_empty()),
        ),
        Ending::Deadlock => match mv {
            Move::Push { to, .. } => (RoundEnd::Deadlock, Some(crate::geometry::colour_of(to))),
            _ => (RoundEnd::Deadlock, after.forced_colour()),
        },
    };
    Some(RoundResult {
        winner,
        end,
        tower: colour,
        points: colour.map_or(0, |c| points(after.teeth(winner, c))),
    })
}

impl<B: Board> Match<B> {
    /// A new match to `target` points; Black moves first.
    ///
    /// # Errors
    /// [`MatchError::Target`] for a target other than 1, 3, 7 or 15 (R9).
    pub fn new(rules: Rules, target: u8) -> Result<Match<B>, MatchError<B>> {
        if !Score::TARGETS.contains(&target) {
            return Err(MatchError::Target(target));
        }
        Ok(Match {
            position: Position::start_with(rules),
            score: [0, 0],
            target,
            round: 1,
            state: MatchState::Playing,
            last_move: None,
            last_round: None,
            history: Vec::new(),
        }
        .with_history())
    }

    /// Starts the round's history of positions, where repetitions count.
    fn with_history(mut self) -> Match<B> {
        self.restart_history();
        self
    }

    fn restart_history(&mut self) {
        self.history.clear();
        if self.rules().repetition_loses() {
            self.history.push(self.position);
        }
    }

    /// A match from a position's text: its match field gives the score and
    /// target (a single round, `0-0/1`, when it has none).
    ///
    /// # Errors
    /// When the position breaks the rules.
    pub fn from_setup(setup: &Setup<B>, rules: Rules) -> Result<Match<B>, MatchError<B>> {
        let position = Position::from_setup(setup, rules).map_err(MatchError::Invalid)?;
        let score = setup.score.unwrap_or(Score {
            black: 0,
            white: 0,
            target: 1,
        });
        let mut m = Match {
            position,
            score: [score.black, score.white],
            target: score.target,
            round: 1,
            state: MatchState::Playing,
            last_move: None,
            last_round: None,
            history: Vec::new(),
        }
        .with_history();
        if let Some(outcome) = position.outcome() {
            m.state = m.state_after(outcome.winner);
        } else if let Some(side) = Side::BOTH
            .into_iter()
            .find(|&s| m.score[s.index()] >= m.target)
        {
            m.state = MatchState::Over { winner: side };
        }
        Ok(m)
    }

    fn state_after(&self, winner: Side) -> MatchState {
        if self.score[winner.index()] >= self.target {
            MatchState::Over { winner }
        } else {
            MatchState::AwaitingFill { winner }
        }
    }

    /// The current round's position.
    pub fn position(&self) -> &Position<B> {
        &self.position
    }

    /// The rule set.
    pub fn rules(&self) -> Rules {
        self.position.rules()
    }

    /// The score and target.
    pub fn score(&self) -> Score {
        Score {
            black: self.score[0],
            white: self.score[1],
            target: self.target,
        }
    }

    /// The points that win the match.
    pub fn target(&self) -> u8 {
        self.target
    }

    /// The number of the round being played (or just finished), from 1.
    pub fn round(&self) -> u32 {
        self.round
    }

    /// Where the match stands.
    pub fn state(&self) -> MatchState {
        self.state
    }

    /// The last move played in this round, if any.
    pub fn last_move(&self) -> Option<Move<B>> {
        self.last_move
    }

    /// The result of the last finished round, if any.
    pub fn last_round(&self) -> Option<RoundResult> {
        self.last_round
    }

    fn check_playing(&self) -> Result<(), MatchError<B>> {
        match self.state {
            MatchState::Playing => Ok(()),
            MatchState::AwaitingFill { winner } => Err(MatchError::AwaitingFill(winner)),
            MatchState::Over { winner } => Err(MatchError::Over(winner)),
        }
    }

    /// Plays a move; when it ends the round, scores it (R10) and returns the result.
    ///
    /// # Errors
    /// An illegal move, or no round being played.
    pub fn play(&mut self, mv: Move<B>) -> Result<Option<RoundResult>, MatchError<B>> {
        self.check_playing()?;
        let mover = self.position.side_to_move();
        let next = self.position.play(mv).map_err(MatchError::Illegal)?;
        self.position = next;
        self.last_move = Some(mv);
        let Some(result) = round_result(&next, mv) else {
            return Ok(self.check_repetition(mover));
        };
        let colour = result.tower.expect("a round is won by a tower");
        Ok(Some(self.score_round(result.winner, result.end, colour)))
    }

    /// Under zvezda, ends the round when the position just reached occurs a
    /// third time: the mover loses, and the winner scores for, and promotes,
    /// the tower they must now move (as after a deadlock, R10).
    fn check_repetition(&mut self, mover: Side) -> Option<RoundResult> {
        if !self.rules().repetition_loses() {
            return None;
        }
        let seen = self.history.iter().filter(|&&p| p == self.position).count();
        self.history.push(self.position);
        if seen < 2 {
            return None;
        }
        // Under zvezda every move hands the turn over: the winner is to move.
        let colour = self.position.forced_colour()?;
        Some(self.score_round(!mover, RoundEnd::Repetition, colour))
    }

    /// Scores a finished round for the winner's tower of `colour` (R10).
    fn score_round(&mut self, winner: Side, end: RoundEnd, colour: Colour) -> RoundResult {
        let teeth = self.position.teeth(winner, colour);
        let result = RoundResult {
            winner,
            end,
            tower: Some(colour),
            points: points(teeth),
        };
        self.position.promote(winner, colour);
        self.score[winner.index()] += result.points;
        self.state = self.state_after(winner);
        self.last_round = Some(result);
        result
    }

    /// The round's winner chooses the fill side; the towers are re-seated and
    /// the loser moves first with free choice (R14).
    ///
    /// # Errors
    /// When no round has just ended, or the match is over.
    pub fn fill(&mut self, fill: Fill) -> Result<(), MatchError<B>> {
        let winner = match self.state {
            MatchState::AwaitingFill { winner } => winner,
            MatchState::Over { winner } => return Err(MatchError::Over(winner)),
            MatchState::Playing => return Err(MatchError::NoFillNow),
        };
        self.position = self
            .position
            .reseated(reseat(&self.position, fill), !winner);
        self.round += 1;
        self.state = MatchState::Playing;
        self.last_move = None;
        self.restart_history();
        Ok(())
    }

    /// The position the next round would start from with this fill, if a round
    /// has just ended (for choosing the fill side).
    pub fn filled(&self, fill: Fill) -> Option<Position<B>> {
        let mut next = self.clone();
        next.fill(fill).ok()?;
        Some(next.position)
    }

    /// A player resigns, or loses on time: the match ends and the other wins it.
    ///
    /// # Errors
    /// When the match is already over.
    pub fn concede(&mut self, side: Side, end: RoundEnd) -> Result<RoundResult, MatchError<B>> {
        if let MatchState::Over { winner } = self.state {
            return Err(MatchError::Over(winner));
        }
        let result = RoundResult {
            winner: !side,
            end,
            tower: None,
            points: 0,
        };
        self.state = MatchState::Over { winner: !side };
        self.last_round = Some(result);
        Ok(result)
    }

    /// The side whose turn it is: to move, or to choose the fill; `None` when
    /// the match is over.
    pub fn side_to_act(&self) -> Option<Side> {
        match self.state {
            MatchState::Playing => Some(self.position.side_to_move()),
            MatchState::AwaitingFill { winner } => Some(winner),
            MatchState::Over { .. } => None,
        }
    }

    /// The dragon's teeth of a side's tower of a colour (0–3), kept for the whole match.
    pub fn teeth(&self, side: Side, colour: Colour) -> u8 {
        self.position.teeth(side, colour)
    }
}

impl<B: Board> fmt::Display for Match<B> {
    /// Writes the position with its match field (`… 2-1/7`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut setup = self.position.to_setup();
        setup.score = Some(self.score());
        let mut text = String::with_capacity(B::SIZE * (B::SIZE + 2) + 24);
        setup.push_text(&mut text);
        f.write_str(&text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fill_left_puts_the_nearest_row_first() {
        // Black's towers on rank 1 stay in order; White mirrors.
        let p = Position::start();
        let t = reseat(&p, Fill::Left);
        for side in Side::BOTH {
            for &c in Eight::COLOURS {
                assert_eq!(t[side.index()][c.index()], p.tower_square(side, c));
            }
        }
        let t = reseat(&p, Fill::Right);
        for side in Side::BOTH {
            for &c in Eight::COLOURS {
                assert_eq!(t[side.index()][c.index()], p.tower_square(side, c));
            }
        }
    }
}
