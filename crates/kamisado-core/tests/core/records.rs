//! Game records: reading, writing, replaying and their error messages.

use kamisado_core::random::SplitMix64;
use kamisado_core::{Fill, Game, MatchState, Record, RoundEnd, Rules, Side};

const HEADER: &str = "[Event \"Test\"]\n[Date \"2026.11.29\"]\n[Black \"Ann\"]\n[White \"Ben \\\"the wall\\\"\"]\n[Rules \"standard\"]\n[Target \"3\"]\n";

fn played_match(seed: u64, target: u8) -> Game {
    let mut rng = SplitMix64::new(seed);
    let mut game = Game::new(Rules::STANDARD, target, "Ann", "Ben", "2026.11.29").unwrap();
    loop {
        match game.current().state() {
            MatchState::Over { .. } => return game,
            MatchState::AwaitingFill { .. } => game.fill(*rng.pick(&Fill::BOTH)).unwrap(),
            MatchState::Playing => {
                let moves = game.current().position().legal_moves();
                game.play(*rng.pick(&moves)).unwrap();
            }
        }
    }
}

#[test]
fn records_round_trip_and_replay() {
    for seed in 0..20 {
        let game = played_match(seed, [1, 3, 7][seed as usize % 3]);
        let text = game.record().to_string();
        let record: Record = text.parse().unwrap();
        assert_eq!(record.to_string(), text);
        assert_eq!(Game::from_record(record).unwrap(), game);
    }
}

#[test]
fn a_record_reads_as_written() {
    let text = format!("{HEADER}[Result \"*\"]\n\nround 1\n1. d1-d6 2. f8-f3 3. h1-h4\n");
    let record: Record = text.parse().unwrap();
    assert_eq!(record.tag("White"), Some("Ben \"the wall\""));
    assert_eq!(record.rounds[0].moves.len(), 3);
    assert_eq!(record.to_string(), text);
    let (m, steps) = record.replay().unwrap();
    assert_eq!(steps.len(), 3);
    assert_eq!(m.position().side_to_move(), Side::White);
}

#[test]
fn an_illegal_move_is_reported_with_its_round_number_and_reason() {
    let text = format!("{HEADER}[Result \"*\"]\n\nround 1\n1. d1-d6 2. a8-a7\n");
    let record: Record = text.parse().unwrap();
    let e = record.replay().unwrap_err().to_string();
    assert!(e.contains("round 1, move 2: a8-a7 is illegal"), "{e}");
    assert!(e.contains("must move the red tower on f8"), "{e}");
}

#[test]
fn bad_records_say_what_and_where() {
    let cases = [
        (
            format!("{HEADER}\nround 1\n1. d1-d6\n"),
            "the tag Result is missing",
        ),
        (
            format!("{HEADER}[Result \"*\"]\n\nround 1\n1. d1-d6 3. f8-f3\n"),
            "line 10: round 1: expected the move number 2., found 3.",
        ),
        (
            format!("{HEADER}[Result \"*\"]\n\nround 1\n1. d1-d9\n"),
            "line 10: round 1, move 1: d1-d9 is not a move",
        ),
        (
            format!("{HEADER}[Result \"*\"]\n\nround 2\n"),
            "line 9: expected round 1",
        ),
        (
            format!("{HEADER}[Result \"*\"]\n\n1. d1-d6\n"),
            "line 9: the moves must follow a round 1 line",
        ),
        (
            format!("{HEADER}[Result \"*\"]\n[Extra x]\n"),
            "line 8: the value of tag Extra must be in double quotes",
        ),
        (
            format!("{HEADER}[Result \"*\"]\n\nround 1\n1-0 checkmate\n"),
            "line 10: checkmate is not a way to end a round",
        ),
        (
            format!("{HEADER}[Result \"*\"]\n\nround 1 fill: up\n"),
            "line 9: up is not a fill side",
        ),
        (
            format!("{HEADER}[Result \"*\"]\n[Result \"*\"]\n"),
            "line 8: the tag Result appears twice",
        ),
    ];
    for (text, needle) in cases {
        let e = text.parse::<Record>().unwrap_err().to_string();
        assert!(e.contains(needle), "{text}\n=> {e}");
    }
    // Read but inconsistent with the rules.
    let cases = [
        (
            format!("{HEADER}[Result \"1-0\"]\n\nround 1\n1. d1-d6\n"),
            "the Result tag says 1-0 but the moves give *",
        ),
        (
            format!("{HEADER}[Result \"*\"]\n\nround 1\n1. d1-d6\n1-0 home row\n"),
            "round 1: the result says home row but the round is not over",
        ),
        (
            format!("{HEADER}[Result \"*\"]\n\nround 1 fill: left\n"),
            "round 1 has no fill choice",
        ),
        (
            format!("{HEADER}[Result \"*\"]\n[FEN \"bad\"]\n\nround 1\n"),
            "FEN tag: expected 3 to 5 fields",
        ),
        (
            HEADER.replace("standard", "chess") + "[Result \"*\"]\n",
            "Rules tag: chess is not a rule set",
        ),
    ];
    for (text, needle) in cases {
        let record: Record = text.parse().unwrap();
        let e = record.replay().unwrap_err().to_string();
        assert!(e.contains(needle), "{text}\n=> {e}");
    }
}

#[test]
fn resignation_ends_the_match_and_is_recorded() {
    let mut game: Game = Game::new(Rules::STANDARD, 7, "Ann", "Ben", "2026.11.29").unwrap();
    game.play("d1-d6".parse().unwrap()).unwrap();
    let result = game.concede(Side::White, RoundEnd::Resignation).unwrap();
    assert_eq!(result.winner, Side::Black);
    assert_eq!(
        game.current().state(),
        MatchState::Over {
            winner: Side::Black
        }
    );
    let text = game.record().to_string();
    assert!(
        text.contains("[Result \"1-0\"]") && text.contains("1-0 resignation"),
        "{text}"
    );
    assert_eq!(Game::from_record(text.parse().unwrap()).unwrap(), game);
    assert!(game.undo().is_err());
}

#[test]
fn resigning_between_rounds_is_recorded_as_a_round_of_its_own() {
    let mut game = played_match(3, 7);
    // Replay up to the end of the first round, then resign before the fill.
    let first = game.record().rounds[0].clone();
    game = Game::new(Rules::STANDARD, 7, "Ann", "Ben", "2026.11.29").unwrap();
    for mv in first.moves {
        game.play(mv).unwrap();
    }
    let MatchState::AwaitingFill { winner } = game.current().state() else {
        panic!()
    };
    game.concede(!winner, RoundEnd::Time).unwrap();
    let text = game.record().to_string();
    assert!(text.contains("round 2\n"), "{text}");
    assert_eq!(Game::from_record(text.parse().unwrap()).unwrap(), game);
}

#[test]
fn undo_takes_back_the_last_move_even_a_winning_one() {
    let mut game = played_match(5, 1);
    let before_text = game.record().to_string();
    let last = game.undo().unwrap();
    assert_eq!(game.current().state(), MatchState::Playing);
    assert_eq!(game.record().tag("Result"), Some("*"));
    game.play(last).unwrap();
    assert_eq!(game.record().to_string(), before_text);
}
