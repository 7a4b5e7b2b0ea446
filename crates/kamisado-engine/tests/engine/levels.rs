//! Levels measured by self-play: each level against the one below, over
//! seeded openings with both colours (node limits, so deterministic).

use kamisado_core::geometry::{Eight, Six, Ten};
use kamisado_core::{Fill, Match, MatchState, Rules};
use kamisado_engine::{Engine, EngineBoard, selfplay};

/// The same openings and seed as `examples/levels.rs`.
const OPENINGS: usize = 12;
const OPENING_PLIES: usize = 1;
const SEED: u64 = 2024;

#[test]
fn each_level_beats_the_one_below() {
    let openings = selfplay::openings(OPENINGS, OPENING_PLIES, SEED);
    for higher in 2..=6u8 {
        let (won, played) = selfplay::score(higher, higher - 1, &openings, SEED);
        assert!(
            2 * won > played,
            "level {higher} won {won} of {played} against level {}",
            higher - 1
        );
    }
}

/// Matches to 3 between levels 1 and 2, as `examples/ladder.rs` plays them.
#[test]
fn a_match_between_levels_ends_at_its_target_and_repeats_for_a_seed() {
    let openings = selfplay::openings(2, 2, SEED);
    for (i, opening) in openings.iter().enumerate() {
        let seed = SEED + i as u64;
        for levels in [[1, 2], [2, 1]] {
            let outcome = selfplay::play_match(opening, levels, 3, seed);
            assert!(outcome.score.of(outcome.winner) >= 3, "{outcome:?}");
            assert!(outcome.score.of(!outcome.winner) < 3, "{outcome:?}");
            assert_eq!(outcome.score.target, 3);
            assert!(outcome.rounds >= 1);
            assert_eq!(selfplay::play_match(opening, levels, 3, seed), outcome);
        }
    }
    let (won, played) = selfplay::match_score(2, 1, &openings, 3, SEED);
    assert_eq!(played, 4);
    assert!(won <= played);
}

#[test]
fn choices_are_deterministic_for_a_seed() {
    let m: Match = Match::new(Rules::STANDARD, 3).unwrap();
    for level in 1..=4 {
        let a = Engine::new(8).choose_move(&m, level, 42);
        let mut engine = Engine::new(8);
        engine.choose_move(&m, 6, 1);
        assert_eq!(engine.choose_move(&m, level, 42), a, "level {level}");
        assert!(m.position().is_legal(a.unwrap()));
    }
}

/// Levels `low` (Black) and `high` (White) play a match to 3 on board `B`.
fn play_a_match<B: EngineBoard>(rules: Rules, low: u8, high: u8) {
    let mut m: Match<B> = Match::new(rules, 3).unwrap();
    let mut engines = [Engine::new(8), Engine::new(8)];
    let mut ply = 0u64;
    loop {
        match m.state() {
            MatchState::Playing => {
                let side = m.position().side_to_move().index();
                let level = if side == 0 { low } else { high };
                let mv = engines[side].choose_move(&m, level, ply).unwrap();
                m.play(mv).unwrap();
            }
            MatchState::AwaitingFill { winner } => {
                assert_eq!(engines[winner.index()].choose_move(&m, high, 0), None);
                let fill = engines[winner.index()].choose_fill(&m, high);
                assert!(Fill::BOTH.contains(&fill));
                m.fill(fill).unwrap();
            }
            MatchState::Over { winner } => {
                assert!(m.score().of(winner) >= 3);
                break;
            }
        }
        ply += 1;
        assert!(ply < 2_000, "the match does not end");
    }
}

#[test]
fn a_match_is_played_to_its_end_with_fills() {
    play_a_match::<Eight>(Rules::STANDARD, 3, 4);
}

#[test]
fn the_levels_play_matches_on_the_other_boards() {
    for rules in [Rules::STANDARD, Rules::SUMO_SQUARE, Rules::ZVEZDA] {
        play_a_match::<Six>(rules, 2, 5);
        play_a_match::<Ten>(rules, 2, 4);
    }
}
