//! Self-play between levels, over seeded openings with both colours: the
//! measure of the levels, in single rounds ([`play_round`], [`score`]) and in
//! matches ([`play_match`], [`match_score`]).

use kamisado_core::geometry::Board;
use kamisado_core::random::SplitMix64;
use kamisado_core::{Match, MatchState, Position, Score, Side};

use crate::Engine;

/// Transposition table size of each self-play engine, in megabytes.
const HASH_MB: usize = 16;

/// `count` distinct positions `plies` random moves from the start (seeded),
/// none of them over.
pub fn openings(count: usize, plies: usize, seed: u64) -> Vec<Position> {
    let mut rng = SplitMix64::new(seed);
    let mut found: Vec<Position> = Vec::with_capacity(count);
    while found.len() < count {
        let pos = random_walk(&Position::start(), plies, &mut rng);
        if !pos.is_over() && !found.contains(&pos) {
            found.push(pos);
        }
    }
    found
}

/// The position after up to `plies` random legal moves from `from` (fewer if
/// the round ends first), drawn from `rng`.
pub fn random_walk<B: Board>(
    from: &Position<B>,
    plies: usize,
    rng: &mut SplitMix64,
) -> Position<B> {
    let mut pos = *from;
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos = pos.play_unchecked(*rng.pick(&moves));
    }
    pos
}

/// Plays the round from `start` to its end, `levels[side]` choosing for each
/// side; returns the winner.
pub fn play_round(start: &Position, levels: [u8; 2], seed: u64) -> Side {
    play_match(start, levels, 1, seed).winner
}

/// Rounds won by `challenger` against `defender` over every opening with
/// both colours, and the number of rounds played.
pub fn score(challenger: u8, defender: u8, openings: &[Position], seed: u64) -> (u32, u32) {
    let mut won = 0;
    let mut played = 0;
    for (i, opening) in openings.iter().enumerate() {
        for challenger_side in Side::BOTH {
            let mut levels = [defender; 2];
            levels[challenger_side.index()] = challenger;
            let winner = play_round(opening, levels, seed.wrapping_add(i as u64));
            won += u32::from(winner == challenger_side);
            played += 1;
        }
    }
    (won, played)
}

/// How a match between two levels ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchOutcome {
    /// The side that reached the target.
    pub winner: Side,
    /// The final score.
    pub score: Score,
    /// The rounds played.
    pub rounds: u32,
}

/// Plays a match to `target` points whose first round starts from `start`,
/// `levels[side]` choosing each side's moves and, after each round that side
/// wins, the fill (R14); the rounds, sumos, pushes and scores are the rules
/// crate's [`Match`]. Deterministic for a seed.
///
/// # Panics
/// When `target` is not 1, 3, 7 or 15, or `start` is a finished round.
///
/// ```
/// use kamisado_core::Side;
/// use kamisado_engine::selfplay;
///
/// let opening = &selfplay::openings(1, 2, 7)[0];
/// let outcome = selfplay::play_match(opening, [1, 2], 3, 7);
/// assert!(outcome.score.of(outcome.winner) >= 3);
/// assert!(outcome.score.of(!outcome.winner) < 3);
/// assert_eq!(selfplay::play_match(opening, [1, 2], 3, 7), outcome);
/// ```
pub fn play_match(start: &Position, levels: [u8; 2], target: u8, seed: u64) -> MatchOutcome {
    let mut setup = start.to_setup();
    setup.score = Some(Score {
        black: 0,
        white: 0,
        target,
    });
    let mut m = Match::from_setup(&setup, start.rules()).expect("a valid opening and target");
    let mut engines = [Engine::new(HASH_MB), Engine::new(HASH_MB)];
    let mut ply = 0;
    loop {
        match m.state() {
            MatchState::Playing => {
                let side = m.position().side_to_move().index();
                let mv = engines[side]
                    .choose_move(&m, levels[side], seed.wrapping_add(ply))
                    .expect("a round in progress has a move");
                m.play(mv).expect("the engine plays legal moves");
                ply += 1;
            }
            MatchState::AwaitingFill { winner } => {
                let side = winner.index();
                let fill = engines[side].choose_fill(&m, levels[side]);
                m.fill(fill).expect("a fill between rounds");
            }
            MatchState::Over { winner } => {
                return MatchOutcome {
                    winner,
                    score: m.score(),
                    rounds: m.round(),
                };
            }
        }
    }
}

/// Matches to `target` won by `challenger` against `defender`, each opening
/// played with both colours (the opening's seed for both), and the number of
/// matches played.
pub fn match_score(
    challenger: u8,
    defender: u8,
    openings: &[Position],
    target: u8,
    seed: u64,
) -> (u32, u32) {
    let mut won = 0;
    let mut played = 0;
    for (i, opening) in openings.iter().enumerate() {
        for challenger_side in Side::BOTH {
            let mut levels = [defender; 2];
            levels[challenger_side.index()] = challenger;
            let outcome = play_match(opening, levels, target, seed.wrapping_add(i as u64));
            won += u32::from(outcome.winner == challenger_side);
            played += 1;
        }
    }
    (won, played)
}
