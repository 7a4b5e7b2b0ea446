//! The levels on one rating scale, from the arena's measurements of each
//! level against the one below (the engine README's table): level 1 is
//! anchored at 800, and each level is rated above the one below by the Elo
//! difference its share of wins gives, 400·log₁₀(p / (1 − p)).

/// Each level's rounds against the level below: (level, rounds won, rounds
/// played), measured by `cargo run --release -p kamisado-engine --example
/// levels 12`.
pub const MEASURED: [(u8, u32, u32); 5] = [
    (2, 17, 24),
    (3, 20, 24),
    (4, 19, 24),
    (5, 18, 24),
    (6, 15, 24),
];

/// Level 1's rating, the scale's anchor.
pub const ANCHOR: f64 = 800.0;

/// The rating of each level, 1 to 6.
///
/// ```
/// let ratings = kamisado_engine::ladder::level_ratings();
/// assert_eq!(ratings[0], (1, 800.0));
/// assert!(ratings.windows(2).all(|w| w[1].1 > w[0].1));
/// ```
pub fn level_ratings() -> [(u8, f64); 6] {
    let mut ratings = [(1, ANCHOR); 6];
    for (i, &(level, won, played)) in MEASURED.iter().enumerate() {
        // A share of 0 or 1 has no finite difference: count half a round each way.
        let p = (f64::from(won) + 0.5) / (f64::from(played) + 1.0);
        ratings[i + 1] = (level, ratings[i].1 + 400.0 * (p / (1.0 - p)).log10());
    }
    ratings
}
