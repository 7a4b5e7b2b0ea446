//! Arena pairing: players wait in a pool and are paired as soon as their
//! game ends, with a waiting player of the nearest score.
//!
//! Scoring, as lichess's arena: a win is worth 2, a draw 1, a loss 0. A
//! player who has won their last two games is *on fire*: their next games
//! are worth double (a win 4, a draw 2) until a game they do not win. So
//! the first two wins of a streak score 2 each and the third win in a row
//! onward 4; the game that ends the streak (a draw or a loss) is still
//! doubled, a draw scoring 2.
//!
//! Pairing: the player who becomes free meets the waiting player nearest in
//! score (the lower score first when two are as near, then the lower
//! number), never the opponent of their own last game, nor one whose last
//! opponent they were. If nobody fits they wait. A paused player leaves the
//! pool (a game in progress is played out) and comes back with
//! [`Arena::resume`]; one who leaves is gone for good, keeping their score.

use std::collections::{BTreeSet, HashMap};

use crate::{Colour, Outcome, PlayerId};

/// What one player of an arena is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    /// In the pool, waiting for an opponent.
    Waiting,
    /// Playing `opponent`.
    Playing(PlayerId),
    /// Out of the pool until they resume.
    Paused,
    /// Gone; their score stays in the standings.
    Left,
}

/// One player of an arena.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArenaPlayer {
    /// Their points.
    pub score: u32,
    /// Wins in a row, up to now.
    pub streak: u32,
    /// Their last opponent, if any.
    pub last_opponent: Option<PlayerId>,
    /// Whites minus blacks, to balance colours.
    pub colour_difference: i32,
    /// What they are doing.
    pub state: State,
    /// What they asked to become when their game ends (paused or gone).
    after_game: Option<State>,
}

impl ArenaPlayer {
    /// Whether their next game is worth double (two wins in a row behind them).
    #[must_use]
    pub fn on_fire(&self) -> bool {
        self.streak >= 2
    }
}

/// A game the arena has just paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArenaGame {
    /// The player with White.
    pub white: PlayerId,
    /// The player with Black.
    pub black: PlayerId,
}

/// Why the arena refused a request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArenaError {
    /// The player is not in the arena.
    Unknown(PlayerId),
    /// The player is already in the arena.
    AlreadyIn(PlayerId),
    /// The two were not playing each other.
    NotPlaying(PlayerId, PlayerId),
    /// The player has left.
    Left(PlayerId),
}

impl std::fmt::Display for ArenaError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ArenaError::Unknown(p) => write!(f, "player {p} is not in the arena"),
            ArenaError::AlreadyIn(p) => write!(f, "player {p} is already in the arena"),
            ArenaError::NotPlaying(a, b) => {
                write!(f, "players {a} and {b} are not playing each other")
            }
            ArenaError::Left(p) => write!(f, "player {p} has left the arena"),
        }
    }
}

impl std::error::Error for ArenaError {}

/// The points of a game with `result` for a player with `streak` wins in a
/// row behind them: 2 a win, 1 a draw, doubled on fire (a streak of 2+).
///
/// ```
/// use kamisado_tournament::arena::points;
/// use kamisado_tournament::Outcome;
/// assert_eq!(points(1, Outcome::Win), 2);
/// assert_eq!(points(2, Outcome::Win), 4);
/// assert_eq!(points(5, Outcome::Draw), 2);
/// ```
#[must_use]
pub fn points(streak: u32, result: Outcome) -> u32 {
    let base = match result {
        Outcome::Win => 2,
        Outcome::Draw => 1,
        Outcome::Loss => 0,
    };
    if streak >= 2 { 2 * base } else { base }
}

/// A player free to play, as a server that keeps its arena in a database
/// knows them between games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Free {
    /// Who.
    pub id: PlayerId,
    /// Their points.
    pub score: u32,
    /// Their last opponent, if any.
    pub last_opponent: Option<PlayerId>,
    /// Whites minus blacks.
    pub colour_difference: i32,
}

/// The games that pair `free`, taken in the order they became free, as
/// [`Arena`] pairs a player the moment they are free: each meets the
/// earlier-free player nearest in score who was not their last opponent
/// (nor had them as theirs); those left over wait.
///
/// ```
/// use kamisado_tournament::arena::{pair_free, ArenaGame, Free};
/// use kamisado_tournament::PlayerId as P;
/// let free = |id, score, last| Free { id: P(id), score, last_opponent: last, colour_difference: 0 };
/// // 1 and 2 just met: 2 meets 3 instead, and 1 waits.
/// let games = pair_free(&[free(1, 2, Some(P(2))), free(2, 0, Some(P(1))), free(3, 0, None)]);
/// assert_eq!(games, vec![ArenaGame { white: P(3), black: P(2) }]);
/// ```
#[must_use]
pub fn pair_free(free: &[Free]) -> Vec<ArenaGame> {
    let mut arena = Arena::new();
    let mut games = Vec::new();
    for f in free {
        if arena.players.contains_key(&f.id) {
            continue;
        }
        arena.players.insert(
            f.id,
            ArenaPlayer {
                score: f.score,
                streak: 0,
                last_opponent: f.last_opponent,
                colour_difference: f.colour_difference,
                state: State::Paused,
                after_game: None,
            },
        );
        games.extend(arena.make_free(f.id));
    }
    games
}

/// An arena: its players and the pool of those waiting, ordered by score.
///
/// ```
/// use kamisado_tournament::arena::{Arena, ArenaGame};
/// use kamisado_tournament::{Outcome, PlayerId as P};
/// let mut arena = Arena::new();
/// assert_eq!(arena.join(P(1)).unwrap(), None);
/// let game = arena.join(P(2)).unwrap().unwrap();
/// assert_eq!(game, ArenaGame { white: P(2), black: P(1) });
/// arena.join(P(3)).unwrap();
/// // 2 wins; 2 then meets 3, who waited, and 1 waits (not 2 again).
/// let next = arena.finish(P(2), P(1), Outcome::Win).unwrap();
/// assert_eq!(next.len(), 1);
/// assert_eq!(arena.player(P(2)).unwrap().score, 2);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Arena {
    players: HashMap<PlayerId, ArenaPlayer>,
    pool: BTreeSet<(u32, PlayerId)>,
}

impl Arena {
    /// An arena with nobody in it.
    #[must_use]
    pub fn new() -> Arena {
        Arena::default()
    }

    /// A player, if they are in the arena.
    #[must_use]
    pub fn player(&self, id: PlayerId) -> Option<&ArenaPlayer> {
        self.players.get(&id)
    }

    /// The players waiting, with their scores, the lowest score first.
    pub fn pool(&self) -> impl Iterator<Item = (PlayerId, u32)> + '_ {
        self.pool.iter().map(|(score, id)| (*id, *score))
    }

    /// How many are waiting.
    #[must_use]
    pub fn waiting(&self) -> usize {
        self.pool.len()
    }

    /// Every player and their score, the highest first (then by number).
    #[must_use]
    pub fn standings(&self) -> Vec<(PlayerId, u32)> {
        let mut rows: Vec<(PlayerId, u32)> =
            self.players.iter().map(|(id, p)| (*id, p.score)).collect();
        rows.sort_by_key(|(id, score)| (std::cmp::Reverse(*score), *id));
        rows
    }

    /// A new player enters with no points and is paired at once if anyone fits.
    ///
    /// # Errors
    ///
    /// [`ArenaError::AlreadyIn`] if they are already in the arena.
    pub fn join(&mut self, id: PlayerId) -> Result<Option<ArenaGame>, ArenaError> {
        if self.players.contains_key(&id) {
            return Err(ArenaError::AlreadyIn(id));
        }
        self.players.insert(
            id,
            ArenaPlayer {
                score: 0,
                streak: 0,
                last_opponent: None,
                colour_difference: 0,
                state: State::Paused,
                after_game: None,
            },
        );
        Ok(self.make_free(id))
    }

    /// Takes a player out of the pool (or, while they play, after their game).
    ///
    /// # Errors
    ///
    /// [`ArenaError::Unknown`] or [`ArenaError::Left`].
    pub fn pause(&mut self, id: PlayerId) -> Result<(), ArenaError> {
        self.step_out(id, State::Paused)
    }

    /// A player leaves for good (after their game, if they are playing).
    ///
    /// # Errors
    ///
    /// [`ArenaError::Unknown`] or [`ArenaError::Left`].
    pub fn leave(&mut self, id: PlayerId) -> Result<(), ArenaError> {
        self.step_out(id, State::Left)
    }

    fn step_out(&mut self, id: PlayerId, to: State) -> Result<(), ArenaError> {
        let p = self.get(id)?;
        let (score, state) = (p.score, p.state);
        let p = self.get_mut(id)?;
        match state {
            State::Playing(_) => p.after_game = Some(to),
            State::Waiting | State::Paused => {
                p.state = to;
                self.pool.remove(&(score, id));
            }
            State::Left => {}
        }
        Ok(())
    }

    /// Brings a paused player back; they are paired at once if anyone fits.
    ///
    /// # Errors
    ///
    /// [`ArenaError::Unknown`] or [`ArenaError::Left`].
    pub fn resume(&mut self, id: PlayerId) -> Result<Option<ArenaGame>, ArenaError> {
        let p = self.get_mut(id)?;
        p.after_game = None;
        if p.state == State::Paused {
            return Ok(self.make_free(id));
        }
        Ok(None)
    }

    /// Records the end of the game `white`–`black` (`outcome` is White's),
    /// scores it, and pairs each of the two at once if anyone fits.
    ///
    /// # Errors
    ///
    /// [`ArenaError::NotPlaying`] if the two were not playing each other.
    pub fn finish(
        &mut self,
        white: PlayerId,
        black: PlayerId,
        outcome: Outcome,
    ) -> Result<Vec<ArenaGame>, ArenaError> {
        let playing = |a: &Arena, x, y| {
            a.players
                .get(&x)
                .is_some_and(|p| p.state == State::Playing(y))
        };
        if !playing(self, white, black) || !playing(self, black, white) {
            return Err(ArenaError::NotPlaying(white, black));
        }
        let mut free = Vec::new();
        for (id, result) in [(white, outcome), (black, outcome.reversed())] {
            let p = self.get_mut(id)?;
            p.score += points(p.streak, result);
            p.streak = if result == Outcome::Win {
                p.streak + 1
            } else {
                0
            };
            // Those who asked to pause or leave do so; the others are free.
            match p.after_game.take() {
                Some(to) => p.state = to,
                None => {
                    p.state = State::Paused;
                    free.push(id);
                }
            }
        }
        Ok(free
            .into_iter()
            .filter_map(|id| self.make_free(id))
            .collect())
    }

    /// Puts `id` (paused) in the pool, or pairs them with the waiting
    /// player nearest in score.
    fn make_free(&mut self, id: PlayerId) -> Option<ArenaGame> {
        let me = &self.players[&id];
        let score = me.score;
        let Some(opp) = self.nearest(id) else {
            self.pool.insert((score, id));
            self.players.get_mut(&id).expect("known").state = State::Waiting;
            return None;
        };
        let them = &self.players[&opp];
        self.pool.remove(&(them.score, opp));
        let i_am_white = me.colour_difference <= them.colour_difference;
        let (white, black) = if i_am_white { (id, opp) } else { (opp, id) };
        for (a, b, c) in [(white, black, Colour::White), (black, white, Colour::Black)] {
            let p = self.players.get_mut(&a).expect("known");
            p.state = State::Playing(b);
            p.last_opponent = Some(b);
            p.colour_difference += if c == Colour::White { 1 } else { -1 };
        }
        Some(ArenaGame { white, black })
    }

    /// The waiting player nearest in score to `id` who is not the last
    /// opponent of `id`, nor had `id` as theirs; the lower score first when
    /// two are as near.
    fn nearest(&self, id: PlayerId) -> Option<PlayerId> {
        let me = &self.players[&id];
        let fits = |(_, other): &&(u32, PlayerId)| {
            *other != id
                && me.last_opponent != Some(*other)
                && self.players[other].last_opponent != Some(id)
        };
        let below = self.pool.range(..(me.score, id)).rev().find(fits);
        let above = self.pool.range((me.score, id)..).find(fits);
        match (below, above) {
            (Some(b), Some(a)) => Some(if a.0 - me.score < me.score - b.0 {
                a.1
            } else {
                b.1
            }),
            (b, a) => b.or(a).map(|x| x.1),
        }
    }

    fn get(&self, id: PlayerId) -> Result<&ArenaPlayer, ArenaError> {
        match self.players.get(&id) {
            None => Err(ArenaError::Unknown(id)),
            Some(p) if p.state == State::Left => Err(ArenaError::Left(id)),
            Some(p) => Ok(p),
        }
    }

    fn get_mut(&mut self, id: PlayerId) -> Result<&mut ArenaPlayer, ArenaError> {
        match self.players.get_mut(&id) {
            None => Err(ArenaError::Unknown(id)),
            Some(p) if p.state == State::Left => Err(ArenaError::Left(id)),
            Some(p) => Ok(p),
        }
    }
}
