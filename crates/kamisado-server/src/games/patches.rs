//! Every state of played matches against the patch that turns it into the
//! next: what a client is sent after each change gives it the new state.

use kamisado_core::{Fill, Side};
use kamisado_wire::{
    Mode, PatchError, PatchView, Seat, ServerMessage, SideCode, StateView, Status,
};
use serde_json::Value;

use super::live::{Action, LiveGame};
use super::store::GameRow;

/// A match to 3 points on one screen, its first legal move each time
/// (a fill when the round is over): the game after each action, numbered
/// from 1.
fn played(rules: kamisado_core::Rules, board: &str, actions: usize) -> Vec<StateView> {
    let row = GameRow {
        id: "0123456789abcdef".into(),
        created_at: "2026.01.01".into(),
        mode: Mode::Local,
        rules,
        board: board.parse().unwrap(),
        target: 3,
        black_name: "Black".into(),
        white_name: "Gold".into(),
        black_key: None,
        white_key: None,
        engine_side: None,
        level: None,
        seed: 0,
        black_account: None,
        white_account: None,
        rated: false,
        time: None,
    };
    let mut game = LiveGame::rebuild(row, &[]).unwrap();
    let mut states = vec![game.view()];
    while states.len() <= actions {
        let last = states.last().unwrap();
        let action = match last.status {
            Status::Playing => Action::Move(last.legal[0]),
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

/// The bytes of the patch from `old` to `new` a client in `seat` is sent.
fn bytes_seen_by(old: &StateView, new: &StateView, seat: Option<Seat>) -> usize {
    let mut new = new.clone();
    new.seq = old.seq + 1;
    let patch = new.patch_from(old).seen_by(seat, old, &new);
    ServerMessage::Patch(patch).to_text().len()
}

#[test]
fn a_patch_turns_each_state_into_the_next() {
    let boards = [
        (kamisado_core::Rules::STANDARD, "8x8"),
        (kamisado_core::Rules::STANDARD, "6x6"),
        ("sumo-square".parse().unwrap(), "10x10"),
        ("zvezda".parse().unwrap(), "8x8"),
    ];
    for (rules, board) in boards {
        let states = played(rules, board, 80);
        assert!(
            states.iter().any(|s| s.round > 1),
            "{board}: a round is won and another filled"
        );
        for pair in states.windows(2) {
            let patch = round_trip(&pair[0], &pair[1]);
            assert_eq!((patch.seq, patch.base), (pair[1].seq, pair[0].seq));
            // A move adds one note and changes the last round only.
            let notes = patch.notes.clone().expect("a note for every action");
            assert_eq!((notes.from, notes.items.len()), (pair[0].notes.len(), 1));
            // A move within a round says which towers moved and adds the
            // move to the round's record; a round's end or a fill may say more.
            let (old, new) = (&pair[0], &pair[1]);
            if let (true, Status::Playing, Some(last)) =
                (old.round == new.round, new.status, new.last)
            {
                assert!(!patch.moved.is_empty(), "{board}: {patch:?}");
                assert!(!patch.set.contains_key("towers"), "{board}");
                assert_eq!(patch.played, vec![last], "{board}");
                assert_eq!(patch.rounds, None, "{board}");
            } else {
                assert!(
                    patch.rounds.is_some() || !patch.played.is_empty(),
                    "every action is in the record"
                );
            }
        }
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
        let bytes = bytes_seen_by(old, new, seat);
        assert!(bytes * 3 < whole, "{seat:?}: {bytes} bytes of {whole}");
    }
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
    assert_eq!(
        ServerMessage::Patch(patch).to_text(),
        format!(
            r#"{{"t":"patch","seq":{},"base":{},"set":{{}}}}"#,
            old.seq + 1,
            old.seq
        )
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
    let e = refused(&|p| p.notes.as_mut().unwrap().from = 99);
    assert_eq!(
        e.to_string(),
        "the patch keeps 99 of `notes`, which has only 1"
    );
}
