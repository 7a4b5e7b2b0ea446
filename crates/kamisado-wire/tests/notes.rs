//! A corpus of notes of every kind, as the server sends them: the page's
//! English rendering of each must equal its `text`, the rules crate's
//! English (`crates/kamisado-server/e2e/tests/notes.test.mjs` checks it).
//!
//! The corpus is `crates/kamisado-server/e2e/fixtures/notes.json`; this test
//! fails when it is not what the rules crate tells today, and writes it
//! anew with `KAMISADO_BLESS=1`.

use std::collections::BTreeMap;

use kamisado_core::geometry::{Board, Eight, Six, Ten};
use kamisado_core::random::SplitMix64;
use kamisado_core::story::{self, Concession};
use kamisado_core::{Fill, Match, MatchState, Rules};
use kamisado_wire::{ActView, NextView, Note};

/// The kind of a note, for keeping a few of each.
fn kind(note: &Note) -> String {
    let act = match &note.act {
        ActView::Step(_) => "step".to_string(),
        ActView::Push { turn, pushed, .. } => format!("push {turn:?} {}", pushed.len().min(2)),
        ActView::Pass { .. } => "pass".to_string(),
        ActView::Fill { .. } => "fill".to_string(),
        ActView::Concession { how, target, .. } => format!("concession {how} {}", *target == 1),
    };
    let next = match &note.next {
        None => "none".to_string(),
        Some(NextView::Forced(f)) => format!("forced {:?} {}", f.by, f.blocked),
        Some(NextView::Free { .. }) => "free".to_string(),
        Some(NextView::RoundOver(r)) => format!(
            "over {} {:?} {} {}",
            r.end,
            r.then,
            r.promoted.is_some(),
            r.points > 1
        ),
    };
    format!("{act} / {next}")
}

/// Notes of seeded random matches (single rounds and matches to 7) on
/// board `B` under `rules`: every move,
/// fill and, now and then, a resignation or a loss on time.
fn notes_of<B: Board>(rules: Rules, seed: u64, games: usize) -> Vec<Note> {
    let mut rng = SplitMix64::new(seed);
    let mut notes = Vec::new();
    for game in 0..games {
        let target = if game % 3 == 0 { 1 } else { 7 };
        let mut m: Match<B> = Match::new(rules, target).expect("a match");
        for ply in 0..400 {
            let note = match m.state() {
                MatchState::Over { .. } => break,
                MatchState::AwaitingFill { .. } => {
                    let fill = if rng.chance(1, 2) {
                        Fill::Left
                    } else {
                        Fill::Right
                    };
                    let told = story::of_fill(&m, fill).expect("a fill is legal");
                    m.fill(fill).expect("a fill is legal");
                    Note::from(&told)
                }
                MatchState::Playing if ply == 8 && matches!(game % 5, 1 | 2) => {
                    let side = m.position().side_to_move();
                    let how = if game % 2 == 0 {
                        Concession::Time
                    } else {
                        Concession::Resignation
                    };
                    notes.push(Note::from(
                        &story::of_concession(&m, side, how).expect("a concession"),
                    ));
                    break;
                }
                MatchState::Playing => {
                    let moves = m.position().legal_moves();
                    let mv = *rng.pick(&moves);
                    let told = story::of_move(&m, mv).expect("a legal move");
                    m.play(mv).expect("a legal move");
                    Note::from(&told)
                }
            };
            notes.push(note);
        }
    }
    notes
}

/// The corpus: up to three notes of each kind, from every board and rule set.
fn corpus() -> Vec<Note> {
    let zvezda: Rules = "zvezda".parse().expect("zvezda");
    let sumo_square: Rules = "sumo-square".parse().expect("sumo-square");
    let mut all = notes_of::<Eight>(Rules::STANDARD, 1, 40);
    all.extend(notes_of::<Eight>(zvezda, 2, 40));
    all.extend(notes_of::<Eight>(sumo_square, 3, 40));
    all.extend(notes_of::<Six>(Rules::STANDARD, 4, 20));
    all.extend(notes_of::<Ten>(zvezda, 5, 10));
    let mut kept: BTreeMap<String, Vec<Note>> = BTreeMap::new();
    for note in all {
        let of_kind = kept.entry(kind(&note)).or_default();
        if of_kind.len() < 3 {
            of_kind.push(note);
        }
    }
    kept.into_values().flatten().collect()
}

fn fixture() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../kamisado-server/e2e/fixtures/notes.json")
}

#[test]
fn the_corpus_holds_every_kind_of_note_and_is_up_to_date() {
    let notes = corpus();
    let kinds: Vec<String> = notes.iter().map(kind).collect();
    for wanted in [
        "pass",
        "push Loses",
        "push Moves",
        "fill",
        "concession resignation false",
        "concession resignation true",
        "concession time false",
        "concession time true",
        "over home row",
        "over deadlock",
        "forced Landed",
        "forced LastPushed",
        "forced Pushed",
        "forced SumoSquare",
        "forced Passed",
        "free",
        "Fill true",
        "MatchOver",
    ] {
        assert!(
            kinds.iter().any(|k| k.contains(wanted)),
            "no note of the kind `{wanted}` in {kinds:#?}"
        );
    }
    let text = serde_json::to_string_pretty(&notes).expect("notes are JSON") + "\n";
    let path = fixture();
    if std::env::var_os("KAMISADO_BLESS").is_some() {
        std::fs::write(&path, &text).expect("the fixture is written");
    }
    let stored = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        stored == text,
        "{} is not the corpus the rules crate tells today: run KAMISADO_BLESS=1 cargo test -p kamisado-wire --test notes",
        path.display()
    );
}
