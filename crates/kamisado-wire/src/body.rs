//! The one reader of request bodies, and what it says when a body is not
//! what it should be.

use std::fmt;

use serde_json::Value;

use crate::refusal::Refusal;

/// Why a message or a body could not be read: the refusal a player or a
/// client's author is told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// It is not what it should be: not JSON, a field unknown, missing or
    /// of the wrong kind, or a value its parser refuses.
    Malformed(Refusal),
    /// It is longer than the server reads.
    TooLarge(Refusal),
}

impl ReadError {
    /// The refusal, whichever it is.
    pub fn refusal(&self) -> &Refusal {
        match self {
            ReadError::Malformed(r) | ReadError::TooLarge(r) => r,
        }
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.refusal().fmt(f)
    }
}

impl std::error::Error for ReadError {}

/// serde's reason without its position (`at line 1 column 9`), the names
/// it quotes in double quotes as JSON writes them.
pub(crate) fn reason(e: &serde_json::Error) -> String {
    let text = e.to_string();
    let reason = text.split(" at line ").next().unwrap_or(&text);
    reason.replace('`', "\"")
}

/// Reads a JSON request body, `what` naming it in a refusal, which says
/// what was wrong (an unknown field, a missing one, one of the wrong type).
///
/// # Errors
/// [`ReadError::Malformed`] with the reason.
pub fn read_json<T: serde::de::DeserializeOwned>(body: &[u8], what: &str) -> Result<T, ReadError> {
    serde_json::from_slice(body)
        .map_err(|e| ReadError::Malformed(Refusal::body_malformed(what, reason(&e))))
}

/// Reads a JSON request body (`what` names it in refusals) whose fields are
/// those of `fields`: each a name, whether it must be a number (else text),
/// and what it must hold, in a player's words. Unknown fields, fields of the
/// wrong type and text that is not a JSON object are refused with a reason
/// that names the field; `required` fields must be present.
///
/// # Errors
/// [`ReadError::Malformed`] with that reason.
pub fn read_body<T: serde::de::DeserializeOwned>(
    body: &[u8],
    what: &str,
    fields: &[(&str, bool, &str)],
    required: &[&str],
) -> Result<T, ReadError> {
    let example = || {
        let (name, number, help) = fields[0];
        let sample = if number {
            "1".to_string()
        } else {
            format!("\"{}\"", help.split([',', ' ']).next().unwrap_or(""))
        };
        let example = format!("{{\"{name}\": {sample}}}");
        ReadError::Malformed(Refusal::body_not_object(what, example))
    };
    let value: Value = serde_json::from_slice(body).map_err(|_| example())?;
    let Value::Object(map) = &value else {
        return Err(example());
    };
    let names = || {
        fields
            .iter()
            .map(|(n, _, _)| *n)
            .collect::<Vec<_>>()
            .join(", ")
    };
    for (key, v) in map {
        let Some((name, number, help)) = fields.iter().find(|(n, _, _)| n == key) else {
            return Err(ReadError::Malformed(Refusal::body_unknown_field(
                what,
                key,
                names(),
            )));
        };
        let fits = match v {
            Value::Null => !required.contains(name),
            Value::Number(n) => *number && n.as_u64().is_some(),
            Value::String(_) => !*number,
            _ => false,
        };
        if !fits {
            return Err(ReadError::Malformed(Refusal::body_bad_field(*name, *help)));
        }
    }
    if let Some(missing) = required.iter().find(|r| !map.contains_key(**r)) {
        let help = fields
            .iter()
            .find(|(n, _, _)| n == missing)
            .map_or("", |f| f.2);
        return Err(ReadError::Malformed(Refusal::body_missing_field(
            what, *missing, help,
        )));
    }
    serde_json::from_value(value)
        .map_err(|e| ReadError::Malformed(Refusal::body_malformed(what, reason(&e))))
}
