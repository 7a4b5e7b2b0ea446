//! Every refusal's code met through the API where it can be: each answer,
//! HTTP or WebSocket, carries its code, exactly the params its code names,
//! and as its English words the words the wire writes from them. The codes
//! met are gathered, and every code is either met here or named in
//! [`NOT_MET`] with why (the page's words for every code, in English and
//! Russian, are checked in `e2e/tests/refusals.test.mjs`).

mod edge;
mod games;
mod learning;
mod players;
mod tournaments;

use std::collections::BTreeSet;

use kamisado_client::Answer;
use kamisado_wire::{Code, Kind, Refusal, ServerMessage};

use crate::common::players::{Player, sign_up};
use crate::common::{TempDb, TestServer};

/// The codes this test does not meet through the API, and why.
const NOT_MET: &[(Code, &str)] = &[
    (
        Code::RematchNewGame,
        "met by the rematch tests (tests/server/rematch.rs)",
    ),
    (
        Code::RematchWatching,
        "met by the rematch tests (tests/server/rematch.rs)",
    ),
    (
        Code::RematchTournament,
        "met by the rematch tests (tests/server/rematch.rs)",
    ),
    (
        Code::RematchTooEarly,
        "met by the rematch tests (tests/server/rematch.rs)",
    ),
    (
        Code::RematchMade,
        "met by the rematch tests (tests/server/rematch.rs)",
    ),
    (
        Code::RematchCrossed,
        "met by the rematch tests (tests/server/rematch.rs)",
    ),
    (
        Code::NoRematchOffer,
        "met by the rematch tests (tests/server/rematch.rs)",
    ),
    (
        Code::NoOfferToWithdraw,
        "a decline with no offer answers none",
    ),
    (Code::RateLimited, "a connection over its rate (limits.rs)"),
    (Code::Internal, "a failure of the server"),
    (Code::BodyUnreadable, "a body cut off while it is read"),
    (
        Code::DatabaseUnavailable,
        "a database that does not answer (faults.rs)",
    ),
    (Code::DiskFull, "a full disk (disk.rs)"),
    (Code::ShuttingDown, "a server stopping (processes.rs)"),
    (Code::NotStored, "a database that fails a write"),
    (Code::WriterStopped, "a writer that has stopped"),
    (Code::Unavailable, "no random source, a thread that failed"),
    (
        Code::EngineBusy,
        "every search of the pool taken (limits.rs)",
    ),
    (Code::EngineStopping, "an engine pool stopping"),
    (Code::EngineFailed, "an engine's thread that failed"),
    (Code::EngineNoMove, "a hint in a position with no move"),
    (
        Code::TooManyConnections,
        "an address's connections over its cap (limits.rs)",
    ),
    (
        Code::TooManyGames,
        "a client's games over its quota (limits.rs)",
    ),
    (Code::ResignForOther, "a seat resigns for its own side only"),
    (
        Code::TakebackFromBoth,
        "a takeback on one screen is refused first as not with a friend",
    ),
    (
        Code::OfferIsOpponents,
        "a decline of the opponent's offer answers it",
    ),
    (
        Code::HintNotYourMove,
        "a hint while the engine thinks (a race)",
    ),
    (
        Code::UndoWithClock,
        "a game against the engine with a clock (a tournament's)",
    ),
    (Code::RenameWithClock, "a tournament's game"),
    (
        Code::MatchLostOnTime,
        "a clock run out (claim.rs, tournaments.rs)",
    ),
    (Code::TimeRanOut, "a clock run out (claim.rs)"),
    (
        Code::EngineMoved,
        "a position changed while the engine thought (a race)",
    ),
    (
        Code::GameBusy,
        "a game changed by other processes again and again (a race)",
    ),
    (Code::TooManyChallenges, "twenty open challenges"),
    (Code::TooManyTokens, "twenty tokens"),
    (Code::TooManyTournaments, "ten unfinished tournaments"),
    (
        Code::EngineEnteredAlready,
        "an engine is numbered, never entered twice",
    ),
    (
        Code::TournamentStarted,
        "a tournament under way (tournaments.rs)",
    ),
    (
        Code::EntriesClosed,
        "a Swiss past its late entries (tournaments.rs)",
    ),
    (Code::RoundRobinStarted, "an all-play-all under way"),
    (Code::ArenaEnded, "an arena past its end"),
    (
        Code::TournamentOver,
        "a finished tournament (tournaments.rs)",
    ),
    (
        Code::CannotPair,
        "a round no pairing exists for (tournaments.rs)",
    ),
    (
        Code::ArenaNoRounds,
        "pairing by rounds asked of an arena, inside the server",
    ),
    (
        Code::NoSuchRound,
        "a round an all-play-all lacks, inside the server",
    ),
    (
        Code::NotAMove,
        "a puzzle's attempt (there are no puzzles here)",
    ),
    (
        Code::NotLegalHere,
        "a puzzle's attempt (there are no puzzles here)",
    ),
    (Code::RecordBadFill, "a record whose fill the rules refuse"),
    (Code::RecordTooLong, "a record of over 1000 moves"),
    (Code::LineTooLong, "a line of over 100 moves"),
    (
        Code::InvalidPosition,
        "a position that reads but breaks a rule",
    ),
];

/// The accounts the groups share (sign-ups from one address are counted).
pub struct People {
    pub ann: Player,
    pub ben: Player,
    pub carl: Player,
}

/// The codes met, each checked.
#[derive(Default)]
pub struct Met(BTreeSet<Code>);

impl Met {
    /// A refusal told as `english`: of `code`, with exactly its params,
    /// and the words the wire writes from them.
    fn check(&mut self, refusal: &Refusal, english: &str, code: Code, what: &str) {
        assert_eq!(refusal.code, code, "{what}: {english}");
        let names: BTreeSet<&str> = refusal.params.keys().map(String::as_str).collect();
        let wanted: BTreeSet<&str> = code.params().iter().copied().collect();
        assert_eq!(names, wanted, "{what}: the params of {code:?}");
        assert_eq!(english, refusal.reason(), "{what}: the English words");
        self.0.insert(code);
    }

    /// An HTTP answer refused with `status` and `code`; its refusal.
    pub fn http(&mut self, answer: &Answer, status: u16, code: Code) -> Refusal {
        assert_eq!(answer.status, status, "{code:?}: {}", answer.body);
        let body = answer
            .refusal()
            .unwrap_or_else(|| panic!("{code:?}: a refusal's body, not {}", answer.body));
        self.check(&body.refusal, &body.error, code, &answer.body);
        body.refusal
    }

    /// A WebSocket `error` answering a message of kind `of` with `code`.
    pub fn socket(&mut self, answer: &ServerMessage, of: Option<Kind>, code: Code) -> Refusal {
        let ServerMessage::Error {
            of: named, reason, ..
        } = answer
        else {
            panic!("{code:?}: an error, not {}", answer.to_text());
        };
        assert_eq!(*named, of, "{code:?}: the message it answers");
        let refusal = answer.refusal().expect("an error's refusal");
        self.check(&refusal, reason, code, &answer.to_text());
        refusal
    }
}

#[tokio::test]
async fn every_refusal_is_met_through_the_api_or_said_why_not() {
    let db = TempDb::new("codes");
    let server = TestServer::start(&db).await;
    let mut met = Met::default();
    let people = People {
        ann: sign_up(&server, "Ann").await,
        ben: sign_up(&server, "Ben").await,
        carl: sign_up(&server, "Carl").await,
    };
    edge::meet(&server, &mut met).await;
    games::meet(&server, &mut met).await;
    learning::meet(&server, &mut met).await;
    tournaments::meet(&server, &mut met, &people).await;
    // Last: it ends with this address's sign-ups and sign-ins throttled.
    players::meet(&server, &mut met, &people).await;
    server.stop().await;
    let not_met: BTreeSet<Code> = NOT_MET.iter().map(|(c, _)| *c).collect();
    let neither: Vec<Code> = Code::ALL
        .iter()
        .copied()
        .filter(|c| !met.0.contains(c) && !not_met.contains(c))
        .collect();
    assert!(
        neither.is_empty(),
        "neither met nor said why not: {neither:?}"
    );
    let both: Vec<&Code> = met.0.intersection(&not_met).collect();
    assert!(both.is_empty(), "met, so no longer in NOT_MET: {both:?}");
}
