//! Patches: what turns one state of a game into the next, so that a client
//! is sent only what changed.

use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use kamisado_core::any::{AnyMove, fen_after};
use kamisado_core::geometry::BoardSize;
use kamisado_core::{Square, with_board};

use crate::note::{ActView, ForcedView, NextView, Note, StepAct, Then, TowerName};
use crate::state::{RoundLog, SeatRights, StateView, TowerView};
use crate::text::{MoveStr, plain, text_move_option, text_moves};
use crate::vocabulary::{Seat, SideCode};

/// A field's value as JSON, written as a state writes it (through its
/// `serde(with)` module, when it has one).
macro_rules! field_to_value {
    ($value:expr) => {
        serde_json::to_value($value)
    };
    ($value:expr, $with:ident) => {
        $with::serialize($value, serde_json::value::Serializer)
    };
}

/// A field's value read from JSON, as a state reads it.
macro_rules! field_from_value {
    ($value:expr) => {
        Deserialize::deserialize($value)
    };
    ($value:expr, $with:ident) => {
        $with::deserialize($value)
    };
}

/// The fields a patch sets, named as a state writes them: one list for
/// finding the fields that changed and for setting them, field by field
/// (no whole state is turned into JSON values on either side).
macro_rules! patched_fields {
    (
        diffed: [$($field:ident $(with $with:ident)?),* $(,)?],
        set_only: [$($whole:ident),* $(,)?],
        own: [$($own:ident),* $(,)?] $(,)?
    ) => {
        impl StateView {
            /// Each field of `self` (in the list) that differs from `old`'s, as JSON.
            pub(crate) fn changed_fields(&self, old: &StateView) -> serde_json::Map<String, Value> {
                let mut set = serde_json::Map::new();
                $(
                    if self.$field != old.$field {
                        // Never fails: each field is written as JSON in every state.
                        let value = field_to_value!(&self.$field $(, $with)?).unwrap_or(Value::Null);
                        set.insert(stringify!($field).to_string(), value);
                    }
                )*
                set
            }

            /// Sets the field called `name` from its JSON value.
            fn set_field(&mut self, name: &str, value: &Value) -> Result<(), PatchError> {
                let bad = |e: serde_json::Error| PatchError::Value(format!("{name}: {e}"));
                match name {
                    $(
                        stringify!($field) => {
                            self.$field = field_from_value!(value $(, $with)?).map_err(bad)?;
                        }
                    )*
                    $(
                        stringify!($whole) => {
                            self.$whole = Deserialize::deserialize(value).map_err(bad)?;
                        }
                    )*
                    _ => return Err(PatchError::Field(name.to_string())),
                }
                Ok(())
            }
        }

        /// Fails to compile when a state has a field the list leaves out.
        const _: fn(&StateView) = |state| {
            let StateView { seq: _, notes: _, rounds: _, $($field: _,)* $($whole: _,)* $($own: _),* } = state;
        };
    };
}

// Every field of a state but `seq`, `notes` and `rounds`, which a patch
// carries on its own; `towers` is set whole only when its towers did more
// than move (a patch says which moved, in `moved`); `legal` and `rights`,
// told to each seat its own way, are fields of the patch (written in `set`).
patched_fields!(
    diffed: [
        id, mode, level, engine, names, joined, n, rules with plain, board with plain, layout,
        target, score, round, fen, status, to_act, winner, forced, forced_colour,
        last with text_move_option, last_round, fill_preview, takeback, takeback_answer,
        rematch, rematch_answer, rematch_game,
        thinking, players, rated, clock,
    ],
    set_only: [towers],
    own: [legal, rights],
);

/// The end of a list that changed: keep the first `from` items, replace the
/// rest with `items`. A move adds a note (`from` the old length, one item);
/// a takeback removes some (`from` the new length, no items).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tail<T> {
    /// How many items are kept.
    pub from: usize,
    /// The items after them.
    pub items: Vec<T>,
}

impl<T: Clone + PartialEq> Tail<T> {
    /// The tail that turns `old` into `new`; none when they are equal.
    pub fn between(old: &[T], new: &[T]) -> Option<Tail<T>> {
        let from = old.iter().zip(new).take_while(|(a, b)| a == b).count();
        (from < old.len() || from < new.len()).then(|| Tail {
            from,
            items: new[from..].to_vec(),
        })
    }

    /// Whether the tail adds items after all of a list of `len` items,
    /// removing none.
    pub fn appends_to(&self, len: usize) -> bool {
        self.from == len && !self.items.is_empty()
    }

    /// Whether the tail applies to a list of `len` items (`what` names it
    /// in the error).
    ///
    /// # Errors
    /// [`PatchError::Tail`] when the list is shorter than `from`.
    pub fn check(&self, len: usize, what: &'static str) -> Result<(), PatchError> {
        if self.from > len {
            return Err(PatchError::Tail {
                list: what,
                from: self.from,
                len,
            });
        }
        Ok(())
    }

    /// Applies the tail to `list` (`what` names it in the error).
    ///
    /// # Errors
    /// [`PatchError::Tail`] when the list is shorter than `from`.
    pub fn apply(&self, list: &mut Vec<T>, what: &'static str) -> Result<(), PatchError> {
        self.check(list.len(), what)?;
        list.truncate(self.from);
        list.extend_from_slice(&self.items);
        Ok(())
    }
}

/// A change to a game: what turns the state numbered `base` into the state
/// numbered `seq` (`base + 1`), sent to every client after each change.
///
/// Written as `{"seq", "base"?, "set", "note"?, "notes"?, "rounds"?,
/// "moved"?, "played"?, "result"?}`, with `legal` and `rights` among the
/// fields of `set`; `base` only when it is not `seq - 1`, `note` for a
/// single action's note added after the state's own (a step's act and a
/// forced tower's next written without their `kind`).
///
/// What the notes it adds tell is not written again: after a move, a
/// client takes the move, the towers it displaced, the action's number, who
/// acts next and the tower they must move from the new note, and while the
/// round goes on the position's text, the move played on the state's own
/// ([`Told`]);
/// `set`, `moved`, `played` and `rounds` say only what differs from that.
/// A single new note, as a seat is told it ([`PatchView::seen_by`]), names
/// no tower the client's state shows on the square it names (the one that
/// acted, before it; the one to move next, after it): the client names them.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(try_from = "RawPatch")]
pub struct PatchView {
    /// The number of the new state.
    pub seq: u64,
    /// The number of the state it applies to (written only when it is not
    /// the one before `seq`).
    pub base: u64,
    /// Each field of the state whose value changed (but `seq`, `notes`,
    /// `rounds`, `legal` and `rights`), with its new value as a state
    /// writes it; shared by the patches each seat is told.
    pub set: Arc<serde_json::Map<String, Value>>,
    /// The legal moves: after an action (new notes), whenever there are
    /// any (none written: none); otherwise when they changed. Those of the
    /// tower that `note` says must move are written by their targets only
    /// (`c3` for `c1-c3`, `>c2` for the push `c1>c2`).
    pub legal: Option<Vec<AnyMove>>,
    /// What each seat may do, when it changed.
    pub rights: Option<SeatRights>,
    /// The note of a single action added after the state's own (`notes`
    /// is then none).
    pub note: Option<Arc<Note>>,
    /// Any other change to `notes`.
    pub notes: Option<Tail<Arc<Note>>>,
    /// The change to `rounds`, if any.
    pub rounds: Option<Tail<RoundLog>>,
    /// The towers that moved, each `[from, to]`, all at once (a push moves
    /// several), when that is all that changed of `towers`.
    pub moved: Vec<[String; 2]>,
    /// The moves added to the last round's record, when that (and its
    /// result) is all that changed of `rounds`.
    pub played: Vec<AnyMove>,
    /// The last round's new result (`1-0 home row`), when that (and the
    /// moves played) is all that changed of `rounds`.
    pub result: Option<String>,
}

/// A patch as written, `legal` and `rights` among the fields of `set`.
#[derive(Deserialize)]
struct RawPatch {
    seq: u64,
    #[serde(default)]
    base: Option<u64>,
    #[serde(default)]
    set: serde_json::Map<String, Value>,
    #[serde(default)]
    note: Option<RawNote>,
    #[serde(default)]
    notes: Option<Tail<Arc<Note>>>,
    #[serde(default)]
    rounds: Option<Tail<RoundLog>>,
    #[serde(default)]
    moved: Vec<[String; 2]>,
    #[serde(default, with = "text_moves")]
    played: Vec<AnyMove>,
    #[serde(default)]
    result: Option<String>,
}

impl TryFrom<RawPatch> for PatchView {
    type Error = String;

    fn try_from(mut raw: RawPatch) -> Result<PatchView, String> {
        let note = raw.note.map(RawNote::read).transpose()?.map(Arc::new);
        let legal = match raw.set.remove("legal") {
            Some(value) => Some(read_legal(value, forced_square(note.as_ref()))?),
            None => None,
        };
        let rights = match raw.set.remove("rights") {
            Some(value) => {
                Some(SeatRights::deserialize(value).map_err(|e| format!("rights: {e}"))?)
            }
            None => None,
        };
        Ok(PatchView {
            seq: raw.seq,
            base: match raw.base {
                Some(base) => base,
                None => raw.seq.checked_sub(1).ok_or("seq 0 without a base")?,
            },
            set: Arc::new(raw.set),
            legal,
            rights,
            note,
            notes: raw.notes,
            rounds: raw.rounds,
            moved: raw.moved,
            played: raw.played,
            result: raw.result,
        })
    }
}

/// A patch's single new note as written ([`PatchNote`]): a step's act and
/// a forced tower's next may come without their `kind`.
#[derive(Deserialize)]
struct RawNote {
    #[serde(default)]
    text: String,
    act: Value,
    #[serde(default)]
    next: Option<Value>,
}

impl RawNote {
    /// The note, each part without a `kind` read as the commonest of its
    /// kinds; the error names the part.
    fn read(self) -> Result<Note, String> {
        let kinded = |value: &Value| value.get("kind").is_some();
        let act = if kinded(&self.act) {
            ActView::deserialize(self.act)
        } else {
            StepAct::deserialize(self.act).map(ActView::Step)
        };
        let next = match self.next {
            Some(next) if kinded(&next) => NextView::deserialize(next).map(Some),
            Some(next) => ForcedView::deserialize(next).map(|f| Some(NextView::Forced(f))),
            None => Ok(None),
        };
        Ok(Note {
            text: self.text,
            act: act.map_err(|e| format!("note: act: {e}"))?,
            next: next.map_err(|e| format!("note: next: {e}"))?,
        })
    }
}

/// A patch's single new note as written: a step's act and a forced
/// tower's next, the commonest of each, without their `kind`.
struct PatchNote<'a>(&'a Note);

impl Serialize for PatchNote<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let note = self.0;
        let mut map = s.serialize_map(Some(2 + usize::from(!note.text.is_empty())))?;
        if !note.text.is_empty() {
            map.serialize_entry("text", &note.text)?;
        }
        match &note.act {
            ActView::Step(step) => map.serialize_entry("act", step)?,
            act => map.serialize_entry("act", act)?,
        }
        match &note.next {
            Some(NextView::Forced(forced)) => map.serialize_entry("next", forced)?,
            next => map.serialize_entry("next", next)?,
        }
        map.end()
    }
}

/// The fields of `set` as written: the shared ones, then `legal` and `rights`.
struct SetFields<'a>(&'a PatchView);

impl Serialize for SetFields<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let patch = self.0;
        let extra = usize::from(patch.legal.is_some()) + usize::from(patch.rights.is_some());
        let mut map = s.serialize_map(Some(patch.set.len() + extra))?;
        for (name, value) in patch.set.iter() {
            map.serialize_entry(name, value)?;
        }
        if let Some(legal) = &patch.legal {
            let from = forced_square(patch.note.as_ref());
            map.serialize_entry("legal", &ShortMoves(legal, from))?;
        }
        if let Some(rights) = &patch.rights {
            map.serialize_entry("rights", rights)?;
        }
        map.end()
    }
}

/// The square of the tower that a patch's single new note says must move
/// next.
fn forced_square(note: Option<&Arc<Note>>) -> Option<&str> {
    match note?.next.as_ref()? {
        NextView::Forced(ForcedView { square, .. }) => Some(square),
        _ => None,
    }
}

/// Legal moves as a patch writes them: those of the tower on `from` (the
/// forced tower, which the patch's note names) by their target only, `c3`
/// for `c1-c3` and `>c2` for the push `c1>c2`; every other in full.
struct ShortMoves<'a>(&'a [AnyMove], Option<&'a str>);

/// One of [`ShortMoves`]: a step of the forced tower by its target's name,
/// which needs no text made; any other move from its text.
enum ShortMove {
    Target(&'static str),
    Text(MoveStr),
}

impl Serialize for ShortMove {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            ShortMove::Target(name) => s.serialize_str(name),
            ShortMove::Text(text) => text.serialize(s),
        }
    }
}

impl Serialize for ShortMoves<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter().map(|&mv| {
            // The forced tower's steps, most of every list: their targets' names.
            if let Some((from, to)) = mv.step_squares() {
                if Some(from) == self.1 {
                    return ShortMove::Target(to);
                }
            }
            // Its pushes by the text after the square it leaves (`>c2`); any
            // other move in full.
            let text = mv.text();
            let written = text.as_ref().map_or("", |t| t.as_str());
            let start = match self.1 {
                Some(forced)
                    if written
                        .strip_prefix(forced)
                        .is_some_and(|r| r.starts_with('>')) =>
                {
                    forced.len()
                }
                _ => 0,
            };
            ShortMove::Text(MoveStr(text, start))
        }))
    }
}

/// Legal moves read as a patch writes them ([`ShortMoves`]), the forced
/// tower on `from`.
fn read_legal(value: Value, from: Option<&str>) -> Result<Vec<AnyMove>, String> {
    let texts = Vec::<String>::deserialize(value).map_err(|e| format!("legal: {e}"))?;
    texts
        .iter()
        .map(|text| {
            let whole = match from {
                Some(from) if text.starts_with('>') => format!("{from}{text}"),
                Some(from) if text != "pass" && !text.contains(['-', '>']) => {
                    format!("{from}-{text}")
                }
                _ => text.clone(),
            };
            whole.parse().map_err(|e| format!("legal: {text:?}: {e}"))
        })
        .collect()
}

/// Moves written as text.
struct Moves<'a>(&'a [AnyMove]);

impl Serialize for Moves<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        text_moves::serialize(self.0, s)
    }
}

impl Serialize for PatchView {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let written_base = self.seq.checked_sub(1) != Some(self.base);
        let fields = 2
            + usize::from(written_base)
            + usize::from(self.result.is_some())
            + usize::from(self.note.is_some())
            + usize::from(self.notes.is_some())
            + usize::from(self.rounds.is_some())
            + usize::from(!self.moved.is_empty())
            + usize::from(!self.played.is_empty());
        let mut out = s.serialize_struct("PatchView", fields)?;
        out.serialize_field("seq", &self.seq)?;
        if written_base {
            out.serialize_field("base", &self.base)?;
        } else {
            out.skip_field("base")?;
        }
        out.serialize_field("set", &SetFields(self))?;
        if let Some(note) = &self.note {
            out.serialize_field("note", &PatchNote(note))?;
        }
        if let Some(notes) = &self.notes {
            out.serialize_field("notes", notes)?;
        }
        if let Some(rounds) = &self.rounds {
            out.serialize_field("rounds", rounds)?;
        }
        if !self.moved.is_empty() {
            out.serialize_field("moved", &self.moved)?;
        }
        if !self.played.is_empty() {
            out.serialize_field("played", &Moves(&self.played))?;
        }
        if let Some(result) = &self.result {
            out.serialize_field("result", result)?;
        }
        out.end()
    }
}

impl PatchView {
    /// Applies the patch to `state`, which must be the state numbered
    /// `base`, in place.
    ///
    /// # Errors
    /// [`PatchError`]: a state of another number or a tail beyond its list's
    /// end (the state is then unchanged); a field that a state does not have
    /// or a value it cannot hold (a patch no server sends: the state may then
    /// be changed in part, and is to be replaced by a whole one, as after a
    /// missed patch).
    pub fn apply(&self, state: &mut StateView) -> Result<(), PatchError> {
        if state.seq != self.base {
            return Err(PatchError::Base {
                base: self.base,
                seq: state.seq,
            });
        }
        let notes = self.notes_tail(state.notes.len());
        notes
            .as_ref()
            .map_or(Ok(()), |tail| tail.check(state.notes.len(), "notes"))?;
        self.rounds
            .as_ref()
            .map_or(Ok(()), |tail| tail.check(state.rounds.len(), "rounds"))?;
        if (!self.played.is_empty() || self.result.is_some()) && state.rounds.is_empty() {
            return Err(PatchError::NoRound);
        }
        if let Some([from, _]) = self
            .moved
            .iter()
            .find(|[from, _]| !state.towers.iter().any(|t| t.sq == *from))
        {
            return Err(PatchError::Moved(from.clone()));
        }
        let mut told = Told::of(state, notes.as_ref());
        // The position's text, where the moves told give it.
        let fen = match &told {
            Some(told) if told.plays_on && !self.set.contains_key("fen") => {
                Some(told.fen_on(state).ok_or_else(|| {
                    PatchError::Value(format!("fen: the moves told do not play on {}", state.fen))
                })?)
            }
            _ => None,
        };
        // A single new note leaves to the states before and after it the
        // towers they show.
        let before = notes
            .as_ref()
            .filter(|tail| tail.from == state.notes.len() && tail.items.len() == 1)
            .map(|_| state.towers.clone());
        for (name, value) in self.set.iter() {
            state.set_field(name, value)?;
        }
        match &self.legal {
            Some(legal) => state.legal = legal.clone(),
            // After an action, no legal moves written: none.
            None if told.is_some() => state.legal.clear(),
            None => {}
        }
        if let Some(rights) = self.rights {
            state.rights = rights;
        }
        if let Some(tail) = &notes {
            tail.apply(&mut state.notes, "notes")?;
        }
        if let Some(tail) = &self.rounds {
            tail.apply(&mut state.rounds, "rounds")?;
        }
        let played = match &told {
            Some(told) if self.played.is_empty() && self.rounds.is_none() => &told.moves,
            _ => &self.played,
        };
        if let Some(last) = state.rounds.last_mut() {
            last.moves.extend_from_slice(played);
            if let Some(result) = &self.result {
                last.result = Some(result.clone());
            }
        }
        match &told {
            Some(told) if self.moved.is_empty() && !self.set.contains_key("towers") => {
                told.move_towers(&mut state.towers, state.board.edge());
            }
            _ if !self.moved.is_empty() => {
                move_towers(&mut state.towers, &self.moved, state.board.edge());
            }
            _ => {}
        }
        if let (Some(before), Some(note)) = (before, state.notes.last_mut()) {
            Arc::make_mut(note).name_towers(&before, &state.towers);
        }
        // Who acts next, from the last note as named; what the patch does
        // not set.
        if let (Some(told), Some(last)) = (&mut told, state.notes.last()) {
            told.read_next(last);
            told.set_on(state, &self.set);
        }
        if let Some(fen) = fen {
            state.fen = fen;
        }
        state.seq = self.seq;
        Ok(())
    }

    /// The patch as a client in `seat` is sent it, from the patch between
    /// the whole states `old` and `new` that it was made of: the legal moves
    /// only to the side to move, the fills' previews only to the side that
    /// chooses, only the seat's own rights, and the new
    /// notes' events without their English story ([`StateView::seen_by`]).
    pub fn seen_by(&self, seat: Option<Seat>, old: &StateView, new: &StateView) -> PatchView {
        let legal = new.legal_seen_by(seat);
        let rights = new.rights.seen_by(seat);
        // The fills' previews only to the side that chooses.
        let set = match self.set.get("fill_preview") {
            Some(preview) if !preview.is_null() && new.fill_preview_seen_by(seat).is_none() => {
                let mut set = (*self.set).clone();
                set.remove("fill_preview");
                Arc::new(set)
            }
            _ => Arc::clone(&self.set),
        };
        let acted = self.note.is_some()
            || (self.notes.as_ref()).is_some_and(|tail| tail.appends_to(old.notes.len()));
        // A single new note leaves the towers to the states before and after it.
        let note = self.note.as_ref().map(|note| {
            let mut events = note.events();
            events.leave_towers_to(&old.towers, &new.towers);
            Arc::new(events)
        });
        let notes = self.notes.as_ref().map(|tail| Tail {
            from: tail.from,
            items: tail.items.iter().map(|n| Arc::new(n.events())).collect(),
        });
        PatchView {
            seq: self.seq,
            base: self.base,
            set,
            legal: legal_told(acted, old.legal_seen_by(seat), legal),
            rights: (old.rights.seen_by(seat) != rights).then_some(rights),
            note,
            notes,
            rounds: self.rounds.clone(),
            moved: self.moved.clone(),
            played: self.played.clone(),
            result: self.result.clone(),
        }
    }
}

impl PatchView {
    /// The change to the notes of a state that has `len` of them, as a
    /// tail: the single note added (`note`) or `notes`.
    pub fn notes_tail(&self, len: usize) -> Option<Tail<Arc<Note>>> {
        match &self.note {
            Some(note) => Some(Tail {
                from: len,
                items: vec![Arc::clone(note)],
            }),
            None => self.notes.clone(),
        }
    }
}

/// A change to notes (of a state that has `len`) as a patch writes it: a
/// single note added, or the tail.
fn single_note(
    tail: Option<Tail<Arc<Note>>>,
    len: usize,
) -> (Option<Arc<Note>>, Option<Tail<Arc<Note>>>) {
    match tail {
        Some(mut tail) if tail.from == len && tail.items.len() == 1 => (tail.items.pop(), None),
        tail => (None, tail),
    }
}

/// The legal moves a patch writes, from `old` to `new`: after an action
/// (`acted`), whenever there are any; otherwise when they changed.
fn legal_told(acted: bool, old: &[AnyMove], new: &[AnyMove]) -> Option<Vec<AnyMove>> {
    let told = if acted { !new.is_empty() } else { old != new };
    told.then(|| new.to_vec())
}

/// The number of a square (`c6`) in the order a state lists its towers:
/// rank by rank from the first, file by file from a (the rules crate's
/// index); 0 for text that is no square of the board.
fn square_order(sq: &str, edge: usize) -> usize {
    let Some(size) = BoardSize::ALL.into_iter().find(|size| size.edge() == edge) else {
        return 0;
    };
    with_board!(size, B => sq.parse::<Square<B>>().map_or(0, Square::index))
}

/// Whether two of a state's words are the same: at once when both are the
/// rules crate's own (the same text in the same place), else by their bytes.
fn same(a: &str, b: &str) -> bool {
    (a.as_ptr() == b.as_ptr() && a.len() == b.len()) || a == b
}

/// Moves each tower standing on a `from` square to its `to`, all at once,
/// and orders the towers as a state lists them.
fn move_towers(towers: &mut [TowerView], moved: &[[String; 2]], edge: usize) {
    for tower in towers.iter_mut() {
        let to = moved_to(&tower.sq, moved);
        if to != tower.sq {
            tower.sq = Cow::Owned(to.to_string());
        }
    }
    towers.sort_by_key(|t| square_order(&t.sq, edge));
}

/// Where the tower on `sq` stands after the towers `moved` (`[from, to]`,
/// all at once): the `to` of the move from `sq`, or `sq`.
fn moved_to<'a>(sq: &'a str, moved: &'a [[String; 2]]) -> &'a str {
    moved
        .iter()
        .find(|[from, _]| from == sq)
        .map_or(sq, |[_, to]| to.as_str())
}

/// The towers that moved between `old` and `new`, when each tower of `new`
/// is one of `old` (the same side and colour, teeth and rank) on the same or
/// another square; none when they differ in more than that.
pub(crate) fn towers_moved(
    old: &[TowerView],
    new: &[TowerView],
    edge: usize,
) -> Option<Vec<[String; 2]>> {
    if old.len() != new.len() {
        return None;
    }
    let mut moved = Vec::new();
    for tower in new {
        let before = old
            .iter()
            .find(|t| t.side == tower.side && t.colour == tower.colour)?;
        if before.teeth != tower.teeth || before.rank != tower.rank {
            return None;
        }
        if before.sq != tower.sq {
            moved.push([before.sq.to_string(), tower.sq.to_string()]);
        }
    }
    (!moved.is_empty() && moves_to(old, &moved, None, new, edge)).then_some(moved)
}

/// Whether moving `old`'s towers by `moved` ([`move_towers`], skipped
/// when nothing moves) and giving the tower then on `promoted`'s square
/// its tooth and rank turns them into `new`: the moves applied to a copy
/// and compared, without the copy.
fn moves_to(
    old: &[TowerView],
    moved: &[[String; 2]],
    promoted: Option<(&str, &str)>,
    new: &[TowerView],
    edge: usize,
) -> bool {
    if old.len() != new.len() {
        return false;
    }
    let mut placed: Vec<(usize, &TowerView, &str)> = old
        .iter()
        .map(|tower| {
            let sq = moved_to(&tower.sq, moved);
            (square_order(sq, edge), tower, sq)
        })
        .collect();
    if !moved.is_empty() {
        // Stable, as `move_towers`' sort is.
        placed.sort_by_key(|&(order, _, _)| order);
    }
    // The first tower then on the promoted square takes the new rank.
    let mut promoted = promoted;
    placed.iter().zip(new).all(|(&(_, was, sq), is)| {
        let (teeth, rank) = match promoted {
            Some((on, rank)) if on == sq => {
                promoted = None;
                (was.teeth.saturating_add(1), rank)
            }
            _ => (was.teeth, &*was.rank),
        };
        was.side == is.side
            && teeth == is.teeth
            && same(sq, &is.sq)
            && same(&was.colour, &is.colour)
            && same(rank, &is.rank)
    })
}

/// The moves added to the last round between `old` and `new`, and its
/// result when it gained one, when that is all that changed of the rounds.
fn rounds_played(old: &[RoundLog], new: &[RoundLog]) -> Option<(Vec<AnyMove>, Option<String>)> {
    let (Some((was, earlier)), Some((is, kept))) = (old.split_last(), new.split_last()) else {
        return None;
    };
    let result = match (&was.result, &is.result) {
        (None, Some(result)) => Some(result.clone()),
        (was, is) if was == is => None,
        _ => return None,
    };
    let same_round = earlier == kept
        && (was.round, &was.fill) == (is.round, &is.fill)
        && (is.moves.len() > was.moves.len() || result.is_some())
        && is.moves.starts_with(&was.moves);
    same_round.then(|| (is.moves[was.moves.len()..].to_vec(), result))
}

/// Why a patch does not apply to a state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PatchError {
    /// The state is not the one the patch applies to: a patch was missed.
    Base {
        /// The number the patch applies to.
        base: u64,
        /// The state's number.
        seq: u64,
    },
    /// `set` names a field that a state does not have, or one it never sets.
    Field(String),
    /// A value in `set` that its field cannot hold, with the reason.
    Value(String),
    /// Moves added to the last round of a state that has no round.
    NoRound,
    /// A tower said to move from a square no tower stands on.
    Moved(String),
    /// A tail that keeps more items than its list has.
    Tail {
        /// `notes` or `rounds`.
        list: &'static str,
        /// The items it keeps.
        from: usize,
        /// The items the list has.
        len: usize,
    },
}

impl fmt::Display for PatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PatchError::Base { base, seq } => write!(
                f,
                "the patch applies to state {base}, but the state is {seq}: a patch was missed"
            ),
            PatchError::Field(name) => write!(f, "a patch cannot set `{name}`"),
            PatchError::NoRound => {
                f.write_str("the patch adds moves to a round, but the state has none")
            }
            PatchError::Moved(sq) => {
                write!(f, "the patch moves a tower from {sq}, where none stands")
            }
            PatchError::Value(reason) => write!(f, "a patched value does not fit: {reason}"),
            PatchError::Tail { list, from, len } => write!(
                f,
                "the patch keeps {from} of `{list}`, which has only {len}"
            ),
        }
    }
}

impl std::error::Error for PatchError {}

impl StateView {
    /// The patch that turns `old` into this state: every field whose value
    /// differs, and the changed tails of `notes` and `rounds`. Applied to
    /// `old` ([`PatchView::apply`]), it gives this state.
    pub fn patch_from(&self, old: &StateView) -> PatchView {
        let mut set = self.changed_fields(old);
        let notes = Tail::between(&old.notes, &self.notes);
        let told = Told::of(old, notes.as_ref());
        let edge = self.board.edge();
        // The towers: as the notes tell (nothing said), as they moved, or
        // said in full.
        let as_told =
            (told.as_ref()).is_some_and(|t| t.moves_towers_to(&old.towers, &self.towers, edge));
        let mut moved = Vec::new();
        if !as_told && self.towers != old.towers {
            match towers_moved(&old.towers, &self.towers, edge) {
                Some(pairs) if self.board == old.board => moved = pairs,
                _ => {
                    // Never fails: towers are written as JSON in every state.
                    let value = serde_json::to_value(&self.towers).unwrap_or(Value::Null);
                    set.insert("towers".into(), value);
                }
            }
        }
        let (mut rounds, mut played, mut result) = match rounds_played(&old.rounds, &self.rounds) {
            Some((played, result)) => (None, played, result),
            None => (Tail::between(&old.rounds, &self.rounds), Vec::new(), None),
        };
        if let Some(told) = &told {
            // The moves told, played on the state before, give this one's
            // text: checked wherever debug assertions are on (every test).
            debug_assert!(
                !told.plays_on || told.fen_on(old).as_deref() == Some(self.fen.as_str()),
                "{} after {:?} is not {}",
                old.fen,
                told.moves,
                self.fen
            );
            told.leave_out(self, &mut set);
            if !as_told
                && moved.is_empty()
                && !set.contains_key("towers")
                && !told.displaced.is_empty()
            {
                // Never fails: towers are written as JSON in every state.
                let value = serde_json::to_value(&self.towers).unwrap_or(Value::Null);
                set.insert("towers".into(), value);
            }
            // The last round's moves: as the notes tell, or said in full.
            if rounds.is_none() {
                if played == told.moves {
                    played.clear();
                } else if played.is_empty() && !told.moves.is_empty() {
                    rounds = Some(Tail {
                        from: self.rounds.len().saturating_sub(1),
                        items: self.rounds.last().cloned().into_iter().collect(),
                    });
                    result = None;
                }
            }
        }
        let (note, notes) = single_note(notes, old.notes.len());
        PatchView {
            seq: self.seq,
            base: old.seq,
            set: Arc::new(set),
            legal: legal_told(told.is_some(), &old.legal, &self.legal),
            rights: (self.rights != old.rights).then_some(self.rights),
            note,
            notes,
            rounds,
            moved,
            played,
            result,
        }
    }
}

/// What the notes a patch adds to a state tell of the state after them, so
/// that the patch need not say it again: the moves played (a step, a push
/// or a pass), the towers they displaced (a push moves several, all at
/// once), the number of the last action, who acts next (to move, or to
/// choose the fill) and the tower they must move. A client sets what the
/// patch sets, and these where it sets nothing: it says only what differs.
///
/// Told only of notes added after all of the state's own (a takeback, which
/// removes notes, tells nothing).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Told {
    /// The moves the new notes tell, in order.
    pub moves: Vec<AnyMove>,
    /// Each tower they displaced, `[from, to]`.
    pub displaced: Vec<[String; 2]>,
    /// The tower that scored and gained a dragon's tooth, by the square it
    /// came to, with its new rank.
    pub promoted: Option<(String, String)>,
    /// The number of actions after them.
    pub n: usize,
    /// Who acts next: to move, or to choose the fill; none once the match is over.
    pub to_act: Option<SideCode>,
    /// The square of the tower the next mover must move.
    pub forced: Option<String>,
    /// That tower's colour.
    pub forced_colour: Option<String>,
    /// Whether the notes tell only moves and the round goes on, so that
    /// the position's text after them is the state's own with the moves
    /// played ([`Told::fen_on`]).
    pub plays_on: bool,
}

impl Told {
    /// What the notes `tail` adds to `state`'s tell; none when it adds none
    /// or removes some.
    pub fn of(state: &StateView, tail: Option<&Tail<Arc<Note>>>) -> Option<Told> {
        let tail = tail.filter(|tail| tail.appends_to(state.notes.len()))?;
        let last = tail.items.last()?;
        let mut told = Told {
            n: state.n + tail.items.len(),
            ..Told::default()
        };
        let mut plays_only = true;
        for note in &tail.items {
            let (mv, displaced) = match &note.act {
                ActView::Step(StepAct { from, to, .. }) => {
                    (format!("{from}-{to}"), vec![[from.clone(), to.clone()]])
                }
                ActView::Push {
                    from, to, pushed, ..
                } => {
                    let mut displaced = vec![[from.clone(), to.clone()]];
                    displaced.extend(pushed.iter().map(|p| [p.from.clone(), p.to.clone()]));
                    (format!("{from}>{to}"), displaced)
                }
                ActView::Pass { .. } => ("pass".to_string(), Vec::new()),
                ActView::Fill { .. } | ActView::Concession { .. } => {
                    plays_only = false;
                    continue;
                }
            };
            told.moves.push(mv.parse().ok()?);
            told.displaced.extend(displaced);
        }
        if let Some(NextView::RoundOver(end)) = &last.next {
            told.promoted = end
                .promoted
                .as_ref()
                .and_then(|p| Some((last.came_to()?, p.rank.clone())));
        }
        let goes_on = matches!(
            last.next,
            Some(NextView::Forced(ForcedView { .. }) | NextView::Free { .. })
        );
        told.plays_on = plays_only && goes_on && !told.moves.is_empty();
        told.read_next(last);
        Some(told)
    }

    /// Moves `towers` as the notes tell: each displaced tower all at once,
    /// then the scorer's new tooth.
    fn move_towers(&self, towers: &mut [TowerView], edge: usize) {
        if !self.displaced.is_empty() {
            move_towers(towers, &self.displaced, edge);
        }
        if let Some((sq, rank)) = &self.promoted {
            if let Some(tower) = towers.iter_mut().find(|t| t.sq == *sq) {
                tower.teeth = tower.teeth.saturating_add(1);
                tower.rank = Cow::Owned(rank.clone());
            }
        }
    }

    /// Whether moving `old` as the notes tell ([`Told::move_towers`])
    /// gives `new`, without moving a copy.
    fn moves_towers_to(&self, old: &[TowerView], new: &[TowerView], edge: usize) -> bool {
        let promoted = (self.promoted.as_ref()).map(|(sq, rank)| (sq.as_str(), rank.as_str()));
        moves_to(old, &self.displaced, promoted, new, edge)
    }

    /// Who acts next and the tower they must move, as `note`, the last,
    /// tells.
    fn read_next(&mut self, note: &Note) {
        (self.to_act, self.forced, self.forced_colour) = match &note.next {
            Some(NextView::Forced(ForcedView { tower, square, .. })) => (
                Some(tower.side),
                Some(square.clone()),
                Some(tower.colour.clone()),
            ),
            Some(NextView::Free { side }) => (Some(*side), None, None),
            Some(NextView::RoundOver(end)) if end.then == Then::Fill => {
                (Some(end.winner), None, None)
            }
            Some(NextView::RoundOver(_)) | None => (None, None, None),
        };
    }

    /// Sets on `state` what the notes tell and `set` does not.
    fn set_on(&self, state: &mut StateView, set: &serde_json::Map<String, Value>) {
        let unset = |name: &str| !set.contains_key(name);
        if unset("n") {
            state.n = self.n;
        }
        if unset("to_act") {
            state.to_act = self.to_act;
        }
        if unset("forced") {
            state.forced.clone_from(&self.forced);
        }
        if unset("forced_colour") {
            state.forced_colour.clone_from(&self.forced_colour);
        }
        if let (Some(last), true) = (self.moves.last(), unset("last")) {
            state.last = Some(*last);
        }
    }

    /// The position's text after the moves told, played by the rules crate
    /// on `state`'s, the state the notes are added to; none when they are
    /// not its moves.
    pub fn fen_on(&self, state: &StateView) -> Option<String> {
        fen_after(state.board, state.rules, &state.fen, &self.moves)
    }

    /// Leaves out of `set` each field the notes tell as `new` has it, and
    /// puts in it each they tell otherwise.
    fn leave_out(&self, new: &StateView, set: &mut serde_json::Map<String, Value>) {
        fn fit<T: PartialEq + Serialize>(
            set: &mut serde_json::Map<String, Value>,
            name: &str,
            new: &T,
            told: &T,
        ) {
            if new == told {
                set.remove(name);
            } else {
                // Never fails: each field is written as JSON in every state.
                set.insert(
                    name.into(),
                    serde_json::to_value(new).unwrap_or(Value::Null),
                );
            }
        }
        fit(set, "n", &new.n, &self.n);
        fit(set, "to_act", &new.to_act, &self.to_act);
        fit(set, "forced", &new.forced, &self.forced);
        fit(
            set,
            "forced_colour",
            &new.forced_colour,
            &self.forced_colour,
        );
        if self.plays_on {
            set.remove("fen");
        }
        if let Some(last) = self.moves.last() {
            if new.last == Some(*last) {
                set.remove("last");
            } else {
                let value = text_move_option::serialize(&new.last, serde_json::value::Serializer)
                    .unwrap_or(Value::Null);
                set.insert("last".into(), value);
            }
        }
    }
}

/// Whether `towers` show `tower` standing on `sq`.
fn shows(towers: &[TowerView], sq: &str, tower: &TowerName) -> bool {
    towers.iter().any(|t| {
        t.side == tower.side
            && same(&t.sq, sq)
            && same(&t.colour, &tower.colour)
            && same(&t.rank, &tower.rank)
    })
}

/// The tower standing on `sq`, named as a story names it.
fn tower_on(towers: &[TowerView], sq: &str) -> Option<TowerName> {
    towers.iter().find(|t| t.sq == sq).map(|t| TowerName {
        side: t.side,
        colour: t.colour.to_string(),
        rank: t.rank.to_string(),
    })
}

impl Note {
    /// The towers a note names and the squares the states `before` and
    /// `after` it show them on: the one that acted (before) and the one
    /// the next mover must move (after).
    fn towers_mut(&mut self) -> [Option<(&mut TowerName, String, bool)>; 2] {
        let acted = match &mut self.act {
            ActView::Step(StepAct { tower, from, .. }) | ActView::Push { tower, from, .. } => {
                Some((tower, from.clone(), true))
            }
            ActView::Pass { tower, square } => Some((tower, square.clone(), true)),
            ActView::Fill { .. } | ActView::Concession { .. } => None,
        };
        let forced = match &mut self.next {
            Some(NextView::Forced(ForcedView { tower, square, .. })) => {
                Some((tower, square.clone(), false))
            }
            _ => None,
        };
        [acted, forced]
    }

    /// The square the tower that acted came to, for a step or a push.
    fn came_to(&self) -> Option<String> {
        match &self.act {
            ActView::Step(StepAct { to, .. }) | ActView::Push { to, .. } => Some(to.clone()),
            _ => None,
        }
    }

    /// Leaves out each tower the states `before` and `after` the note show
    /// on the square it names, for a client to name from its state; with
    /// the forced tower, the colour that decided it (the tower's), and the
    /// square that decided it when the tower that acted came to it.
    fn leave_towers_to(&mut self, before: &[TowerView], after: &[TowerView]) {
        // Asked of every action, for every seat: nothing is copied.
        let acted = match &mut self.act {
            ActView::Step(StepAct {
                tower, from, to, ..
            })
            | ActView::Push {
                tower, from, to, ..
            } => Some((tower, &*from, Some(&*to))),
            ActView::Pass { tower, square } => Some((tower, &*square, None)),
            ActView::Fill { .. } | ActView::Concession { .. } => None,
        };
        let mut came_to = None;
        if let Some((tower, from, to)) = acted {
            came_to = to;
            if shows(before, from, tower) {
                *tower = TowerName::default();
            }
        }
        if let Some(NextView::Forced(ForcedView {
            tower,
            square,
            by_square,
            by_colour,
            ..
        })) = &mut self.next
        {
            if came_to == Some(&*by_square) {
                by_square.clear();
            }
            if shows(after, square, tower) {
                if *by_colour == tower.colour {
                    by_colour.clear();
                }
                *tower = TowerName::default();
            }
        }
    }

    /// Names each tower the note leaves out from the states `before` and
    /// `after` it.
    fn name_towers(&mut self, before: &[TowerView], after: &[TowerView]) {
        for (tower, sq, is_before) in self.towers_mut().into_iter().flatten() {
            if tower.is_unnamed() {
                if let Some(shown) = tower_on(if is_before { before } else { after }, &sq) {
                    *tower = shown;
                }
            }
        }
        let came_to = self.came_to();
        if let Some(NextView::Forced(ForcedView {
            tower,
            by_square,
            by_colour,
            ..
        })) = &mut self.next
        {
            if by_square.is_empty() {
                *by_square = came_to.unwrap_or_default();
            }
            if by_colour.is_empty() {
                by_colour.clone_from(&tower.colour);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{same, square_order};

    #[test]
    fn squares_are_ordered_rank_by_rank_from_file_a() {
        assert_eq!(square_order("a1", 8), 0);
        assert_eq!(square_order("h1", 8), 7);
        assert_eq!(square_order("a2", 8), 8);
        assert_eq!(square_order("h8", 8), 63);
        assert_eq!(square_order("j10", 10), 99);
        assert_eq!(square_order("a10", 10), 90);
        // Text that is no square of the board sorts first.
        assert_eq!(square_order("", 8), 0);
        assert_eq!(square_order("a", 8), 0);
        assert_eq!(square_order("ax", 8), 0);
        assert_eq!(square_order("i1", 8), 0);
        assert_eq!(square_order("c99999999999999999999999", 8), 0);
    }

    #[test]
    fn words_are_the_same_by_place_or_by_bytes() {
        let owned = String::from("red");
        assert!(same("red", "red"));
        assert!(same(&owned, "red"));
        assert!(!same("red", "re"));
        assert!(!same(&owned[..2], "red"));
    }
}
