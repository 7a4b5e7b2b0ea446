//! Results of an arena run: the Elo difference with its error bar and the
//! sequential probability ratio test, both over game pairs.
//!
//! A round of Kamisado favours the first player so much that the two games of
//! a pair (same opening, colours swapped) are far from independent. Both
//! figures therefore treat each pair as one observation with a score of 0,
//! ½ or 1 for the first engine (a game left unpaired counts 0 or 1).

/// The quantile of the normal distribution for a two-sided 95% interval.
const Z95: f64 = 1.959_964;
/// The SPRT's error rates: false positives (alpha) and false negatives (beta).
pub const SPRT_ALPHA: f64 = 0.05;
/// See [`SPRT_ALPHA`].
pub const SPRT_BETA: f64 = 0.05;
/// The variance of a pair's score if its two games were independent even
/// contests (each game's score has variance ¼, a pair's is their mean).
const PRIOR_VARIANCE: f64 = 0.125;
/// How many pairs' worth of [`PRIOR_VARIANCE`] the SPRT mixes into the
/// observed variance, so that a few pairs that ended alike do not decide it.
const PRIOR_PAIRS: f64 = 2.0;

/// The score of the first engine in each pair of games.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PairScores {
    scores: Vec<f64>,
}

impl PairScores {
    /// Adds a pair (or an unpaired game): the first engine's points in it
    /// divided by the games played (0, ½ or 1).
    pub fn push(&mut self, score: f64) {
        self.scores.push(score);
    }

    /// The number of pairs.
    pub fn len(&self) -> usize {
        self.scores.len()
    }

    /// Whether no pair has been played.
    pub fn is_empty(&self) -> bool {
        self.scores.is_empty()
    }

    /// The mean score and the variance of a pair's score.
    fn moments(&self) -> Option<(f64, f64)> {
        if self.scores.is_empty() {
            return None;
        }
        let n = self.scores.len() as f64;
        let mean = self.scores.iter().sum::<f64>() / n;
        let variance = self.scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / n;
        Some((mean, variance))
    }

    /// The first engine's Elo advantage and the half-width of its 95%
    /// interval (infinite when every pair went the same way at 0 or 1).
    pub fn elo(&self) -> Option<(f64, f64)> {
        let (mean, variance) = self.moments()?;
        let error = (variance / self.scores.len() as f64).sqrt();
        let low = elo_of(mean - Z95 * error);
        let high = elo_of(mean + Z95 * error);
        let margin = if high.is_finite() && low.is_finite() {
            (high - low) / 2.0
        } else {
            f64::INFINITY
        };
        Some((elo_of(mean), margin))
    }

    /// The log-likelihood ratio of H1 (the first engine is `elo1` stronger)
    /// against H0 (`elo0` stronger), by the normal approximation of the pair
    /// scores (the generalised SPRT).
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        let Some((mean, variance)) = self.moments() else {
            return 0.0;
        };
        let (s0, s1) = (score_of(elo0), score_of(elo1));
        let n = self.scores.len() as f64;
        let variance = (n * variance + PRIOR_PAIRS * PRIOR_VARIANCE) / (n + PRIOR_PAIRS);
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)
    }
}

/// The expected score of a player `elo` points stronger.
pub fn score_of(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference that gives an expected score, infinite at 0 and 1.
pub fn elo_of(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// The SPRT's bounds on the log-likelihood ratio: H0 is accepted below the
/// first, H1 above the second.
pub fn sprt_bounds() -> (f64, f64) {
    (
        (SPRT_BETA / (1.0 - SPRT_ALPHA)).ln(),
        ((1.0 - SPRT_BETA) / SPRT_ALPHA).ln(),
    )
}

/// What the SPRT says so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The ratio fell below the lower bound: H0 (`elo0`).
    H0,
    /// The ratio rose above the upper bound: H1 (`elo1`).
    H1,
    /// Neither bound has been crossed.
    Open,
}

/// The verdict for a log-likelihood ratio.
pub fn verdict(llr: f64) -> Verdict {
    let (lower, upper) = sprt_bounds();
    if llr <= lower {
        Verdict::H0
    } else if llr >= upper {
        Verdict::H1
    } else {
        Verdict::Open
    }
}

/// Reads `ELO0,ELO1` with `ELO0 < ELO1`.
///
/// # Errors
/// Anything else.
pub fn parse_sprt(text: &str) -> Result<(f64, f64), String> {
    let bad = || format!("--sprt takes ELO0,ELO1 with ELO0 < ELO1, e.g. 0,20; not `{text}`");
    let (a, b) = text.split_once(',').ok_or_else(bad)?;
    let elo0: f64 = a.trim().parse().map_err(|_| bad())?;
    let elo1: f64 = b.trim().parse().map_err(|_| bad())?;
    if !(elo0.is_finite() && elo1.is_finite() && elo0 < elo1) {
        return Err(bad());
    }
    Ok((elo0, elo1))
}

/// An Elo figure for people: `+35.2`, `-inf`.
pub fn show_elo(elo: f64) -> String {
    if elo.is_infinite() {
        if elo > 0.0 { "+inf" } else { "-inf" }.to_string()
    } else {
        // `-0.0` reads as a result: show it as `+0.0`.
        format!("{:+.1}", elo + 0.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(scores: &[f64]) -> PairScores {
        let mut p = PairScores::default();
        for &s in scores {
            p.push(s);
        }
        p
    }

    #[test]
    fn even_results_give_zero_elo() {
        let (elo, margin) = pairs(&[0.5, 0.5, 1.0, 0.0]).elo().unwrap();
        assert!(elo.abs() < 1e-9);
        assert!(margin > 100.0);
        assert!((elo_of(score_of(73.0)) - 73.0).abs() < 1e-9);
    }

    #[test]
    fn a_clean_sweep_is_infinitely_better() {
        let (elo, margin) = pairs(&[1.0, 1.0]).elo().unwrap();
        assert_eq!(elo, f64::INFINITY);
        assert_eq!(margin, f64::INFINITY);
        assert_eq!(show_elo(elo), "+inf");
        assert_eq!(show_elo(-0.0), "+0.0");
    }

    #[test]
    fn the_sprt_accepts_the_hypothesis_the_results_favour() {
        let strong = pairs(&[1.0; 40]);
        assert_eq!(verdict(strong.llr(0.0, 50.0)), Verdict::H1);
        let weak = pairs(&[0.0; 40]);
        assert_eq!(verdict(weak.llr(0.0, 50.0)), Verdict::H0);
        let few = pairs(&[1.0, 0.5]);
        assert_eq!(verdict(few.llr(0.0, 5.0)), Verdict::Open);
        let one = pairs(&[0.0]);
        assert_eq!(verdict(one.llr(0.0, 50.0)), Verdict::Open);
        let (lower, upper) = sprt_bounds();
        assert!((lower + 2.944).abs() < 1e-3 && (upper - 2.944).abs() < 1e-3);
    }

    #[test]
    fn sprt_arguments_are_checked() {
        assert_eq!(parse_sprt("0,20").unwrap(), (0.0, 20.0));
        assert!(parse_sprt("20,0").is_err());
        assert!(parse_sprt("x").is_err());
    }
}
