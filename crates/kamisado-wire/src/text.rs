//! Values written as text on the wire: moves in notation, and every type of
//! the rules crate that has `Display` and `FromStr` (rule sets, boards, fills),
//! read back by its own parser so that a refusal gives the parser's reason.

use std::fmt;
use std::str::FromStr;

use kamisado_core::MoveText;
use kamisado_core::any::AnyMove;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serializer};

/// Writes a value with its `Display` as a JSON string.
pub(crate) fn as_text<T: fmt::Display, S: Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(value)
}

/// Reads a JSON string with the value's `FromStr`.
pub(crate) fn from_text<'de, T, D>(d: D) -> Result<T, D::Error>
where
    T: FromStr,
    T::Err: fmt::Display,
    D: Deserializer<'de>,
{
    let text = String::deserialize(d)?;
    text.parse().map_err(D::Error::custom)
}

/// Moves on the wire are text in notation (`c1-c6`, `d4>d5`, `pass`):
/// `#[serde(with = "text_move")]` on a field that holds one.
pub(crate) mod text_move {
    use super::*;

    pub fn serialize<S: Serializer>(mv: &AnyMove, s: S) -> Result<S::Ok, S::Error> {
        as_text(mv, s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<AnyMove, D::Error> {
        from_text(d)
    }
}

/// A move's notation ([`AnyMove::text`]) written as a JSON string from
/// byte `.1` on (0: whole), without allocating; none for a move of no board.
pub(crate) struct MoveStr(pub(crate) Option<MoveText>, pub(crate) usize);

impl serde::Serialize for MoveStr {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::Error as _;
        let text = (self.0.as_ref()).ok_or_else(|| S::Error::custom("a move of no board"))?;
        s.serialize_str(text.as_str().get(self.1..).unwrap_or_default())
    }
}

/// [`text_move`] for a list of moves.
pub(crate) mod text_moves {
    use super::*;

    pub fn serialize<S: Serializer>(moves: &[AnyMove], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(moves.iter().map(|mv| MoveStr(mv.text(), 0)))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<AnyMove>, D::Error> {
        Vec::<String>::deserialize(d)?
            .iter()
            .map(|t| t.parse().map_err(D::Error::custom))
            .collect()
    }
}

/// [`text_move`] for a move that may be absent (`null`).
pub(crate) mod text_move_option {
    use super::*;

    pub fn serialize<S: Serializer>(mv: &Option<AnyMove>, s: S) -> Result<S::Ok, S::Error> {
        match mv {
            Some(mv) => as_text(mv, s),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<AnyMove>, D::Error> {
        Option::<String>::deserialize(d)?
            .map(|t| t.parse().map_err(D::Error::custom))
            .transpose()
    }
}

/// `#[serde(with = "crate::text::option")]` on a field holding an optional
/// value written with its `Display` and read with its `FromStr`.
pub(crate) mod option {
    use super::*;

    pub fn serialize<T: fmt::Display, S: Serializer>(
        value: &Option<T>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        match value {
            Some(value) => as_text(value, s),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, T, D>(d: D) -> Result<Option<T>, D::Error>
    where
        T: FromStr,
        T::Err: fmt::Display,
        D: Deserializer<'de>,
    {
        Option::<String>::deserialize(d)?
            .map(|t| t.parse().map_err(D::Error::custom))
            .transpose()
    }
}

/// `#[serde(with = "crate::text::plain")]` on a field holding a value
/// written with its `Display` and read with its `FromStr`.
pub(crate) mod plain {
    use super::*;

    pub fn serialize<T: fmt::Display, S: Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
        as_text(value, s)
    }

    pub fn deserialize<'de, T, D>(d: D) -> Result<T, D::Error>
    where
        T: FromStr,
        T::Err: fmt::Display,
        D: Deserializer<'de>,
    {
        from_text(d)
    }
}
