//! Templates of a refusal's words: `{p}` is the param `p` told as its kind
//! says ([`ParamKind`]), `{p:form}` a form of it (for a number, the counted
//! word that goes with it). The English here; the page reads the same
//! templates in each of its languages (`assets/i18n.js`).

use super::params::{ParamKind, choices, param_kind};
use super::{Param, Params};

/// Every place of a template, as (param, form): `{length:character}` is
/// `("length", Some("character"))`.
#[cfg(test)]
pub fn places(template: &str) -> Vec<(&str, Option<&str>)> {
    let mut found = Vec::new();
    let mut rest = template;
    while let Some(start) = rest.find('{') {
        let after = &rest[start + 1..];
        let Some(end) = after.find('}') else { break };
        let inner = &after[..end];
        if is_place(inner) {
            found.push(match inner.split_once(':') {
                Some((p, form)) => (p, Some(form)),
                None => (inner, None),
            });
        }
        rest = &after[end..];
    }
    found
}

/// Whether the text between braces names a param: `name` or `name:form`.
fn is_place(inner: &str) -> bool {
    let word = |w: &str| !w.is_empty() && w.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    match inner.split_once(':') {
        Some((p, form)) => word(p) && word(form),
        None => word(inner),
    }
}

/// The template with each place filled by `tell(param, form)`, or left as
/// it is when that gives none.
fn fill(template: &str, tell: impl Fn(&str, Option<&str>) -> Option<String>) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(start) = rest.find('{') {
        out.push_str(&rest[..start]);
        let after = &rest[start + 1..];
        let told = after.find('}').and_then(|end| {
            let inner = &after[..end];
            if !is_place(inner) {
                return None;
            }
            let (p, form) = match inner.split_once(':') {
                Some((p, form)) => (p, Some(form)),
                None => (inner, None),
            };
            tell(p, form).map(|words| (words, end))
        });
        match told {
            Some((words, end)) => {
                out.push_str(&words);
                rest = &after[end + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The template in English, from `params`.
pub(super) fn fill_english(template: &str, params: &Params) -> String {
    fill(template, |p, form| {
        let value = params.get(p)?;
        Some(english(p, form, value))
    })
}

/// One param in English.
fn english(p: &str, form: Option<&str>, value: &Param) -> String {
    let text = value.to_string();
    match (param_kind(p), form, value.number()) {
        (Some(ParamKind::Number), Some(unit), Some(n)) => counted(unit, n).unwrap_or(unit).into(),
        (Some(ParamKind::Seconds), _, Some(s)) => span(s as u64),
        (Some(ParamKind::Side), _, _) => match text.as_str() {
            "b" => "Black".into(),
            "w" => "Gold".into(),
            _ => text,
        },
        (Some(ParamKind::Choice), _, _) => choices(p)
            .into_iter()
            .find(|(v, _)| *v == text)
            .map_or(text, |(_, words)| words.to_string()),
        (Some(ParamKind::Character), _, _) => character(&text),
        _ => text,
    }
}

/// The English word counted by `n` of `unit`: 1 character, 2 characters.
pub fn counted(unit: &str, n: f64) -> Option<&'static str> {
    let (one, other) = match unit {
        "byte" => ("byte", "bytes"),
        "challenge" => ("challenge", "challenges"),
        "character" => ("character", "characters"),
        "day" => ("day", "days"),
        "engine" => ("engine", "engines"),
        "game" => ("game", "games"),
        "hour" => ("hour", "hours"),
        "message" => ("message", "messages"),
        "minute" => ("minute", "minutes"),
        "move" => ("move", "moves"),
        "place" => ("place", "places"),
        "player" => ("player", "players"),
        "round" => ("round", "rounds"),
        "search" => ("search", "searches"),
        "second" => ("second", "seconds"),
        "token" => ("token", "tokens"),
        "tournament" => ("tournament", "tournaments"),
        _ => return None,
    };
    Some(if n == 1.0 { one } else { other })
}

/// A span of seconds in days, hours, minutes or seconds: days from two
/// days, hours from two hours, minutes (rounded up) from two minutes.
pub fn span_of(seconds: u64) -> (u64, &'static str) {
    match seconds {
        s if s >= 2 * 24 * 3600 => (s / (24 * 3600), "day"),
        s if s >= 2 * 3600 => (s / 3600, "hour"),
        s if s >= 120 => (s.div_ceil(60), "minute"),
        s => (s, "second"),
    }
}

/// A span in English words: `3 days`, `1 second`.
fn span(seconds: u64) -> String {
    let (n, unit) = span_of(seconds);
    format!("{n} {}", counted(unit, n as f64).unwrap_or(unit))
}

/// A character of a name in words: `"!"`, a space, or the code of one
/// that cannot be seen.
fn character(text: &str) -> String {
    match text.chars().next() {
        Some(' ') => "a space".into(),
        Some(c) if c.is_whitespace() || c.is_control() => {
            format!("the character U+{:04X}", c as u32)
        }
        _ => format!("\"{text}\""),
    }
}
