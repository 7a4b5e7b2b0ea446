//! Patches: what turns one state of a game into the next, so that a client
//! is sent only what changed.

use std::fmt;
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::note::Note;
use crate::state::{RoundLog, StateView};
use crate::text::{plain, text_move_option, text_moves};

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
    ($($field:ident $(with $with:ident)?),* $(,)?) => {
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
                    _ => return Err(PatchError::Field(name.to_string())),
                }
                Ok(())
            }
        }

        /// Fails to compile when a state has a field the list leaves out.
        const _: fn(&StateView) = |state| {
            let StateView { seq: _, notes: _, rounds: _, $($field: _),* } = state;
        };
    };
}

// Every field of a state but `seq`, `notes` and `rounds`, which a patch
// carries on its own.
patched_fields!(
    id, mode, level, engine, names, joined, n, rules with plain, board with plain, layout,
    target, score, round, fen, towers, status, to_act, winner, forced, forced_colour,
    legal with text_moves, last with text_move_option, last_round, fill_preview, takeback,
    thinking, players, rated, clock, rights,
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PatchView {
    /// The number of the new state.
    pub seq: u64,
    /// The number of the state it applies to.
    pub base: u64,
    /// Each field of the state whose value changed (but `seq`, `notes` and
    /// `rounds`), with its new value as a state writes it.
    #[serde(default)]
    pub set: serde_json::Map<String, Value>,
    /// The change to `notes`, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notes: Option<Tail<Arc<Note>>>,
    /// The change to `rounds`, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<Tail<RoundLog>>,
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
        self.notes
            .as_ref()
            .map_or(Ok(()), |tail| tail.check(state.notes.len(), "notes"))?;
        self.rounds
            .as_ref()
            .map_or(Ok(()), |tail| tail.check(state.rounds.len(), "rounds"))?;
        for (name, value) in &self.set {
            state.set_field(name, value)?;
        }
        if let Some(tail) = &self.notes {
            tail.apply(&mut state.notes, "notes")?;
        }
        if let Some(tail) = &self.rounds {
            tail.apply(&mut state.rounds, "rounds")?;
        }
        state.seq = self.seq;
        Ok(())
    }
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
        PatchView {
            seq: self.seq,
            base: old.seq,
            set: self.changed_fields(old),
            notes: Tail::between(&old.notes, &self.notes),
            rounds: Tail::between(&old.rounds, &self.rounds),
        }
    }
}
