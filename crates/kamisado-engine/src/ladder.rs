//! The levels on one rating scale, from matches to 3 between them (the engine
//! README's ladder): each level against the one below and the one two below,
//! the Elo ratings that make the measured results most likely (a
//! Bradley–Terry fit of every pairing at once), level 1 anchored at 800.

/// Matches between two levels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pairing {
    /// The higher level.
    pub higher: u8,
    /// The lower level.
    pub lower: u8,
    /// Matches won by the higher level.
    pub won: u32,
    /// Matches played.
    pub played: u32,
}

impl Pairing {
    /// The higher level's share of wins, with half a win counted each way
    /// (so that a share of 0 or 1 still has a finite Elo difference).
    pub fn share(self) -> f64 {
        (f64::from(self.won) + PRIOR) / (f64::from(self.played) + 2.0 * PRIOR)
    }

    /// The Elo difference of this pairing alone, 400·log₁₀(p / (1 − p)) for
    /// the higher level's [`share`](Pairing::share) p.
    ///
    /// ```
    /// use kamisado_engine::ladder::Pairing;
    ///
    /// let even = Pairing { higher: 2, lower: 1, won: 5, played: 10 };
    /// assert_eq!(even.elo_difference(), 0.0);
    /// let most = Pairing { higher: 2, lower: 1, won: 23, played: 30 };
    /// assert!((most.elo_difference() - 198.40).abs() < 0.01);
    /// ```
    pub fn elo_difference(self) -> f64 {
        let p = self.share();
        400.0 * (p / (1.0 - p)).log10()
    }
}

/// Half a win counted for each side of a pairing.
const PRIOR: f64 = 0.5;

/// The matches to 3 between the levels, measured by `cargo run --release -j 1
/// -p kamisado-engine --example ladder 20`: 20 seeded openings (two random
/// plies from the start, seed 2024), each played with both colours.
pub const MEASURED: [Pairing; 9] = [
    Pairing {
        higher: 2,
        lower: 1,
        won: 34,
        played: 40,
    },
    Pairing {
        higher: 3,
        lower: 2,
        won: 34,
        played: 40,
    },
    Pairing {
        higher: 4,
        lower: 3,
        won: 36,
        played: 40,
    },
    Pairing {
        higher: 5,
        lower: 4,
        won: 35,
        played: 40,
    },
    Pairing {
        higher: 6,
        lower: 5,
        won: 36,
        played: 40,
    },
    Pairing {
        higher: 3,
        lower: 1,
        won: 39,
        played: 40,
    },
    Pairing {
        higher: 4,
        lower: 2,
        won: 40,
        played: 40,
    },
    Pairing {
        higher: 5,
        lower: 3,
        won: 38,
        played: 40,
    },
    Pairing {
        higher: 6,
        lower: 4,
        won: 40,
        played: 40,
    },
];

/// Level 1's rating, the scale's anchor.
pub const ANCHOR: f64 = 800.0;

/// Rounds of the fit at most; it stops earlier once no strength moves.
const FIT_ROUNDS: usize = 100_000;
/// The relative change in every strength below which the fit has converged.
const FIT_TOLERANCE: f64 = 1e-13;

/// The Elo rating of each level, 1 to 6, that makes `pairings` most likely
/// under the Elo model (the higher level wins with probability
/// 1 / (1 + 10^(−d/400)) at a difference d), each pairing counted with half a
/// win each way; level 1 is anchored at [`ANCHOR`]. Fitted by minorization–
/// maximization of the Bradley–Terry likelihood. With only pairings of
/// adjacent levels the fit is the chain of their
/// [`elo_difference`](Pairing::elo_difference)s.
///
/// # Panics
/// When a pairing names a level outside 1–6 or two equal levels, or a level
/// is in no pairing (it would have no rating).
///
/// ```
/// use kamisado_engine::ladder::{Pairing, fit};
///
/// let chain: Vec<Pairing> = (2..=6)
///     .map(|higher| Pairing { higher, lower: higher - 1, won: 30, played: 40 })
///     .collect();
/// let ratings = fit(&chain);
/// assert_eq!(ratings[0], (1, 800.0));
/// for (i, pairing) in chain.iter().enumerate() {
///     let step = ratings[i + 1].1 - ratings[i].1;
///     assert!((step - pairing.elo_difference()).abs() < 1e-6);
/// }
/// ```
pub fn fit(pairings: &[Pairing]) -> [(u8, f64); 6] {
    let index = |level: u8| {
        assert!((1..=6).contains(&level), "level {level} is not 1–6");
        usize::from(level) - 1
    };
    // Each level's wins, counted with the prior.
    let mut wins = [0.0; 6];
    for p in pairings {
        assert_ne!(p.higher, p.lower, "a level paired with itself");
        wins[index(p.higher)] += f64::from(p.won) + PRIOR;
        wins[index(p.lower)] += f64::from(p.played - p.won) + PRIOR;
    }
    assert!(wins.iter().all(|&w| w > 0.0), "a level in no pairing");
    // Strengths γ, 10^(rating / 400), level 1's fixed at 1.
    let mut strength = [1.0_f64; 6];
    for _ in 0..FIT_ROUNDS {
        let mut next = [0.0; 6];
        for (level, slot) in next.iter_mut().enumerate() {
            let mut expected = 0.0;
            for p in pairings {
                let (a, b) = (index(p.higher), index(p.lower));
                let games = f64::from(p.played) + 2.0 * PRIOR;
                if a == level || b == level {
                    expected += games / (strength[a] + strength[b]);
                }
            }
            *slot = wins[level] / expected;
        }
        let first = next[0];
        next.iter_mut().for_each(|s| *s /= first);
        let moved = next
            .iter()
            .zip(&strength)
            .any(|(n, s)| ((n - s) / s).abs() > FIT_TOLERANCE);
        strength = next;
        if !moved {
            break;
        }
    }
    std::array::from_fn(|i| (i as u8 + 1, ANCHOR + 400.0 * strength[i].log10()))
}

/// The rating of each level, 1 to 6: [`fit`] of [`MEASURED`].
///
/// ```
/// let ratings = kamisado_engine::ladder::level_ratings();
/// assert_eq!(ratings[0], (1, 800.0));
/// assert!(ratings.windows(2).all(|w| w[1].1 > w[0].1));
/// ```
pub fn level_ratings() -> [(u8, f64); 6] {
    fit(&MEASURED)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// At the fitted ratings every level's expected wins (with the prior)
    /// equal its counted wins: the likelihood is at its maximum.
    #[test]
    fn the_fit_of_the_measurements_expects_each_level_s_wins() {
        let ratings = level_ratings();
        let mut expected = [0.0; 6];
        let mut counted = [0.0; 6];
        for p in MEASURED {
            let (a, b) = (usize::from(p.higher) - 1, usize::from(p.lower) - 1);
            let games = f64::from(p.played) + 2.0 * PRIOR;
            let win = 1.0 / (1.0 + 10f64.powf((ratings[b].1 - ratings[a].1) / 400.0));
            expected[a] += games * win;
            expected[b] += games * (1.0 - win);
            counted[a] += f64::from(p.won) + PRIOR;
            counted[b] += f64::from(p.played - p.won) + PRIOR;
        }
        for level in 0..6 {
            assert!(
                (expected[level] - counted[level]).abs() < 1e-6,
                "level {}: expected {} wins, counted {}",
                level + 1,
                expected[level],
                counted[level]
            );
        }
    }

    /// The ratings the engine README's ladder table gives.
    #[test]
    fn the_ratings_are_those_of_the_readme() {
        let rounded: Vec<(u8, f64)> = level_ratings()
            .iter()
            .map(|&(level, rating)| (level, rating.round()))
            .collect();
        assert_eq!(
            rounded,
            [
                (1, 800.0),
                (2, 1085.0),
                (3, 1388.0),
                (4, 1718.0),
                (5, 2007.0),
                (6, 2387.0)
            ]
        );
    }
}
