//! What a tournament remembers: its players and what each did in each round.

use crate::{Colour, PlayerId, Points};

/// The result of a game, or of a match of two games, for one player.
///
/// ```
/// use kamisado_tournament::Outcome;
/// assert_eq!(Outcome::from_games(2, 0), Outcome::Win);
/// assert_eq!(Outcome::from_games(1, 1), Outcome::Draw);
/// assert_eq!(Outcome::Win.reversed(), Outcome::Loss);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// A win: one point.
    Win,
    /// A draw: half a point.
    Draw,
    /// A loss: nothing.
    Loss,
}

impl Outcome {
    /// The outcome of a match (a double round, colours swapped) from the
    /// games each side won: 2–0 is a win, 1–1 a draw, 0–2 a loss.
    #[must_use]
    pub fn from_games(own: u32, other: u32) -> Outcome {
        match own.cmp(&other) {
            std::cmp::Ordering::Greater => Outcome::Win,
            std::cmp::Ordering::Equal => Outcome::Draw,
            std::cmp::Ordering::Less => Outcome::Loss,
        }
    }

    /// The opponent's outcome.
    #[must_use]
    pub fn reversed(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Draw => Outcome::Draw,
            Outcome::Loss => Outcome::Win,
        }
    }

    /// The points it is worth.
    #[must_use]
    pub fn points(self) -> Points {
        match self {
            Outcome::Win => Points::WIN,
            Outcome::Draw => Points::DRAW,
            Outcome::Loss => Points::ZERO,
        }
    }
}

/// What one player did in one round.
///
/// ```
/// use kamisado_tournament::{Entry, Points};
/// assert_eq!(Entry::PairingBye.points(), Points::WIN);
/// assert_eq!(Entry::HalfBye.points(), Points::DRAW);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Entry {
    /// A game (or a match of two) played against `opponent`, with `colour`
    /// in its first game.
    Played {
        /// Who they played.
        opponent: PlayerId,
        /// Their colour (in a match, in its first game).
        colour: Colour,
        /// Their result.
        outcome: Outcome,
    },
    /// A pairing that was not played: the one who came won by forfeit.
    /// It counts no colour, and the two may be paired again.
    Forfeit {
        /// Who they were paired with.
        opponent: PlayerId,
        /// Their colour in the pairing.
        colour: Colour,
        /// Whether they won the forfeit (TRF `+`) or lost it (`-`).
        won: bool,
    },
    /// The pairing-allocated bye of an odd number of players: a win (TRF `U`).
    PairingBye,
    /// A half-point bye on request (TRF `H`).
    HalfBye,
    /// A full-point bye on request (TRF `F`).
    FullBye,
    /// Not paired: absent, withdrawn, or not yet entered (TRF `Z`).
    Absent,
}

impl Entry {
    /// The opponent and the colour of a round played (or forfeited over
    /// the board); none for a bye or an absence.
    pub fn opponent_and_colour(self) -> (Option<PlayerId>, Option<Colour>) {
        match self {
            Entry::Played {
                opponent, colour, ..
            }
            | Entry::Forfeit {
                opponent, colour, ..
            } => (Some(opponent), Some(colour)),
            _ => (None, None),
        }
    }

    /// The round's result as TRF16 writes it: `1`, `=`, `0`, `+`, `-`,
    /// `U` (a pairing bye), `H`, `F` or `Z`.
    pub fn result_char(self) -> char {
        match self {
            Entry::Played {
                outcome: Outcome::Win,
                ..
            } => '1',
            Entry::Played {
                outcome: Outcome::Draw,
                ..
            } => '=',
            Entry::Played {
                outcome: Outcome::Loss,
                ..
            } => '0',
            Entry::Forfeit { won: true, .. } => '+',
            Entry::Forfeit { won: false, .. } => '-',
            Entry::PairingBye => 'U',
            Entry::HalfBye => 'H',
            Entry::FullBye => 'F',
            Entry::Absent => 'Z',
        }
    }

    /// The points this round gave.
    #[must_use]
    pub fn points(self) -> Points {
        match self {
            Entry::Played { outcome, .. } => outcome.points(),
            Entry::Forfeit { won: true, .. } | Entry::PairingBye | Entry::FullBye => Points::WIN,
            Entry::Forfeit { won: false, .. } | Entry::Absent => Points::ZERO,
            Entry::HalfBye => Points::DRAW,
        }
    }

    /// The opponent met over the board, if the game was played.
    #[must_use]
    pub fn played_opponent(self) -> Option<PlayerId> {
        match self {
            Entry::Played { opponent, .. } => Some(opponent),
            _ => None,
        }
    }

    /// The colour played, if the game was played.
    #[must_use]
    pub fn played_colour(self) -> Option<Colour> {
        match self {
            Entry::Played { colour, .. } => Some(colour),
            _ => None,
        }
    }

    /// Whether the player scored a point without playing: a pairing bye, a
    /// full-point bye or a forfeit win. Such a player gets no pairing bye.
    #[must_use]
    pub fn is_unplayed_win(self) -> bool {
        matches!(
            self,
            Entry::PairingBye | Entry::FullBye | Entry::Forfeit { won: true, .. }
        )
    }
}

/// A player of a tournament and their rounds so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// Their starting rank (the pairing number of a Swiss).
    pub id: PlayerId,
    /// Their name, as the TRF writes it.
    pub name: String,
    /// Their rating, 0 if none.
    pub rating: u16,
    /// One entry per round played so far, round 1 first. A late entrant
    /// has [`Entry::Absent`] (or a bye) for the rounds they missed.
    pub rounds: Vec<Entry>,
    /// Whether they take part in the next round; false once withdrawn
    /// or while absent.
    pub active: bool,
}

impl Player {
    /// A player with no rounds yet, active.
    ///
    /// ```
    /// use kamisado_tournament::{Player, PlayerId, Points};
    /// let p = Player::new(PlayerId(1), "Burley", 2100);
    /// assert_eq!(p.score(), Points::ZERO);
    /// ```
    #[must_use]
    pub fn new(id: PlayerId, name: &str, rating: u16) -> Player {
        Player {
            id,
            name: name.to_owned(),
            rating,
            rounds: Vec::new(),
            active: true,
        }
    }

    /// Their points so far.
    #[must_use]
    pub fn score(&self) -> Points {
        self.rounds.iter().map(|e| e.points()).sum()
    }

    /// The opponents they met over the board.
    pub fn opponents(&self) -> impl Iterator<Item = PlayerId> + '_ {
        self.rounds.iter().filter_map(|e| e.played_opponent())
    }

    /// The colours of the games they played, in order.
    pub fn colours(&self) -> impl Iterator<Item = Colour> + '_ {
        self.rounds.iter().filter_map(|e| e.played_colour())
    }
}

/// Records a played pairing in both players' rounds: `white` had White and
/// `outcome` is White's.
///
/// # Panics
///
/// If either player is not in `players`.
///
/// ```
/// use kamisado_tournament::{record::play, Outcome, Player, PlayerId as P, Points};
/// let mut ps = vec![Player::new(P(1), "a", 0), Player::new(P(2), "b", 0)];
/// play(&mut ps, P(2), P(1), Outcome::Draw);
/// assert_eq!(ps[0].score(), Points::DRAW);
/// ```
pub fn play(players: &mut [Player], white: PlayerId, black: PlayerId, outcome: Outcome) {
    let find = |ps: &[Player], id| ps.iter().position(|p| p.id == id).expect("a known player");
    let (w, b) = (find(players, white), find(players, black));
    players[w].rounds.push(Entry::Played {
        opponent: black,
        colour: Colour::White,
        outcome,
    });
    players[b].rounds.push(Entry::Played {
        opponent: white,
        colour: Colour::Black,
        outcome: outcome.reversed(),
    });
}
