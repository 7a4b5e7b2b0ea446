//! Why the server refused a request or a message, typed: a [`Code`], its
//! [`Params`], and the English words one function writes from the two
//! ([`Refusal::reason`]). Every front end tells the same refusal in its own
//! language from the code and the params; the English words go beside them
//! for clients that know no code.
//!
//! On the wire a refusal is written the same way in an HTTP answer's body
//! and in a WebSocket's `error` message (where the words are its `reason`):
//!
//! ```text
//! {"error": "the name x has 1 character: a name has 2 to 20",
//!  "code": "name_too_short", "params": {"name": "x", "length": 1, "min": 2, "max": 20}}
//! ```
//!
//! Each code's words are a template ([`Code::template`]) in which `{p}` is
//! the param `p` and `{p:form}` a form of it: for a number, the counted word
//! that goes with it (`{length:character}`: 1 character, 2 characters); for
//! a side, a case (`{side:gen}`); for seconds, a case of the span. The page
//! (`assets/i18n.js`) reads templates of the same form, in each language.
//!
//! ```
//! use kamisado_wire::{Code, Refusal};
//! let r = Refusal::name_too_short("x", 1);
//! assert_eq!(r.code, Code::NameTooShort);
//! assert_eq!(r.reason(), "the name x has 1 character: a name has 2 to 20");
//! let json = serde_json::to_string(&r.body()).unwrap();
//! assert_eq!(
//!     json,
//!     r#"{"error":"the name x has 1 character: a name has 2 to 20","code":"name_too_short","params":{"length":1,"max":20,"min":2,"name":"x"}}"#
//! );
//! ```

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

pub mod cause;
pub mod record_cause;

mod codes;
mod params;
mod rules;
mod template;

pub use codes::Code;
pub use params::{Choice, ParamKind, choices, param_kind, sample};

/// A value of a refusal: a number or a text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Param {
    /// A count, a limit, a number of seconds.
    Number(serde_json::Number),
    /// A name, a move, a field, a side's code, a choice, or English words.
    Text(String),
    /// The typed cause of a refusal's English words (a [`ParamKind::Cause`]):
    /// its `kind` and the values it names ([`cause`]).
    Fields(Params),
}

impl fmt::Display for Param {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Param::Number(n) => write!(f, "{n}"),
            Param::Text(t) => f.write_str(t),
            Param::Fields(fields) => match fields.get("kind") {
                Some(kind) => kind.fmt(f),
                None => f.write_str("-"),
            },
        }
    }
}

impl Param {
    /// The number, if this is one.
    pub fn number(&self) -> Option<f64> {
        match self {
            Param::Number(n) => n.as_f64(),
            Param::Text(_) | Param::Fields(_) => None,
        }
    }
}

macro_rules! whole_numbers {
    ($($t:ty),*) => {$(
        impl From<$t> for Param {
            fn from(n: $t) -> Param {
                Param::Number(serde_json::Number::from(n))
            }
        }
    )*};
}
whole_numbers!(u8, u16, u32, u64, usize, i32, i64);

impl From<f64> for Param {
    /// A whole number is written as one (`20`, not `20.0`).
    fn from(n: f64) -> Param {
        if n.fract() == 0.0 && n.abs() < 9.0e15 {
            return Param::from(n as i64);
        }
        Param::Number(serde_json::Number::from_f64(n).unwrap_or_else(|| 0.into()))
    }
}

impl From<&str> for Param {
    fn from(t: &str) -> Param {
        Param::Text(t.to_string())
    }
}

impl From<String> for Param {
    fn from(t: String) -> Param {
        Param::Text(t)
    }
}

impl From<&String> for Param {
    fn from(t: &String) -> Param {
        Param::Text(t.clone())
    }
}

impl From<char> for Param {
    fn from(c: char) -> Param {
        Param::Text(c.to_string())
    }
}

impl From<kamisado_core::Side> for Param {
    /// A side as its code: `b` or `w`.
    fn from(side: kamisado_core::Side) -> Param {
        Param::Text(
            match side {
                kamisado_core::Side::Black => "b",
                kamisado_core::Side::White => "w",
            }
            .into(),
        )
    }
}

impl From<crate::Kind> for Param {
    fn from(kind: crate::Kind) -> Param {
        Param::Text(kind.name().into())
    }
}

impl From<Params> for Param {
    fn from(fields: Params) -> Param {
        Param::Fields(fields)
    }
}

impl From<Choice> for Param {
    fn from(choice: Choice) -> Param {
        Param::Text(choice.name().into())
    }
}

/// A refusal's values by name (the names of [`Code::params`]).
pub type Params = BTreeMap<String, Param>;

/// A refusal: why the server would not do what was asked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Refusal {
    /// What kind of refusal it is.
    pub code: Code,
    /// Its values: the name refused, its length, the limits.
    #[serde(default)]
    pub params: Params,
}

impl Refusal {
    /// A refusal of `code` without params (the constructors named after
    /// each code add them).
    pub fn new(code: Code) -> Refusal {
        Refusal {
            code,
            params: Params::new(),
        }
    }

    /// The refusal with the param `name` set to `value`.
    pub fn with(mut self, name: &str, value: impl Into<Param>) -> Refusal {
        debug_assert!(
            self.code.params().contains(&name),
            "{:?} has no param {name}",
            self.code
        );
        self.params.insert(name.to_string(), value.into());
        self
    }

    /// The param `name`, if it is set.
    pub fn param(&self, name: &str) -> Option<&Param> {
        self.params.get(name)
    }

    /// The refusal in English: its code's template filled from its params.
    pub fn reason(&self) -> String {
        template::fill_english(self.code.template(), &self.params)
    }

    /// The refusal as an HTTP answer's body writes it.
    pub fn body(&self) -> RefusalBody {
        RefusalBody {
            error: self.reason(),
            refusal: self.clone(),
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.reason())
    }
}

impl std::error::Error for Refusal {}

/// The body of every refused HTTP request: `{"error": words, "code": …,
/// "params": {…}}`. `error` holds the English words, for clients that read
/// only them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RefusalBody {
    /// The refusal in English.
    pub error: String,
    /// Its code and params.
    #[serde(flatten)]
    pub refusal: Refusal,
}

#[cfg(test)]
mod tests;
