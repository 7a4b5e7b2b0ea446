//! Every state of played matches against the patch that turns it into the
//! next: what a client is sent after each change gives it the new state.

use kamisado_core::any::AnyMove;
use kamisado_core::{Fill, Side};
use kamisado_wire::{
    ActView, NextView, PatchError, PatchView, Seat, ServerMessage, SideCode, StateView, Status,
};
use serde_json::Value;

use super::live::{Action, LiveGame};
use super::store::GameRow;

/// A match to 3 points on one screen, its first legal move each time
/// (a fill when the round is over): the game after each action, numbered
/// from 1.
fn played(rules: kamisado_core::Rules, board: &str, actions: usize) -> Vec<StateView> {
    played_by(rules, board, 3, actions, |_, _| 0)
}

/// As [`played`], a match to `target`, the move `pick(action, moves)` of
/// the legal ones each time and the fill left or right by turns.
fn played_by(
    rules: kamisado_core::Rules,
    board: &str,
    target: u8,
    actions: usize,
    pick: fn(usize, &[AnyMove]) -> usize,
) -> Vec<StateView> {
    let row = GameRow::on_one_screen(rules, board.parse().unwrap(), target);
    let mut game = LiveGame::rebuild(row, &[]).unwrap();
    let mut states = vec![game.view()];
    while states.len() <= actions {
        let last = states.last().unwrap();
        let action = match last.status {
            Status::Playing => Action::Move(last.legal[pick(states.len(), &last.legal)]),
            Status::Fill if states.len() % 2 == 0 => Action::Fill(Fill::Left),
            Status::Fill => Action::Fill(Fill::Right),
            Status::Over => break,
        };
        let note = game.tell(action).unwrap();
        game.apply(action, note).unwrap();
        states.push(game.view());
    }
    for (i, state) in states.iter_mut().enumerate() {
        state.seq = i as u64 + 1;
    }
    states
}

/// Checks that the patch from `old` to `new`, written and read back,
/// turns `old` into `new`; returns it.
fn round_trip(old: &StateView, new: &StateView) -> PatchView {
    let mut new = new.clone();
    new.seq = old.seq + 1;
    let patch = new.patch_from(old);
    let text = ServerMessage::Patch(patch.clone()).to_text();
    let ServerMessage::Patch(read) = ServerMessage::decode(&text).unwrap() else {
        panic!("not a patch: {text}");
    };
    assert_eq!(read, patch);
    let mut state = old.clone();
    read.apply(&mut state).unwrap();
    assert_eq!(state, new, "{text}");
    // A whole state reads back as itself too.
    let whole = ServerMessage::State(Box::new(new.clone())).to_text();
    assert_eq!(
        ServerMessage::decode(&whole).unwrap(),
        ServerMessage::State(Box::new(new.clone()))
    );
    assert!(!patch.set.contains_key("layout"), "{text}");
    // Each kind of client, told its own way, comes to the state it is told.
    let seats = [
        None,
        Some(Seat::Side(Side::Black)),
        Some(Seat::Side(Side::White)),
        Some(Seat::Both),
    ];
    for seat in seats {
        let seen = patch.seen_by(seat, old, &new);
        let text = ServerMessage::Patch(seen).to_text();
        let ServerMessage::Patch(read) = ServerMessage::decode(&text).unwrap() else {
            panic!("not a patch: {text}");
        };
        let mut state = old.seen_by(seat);
        read.apply(&mut state).unwrap();
        assert_eq!(state, new.seen_by(seat), "{seat:?}: {text}");
    }
    patch
}

/// The patch from `old` to `new` a client in `seat` is sent, as written.
fn text_seen_by(old: &StateView, new: &StateView, seat: Option<Seat>) -> String {
    let mut new = new.clone();
    new.seq = old.seq + 1;
    let patch = new.patch_from(old).seen_by(seat, old, &new);
    ServerMessage::Patch(patch).to_text()
}

/// A board and rule set of each kind: the three boards, a sumo square and zvezda.
fn boards() -> [(kamisado_core::Rules, &'static str); 4] {
    [
        (kamisado_core::Rules::STANDARD, "8x8"),
        (kamisado_core::Rules::STANDARD, "6x6"),
        ("sumo-square".parse().unwrap(), "10x10"),
        ("zvezda".parse().unwrap(), "8x8"),
    ]
}

#[test]
fn a_patch_turns_each_state_into_the_next() {
    let mut round_ends = 0;
    for (rules, board) in boards() {
        let states = played(rules, board, 80);
        assert!(
            states.iter().any(|s| s.round > 1),
            "{board}: a round is won and another filled"
        );
        for pair in states.windows(2) {
            let patch = round_trip(&pair[0], &pair[1]);
            assert_eq!((patch.seq, patch.base), (pair[1].seq, pair[0].seq));
            // A move adds one note and changes the last round only.
            // One note added after the state's own, written as `note`.
            assert!(patch.note.is_some() && patch.notes.is_none(), "{patch:?}");
            let notes = patch.notes_tail(pair[0].notes.len()).unwrap();
            assert_eq!((notes.from, notes.items.len()), (pair[0].notes.len(), 1));
            // A move within a round leaves the towers it moved and the
            // record's new move to its note; a round's end or a fill says more.
            let (old, new) = (&pair[0], &pair[1]);
            if let (true, Status::Playing, Some(_)) = (old.round == new.round, new.status, new.last)
            {
                assert!(patch.moved.is_empty(), "{board}: {patch:?}");
                assert!(!patch.set.contains_key("towers"), "{board}");
                assert!(!patch.set.contains_key("last"), "{board}");
                assert!(patch.played.is_empty(), "{board}");
                assert_eq!(patch.rounds, None, "{board}");
            } else {
                assert!(
                    patch.rounds.is_some() || !patch.played.is_empty() || patch.result.is_some(),
                    "every action is in the record"
                );
            }
            // A round's end: its result only, not the round again.
            let ends = |s: &StateView| s.rounds.last().and_then(|r| r.result.clone());
            if old.rounds.len() == new.rounds.len() && ends(old).is_none() && ends(new).is_some() {
                assert_eq!(
                    (&patch.rounds, &patch.result),
                    (&None, &ends(new)),
                    "{board}"
                );
                round_ends += 1;
            }
        }
    }
    assert!(round_ends >= 4, "{round_ends} rounds ended");
}

/// Varied play: a push whenever there is one, else a move that is neither
/// the first nor the last of the list.
fn varied(action: usize, moves: &[AnyMove]) -> usize {
    moves
        .iter()
        .position(|m| m.to_string().contains('>'))
        .unwrap_or((action * 7 + 3) % moves.len())
}

#[test]
fn a_patch_of_varied_play_with_pushes_and_passes_turns_each_state_into_the_next() {
    let (mut pushes, mut passes, mut fills, mut promotions) = (0, 0, 0, 0);
    for (rules, board) in boards() {
        let states = played_by(rules, board, 15, 600, varied);
        for pair in states.windows(2) {
            let patch = round_trip(&pair[0], &pair[1]);
            let note = patch.note.as_ref().expect("a note for every action");
            // A round won: the scorer's new tooth is the note's to tell.
            if let Some(NextView::RoundOver(end)) = &note.next {
                if end.promoted.is_some() && !patch.set.contains_key("towers") {
                    promotions += 1;
                }
            }
            match note.act {
                ActView::Push { .. } => pushes += 1,
                ActView::Pass { .. } => passes += 1,
                ActView::Fill { .. } => fills += 1,
                _ => {}
            }
        }
    }
    assert!(
        pushes > 0 && passes > 0 && fills > 0 && promotions > 0,
        "{pushes} pushes, {passes} passes, {fills} fills, {promotions} promotions told"
    );
}

#[test]
fn a_fills_preview_is_where_that_fill_puts_the_towers() {
    let mut fills = 0;
    for (rules, board) in boards() {
        let states = played_by(rules, board, 15, 300, varied);
        for pair in states.windows(2) {
            let (Some(preview), Some(fill)) = (&pair[0].fill_preview, pair[1].rounds.last()) else {
                continue;
            };
            let moves = match fill.fill.as_deref() {
                Some("left") => &preview.left,
                Some("right") => &preview.right,
                other => panic!("a fill chosen as {other:?}"),
            };
            let mut towers = pair[0].towers.clone();
            for tower in &mut towers {
                if let Some([_, to]) = moves.iter().find(|[from, _]| *from == tower.sq) {
                    tower.sq = to.clone().into();
                }
            }
            let key = |t: &kamisado_wire::TowerView| format!("{t:?}");
            towers.sort_by_key(key);
            let mut filled = pair[1].towers.clone();
            filled.sort_by_key(key);
            assert_eq!(towers, filled, "{board}");
            fills += 1;
        }
    }
    assert!(fills > 10, "{fills} fills");
}

#[test]
fn a_move_says_nothing_its_note_tells() {
    let states = played(kamisado_core::Rules::STANDARD, "8x8", 12);
    let (old, new) = (&states[10], &states[11]);
    let patch = round_trip(old, new);
    assert!(matches!(patch.note.as_ref().unwrap().act, ActView::Step(_)));
    // The position's text too: the client's rules crate plays the move.
    assert!(patch.set.is_empty(), "{patch:?}");
    // A step and a forced tower, the commonest act and next, go without
    // their kind.
    let text = ServerMessage::Patch(patch.clone()).to_text();
    assert!(matches!(
        patch.note.as_ref().unwrap().next,
        Some(NextView::Forced(_))
    ));
    assert!(!text.contains("\"kind\""), "{text}");
    assert!(patch.moved.is_empty() && patch.played.is_empty() && patch.rounds.is_none());
}

#[test]
fn a_patch_writes_the_position_only_where_its_note_does_not_tell_it() {
    for (rules, board) in [
        (kamisado_core::Rules::STANDARD, "8x8"),
        ("standard+opening-limits".parse().unwrap(), "8x8"),
        (kamisado_core::Rules::STANDARD, "10x10"),
    ] {
        let states = played_by(rules, board, 15, 400, |i, moves| i * 7 % moves.len());
        let (mut told, mut written) = (0, 0);
        for pair in states.windows(2) {
            let patch = round_trip(&pair[0], &pair[1]);
            let goes_on = pair[1].status == Status::Playing && pair[1].round == pair[0].round;
            if goes_on && patch.note.is_some() {
                assert!(!patch.set.contains_key("fen"), "{rules} {board}: {patch:?}");
                told += 1;
            } else if pair[1].fen != pair[0].fen {
                assert!(patch.set.contains_key("fen"), "{rules} {board}: {patch:?}");
                written += 1;
            }
        }
        assert!(
            told > 100 && written > 3,
            "{rules} {board}: {told} told, {written} written"
        );
    }
}

#[test]
fn a_move_is_told_in_few_bytes_and_its_moves_only_to_the_side_to_move() {
    let states = played(kamisado_core::Rules::STANDARD, "8x8", 12);
    let (old, new) = (&states[10], &states[11]);
    assert_eq!(new.status, Status::Playing);
    let to_move = new.to_act.map(|side| Seat::Side(side.into()));
    let moved = to_move.map(|seat| match seat {
        Seat::Side(side) => Seat::Side(!side),
        Seat::Both => Seat::Both,
    });
    // The one to move is sent its moves; the one who moved and a watcher are not.
    assert!(!new.seen_by(to_move).legal.is_empty());
    assert!(new.seen_by(moved).legal.is_empty());
    assert!(new.seen_by(None).legal.is_empty());
    let whole = ServerMessage::State(Box::new(new.clone())).to_text().len();
    for seat in [None, moved, to_move] {
        let bytes = text_seen_by(old, new, seat).len();
        assert!(bytes * 3 < whole, "{seat:?}: {bytes} bytes of {whole}");
    }
    // The one to move is sent the forced tower's moves by their targets;
    // the one who moved, no `legal` (none) and no `base` (the state before).
    let json: Value = serde_json::from_str(&text_seen_by(old, new, to_move)).unwrap();
    let legal: Vec<&str> = json["set"]["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    let forced = new.forced.as_deref().unwrap();
    let targets: Vec<String> = new.legal.iter().map(|m| m.to_string()).collect();
    let targets: Vec<&str> = targets.iter().map(|m| &m[forced.len() + 1..]).collect();
    assert_eq!(legal, targets, "{json}");
    let json: Value = serde_json::from_str(&text_seen_by(old, new, moved)).unwrap();
    assert!(json["set"].get("legal").is_none(), "{json}");
    assert!(
        json.get("base").is_none() && json.get("note").is_some(),
        "{json}"
    );
}

#[test]
fn a_patch_takes_back_renames_and_changes_nothing() {
    let states = played(kamisado_core::Rules::STANDARD, "8x8", 80);
    let end = states.len() - 1;
    assert!(end > 20, "{end} actions");
    // Taking back: from any state to an earlier one.
    for (later, earlier) in [(end, end - 1), (end, 20), (end, 0), (12, 11)] {
        let patch = round_trip(&states[later], &states[earlier]);
        let notes = patch.notes.unwrap();
        assert_eq!(notes.from, earlier);
        assert!(notes.items.is_empty());
    }
    // A name, an offer, a seat taken, the engine thinking: those fields only.
    let old = &states[10];
    let mut new = old.clone();
    new.names.w = "Ann".into();
    new.takeback = Some(SideCode::Black);
    new.joined.b = !old.joined.b;
    new.thinking = true;
    let patch = round_trip(old, &new);
    let mut set: Vec<&str> = patch.set.keys().map(String::as_str).collect();
    set.sort_unstable();
    assert_eq!(set, ["joined", "names", "takeback", "thinking"]);
    assert_eq!((patch.notes, patch.rounds), (None, None));
    // Nothing changed: an empty patch.
    let patch = round_trip(old, old);
    assert!(patch.set.is_empty() && patch.notes.is_none() && patch.rounds.is_none());
    // Its base, the state before it, is left unwritten.
    let text = ServerMessage::Patch(patch.clone()).to_text();
    assert_eq!(
        text,
        format!(r#"{{"t":"patch","seq":{},"set":{{}}}}"#, old.seq + 1)
    );
    assert_eq!(
        ServerMessage::decode(&text).ok(),
        Some(ServerMessage::Patch(patch.clone()))
    );
    // A base further back is written, and read back.
    let far = PatchView {
        seq: old.seq + 3,
        ..patch
    };
    let text = ServerMessage::Patch(far.clone()).to_text();
    assert!(text.contains(&format!(r#""base":{}"#, old.seq)), "{text}");
    assert_eq!(
        ServerMessage::decode(&text).ok(),
        Some(ServerMessage::Patch(far))
    );
}

#[test]
fn a_patch_applies_only_to_its_base_and_the_reason_it_does_not_is_given() {
    let states = played(kamisado_core::Rules::STANDARD, "8x8", 3);
    let patch = states[2].patch_from(&states[1]);
    let mut state = states[0].clone();
    assert_eq!(
        patch.apply(&mut state),
        Err(PatchError::Base { base: 2, seq: 1 })
    );
    assert_eq!(state, states[0]);
    let refused = |edit: &dyn Fn(&mut PatchView)| {
        let mut bad = patch.clone();
        edit(&mut bad);
        let mut state = states[1].clone();
        let error = bad.apply(&mut state).unwrap_err();
        // A missed patch leaves the state as it was; a field no state has
        // or a value it cannot hold may have changed it in part.
        if matches!(error, PatchError::Base { .. } | PatchError::Tail { .. }) {
            assert_eq!(state, states[1], "{error}");
        }
        error
    };
    let e = refused(&|p| {
        std::sync::Arc::make_mut(&mut p.set).insert("colour".into(), Value::Null);
    });
    assert_eq!(e, PatchError::Field("colour".into()));
    let e = refused(&|p| {
        std::sync::Arc::make_mut(&mut p.set).insert("seq".into(), 9.into());
    });
    assert_eq!(e, PatchError::Field("seq".into()));
    let e = refused(&|p| {
        std::sync::Arc::make_mut(&mut p.set).insert("n".into(), "three".into());
    });
    assert!(matches!(e, PatchError::Value(_)), "{e}");
    let e = refused(&|p| {
        p.notes = p
            .notes_tail(0)
            .map(|tail| kamisado_wire::Tail { from: 99, ..tail });
        p.note = None;
    });
    assert_eq!(
        e.to_string(),
        "the patch keeps 99 of `notes`, which has only 1"
    );
}

/// The fields of a state that patches change, with its towers and its
/// record shortly, as `e2e/tests/patch.test.mjs` writes them too.
fn shortly(state: &StateView) -> Value {
    let whole = serde_json::to_value(state).unwrap();
    let fields = [
        "seq",
        "n",
        "status",
        "to_act",
        "forced",
        "forced_colour",
        "last",
        "fen",
        "legal",
        "score",
        "round",
    ];
    let mut fields: serde_json::Map<String, Value> = fields
        .iter()
        .map(|f| (f.to_string(), whole[*f].clone()))
        .collect();
    let towers = state
        .towers
        .iter()
        .map(|t| format!("{}{}{}", t.sq, t.colour, t.teeth));
    fields.insert("towers".into(), towers.collect::<Vec<_>>().join(" ").into());
    let moves = state.rounds.iter().map(|r| r.moves.len().to_string());
    fields.insert("moves".into(), moves.collect::<Vec<_>>().join(" ").into());
    Value::Object(fields)
}

/// The page applies patches with its own code (`assets/patch.js`); the
/// fixture `e2e/fixtures/patches.json` holds games as a client in a seat is
/// told them: the first state, each patch, the state after each (its
/// fields that patches change) and the last state whole, for
/// `e2e/tests/patch.test.mjs` to apply and compare. This test fails when
/// the fixture is not what the server tells today, and writes it anew with
/// `KAMISADO_BLESS=1`.
#[test]
fn the_pages_patch_fixture_is_what_the_server_tells() {
    use serde_json::json;
    let games = [
        (
            kamisado_core::Rules::STANDARD,
            "8x8",
            Some(Seat::Side(Side::Black)),
            120,
        ),
        ("zvezda".parse().unwrap(), "8x8", None, 80),
        (kamisado_core::Rules::STANDARD, "6x6", Some(Seat::Both), 50),
    ];
    let mut out = Vec::new();
    let mut pushes = 0;
    for (rules, board, seat, actions) in games {
        let states = played_by(rules, board, 15, actions, varied);
        let seen: Vec<StateView> = states.iter().map(|s| s.seen_by(seat)).collect();
        let mut patches = Vec::new();
        let mut after = Vec::new();
        for (pair, told) in states.windows(2).zip(&seen[1..]) {
            let patch = pair[1]
                .patch_from(&pair[0])
                .seen_by(seat, &pair[0], &pair[1]);
            let text = ServerMessage::Patch(patch).to_text();
            pushes += usize::from(text.contains(r#""kind":"push""#));
            patches.push(serde_json::from_str::<Value>(&text).unwrap());
            after.push(shortly(told));
        }
        out.push(json!({
            "rules": rules.to_string(),
            "board": board,
            "seat": match seat {
                None => "a watcher",
                Some(Seat::Side(Side::Black)) => "Black",
                Some(Seat::Side(Side::White)) => "Gold",
                Some(Seat::Both) => "both sides",
            },
            "start": seen[0],
            "patches": patches,
            "after": after,
            "end": seen.last().unwrap(),
        }));
    }
    assert!(pushes > 0, "the fixture has a push");
    let text = serde_json::to_string(&json!({ "games": out })).unwrap() + "\n";
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("e2e/fixtures/patches.json");
    if std::env::var_os("KAMISADO_BLESS").is_some() {
        std::fs::write(&path, &text).expect("the fixture is written");
    }
    let stored = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        stored == text,
        "{} is not what the server tells today: run KAMISADO_BLESS=1 cargo test -p kamisado-server --lib patches",
        path.display()
    );
}
