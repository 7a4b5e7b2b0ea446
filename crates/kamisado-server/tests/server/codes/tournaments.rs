//! Tournaments: settings that are not one, entries, withdrawals, pauses,
//! changes and cancellations refused.

use kamisado_wire::Code;
use kamisado_wire::tournaments::TournamentView;
use serde_json::{Value, json};

use super::{Met, People};
use crate::common::TestServer;
use crate::common::players::{Player, request};

async fn post(
    server: &TestServer,
    who: Option<&Player>,
    path: &str,
    body: Option<Value>,
) -> kamisado_client::Answer {
    request(server, who, "POST", path, body).await
}

/// A tournament made by `who` with `settings`: its id.
async fn made(server: &TestServer, who: &Player, settings: Value) -> String {
    let answer = post(server, Some(who), "/api/tournaments", Some(settings)).await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    answer.json::<TournamentView>().unwrap().id
}

pub async fn meet(server: &TestServer, met: &mut Met, people: &People) {
    settings(server, met, people).await;
    entries(server, met, people).await;
    arena(server, met, people).await;
}

async fn settings(server: &TestServer, met: &mut Met, people: &People) {
    let guest = post(
        server,
        None,
        "/api/tournaments",
        Some(json!({"name": "Autumn"})),
    )
    .await;
    met.http(&guest, 401, Code::SignInRequired);
    let clock = json!({"initial_s": 300, "increment_s": 3});
    let bad = [
        (json!({"name": "x"}), Code::TournamentName),
        (
            json!({"name": "Autumn", "clock": clock, "days": 3}),
            Code::TournamentClockAndDays,
        ),
        (json!({"name": "Autumn", "rounds": 0}), Code::SwissRounds),
        (
            json!({"name": "Autumn", "format": "round-robin", "max_players": 4, "rounds": 4}),
            Code::RoundRobinRounds,
        ),
        (
            json!({"name": "Autumn", "format": "arena", "rounds": 3}),
            Code::ArenaRounds,
        ),
        (
            json!({"name": "Autumn", "max_players": 1}),
            Code::TournamentPlayers,
        ),
        (
            json!({"name": "Autumn", "min_players": 10, "max_players": 8}),
            Code::MinPlayers,
        ),
        (
            json!({"name": "Autumn", "starts_in_s": 9_999_999}),
            Code::StartsTooLate,
        ),
        (
            json!({"name": "Autumn", "pause_s": 999_999}),
            Code::PauseTooLong,
        ),
        (
            json!({"name": "Autumn", "length_s": 600}),
            Code::LengthNotArena,
        ),
        (
            json!({"name": "Autumn", "format": "arena", "double_round": true}),
            Code::ArenaDouble,
        ),
        (
            json!({"name": "Autumn", "format": "arena", "length_s": 5}),
            Code::ArenaLength,
        ),
        (
            json!({"name": "Autumn", "max_players": 2, "engines": [1, 2, 3]}),
            Code::TooManyEngines,
        ),
        (
            json!({"name": "Autumn", "format": "round-robin", "late_entry_until": 2}),
            Code::RoundRobinLate,
        ),
        (
            json!({"name": "Autumn", "late_entry_until": 9}),
            Code::LateEntry,
        ),
        (
            json!({"name": "Autumn", "clock": {"initial_s": 5, "increment_s": 0}}),
            Code::ClockInitial,
        ),
        (
            json!({"name": "Autumn", "clock": {"initial_s": 300, "increment_s": 99}}),
            Code::ClockIncrement,
        ),
        (json!({"name": "Autumn", "days": 2}), Code::BadDays),
    ];
    for (body, code) in bad {
        let answer = post(server, Some(&people.ann), "/api/tournaments", Some(body)).await;
        met.http(&answer, 400, code);
    }
    let none = request(server, None, "GET", "/api/tournaments/nope", None).await;
    met.http(&none, 404, Code::NoSuchTournament);
}

async fn entries(server: &TestServer, met: &mut Met, people: &People) {
    let (ann, ben, carl) = (&people.ann, &people.ben, &people.carl);
    let id = made(
        server,
        ann,
        json!({"name": "Autumn Swiss", "max_players": 3}),
    )
    .await;
    let path = |action: &str| format!("/api/tournaments/{id}/{action}");
    assert_eq!(
        post(server, Some(ann), &path("join"), None).await.status,
        200
    );
    met.http(
        &post(server, Some(ann), &path("join"), None).await,
        409,
        Code::EnteredAlready,
    );
    let engine = post(server, Some(ben), &path("join"), Some(json!({"engine": 3}))).await;
    met.http(&engine, 403, Code::EnginesByCreator);
    met.http(
        &post(server, Some(ben), &path("withdraw"), None).await,
        409,
        Code::NotEntered,
    );
    met.http(
        &post(server, Some(ben), &path("pause"), None).await,
        409,
        Code::PauseNotArena,
    );
    for who in [ben, carl] {
        assert_eq!(
            post(server, Some(who), &path("join"), None).await.status,
            200
        );
    }
    let fewer = json!({"name": "Autumn Swiss", "max_players": 2});
    let change = post(server, Some(ann), &path("settings"), Some(fewer.clone())).await;
    met.http(&change, 409, Code::TooManyEntrants);
    let engines = json!({"name": "Autumn Swiss", "engines": [1]});
    let change = post(server, Some(ann), &path("settings"), Some(engines)).await;
    met.http(&change, 400, Code::EnginesJoinRoute);
    let change = post(server, Some(ben), &path("settings"), Some(fewer)).await;
    met.http(&change, 403, Code::ChangeNotCreator);
    met.http(
        &post(server, Some(ben), &path("cancel"), None).await,
        403,
        Code::CancelNotCreator,
    );
    assert_eq!(
        post(server, Some(carl), &path("withdraw"), None)
            .await
            .status,
        200
    );
    met.http(
        &post(server, Some(carl), &path("withdraw"), None).await,
        409,
        Code::WithdrawnAlready,
    );
    // A tournament of two, full; then cancelled.
    let tiny = made(server, ann, json!({"name": "Tiny Swiss", "max_players": 2})).await;
    let path = |action: &str| format!("/api/tournaments/{tiny}/{action}");
    for who in [ann, ben] {
        assert_eq!(
            post(server, Some(who), &path("join"), None).await.status,
            200
        );
    }
    met.http(
        &post(server, Some(carl), &path("join"), None).await,
        409,
        Code::TournamentFull,
    );
    assert_eq!(
        post(server, Some(ann), &path("cancel"), None).await.status,
        200
    );
    let late = post(server, Some(carl), &path("join"), None).await;
    met.http(&late, 409, Code::TournamentCancelled);
}

async fn arena(server: &TestServer, met: &mut Met, people: &People) {
    let ben = &people.ben;
    let id = made(
        server,
        &people.ann,
        json!({"name": "Evening Arena", "format": "arena"}),
    )
    .await;
    let path = |action: &str| format!("/api/tournaments/{id}/{action}");
    met.http(
        &post(server, Some(ben), &path("pause"), None).await,
        409,
        Code::NotInArena,
    );
    assert_eq!(
        post(server, Some(ben), &path("join"), None).await.status,
        200
    );
    met.http(
        &post(server, Some(ben), &path("resume"), None).await,
        409,
        Code::NotPaused,
    );
    assert_eq!(
        post(server, Some(ben), &path("pause"), None).await.status,
        200
    );
    met.http(
        &post(server, Some(ben), &path("pause"), None).await,
        409,
        Code::PausedAlready,
    );
    let trf = request(server, None, "GET", &path("trf"), None).await;
    met.http(&trf, 409, Code::ArenaNoReport);
}
