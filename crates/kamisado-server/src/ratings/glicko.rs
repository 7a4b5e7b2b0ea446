//! Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", 2013):
//! a rating, its deviation (how sure the rating is) and a volatility (how
//! erratic the player's results are). Each rated game is a rating period of
//! its own, and both players are rated from their values before the game.

use std::f64::consts::PI;

/// The scale between Glicko ratings and Glicko-2's internal units.
const SCALE: f64 = 173.7178;
/// The system constant τ: how much the volatility may change.
pub const TAU: f64 = 0.5;
/// The precision to which the new volatility is found.
const EPSILON: f64 = 0.000_001;

/// A player's rating in one pool.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating, 1500 for a new player.
    pub rating: f64,
    /// The rating deviation, 350 for a new player.
    pub deviation: f64,
    /// The volatility, 0.06 for a new player.
    pub volatility: f64,
}

impl Default for Rating {
    /// A new player's: 1500, deviation 350, volatility 0.06.
    fn default() -> Rating {
        Rating {
            rating: 1500.0,
            deviation: 350.0,
            volatility: 0.06,
        }
    }
}

/// One game of a rating period: the opponent's rating before it and the
/// score (1 a win, 0 a loss, 0.5 a draw).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Game {
    /// The opponent as rated before the period.
    pub opponent: Rating,
    /// The player's score.
    pub score: f64,
}

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (PI * PI)).sqrt()
}

fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

impl Rating {
    /// The rating after a period in which these games were played.
    /// A period without games only widens the deviation.
    pub fn after(self, games: &[Game]) -> Rating {
        let mu = (self.rating - 1500.0) / SCALE;
        let phi = self.deviation / SCALE;
        let sigma = self.volatility;
        if games.is_empty() {
            let phi = (phi * phi + sigma * sigma).sqrt();
            return Rating {
                deviation: (phi * SCALE).min(350.0),
                ..self
            };
        }
        let mut v_inverse = 0.0;
        let mut sum = 0.0;
        for game in games {
            let mu_j = (game.opponent.rating - 1500.0) / SCALE;
            let phi_j = game.opponent.deviation / SCALE;
            let e = expected(mu, mu_j, phi_j);
            let gj = g(phi_j);
            v_inverse += gj * gj * e * (1.0 - e);
            sum += gj * (game.score - e);
        }
        let v = 1.0 / v_inverse;
        let delta = v * sum;
        let sigma = new_volatility(phi, sigma, v, delta);
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        let phi = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu = mu + phi * phi * sum;
        Rating {
            rating: mu * SCALE + 1500.0,
            deviation: (phi * SCALE).min(350.0),
            volatility: sigma,
        }
    }
}

/// The new volatility, by the Illinois algorithm (step 5 of the method).
fn new_volatility(phi: f64, sigma: f64, v: f64, delta: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (TAU * TAU)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * TAU) < 0.0 {
            k += 1.0;
        }
        a - k * TAU
    };
    let mut f_a = f(big_a);
    let mut f_b = f(big_b);
    // Converges in a handful of steps; the bound only guards against a
    // pathological input looping.
    for _ in 0..100 {
        if (big_b - big_a).abs() <= EPSILON {
            break;
        }
        let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = c;
        f_b = f_c;
    }
    (big_a / 2.0).exp()
}

/// Both players' ratings after one game between them, `score` being the
/// first player's (1 a win, 0 a loss).
pub fn after_game(first: Rating, second: Rating, score: f64) -> (Rating, Rating) {
    (
        first.after(&[Game {
            opponent: second,
            score,
        }]),
        second.after(&[Game {
            opponent: first,
            score: 1.0 - score,
        }]),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rating(rating: f64, deviation: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility: 0.06,
        }
    }

    /// The worked example of Glickman's paper: a 1500 player (RD 200) beats
    /// a 1400 (RD 30) and loses to a 1550 (RD 100) and a 1700 (RD 300).
    #[test]
    fn the_papers_example() {
        let after = rating(1500.0, 200.0).after(&[
            Game {
                opponent: rating(1400.0, 30.0),
                score: 1.0,
            },
            Game {
                opponent: rating(1550.0, 100.0),
                score: 0.0,
            },
            Game {
                opponent: rating(1700.0, 300.0),
                score: 0.0,
            },
        ]);
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn a_win_between_new_players_moves_both_by_the_same_amount() {
        let (winner, loser) = after_game(Rating::default(), Rating::default(), 1.0);
        assert!((winner.rating - 1662.31).abs() < 0.01, "{winner:?}");
        assert!((loser.rating - 1337.69).abs() < 0.01, "{loser:?}");
        assert!((winner.deviation - 290.32).abs() < 0.01, "{winner:?}");
        assert!((winner.rating - 1500.0 - (1500.0 - loser.rating)).abs() < 1e-9);
    }

    #[test]
    fn beating_a_stronger_player_is_worth_more() {
        let strong = rating(1800.0, 80.0);
        let weak = rating(1500.0, 80.0);
        let (upset, _) = after_game(weak, strong, 1.0);
        let (expected, _) = after_game(strong, weak, 1.0);
        assert!(upset.rating - 1500.0 > expected.rating - 1800.0);
        // Idle periods widen the deviation, never past a new player's.
        assert!(weak.after(&[]).deviation > 80.0);
        assert_eq!(Rating::default().after(&[]).deviation, 350.0);
    }
}
