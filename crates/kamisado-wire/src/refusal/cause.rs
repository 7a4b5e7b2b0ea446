//! The typed causes of a refusal's English words: why a move breaks the
//! rules ([`illegal`]), why a text is not a move ([`move_text`]), why a
//! match refused a move ([`match_error`]). A cause is the param `cause`
//! ([`ParamKind::Cause`](super::ParamKind::Cause)) beside the English words
//! it causes (`why` or `detail`): an object whose `kind` names it, with the
//! values its words name, which a front end tells in its own language.
//!
//! | kind | values |
//! |---|---|
//! | `round_over` | `winner` (a side), `ending` (`home_row`, `deadlock`) |
//! | `pass_with_free_choice` | |
//! | `pass_not_blocked` | `side`, `colour`, `rank`, `square` (the forced tower) |
//! | `no_tower` | `square` |
//! | `opponents_tower` | `side` (to move), `square` |
//! | `not_forced` | `side`, `colour`, `square` (the forced tower), `tried`, `from` (the tower tried) |
//! | `zvezda_no_ring` | `colour` |
//! | `zvezda_push` | `ways` (`forward`, `sideways`, `any`) |
//! | `zvezda_move` | `ways`, `reach` |
//! | `push_not_straight` | `square` (straight ahead) |
//! | `push_off_board` | |
//! | `not_sumo` | `colour`, `square` |
//! | `nothing_to_push` | `square` |
//! | `own_tower_in_line` | `side`, `square` |
//! | `line_too_long` | `rank`, `most` |
//! | `not_lower_rank` | `rank`, `square` |
//! | `too_far` | `rank`, `reach` |
//! | `opening_limit` | `ply` (1, 2 or 3), `limit` |
//! | `path_blocked` | `square` |
//! | `no_room_behind`, `push_not_allowed`, `not_forward`, `not_straight_or_diagonal`, `not_allowed` | |
//! | `not_joined`, `same_square` (a move's text) | |
//! | `not_a_square` (a move's text) | `part`, `before` (1 or 0), `last` (the board's last square) |
//! | `refusal` | `code` and `params`: the match's own refusal |
//!
//! A position's text that cannot be read ([`position_text`]; a rank is
//! numbered 1 to the board's size, a board named `8x8`, its colour letters
//! `letters` written `o b v p y r g n`):
//!
//! | kind | values |
//! |---|---|
//! | `fields` | `text` (the whole text) |
//! | `ranks` | `board`, `size` (the ranks it has), `found` |
//! | `two_digits`, `plus_first` | `rank` |
//! | `too_many_teeth` | `rank`, `most` |
//! | `bad_run` | `rank`, `run`, `size` |
//! | `not_a_tower` | `rank`, `ch`, `board`, `letters` |
//! | `rank_files` | `rank`, `size`, `found` |
//! | `side_to_move` | `found` |
//! | `forced_letter` | `text`, `board`, `letters` |
//! | `forced_dash_star` | |
//! | `forced_field`, `score_shape`, `score_points`, `opening_field`, `opening_free`, `extra_field` | `text` |
//! | `points`, `leading_zero` | `part` (`black`, `white`, `target`), `text` |
//! | `match_target` | `found` |
//! | `impossible_score` | `black`, `white`, `target` |
//!
//! A position the rules do not allow ([`invalid`]):
//!
//! | kind | values |
//! |---|---|
//! | `setup_squares` | `found`, `board`, `squares` |
//! | `no_such_forced` | `board`, `colour` |
//! | `opening_not_limited` | `plies`, `rules`, `limited` (the rules with `opening-limits`) |
//! | `no_such_tower` | `board`, `colour`, `square` |
//! | `two_towers` | `side`, `colour`, `first`, `second` |
//! | `missing_tower` | `side`, `colour` |
//! | `both_home` | |
//! | `no_move` | `side` |
//!
//! A colour is its name (`orange`), a rank the tower's (`tower`, `sumo`,
//! `double sumo`, `triple sumo`), a side its code (`b`, `w`).
//!
//! ```
//! use kamisado_core::{Move, Position};
//! use kamisado_wire::{Param, Refusal};
//! let e = Position::start().play("a1-b3".parse().unwrap()).unwrap_err();
//! let r = Refusal::illegal(&e.mv, &e.reason);
//! let Some(Param::Fields(cause)) = r.param("cause") else { panic!() };
//! assert_eq!(cause["kind"], Param::from("not_straight_or_diagonal"));
//! assert_eq!(r.reason(), "a1-b3 is illegal: towers move straight forward or diagonally forward (R3)");
//! ```

use kamisado_core::geometry::{Board, BoardSize};
use kamisado_core::mv::{MoveFault, ParseMoveError};
use kamisado_core::setup::{ParsePositionError, PositionFault, ScorePart};
use kamisado_core::square::ParseSquareError;
use kamisado_core::{
    Colour, Ending, IllegalReason, InvalidPosition, InvalidReason, MatchError, Move, Tower,
};

use super::{Param, Params, Refusal};

/// A cause of `kind` with `values`.
pub(super) fn cause<const N: usize>(kind: &str, values: [(&str, Param); N]) -> Params {
    let mut fields = Params::new();
    fields.insert("kind".into(), kind.into());
    for (name, value) in values {
        fields.insert(name.into(), value);
    }
    fields
}

/// A tower's colour and rank as a cause names them.
fn tower(t: Tower) -> [(&'static str, Param); 2] {
    [
        ("colour", t.colour.name().into()),
        ("rank", t.rank_name().into()),
    ]
}

/// Why the rules forbid a move, as a cause.
pub fn illegal<B: Board>(r: &IllegalReason<B>) -> Params {
    let sq = |s: kamisado_core::Square<B>| Param::from(s.to_string());
    match *r {
        IllegalReason::RoundOver { winner, ending } => cause(
            "round_over",
            [
                ("winner", winner.into()),
                (
                    "ending",
                    match ending {
                        Ending::HomeRow => "home_row",
                        Ending::Deadlock => "deadlock",
                    }
                    .into(),
                ),
            ],
        ),
        IllegalReason::PassWithFreeChoice => cause("pass_with_free_choice", []),
        IllegalReason::PassNotBlocked { tower: t, square } => {
            let [c, rank] = tower(t);
            cause(
                "pass_not_blocked",
                [("side", t.side.into()), c, rank, ("square", sq(square))],
            )
        }
        IllegalReason::NoTower { from } => cause("no_tower", [("square", sq(from))]),
        IllegalReason::OpponentsTower { side, from } => cause(
            "opponents_tower",
            [("side", side.into()), ("square", sq(from))],
        ),
        IllegalReason::NotForced {
            forced,
            square,
            tried,
            from,
        } => cause(
            "not_forced",
            [
                ("side", forced.side.into()),
                ("colour", forced.colour.name().into()),
                ("square", sq(square)),
                ("tried", tried.name().into()),
                ("from", sq(from)),
            ],
        ),
        IllegalReason::Zvezda { tower: t, push } => zvezda(t, push),
        IllegalReason::PushNotStraight { ahead } => match ahead {
            Some(s) => cause("push_not_straight", [("square", sq(s))]),
            None => cause("push_off_board", []),
        },
        IllegalReason::NotSumo { colour, from } => cause(
            "not_sumo",
            [("colour", colour.name().into()), ("square", sq(from))],
        ),
        IllegalReason::NothingToPush { to } => cause("nothing_to_push", [("square", sq(to))]),
        IllegalReason::OwnTowerInLine { side, square } => cause(
            "own_tower_in_line",
            [("side", side.into()), ("square", sq(square))],
        ),
        IllegalReason::LineTooLong { pusher } => cause(
            "line_too_long",
            [
                ("rank", pusher.rank_name().into()),
                ("most", pusher.teeth.into()),
            ],
        ),
        IllegalReason::NotLowerRank { pusher, square } => cause(
            "not_lower_rank",
            [("rank", pusher.rank_name().into()), ("square", sq(square))],
        ),
        IllegalReason::NoRoomBehind => cause("no_room_behind", []),
        IllegalReason::PushNotAllowed => cause("push_not_allowed", []),
        IllegalReason::NotForward => cause("not_forward", []),
        IllegalReason::NotStraightOrDiagonal => cause("not_straight_or_diagonal", []),
        IllegalReason::TooFar { tower: t, reach } => cause(
            "too_far",
            [("rank", t.rank_name().into()), ("reach", reach.into())],
        ),
        IllegalReason::OpeningLimit { ply, limit } => cause(
            "opening_limit",
            [("ply", ply.into()), ("limit", limit.into())],
        ),
        IllegalReason::PathBlocked { square } => cause("path_blocked", [("square", sq(square))]),
        IllegalReason::NotAllowed => cause("not_allowed", []),
    }
}

/// A zvezda move or push a tower's rings do not allow.
fn zvezda(t: Tower, push: bool) -> Params {
    let ways = match t.teeth {
        0 | 1 => "forward",
        2 => "sideways",
        _ => "any",
    };
    if push && t.teeth == 0 {
        cause("zvezda_no_ring", [("colour", t.colour.name().into())])
    } else if push {
        cause("zvezda_push", [("ways", ways.into())])
    } else {
        let reach = kamisado_core::tower::zvezda_reach(t.teeth);
        cause(
            "zvezda_move",
            [("ways", ways.into()), ("reach", reach.into())],
        )
    }
}

/// Why a text is not a move, as a cause.
pub fn move_text(f: &MoveFault) -> Params {
    match f {
        MoveFault::NotJoined => cause("not_joined", []),
        MoveFault::NotASquare { part, before, size } => cause(
            "not_a_square",
            [
                ("part", part.as_str().into()),
                ("before", u8::from(*before).into()),
                ("last", ParseSquareError::last(*size).into()),
            ],
        ),
        MoveFault::SameSquare => cause("same_square", []),
    }
}

/// Why a match refused a move, as a cause: the rules' reason for an
/// illegal move, else the match's own refusal (`refusal`, with its `code`
/// and `params`).
pub fn match_error<B: Board>(e: &MatchError<B>) -> Params {
    match e {
        MatchError::Illegal(i) => illegal(&i.reason),
        other => {
            let r = Refusal::from(other);
            cause(
                "refusal",
                [
                    ("code", r.code.name().into()),
                    ("params", Param::Fields(r.params)),
                ],
            )
        }
    }
}

/// The English words of a match's refusal of a move, as its cause tells
/// them: the rules' reason for an illegal move, else the refusal's words.
pub fn match_words<B: Board>(e: &MatchError<B>) -> String {
    match e {
        MatchError::Illegal(i) => i.reason.to_string(),
        other => Refusal::from(other).reason(),
    }
}

/// A match's refusal of a move as the `detail` and `cause` of a refusal
/// that holds it (a record's move, a line's, a puzzle's try).
pub fn match_refused<B: Board>(e: &MatchError<B>) -> (String, Params) {
    (match_words(e), match_error(e))
}

/// A board's name as a cause gives it: `8x8`.
fn board(b: BoardSize) -> Param {
    b.name().into()
}

/// A colour's name as a cause gives it: `orange`.
fn colour(c: Colour) -> Param {
    c.name().into()
}

/// Why a position's text cannot be read, as a cause.
pub fn position_text(e: &ParsePositionError) -> Params {
    let text = |kind: &str, t: &str| cause(kind, [("text", t.into())]);
    let part = |p: ScorePart| -> Param {
        match p {
            ScorePart::Black => "black",
            ScorePart::White => "white",
            ScorePart::Target => "target",
        }
        .into()
    };
    match &e.0 {
        PositionFault::Fields { text: t } => text("fields", t),
        PositionFault::Ranks { board: b, found } => cause(
            "ranks",
            [
                ("board", board(*b)),
                ("size", b.edge().into()),
                ("found", (*found).into()),
            ],
        ),
        PositionFault::TwoDigits { rank } => cause("two_digits", [("rank", (*rank).into())]),
        PositionFault::BadRun { rank, run, size } => cause(
            "bad_run",
            [
                ("rank", (*rank).into()),
                ("run", run.as_str().into()),
                ("size", (*size).into()),
            ],
        ),
        PositionFault::PlusFirst { rank } => cause("plus_first", [("rank", (*rank).into())]),
        PositionFault::TooManyTeeth { rank } => cause(
            "too_many_teeth",
            [
                ("rank", (*rank).into()),
                ("most", kamisado_core::tower::MAX_TEETH.into()),
            ],
        ),
        PositionFault::NotATower {
            rank,
            ch,
            board: b,
            letters,
        } => cause(
            "not_a_tower",
            [
                ("rank", (*rank).into()),
                ("ch", (*ch).into()),
                ("board", board(*b)),
                ("letters", letters.as_str().into()),
            ],
        ),
        PositionFault::RankFiles { rank, size, found } => cause(
            "rank_files",
            [
                ("rank", (*rank).into()),
                ("size", (*size).into()),
                ("found", (*found).into()),
            ],
        ),
        PositionFault::Side { found } => cause("side_to_move", [("found", found.as_str().into())]),
        PositionFault::ForcedLetter {
            text: t,
            board: b,
            letters,
        } => cause(
            "forced_letter",
            [
                ("text", t.as_str().into()),
                ("board", board(*b)),
                ("letters", letters.as_str().into()),
            ],
        ),
        PositionFault::ForcedDashStar => cause("forced_dash_star", []),
        PositionFault::Forced { text: t } => text("forced_field", t),
        PositionFault::Points { part: p, text: t } => {
            cause("points", [("part", part(*p)), ("text", t.as_str().into())])
        }
        PositionFault::LeadingZero { part: p, text: t } => cause(
            "leading_zero",
            [("part", part(*p)), ("text", t.as_str().into())],
        ),
        PositionFault::ScoreShape { text: t } => text("score_shape", t),
        PositionFault::ScorePoints { text: t } => text("score_points", t),
        PositionFault::Target { found } => cause("match_target", [("found", (*found).into())]),
        PositionFault::ImpossibleScore {
            black,
            white,
            target,
        } => cause(
            "impossible_score",
            [
                ("black", (*black).into()),
                ("white", (*white).into()),
                ("target", (*target).into()),
            ],
        ),
        PositionFault::OpeningField { text: t } => text("opening_field", t),
        PositionFault::OpeningFree { text: t } => text("opening_free", t),
        PositionFault::Extra { text: t } => text("extra_field", t),
    }
}

/// Why a position breaks the rules, as a cause.
pub fn invalid(e: &InvalidPosition) -> Params {
    match &e.0 {
        InvalidReason::Squares { found, board: b } => cause(
            "setup_squares",
            [
                ("found", (*found).into()),
                ("board", board(*b)),
                ("squares", (b.edge() * b.edge()).into()),
            ],
        ),
        InvalidReason::NoSuchForced {
            board: b,
            colour: c,
        } => cause(
            "no_such_forced",
            [("board", board(*b)), ("colour", colour(*c))],
        ),
        InvalidReason::OpeningField { plies, rules } => cause(
            "opening_not_limited",
            [
                ("plies", (*plies).into()),
                ("rules", rules.to_string().into()),
                ("limited", rules.with_opening_limits().to_string().into()),
            ],
        ),
        InvalidReason::NoSuchTower {
            board: b,
            colour: c,
            square,
        } => cause(
            "no_such_tower",
            [
                ("board", board(*b)),
                ("colour", colour(*c)),
                ("square", square.as_str().into()),
            ],
        ),
        InvalidReason::TwoTowers {
            side,
            colour: c,
            first,
            second,
        } => cause(
            "two_towers",
            [
                ("side", (*side).into()),
                ("colour", colour(*c)),
                ("first", first.as_str().into()),
                ("second", second.as_str().into()),
            ],
        ),
        InvalidReason::MissingTower { side, colour: c } => cause(
            "missing_tower",
            [("side", (*side).into()), ("colour", colour(*c))],
        ),
        InvalidReason::BothHome => cause("both_home", []),
        InvalidReason::NoMove { side } => cause("no_move", [("side", (*side).into())]),
    }
}

impl Refusal {
    /// A position's text that cannot be read (`bad_position`), its fault in
    /// English and as its cause.
    pub fn position_text(e: &ParsePositionError) -> Refusal {
        Refusal::bad_position(e.to_string(), position_text(e))
    }

    /// A text that is neither a record nor a position (`not_a_position`):
    /// the position's fault in English and as its cause.
    pub fn not_a_position_text(e: &ParsePositionError) -> Refusal {
        Refusal::not_a_position(e.to_string(), position_text(e))
    }

    /// A position the rules do not allow (`invalid_position`), the rule in
    /// English and as its cause.
    pub fn invalid(e: &InvalidPosition) -> Refusal {
        Refusal::invalid_position(e.0.to_string(), invalid(e))
    }

    /// A move the rules forbid: `illegal_move` with the rules' reason in
    /// English (`why`) and as its cause.
    pub fn illegal<B: Board>(mv: &Move<B>, reason: &IllegalReason<B>) -> Refusal {
        Refusal::illegal_move(mv.to_string(), reason.to_string(), illegal(reason))
    }

    /// A text that is not a move: `not_a_move`, its fault in English and as
    /// its cause.
    pub fn move_text(e: &ParseMoveError) -> Refusal {
        Refusal::not_a_move(e.text.as_str(), e.fault.to_string(), move_text(&e.fault))
    }
}
