use super::template::{counted, places};
use super::*;

/// A refusal of `code` with a sample of each of its params.
fn example(code: Code) -> Refusal {
    let mut r = Refusal::new(code);
    for p in code.params() {
        r.params.insert(p.to_string(), sample(p));
    }
    r
}

#[test]
fn every_code_is_written_as_its_name_and_read_back() {
    for &code in Code::ALL {
        let json = serde_json::to_string(&code).unwrap();
        assert_eq!(json, format!("\"{}\"", code.name()));
        assert_eq!(serde_json::from_str::<Code>(&json).unwrap(), code);
        assert_eq!(Code::named(code.name()), Some(code));
    }
    let mut names: Vec<&str> = Code::ALL.iter().map(|c| c.name()).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), Code::ALL.len(), "two codes share a name");
}

#[test]
fn every_code_has_english_words_that_tell_each_of_its_params() {
    for &code in Code::ALL {
        let template = code.template();
        let placed: Vec<&str> = places(template).iter().map(|(p, _)| *p).collect();
        for p in code.params() {
            assert!(
                param_kind(p).is_some(),
                "{code:?}: the param {p} has no kind"
            );
            if param_kind(p) == Some(ParamKind::Cause) {
                // A cause is told in the place of the words it causes.
                let words = code
                    .params()
                    .iter()
                    .filter(|q| param_kind(q) == Some(ParamKind::Words));
                assert!(!placed.contains(p), "{code:?}: a cause is not placed");
                assert_eq!(
                    words.count(),
                    1,
                    "{code:?}: a cause goes with one param of words"
                );
                continue;
            }
            assert!(placed.contains(p), "{code:?}: its words do not tell {p}");
        }
        for (p, form) in places(template) {
            assert!(code.params().contains(&p), "{code:?}: {p} is not its param");
            if let Some(unit) = form {
                assert_eq!(
                    param_kind(p),
                    Some(ParamKind::Number),
                    "{code:?}: {p}:{unit}"
                );
                assert!(counted(unit, 2.0).is_some(), "{code:?}: no word {unit}");
            }
        }
        let words = example(code).reason();
        let unfilled = code
            .params()
            .iter()
            .any(|p| words.contains(&format!("{{{p}")));
        assert!(!words.is_empty() && !unfilled, "{code:?}: {words}");
        assert!(!words.contains('`'), "{code:?}: a backtick in {words}");
        assert!(
            !words.ends_with('.'),
            "{code:?}: words are a clause: {words}"
        );
    }
}

#[test]
fn refusals_read_back_what_they_write() {
    for &code in Code::ALL {
        let r = example(code);
        let json = serde_json::to_string(&r).unwrap();
        assert_eq!(serde_json::from_str::<Refusal>(&json).unwrap(), r, "{json}");
        let body = serde_json::to_string(&r.body()).unwrap();
        let read: RefusalBody = serde_json::from_str(&body).unwrap();
        assert_eq!(read.refusal, r, "{body}");
        assert_eq!(read.error, r.reason());
    }
    // A refusal without params has them empty on the wire, and reads without them.
    let r = Refusal::wrong_password();
    assert_eq!(
        serde_json::to_string(&r.body()).unwrap(),
        r#"{"error":"wrong name or password","code":"wrong_password","params":{}}"#
    );
    assert_eq!(
        serde_json::from_str::<Refusal>(r#"{"code":"wrong_password"}"#).unwrap(),
        r
    );
}

#[test]
fn counts_spans_and_characters_read_as_a_person_writes_them() {
    let name = |n: usize| Refusal::name_too_short("x".repeat(n), n).reason();
    assert_eq!(name(1), "the name x has 1 character: a name has 2 to 20");
    assert_eq!(
        Refusal::name_too_long("x".repeat(21), 21).reason(),
        format!(
            "the name {} has 21 characters: a name has 2 to 20",
            "x".repeat(21)
        )
    );
    assert_eq!(
        Refusal::name_character("Ann Lee", ' ').reason(),
        "the name Ann Lee has a space: a name is letters, digits, _ and -"
    );
    assert!(
        Refusal::name_character("a!", '!')
            .reason()
            .contains("has \"!\"")
    );
    assert!(
        Refusal::name_character("a\tb", '\t')
            .reason()
            .contains("U+0009")
    );
    let wait = |s: u64| Refusal::too_many_wrong_passwords(s).reason();
    assert!(wait(1).ends_with("try again in 1 second"));
    assert!(wait(75).ends_with("try again in 75 seconds"));
    assert!(wait(150).ends_with("try again in 3 minutes"));
    assert!(wait(3 * 86_400).ends_with("try again in 3 days"));
    assert_eq!(
        Refusal::rate_limited(0.001).reason(),
        "rate limit: at most 0.001 messages a second on one connection; this one was not read"
    );
    assert!(
        Refusal::rate_limited(20.0)
            .reason()
            .contains("at most 20 messages")
    );
    assert_eq!(
        Refusal::not_your_turn(kamisado_core::Side::Black, kamisado_core::Side::White).reason(),
        "it is Black's turn to move, and you hold Gold's seat"
    );
    assert_eq!(
        Refusal::sign_in_required(Choice::EnterTournament).reason(),
        "sign in to enter a tournament"
    );
    assert_eq!(
        Refusal::too_many_games(1, 60).reason(),
        "too many games: at most 1 game per client in 60 minutes; finish or wait"
    );
}

#[test]
fn every_choice_has_words_and_belongs_to_a_choice_param() {
    for c in Choice::ALL {
        assert_eq!(param_kind(c.param()), Some(ParamKind::Choice), "{c:?}");
        assert!(!c.words().is_empty());
    }
    assert_eq!(choices("kind").len(), crate::Kind::ALL.len());
    assert!(choices("name").is_empty());
}
