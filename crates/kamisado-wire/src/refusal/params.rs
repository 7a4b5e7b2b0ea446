//! The params refusals carry: one vocabulary of names, each of one kind,
//! which says how a front end tells its value; and the closed sets of
//! choices some of them take.

use super::Param;
use crate::Kind;

/// How a param's value is told.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamKind {
    /// A number, as it is; `{p:unit}` adds the counted word.
    Number,
    /// A span in seconds, told in days, hours, minutes or seconds.
    Seconds,
    /// A name a person chose (a player's, an account's), as it is; the
    /// server's own names (`Player`, `Engine, level 3`) in the reader's words.
    Name,
    /// Notation, the same in every language: a move, a square, an id, a
    /// field or a route.
    Notation,
    /// A side's code, `b` or `w`, told as the side's name.
    Side,
    /// One of a closed set of choices ([`choices`]), told in the reader's words.
    Choice,
    /// One character of a name, told as itself or, for a space, in words.
    Character,
    /// English words (a parser's, a database's): only the English tells them,
    /// unless the refusal carries their [`ParamKind::Cause`].
    Words,
    /// The typed cause of the refusal's English words (`why`, `detail`):
    /// an object of its `kind` and the values it names ([`super::cause`]),
    /// which a front end tells in its own language in their place. It is
    /// not placed in a template: the words it causes are.
    Cause,
}

/// The kind of the param called `name`, if it is one of the vocabulary.
pub fn param_kind(name: &str) -> Option<ParamKind> {
    Some(match name {
        "length" | "min" | "max" | "count" | "n" | "at" | "round" | "rounds" | "players"
        | "most" | "entered" | "engines" | "target" | "level" | "initial" | "increment"
        | "days" | "searches" | "rate" | "moves" | "index" | "limit" | "grade" | "pause"
        | "starts_in" | "minutes" | "late" => ParamKind::Number,
        "wait" | "left" | "after" => ParamKind::Seconds,
        "name" | "taken" => ParamKind::Name,
        "mv" | "id" | "square" | "text" | "field" | "fields" | "kinds" | "t" | "path"
        | "method" | "origin" | "scope" | "example" | "file" | "board" | "last" | "route"
        | "header" | "choices" => ParamKind::Notation,
        "side" | "other" | "winner" | "loser" => ParamKind::Side,
        "action" | "act" | "kind" => ParamKind::Choice,
        "character" => ParamKind::Character,
        "cause" => ParamKind::Cause,
        "detail" | "what" | "must" | "why" => ParamKind::Words,
        _ => return None,
    })
}

macro_rules! choices {
    ($($(#[doc = $doc:literal])+ $variant:ident $name:literal $param:literal $words:literal)+) => {
        /// A value of a [`ParamKind::Choice`] param other than a message's
        /// kind: what a guest must sign in for (`action`), what a watcher
        /// may not do (`act`).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Choice {
            $($(#[doc = $doc])+ $variant,)+
        }

        impl Choice {
            /// Every choice.
            pub const ALL: &'static [Choice] = &[$(Choice::$variant),+];

            /// Its value on the wire.
            pub const fn name(self) -> &'static str {
                match self { $(Choice::$variant => $name,)+ }
            }

            /// The param it is a value of.
            pub const fn param(self) -> &'static str {
                match self { $(Choice::$variant => $param,)+ }
            }

            /// Its English words.
            pub const fn words(self) -> &'static str {
                match self { $(Choice::$variant => $words,)+ }
            }
        }
    };
}

choices! {
    /// Declining a challenge.
    DeclineChallenge "decline_challenge" "action" "decline a challenge"
    /// Creating a challenge.
    CreateChallenge "create_challenge" "action" "create a challenge"
    /// Cancelling a challenge.
    CancelChallenge "cancel_challenge" "action" "cancel a challenge"
    /// Accepting a challenge.
    AcceptChallenge "accept_challenge" "action" "accept a challenge"
    /// Changing one's password.
    ChangePassword "change_password" "action" "change your password"
    /// Signing out on every device.
    SignOutEverywhere "sign_out_everywhere" "action" "sign out everywhere"
    /// Deleting one's account.
    DeleteAccount "delete_account" "action" "delete your account"
    /// Reading a bot's events.
    ReadBotEvents "read_bot_events" "action" "read a bot's events"
    /// Making an API token.
    MakeToken "make_token" "action" "make an API token"
    /// Listing one's API tokens.
    SeeTokens "see_tokens" "action" "see your API tokens"
    /// Revoking an API token.
    RevokeToken "revoke_token" "action" "revoke an API token"
    /// Making one's account a bot.
    MakeBot "make_bot" "action" "make your account a bot"
    /// Listing one's games.
    SeeGames "see_games" "action" "see your games"
    /// Making a tournament.
    MakeTournament "make_tournament" "action" "make a tournament"
    /// Entering a tournament.
    EnterTournament "enter_tournament" "action" "enter a tournament"
    /// Withdrawing from a tournament.
    Withdraw "withdraw" "action" "withdraw"
    /// Pausing in an arena.
    Pause "pause" "action" "pause"
    /// Resuming in an arena.
    Resume "resume" "action" "resume"
    /// Cancelling a tournament.
    CancelTournament "cancel_tournament" "action" "cancel a tournament"
    /// Changing a tournament's settings.
    ChangeTournament "change_tournament" "action" "change a tournament"
    /// Claiming a win.
    ClaimWin "claim_win" "action" "claim a win"
    /// A move or a fill.
    Play "play" "act" "play"
    /// A resignation.
    Resign "resign" "act" "resign"
    /// An undo.
    Undo "undo" "act" "take moves back"
    /// A takeback offered.
    OfferTakeback "offer_takeback" "act" "offer a takeback"
    /// A takeback answered.
    AnswerTakeback "answer_takeback" "act" "answer a takeback"
    /// A takeback withdrawn.
    WithdrawTakeback "withdraw_takeback" "act" "withdraw a takeback"
    /// A hint.
    Hint "hint" "act" "ask for hints"
    /// A name set.
    Rename "rename" "act" "set their name"
}

/// The choices of the param `param` as (value, English words): a message's
/// kind for `kind`, the [`Choice`]s of that param otherwise (none for a
/// param that is not a choice).
pub fn choices(param: &str) -> Vec<(&'static str, &'static str)> {
    if param == "kind" {
        return Kind::ALL.iter().map(|k| (k.name(), k.name())).collect();
    }
    Choice::ALL
        .iter()
        .filter(|c| c.param() == param)
        .map(|c| (c.name(), c.words()))
        .collect()
}

/// A value of the param `name` for examples (the tests, the page's
/// fixture): of its kind, and told differently from any other.
pub fn sample(name: &str) -> Param {
    match name {
        "name" => "Ann".into(),
        "taken" => "Anne".into(),
        "length" => 1.into(),
        "min" => 2.into(),
        "max" => 20.into(),
        "n" => 5.into(),
        "at" => 3.into(),
        "wait" => 75.into(),
        "left" => 3600.into(),
        "after" => 1_209_600.into(),
        "side" | "winner" => kamisado_core::Side::Black.into(),
        "other" | "loser" => kamisado_core::Side::White.into(),
        "character" => ' '.into(),
        "mv" => "d1-d6".into(),
        "square" => "c3".into(),
        "last" => "h8".into(),
        "board" => "6x6".into(),
        "id" => "3f9a0c2b".into(),
        "field" => "mv".into(),
        "fields" => "n, mv".into(),
        "kinds" => "join, move, sync".into(),
        "choices" => "left, right".into(),
        "t" => "dance".into(),
        "text" => "z9".into(),
        "path" => "/api/nothing".into(),
        "method" => "GET".into(),
        "origin" => "https://elsewhere.example".into(),
        "scope" => "play".into(),
        "example" => "{\"mode\": \"engine\"}".into(),
        "file" => "nothing.js".into(),
        "route" => "POST /api/challenges".into(),
        "header" => "Content-Type: application/json".into(),
        "detail" => "the words of a parser".into(),
        "what" => "a new game".into(),
        "must" => "engine, local or friend".into(),
        "why" => "towers move only forward (R3)".into(),
        // The cause of the sample `why`.
        "cause" => super::cause::illegal::<kamisado_core::geometry::Eight>(
            &kamisado_core::IllegalReason::NotForward,
        )
        .into(),
        other => match param_kind(other) {
            Some(ParamKind::Choice) => choices(other)
                .first()
                .map_or_else(|| other.into(), |(value, _)| (*value).into()),
            _ => 7.into(),
        },
    }
}
