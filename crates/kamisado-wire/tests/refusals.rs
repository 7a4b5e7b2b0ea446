//! Every refusal as the page must tell it: each code with its English
//! template and the kinds of its params, the words of every choice, and
//! examples (each code with sample params, each choice, counts that take
//! each form of a counted word) with their English words. The page's
//! English must equal these words and its Russian must tell each without
//! English (`crates/kamisado-server/e2e/tests/refusals.test.mjs`).
//!
//! The fixture is `crates/kamisado-server/e2e/fixtures/refusals.json`; this
//! test fails when it is not what the wire tells today, and writes it anew
//! with `KAMISADO_BLESS=1`.

use kamisado_core::geometry::{BoardSize, Eight};
use kamisado_core::setup::Setup;
use kamisado_core::{
    Colour, Ending, Game, IllegalMove, IllegalReason, InvalidPosition, InvalidReason, MatchError,
    MatchState, Move, Position, PositionError, Record, RecordError, Rules, Side, Square, Tower,
};
use kamisado_wire::refusal::record_cause::record_words;
use kamisado_wire::refusal::{ParamKind, cause, choices, param_kind, sample};
use kamisado_wire::{Choice, Code, Refusal};
use serde_json::{Value, json};

/// A refusal of `code` with a sample of each of its params.
fn example(code: Code) -> Refusal {
    let mut r = Refusal::new(code);
    for p in code.params() {
        r.params.insert(p.to_string(), sample(p));
    }
    r
}

/// Whether `code`'s words have a cause (whose examples are [`causes`]).
fn has_cause(code: Code) -> bool {
    code.params().contains(&"cause")
}

/// A tower of Black's of `colour` with `teeth`.
fn tower(colour: Colour, teeth: u8) -> Tower {
    Tower {
        side: Side::Black,
        colour,
        teeth,
    }
}

/// Every cause of the rules' and of a move's text, each in a refusal that
/// carries it, and each code with a cause once.
fn causes() -> Vec<Refusal> {
    let sq = |s: &str| s.parse::<Square>().expect("a square");
    let reasons: Vec<IllegalReason> = vec![
        IllegalReason::RoundOver {
            winner: Side::White,
            ending: Ending::HomeRow,
        },
        IllegalReason::RoundOver {
            winner: Side::Black,
            ending: Ending::Deadlock,
        },
        IllegalReason::PassWithFreeChoice,
        IllegalReason::PassNotBlocked {
            tower: tower(Colour::Orange, 0),
            square: sq("a1"),
        },
        IllegalReason::PassNotBlocked {
            tower: tower(Colour::Purple, 2),
            square: sq("c4"),
        },
        IllegalReason::NoTower { from: sq("d4") },
        IllegalReason::OpponentsTower {
            side: Side::White,
            from: sq("a1"),
        },
        IllegalReason::NotForced {
            forced: tower(Colour::Red, 0),
            square: sq("f1"),
            tried: Colour::Blue,
            from: sq("b1"),
        },
        IllegalReason::Zvezda {
            tower: tower(Colour::Green, 0),
            push: true,
        },
        IllegalReason::Zvezda {
            tower: tower(Colour::Green, 1),
            push: true,
        },
        IllegalReason::Zvezda {
            tower: tower(Colour::Green, 2),
            push: false,
        },
        IllegalReason::Zvezda {
            tower: tower(Colour::Green, 3),
            push: false,
        },
        IllegalReason::PushNotStraight {
            ahead: Some(sq("d5")),
        },
        IllegalReason::PushNotStraight { ahead: None },
        IllegalReason::NotSumo {
            colour: Colour::Yellow,
            from: sq("e4"),
        },
        IllegalReason::NothingToPush { to: sq("e5") },
        IllegalReason::OwnTowerInLine {
            side: Side::White,
            square: sq("e6"),
        },
        IllegalReason::LineTooLong {
            pusher: tower(Colour::Pink, 1),
        },
        IllegalReason::LineTooLong {
            pusher: tower(Colour::Pink, 2),
        },
        IllegalReason::NotLowerRank {
            pusher: tower(Colour::Brown, 1),
            square: sq("g5"),
        },
        IllegalReason::NoRoomBehind,
        IllegalReason::PushNotAllowed,
        IllegalReason::NotForward,
        IllegalReason::NotStraightOrDiagonal,
        IllegalReason::TooFar {
            tower: tower(Colour::Orange, 1),
            reach: 5,
        },
        IllegalReason::TooFar {
            tower: tower(Colour::Orange, 3),
            reach: 1,
        },
        IllegalReason::OpeningLimit { ply: 1, limit: 1 },
        IllegalReason::OpeningLimit { ply: 2, limit: 3 },
        IllegalReason::OpeningLimit { ply: 3, limit: 5 },
        IllegalReason::PathBlocked { square: sq("d3") },
        IllegalReason::NotAllowed,
    ];
    let mv: Move = "d1-d6".parse().expect("a move");
    let mut all: Vec<Refusal> = reasons.iter().map(|r| Refusal::illegal(&mv, r)).collect();
    all.push(Refusal::illegal::<Eight>(
        &Move::Pass,
        &IllegalReason::PassWithFreeChoice,
    ));
    for text in ["c1c6", "c1-c9", "z1>c2", "c1-c1"] {
        let e = text.parse::<Move>().expect_err("not a move");
        all.push(Refusal::move_text(&e));
        let (words, why) = (e.fault.to_string(), cause::move_text(&e.fault));
        all.push(Refusal::line_bad_move(2, text, words, why));
    }
    let blocked = IllegalReason::PathBlocked { square: sq("d3") };
    let refused: [MatchError; 3] = [
        MatchError::Illegal(IllegalMove {
            mv,
            reason: blocked,
        }),
        MatchError::NoFillNow,
        MatchError::AwaitingFill(Side::White),
    ];
    for e in &refused {
        let (words, why) = cause::match_refused(e);
        all.push(Refusal::not_legal_here("d1-d6", words.clone(), why.clone()));
        all.push(Refusal::line_bad_move(
            3,
            "d1-d6",
            words.clone(),
            why.clone(),
        ));
        all.push(Refusal::record_bad_move(1, 4, words.clone(), why.clone()));
        all.push(Refusal::record_bad_fill(2, words, why));
    }
    all.extend(position_causes());
    all.extend(records());
    for &code in Code::ALL {
        assert!(
            !has_cause(code) || all.iter().any(|r| r.code == code),
            "no example of {code:?} with its cause"
        );
    }
    all
}

/// Every cause of a position's text and of a position the rules refuse,
/// each from a text read as the server reads it.
fn position_causes() -> Vec<Refusal> {
    let start = "obvpyrgn/8/8/8/8/8/8/NGRYPVBO";
    let unreadable = [
        "obvpyrgn/8/8 b".to_string(),
        "obvpyrgn/8/8 b -".to_string(),
        "obvpyrgn/8/8/8/44/8/8/NGRYPVBO b -".to_string(),
        "obvpyrgn/8/8/8/9/8/8/NGRYPVBO b -".to_string(),
        "+obvpyrgn/8/8/8/8/8/8/NGRYPVBO b -".to_string(),
        "obvpyrgn/8/8/8/8/8/8/N++++GRYPVBO b -".to_string(),
        "obvpyrgn/8/8/8/8/8/8/NGRYPVBx b -".to_string(),
        "obvpyrgn/8/8/8/7/8/8/NGRYPVBO b -".to_string(),
        format!("{start} x -"),
        format!("{start} b x"),
        format!("{start} b -*"),
        format!("{start} b R"),
        format!("{start} b - x-1/3"),
        format!("{start} b - 1-x/3"),
        format!("{start} b - 1-1/x"),
        format!("{start} b - 01-1/3"),
        format!("{start} b - 1-1"),
        format!("{start} b - 11/3"),
        format!("{start} b - 1-1/5"),
        format!("{start} b - 3-3/3"),
        format!("{start} b o @3"),
        format!("{start} b - @1"),
        format!("{start} b - 1-1/3 x"),
    ];
    let mut all = Vec::new();
    for text in &unreadable {
        let e = text.parse::<Setup>().expect_err("not a position");
        all.push(Refusal::position_text(&e));
        all.push(Refusal::not_a_position_text(&e));
    }
    let breaking = [
        "obvpyrgn/8/8/8/8/8/8/NGRYPVBB b -",
        "obvpyrgn/8/8/8/8/8/8/NGRYPVB1 b -",
        "Obvpyrgn/8/8/8/8/8/8/oGRYPVBN b -",
        "obvpyrgn/8/8/8/8/8/6O1/NGRYPVB1 w o @1",
    ];
    for text in breaking {
        let e = text.parse::<Position>().expect_err("not a position");
        let PositionError::Invalid(e) = e else {
            panic!("{text}: {e}")
        };
        all.push(Refusal::invalid(&e));
    }
    let six = "obpygn/6/6/6/6/NGYPBO b v".parse::<Setup<kamisado_core::geometry::Six>>();
    all.push(Refusal::position_text(&six.expect_err("no violet on 6x6")));
    for reason in [
        InvalidReason::NoSuchForced {
            board: BoardSize::Six,
            colour: Colour::Purple,
        },
        InvalidReason::NoSuchTower {
            board: BoardSize::Six,
            colour: Colour::Red,
            square: "c3".into(),
        },
        InvalidReason::Squares {
            found: 63,
            board: BoardSize::Eight,
        },
        InvalidReason::NoMove { side: Side::White },
    ] {
        all.push(Refusal::invalid(&InvalidPosition(reason)));
    }
    all
}

/// A record's first six tags, to a single round under the standard rules.
const HEAD: &str = "[Event \"Test\"]\n[Date \"2026.12.03\"]\n[Black \"Ann\"]\n[White \"Ben\"]\n\
                    [Rules \"standard\"]\n[Target \"1\"]\n";
/// The `Result` tag of a match that goes on.
const GOES_ON: &str = "[Result \"*\"]\n";

/// The record of a match to `target` whose first round is played out with
/// the first legal move each time, and the round's number of moves.
fn played(target: u8) -> (String, usize) {
    let mut game =
        Game::<Eight>::new(Rules::STANDARD, target, "Ann", "Ben", "2026.12.03").expect("a game");
    while game.current().state() == MatchState::Playing {
        let mv = game.current().position().legal_moves()[0];
        game.play(mv).expect("a legal move");
    }
    (
        game.record().to_string(),
        game.record().rounds[0].moves.len(),
    )
}

/// A record's text with its first round's result line changed by `change`
/// (`None`: taken out).
fn with_result(text: &str, change: impl Fn(&str) -> Option<String>) -> String {
    text.lines()
        .filter_map(|l| {
            if l.starts_with("1-0 ") || l.starts_with("0-1 ") {
                change(l)
            } else {
                Some(l.to_string())
            }
        })
        .map(|l| l + "\n")
        .collect()
}

/// Why the rules crate refuses a record's text: it does not read, or its
/// replay fails.
fn refused(text: &str) -> RecordError {
    match text.parse::<Record>() {
        Err(e) => e,
        Ok(record) => record.replay().expect_err("a record the rules refuse"),
    }
}

/// A record's refusal for each fault of the rules crate's, from a record's
/// text, each with the kind of its cause.
fn records() -> Vec<Refusal> {
    let full = |body: &str| format!("{HEAD}{GOES_ON}\n{body}");
    let tagged = |tag: &str| format!("{HEAD}{GOES_ON}{tag}\n\nround 1\n");
    let (single, _) = played(1);
    let (to_three, moves) = played(3);
    let swap = |l: &str| {
        let (score, end) = l.split_once(' ').expect("a result");
        Some(format!(
            "{} {end}",
            if score == "1-0" { "0-1" } else { "1-0" }
        ))
    };
    let texts: Vec<(&str, String)> = vec![
        ("tag_form", "[Event \"x\"\n".into()),
        ("tag_no_value", "[Event]\n".into()),
        ("tag_name", "[Ev-ent \"x\"]\n".into()),
        ("tag_unquoted", format!("{HEAD}[Result *]\n")),
        ("tag_escape", "[Event \"a\\b\"]\n".into()),
        ("tag_quote", "[Event \"a\"b\"]\n".into()),
        (
            "tag_after_moves",
            full("round 1\n1. d1-d6\n[Extra \"x\"]\n"),
        ),
        ("tag_twice", format!("{HEAD}{GOES_ON}{GOES_ON}")),
        ("tag_missing", format!("{HEAD}\nround 1\n1. d1-d6\n")),
        ("board_tag", format!("[Board \"12x12\"]\n{HEAD}{GOES_ON}")),
        ("wrong_board", format!("[Board \"10x10\"]\n{HEAD}{GOES_ON}")),
        ("round_header", full("round 2\n")),
        ("round_header_fill", full("round 1 fill left\n")),
        ("fill_side", full("round 1 fill: up\n")),
        ("no_round", full("1. d1-d6\n")),
        ("round_closed", full("round 1\n1-0 resignation\n1. d1-d6\n")),
        ("not_an_ending", full("round 1\n1-0 checkmate\n")),
        ("move_number", full("round 1\n1. d1-d6 3. f8-f3\n")),
        ("move_missing", full("round 1\n1. d1-d6 2.\n")),
        ("move_text", full("round 1\n1. d1-d6 2. f8-f9\n")),
        ("move_text", full("round 1\n1. d1d6\n")),
        ("move_text", full("round 1\n1. d1-d1\n")),
        ("rules_tag", HEAD.replace("standard", "chess") + GOES_ON),
        ("target_text", HEAD.replace("\"1\"", "\"x\"") + GOES_ON),
        ("target_tag", HEAD.replace("\"1\"", "\"4\"") + GOES_ON),
        (
            "target_tag",
            HEAD.replace("\"1\"", "\"4\"")
                + GOES_ON
                + "[FEN \"obvpyrgn/8/8/8/8/8/8/NGRYPVBO b -\"]\n",
        ),
        ("fen_text", tagged("[FEN \"bad\"]")),
        (
            "fen_target",
            tagged("[FEN \"obvpyrgn/8/8/8/8/8/8/NGRYPVBO b - 0-0/3\"]"),
        ),
        (
            "fen_position",
            tagged("[FEN \"oovpyrgn/8/8/8/8/8/8/NGRYPVBO b -\"]"),
        ),
        ("first_round_fill", full("round 1 fill: left\n")),
        ("fill_missing", format!("{to_three}\nround 2\n")),
        ("round_refused", format!("{single}\nround 2 fill: left\n")),
        ("move_refused", full("round 1\n1. d1-d6 2. a8-a7\n")),
        (
            "move_refused",
            with_result(&to_three, |_| Some(format!("{}. d1-d2", moves + 1))),
        ),
        ("result_missing", with_result(&to_three, |_| None)),
        ("result_early", full("round 1\n1. d1-d6\n1-0 home row\n")),
        ("result_wrong", with_result(&to_three, swap)),
        (
            "result_tag",
            format!("{HEAD}[Result \"1-0\"]\n\nround 1\n1. d1-d6\n"),
        ),
        (
            "result_tag",
            single
                .replace("[Result \"1-0\"]", GOES_ON.trim_end())
                .replace("[Result \"0-1\"]", GOES_ON.trim_end()),
        ),
    ];
    texts
        .into_iter()
        .map(|(kind, text)| {
            let e = refused(&text);
            let r = Refusal::record(&e);
            let Some(kamisado_wire::Param::Fields(cause)) = r.param("cause") else {
                panic!("{text}: no cause");
            };
            assert_eq!(cause["kind"], kind.into(), "{text}\n=> {e}");
            if e.fault.match_error().is_none() {
                assert_eq!(record_words(&e), e.to_string(), "{text}");
            }
            r
        })
        .collect()
}

/// The examples: every code, every choice, and the forms of counts and spans.
fn examples() -> Vec<Refusal> {
    let mut all: Vec<Refusal> = Code::ALL
        .iter()
        .filter(|&&c| !has_cause(c))
        .map(|&c| example(c))
        .collect();
    all.extend(causes());
    for c in Choice::ALL {
        let code = match c.param() {
            "action" => Code::SignInRequired,
            _ => Code::Watching,
        };
        all.push(Refusal::new(code).with(c.param(), *c));
    }
    for kind in kamisado_wire::Kind::ALL {
        all.push(example(Code::MalformedMessage).with("kind", kind));
    }
    for n in [2, 5, 11, 21, 22, 25] {
        all.push(Refusal::password_too_short(n));
        all.push(Refusal::unfinished_games(n));
    }
    for n in [21, 22, 25] {
        all.push(Refusal::name_too_long("x".repeat(n), n));
    }
    all.push(Refusal::name_character("a!", '!'));
    all.push(Refusal::name_character("a\tb", '\t'));
    for wait in [1, 2, 5, 21, 61, 150, 7200, 3 * 86_400] {
        all.push(Refusal::too_many_wrong_passwords(wait));
    }
    all.push(Refusal::claim_too_soon(Side::White, 1, 86_400 * 14));
    all.push(Refusal::rate_limited(0.5));
    all.push(Refusal::too_many_games(1, 60));
    all.push(Refusal::not_your_fill(Side::White, Side::Black));
    all
}

fn kind_name(kind: ParamKind) -> String {
    format!("{kind:?}").to_lowercase()
}

fn fixture_value() -> Value {
    let codes: Vec<Value> = Code::ALL
        .iter()
        .map(|c| {
            let params: Vec<Value> = c
                .params()
                .iter()
                .map(|p| json!({"name": p, "kind": kind_name(param_kind(p).expect("a kind"))}))
                .collect();
            json!({"code": c, "template": c.template(), "params": params})
        })
        .collect();
    let mut choice_words = serde_json::Map::new();
    for param in ["action", "act", "kind"] {
        let words: Vec<Value> = choices(param)
            .into_iter()
            .map(|(v, w)| json!([v, w]))
            .collect();
        choice_words.insert(param.into(), Value::Array(words));
    }
    let examples: Vec<Value> = examples()
        .iter()
        .map(|r| serde_json::to_value(r.body()).expect("a body is JSON"))
        .collect();
    json!({"codes": codes, "choices": choice_words, "examples": examples})
}

fn fixture() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../kamisado-server/e2e/fixtures/refusals.json")
}

#[test]
fn the_fixture_holds_every_code_and_choice_and_is_up_to_date() {
    let value = fixture_value();
    let text = serde_json::to_string_pretty(&value).expect("JSON") + "\n";
    let path = fixture();
    if std::env::var_os("KAMISADO_BLESS").is_some() {
        std::fs::write(&path, &text).expect("the fixture is written");
    }
    let stored = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        stored == text,
        "{} is not what the wire tells today: run KAMISADO_BLESS=1 cargo test -p kamisado-wire --test refusals",
        path.display()
    );
    let examples = value["examples"].as_array().expect("examples");
    for &code in Code::ALL {
        assert!(
            examples.iter().any(|e| e["code"] == code.name()),
            "no example of {code:?}"
        );
    }
}

#[test]
fn the_docs_list_every_code_with_its_english() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/refusals.md");
    let docs = std::fs::read_to_string(&path).expect("docs/refusals.md");
    for &code in Code::ALL {
        let row = format!("| `{}` |", code.name());
        let line = docs
            .lines()
            .find(|l| l.starts_with(&row))
            .unwrap_or_else(|| panic!("docs/refusals.md has no row for {}", code.name()));
        let english = code.template().replace('|', "\\|");
        assert!(line.ends_with(&format!("| {english} |")), "{line}");
    }
}

#[test]
fn every_example_is_read_back_with_its_words() {
    for r in examples() {
        let body = r.body();
        let text = serde_json::to_string(&body).expect("JSON");
        let read: kamisado_wire::RefusalBody = serde_json::from_str(&text).expect("a body");
        assert_eq!(read, body, "{text}");
        assert_eq!(read.refusal.reason(), read.error);
    }
}
