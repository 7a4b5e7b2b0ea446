//! The typed causes of a record's faults ([`record`]): why a record's text
//! does not read, a tag's value names no rule set, target or position, or
//! its moves and results are not the rules'. The cause goes beside the
//! English words of `bad_record` (its `detail`), as the other causes do
//! ([`super::cause`]): an object whose `kind` names the fault, with the
//! values its words name and, when the fault is on a line of the text,
//! `line` (from 1).
//!
//! | kind | values |
//! |---|---|
//! | `tag_form`, `tag_no_value`, `tag_after_moves` | |
//! | `tag_name` | `part` (the name as written) |
//! | `tag_unquoted`, `tag_escape`, `tag_quote`, `tag_twice`, `tag_missing` | `tag` |
//! | `board_tag`, `rules_tag`, `target_text` | `part` (the tag's value) |
//! | `wrong_board` | `board` (the record's), `expected` (the board it is read for) |
//! | `round_header`, `round_header_fill` | `round` (expected), `part` (the line) |
//! | `fill_side` | `part` |
//! | `no_round`, `first_round_fill` | |
//! | `round_closed`, `fill_missing`, `result_missing` | `round` |
//! | `not_an_ending` | `part` |
//! | `move_number` | `round`, `index` (expected), `part` (the number as written) |
//! | `move_missing` | `round`, `index` |
//! | `move_text` | `round`, `index`, `part` (the move's text), `inner` (why it is not a move: [`super::cause::move_text`]) |
//! | `target_tag`, `fen_position` | `inner` (the match's refusal: [`super::cause::match_error`]) |
//! | `fen_text` | `inner` (why the position's text does not read) |
//! | `fen_target` | `fen`, `target` (the two targets) |
//! | `round_refused` | `round`, `inner` (the match's refusal of a fill or a concession) |
//! | `move_refused` | `round`, `index`, `inner` (the match's refusal of the move) |
//! | `result_early` | `round`, `end` |
//! | `result_wrong` | `round`, `winner`, `end` (written), `moves_winner`, `moves_end` (by the moves) |
//! | `result_tag` | `part` (the tag's value), `winner` (by the moves; none while the match goes on) |
//!
//! A side is its code (`b`, `w`), a board its name (`10x10`), an ending its
//! name in a record (`home row`, `deadlock`, `repetition`, `resignation`,
//! `time`); `part` and `tag` are the record's own text, as written. The
//! English words ([`record_words`]) are the rules crate's, with a match's
//! refusal told as the match's ([`super::cause::match_words`]).
//!
//! ```
//! use kamisado_core::Record;
//! use kamisado_wire::{Param, Refusal};
//! let e = "[Event \"x\"]\n\n1. d1-d6\n".parse::<Record>().unwrap_err();
//! let r = Refusal::record(&e);
//! let Some(Param::Fields(cause)) = r.param("cause") else { panic!() };
//! assert_eq!(cause["kind"], Param::from("no_round"));
//! assert_eq!(cause["line"], Param::from(3));
//! assert_eq!(r.reason(), "record: line 3: the moves must follow a round 1 line");
//! ```

use kamisado_core::RecordError;
use kamisado_core::geometry::Board;
use kamisado_core::record::RecordFault;

use super::cause::{cause, match_error, match_words, move_text, position_text};
use super::{Param, Params, Refusal};

/// Why a record is refused, as a cause: its fault's kind and values, and
/// the line when it is known.
pub fn record<B: Board>(e: &RecordError<B>) -> Params {
    let mut told = fault(&e.fault);
    if let Some(line) = e.line {
        told.insert("line".into(), line.into());
    }
    told
}

/// A record's fault as a cause, without its line.
fn fault<B: Board>(f: &RecordFault<B>) -> Params {
    let part = |text: &str| ("part", Param::from(text));
    let tag = |name: &str| ("tag", Param::from(name));
    let round = |r: &usize| ("round", Param::from(*r));
    let index = |i: &usize| ("index", Param::from(*i));
    let inner = |fields: Params| ("inner", Param::Fields(fields));
    match f {
        RecordFault::TagForm => cause("tag_form", []),
        RecordFault::TagNoValue => cause("tag_no_value", []),
        RecordFault::TagName { name } => cause("tag_name", [part(name)]),
        RecordFault::TagUnquoted { tag: t } => cause("tag_unquoted", [tag(t)]),
        RecordFault::TagEscape { tag: t } => cause("tag_escape", [tag(t)]),
        RecordFault::TagQuote { tag: t } => cause("tag_quote", [tag(t)]),
        RecordFault::TagAfterMoves => cause("tag_after_moves", []),
        RecordFault::TagTwice { tag: t } => cause("tag_twice", [tag(t)]),
        RecordFault::TagMissing { tag: t } => cause("tag_missing", [tag(t)]),
        RecordFault::BoardTag(e) => cause("board_tag", [part(&e.0)]),
        RecordFault::WrongBoard { board, expected } => cause(
            "wrong_board",
            [
                ("board", board.name().into()),
                ("expected", expected.name().into()),
            ],
        ),
        RecordFault::RoundHeader { expected, found } => {
            cause("round_header", [round(expected), part(found)])
        }
        RecordFault::RoundHeaderFill { expected, found } => {
            cause("round_header_fill", [round(expected), part(found)])
        }
        RecordFault::FillSide { side } => cause("fill_side", [part(side)]),
        RecordFault::NoRound => cause("no_round", []),
        RecordFault::RoundClosed { round: r } => cause("round_closed", [round(r)]),
        RecordFault::NotAnEnding { ending } => cause("not_an_ending", [part(ending)]),
        RecordFault::MoveNumber {
            round: r,
            expected,
            found,
        } => cause("move_number", [round(r), index(expected), part(found)]),
        RecordFault::MoveMissing { round: r, index: i } => {
            cause("move_missing", [round(r), index(i)])
        }
        RecordFault::MoveText {
            round: r,
            index: i,
            error,
        } => cause(
            "move_text",
            [
                round(r),
                index(i),
                part(&error.text),
                inner(move_text(&error.fault)),
            ],
        ),
        RecordFault::RulesTag(e) => cause("rules_tag", [part(&e.0)]),
        RecordFault::TargetText { target } => cause("target_text", [part(target)]),
        RecordFault::TargetTag(e) => cause("target_tag", [inner(match_error(e))]),
        RecordFault::FenText(e) => cause("fen_text", [inner(position_text(e))]),
        RecordFault::FenTarget { fen, target } => cause(
            "fen_target",
            [("fen", (*fen).into()), ("target", (*target).into())],
        ),
        RecordFault::FenPosition(e) => cause("fen_position", [inner(match_error(e))]),
        RecordFault::FirstRoundFill => cause("first_round_fill", []),
        RecordFault::FillMissing { round: r } => cause("fill_missing", [round(r)]),
        RecordFault::RoundRefused { round: r, error } => {
            cause("round_refused", [round(r), inner(match_error(error))])
        }
        RecordFault::MoveRefused {
            round: r,
            index: i,
            error,
        } => cause(
            "move_refused",
            [round(r), index(i), inner(match_error(error))],
        ),
        RecordFault::ResultMissing { round: r } => cause("result_missing", [round(r)]),
        RecordFault::ResultEarly { round: r, end } => {
            cause("result_early", [round(r), ("end", end.name().into())])
        }
        RecordFault::ResultWrong {
            round: r,
            winner,
            end,
            moves_winner,
            moves_end,
        } => cause(
            "result_wrong",
            [
                round(r),
                ("winner", (*winner).into()),
                ("end", end.name().into()),
                ("moves_winner", (*moves_winner).into()),
                ("moves_end", moves_end.name().into()),
            ],
        ),
        RecordFault::ResultTag { written, winner } => {
            let mut told = cause("result_tag", [part(written)]);
            if let Some(w) = winner {
                told.insert("winner".into(), (*w).into());
            }
            told
        }
    }
}

/// The English words of a record's fault as its cause tells them: the
/// rules crate's (`line N: ` and the fault's), with a match's refusal the
/// fault holds told as the match's ([`match_words`]).
pub fn record_words<B: Board>(e: &RecordError<B>) -> String {
    e.words_with(match_words)
}

impl Refusal {
    /// A record that does not read or that the rules refuse: `bad_record`,
    /// its fault in English ([`record_words`]) and as its cause
    /// ([`record`]).
    pub fn record<B: Board>(e: &RecordError<B>) -> Refusal {
        Refusal::bad_record(record_words(e), record(e))
    }
}
