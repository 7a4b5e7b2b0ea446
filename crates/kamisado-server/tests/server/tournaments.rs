//! Tournaments (docs/tournaments.md) through the HTTP API: a whole Swiss of
//! accounts and engine levels, an all-play-all with a double round, the
//! refusals, a restart inside a round, two servers on one database racing
//! to pair, and a player who does not come losing on time.

use crate::common;

use std::collections::HashSet;
use std::time::Duration;

use common::players::{Lobby, Player, request, seated, sign_up};
use common::{PATIENCE, TempDb, TestServer};
use kamisado_server::Limits;
use kamisado_wire::players::LobbyMessage;
use kamisado_wire::tournaments::{Stage, TournamentView};
use kamisado_wire::{ClientMessage, ServerMessage, Status};
use serde_json::{Value, json};

fn limits() -> Limits {
    Limits {
        tournament_watch: Duration::from_millis(100),
        ..common::limits()
    }
}

async fn make(server: &TestServer, who: &Player, body: Value) -> TournamentView {
    let answer = request(server, Some(who), "POST", "/api/tournaments", Some(body)).await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    answer.json().unwrap()
}

async fn post(
    server: &TestServer,
    who: Option<&Player>,
    path: &str,
    body: Option<Value>,
) -> (u16, String) {
    let answer = request(server, who, "POST", path, body).await;
    (answer.status, answer.body)
}

async fn view(server: &TestServer, id: &str) -> TournamentView {
    let answer = request(server, None, "GET", &format!("/api/tournaments/{id}"), None).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    answer.json().unwrap()
}

/// The tournament once `done` holds of it, asked again until then.
async fn until(
    server: &TestServer,
    id: &str,
    what: &str,
    done: impl Fn(&TournamentView) -> bool,
) -> TournamentView {
    let deadline = tokio::time::Instant::now() + PATIENCE;
    loop {
        let t = view(server, id).await;
        if done(&t) {
            return t;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "in time: {what}: {t:?}"
        );
        // Polling the server's own answer: the watch decides on its clock.
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The live games of the current round, with the numbers of their players.
fn live_games(t: &TournamentView) -> Vec<(String, u32, u32)> {
    t.pairings
        .iter()
        .filter(|r| r.number == t.round)
        .flat_map(|r| r.pairings.iter())
        .flat_map(|p| p.games.iter())
        .filter(|g| g.winner.is_none())
        .filter_map(|g| g.game.clone().map(|id| (id, g.black, g.white)))
        .collect()
}

/// Ends a game by the resignation of the side `who` plays.
async fn resign(server: &TestServer, who: &Player, game: &str) {
    let mut socket = seated(server, who, game).await;
    for _ in 0..20 {
        let state = socket.state().clone();
        if state.status == Status::Over {
            return;
        }
        match socket
            .act(ClientMessage::Resign { n: state.n })
            .await
            .unwrap()
        {
            ServerMessage::Ack { .. } => return,
            // The engine moved meanwhile: the number is asked again.
            _ => socket.wait_n(state.n + 1).await.map(|_| ()).unwrap_or(()),
        }
    }
    panic!("{} could not resign {game}", who.name);
}

/// A tournament's game against the engine is played alone: no undo, no hint.
async fn refuse_help(server: &TestServer, t: &TournamentView, people: &[Player]) -> usize {
    let mut refused = 0;
    for (game, black, white) in live_games(t) {
        let ((Some(who), None) | (None, Some(who))) =
            (person(t, people, black), person(t, people, white))
        else {
            continue;
        };
        let mut socket = seated(server, who, &game).await;
        let n = socket.state().n;
        let undo = socket.act(ClientMessage::Undo { n }).await.unwrap();
        assert!(
            common::reason(&undo).contains("no move is taken back"),
            "{undo:?}"
        );
        let hint = socket.act(ClientMessage::Hint { n }).await.unwrap();
        assert!(common::reason(&hint).contains("without hints"), "{hint:?}");
        refused += 1;
    }
    refused
}

/// The account of entrant `number`, if a person.
fn person<'a>(t: &TournamentView, people: &'a [Player], number: u32) -> Option<&'a Player> {
    let name = &t.players.iter().find(|p| p.number == number)?.name;
    people.iter().find(|p| &p.name == name)
}

/// Plays the current round out: in each game the first person seated
/// (Black, or the engine's opponent) resigns.
async fn play_round(server: &TestServer, t: &TournamentView, people: &[Player]) {
    for (game, black, white) in live_games(t) {
        let who = person(t, people, black)
            .or_else(|| person(t, people, white))
            .expect("a person plays each live game");
        resign(server, who, &game).await;
    }
}

#[tokio::test]
async fn a_swiss_of_seven_accounts_and_two_engines_is_played_to_the_end() {
    let db = TempDb::new("tournament-swiss");
    let server = TestServer::start_with(&db, limits()).await;
    let names = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus"];
    let mut people = Vec::new();
    for name in names {
        people.push(sign_up(&server, name).await);
    }
    let ann = &people[0];
    let made = make(
        &server,
        ann,
        json!({"name": "Club Swiss", "rounds": 3, "starts_in_s": 3600, "pause_s": 0,
               "engines": [1, 2], "clock": {"initial_s": 600, "increment_s": 0}}),
    )
    .await;
    assert_eq!((made.stage, made.players.len()), (Stage::Open, 2));
    assert_eq!(made.players[0].name, "Engine, level 1");
    let id = made.id.clone();
    let join = format!("/api/tournaments/{id}/join");
    for p in &people {
        let (status, body) = post(&server, Some(p), &join, None).await;
        assert_eq!(status, 200, "{body}");
    }
    // Refusals, each with its reason.
    let (status, body) = post(&server, Some(&people[1]), &join, None).await;
    assert_eq!(status, 409);
    assert!(
        body.contains("you entered this tournament already"),
        "{body}"
    );
    let (status, body) = post(&server, None, &join, None).await;
    assert_eq!(status, 401);
    assert!(body.contains("sign in to enter a tournament"), "{body}");
    let (status, body) = post(&server, Some(&people[1]), &join, Some(json!({"engine": 3}))).await;
    assert_eq!(status, 403);
    assert!(
        body.contains("only the tournament's creator enters engines"),
        "{body}"
    );
    let settings = format!("/api/tournaments/{id}/settings");
    let (status, body) = post(
        &server,
        Some(&people[1]),
        &settings,
        Some(json!({"name": "Mine"})),
    )
    .await;
    assert_eq!(status, 403, "{body}");

    // The creator starts it now.
    let mut lobby = Lobby::open(&server, Some(&people[1])).await;
    let now = json!({"name": "Club Swiss", "rounds": 3, "starts_in_s": 0, "pause_s": 0,
                     "clock": {"initial_s": 600, "increment_s": 0}});
    let (status, body) = post(&server, Some(ann), &settings, Some(now.clone())).await;
    assert_eq!(status, 200, "{body}");
    let t = until(&server, &id, "round 1 paired", |t| t.round == 1).await;
    assert_eq!(t.stage, Stage::Running);
    let (status, body) = post(&server, Some(ann), &settings, Some(now)).await;
    assert_eq!(status, 409);
    assert!(
        body.contains("the tournament has started: its settings are fixed"),
        "{body}"
    );
    // Bob is told of his game by the lobby.
    let bob_game = loop {
        if let LobbyMessage::Paired {
            game, black, white, ..
        } = lobby.next().await
        {
            if black == "Bob" || white == "Bob" {
                break game;
            }
        }
    };
    assert!(live_games(&t).iter().any(|(g, _, _)| *g == bob_game));
    // A tournament's game names its tournament; another game none.
    let of = request(
        &server,
        None,
        "GET",
        &format!("/api/games/{bob_game}/tournament"),
        None,
    )
    .await;
    let of: kamisado_wire::tournaments::GameTournament = of.json().unwrap();
    assert_eq!(
        of.tournament.map(|x| x.name),
        Some("Club Swiss".to_string())
    );
    let other = server.create(kamisado_client::GameRequest::engine(1)).await;
    let none = request(
        &server,
        None,
        "GET",
        &format!("/api/games/{}/tournament", other.id),
        None,
    )
    .await;
    assert_eq!(none.body, r#"{"tournament":null}"#);

    let mut met = HashSet::new();
    let mut byes = HashSet::new();
    for round in 1..=3 {
        let t = until(&server, &id, "the round paired", |t| t.round == round).await;
        let this = &t.pairings[round as usize - 1];
        assert_eq!(this.pairings.len(), 4, "{this:?}");
        let bye = this.bye.expect("nine players: a bye");
        assert!(byes.insert(bye), "a second bye for {bye}");
        for p in &this.pairings {
            let pair = (p.first.min(p.second), p.first.max(p.second));
            assert!(met.insert(pair), "a rematch: {pair:?}");
        }
        play_round(&server, &t, &people).await;
        let t = until(&server, &id, "every game of the round ended", |t| {
            t.pairings[round as usize - 1]
                .pairings
                .iter()
                .all(|p| p.result.is_some())
        })
        .await;
        let points: f64 = t
            .standings
            .iter()
            .map(|s| s.points.parse::<f64>().unwrap())
            .sum();
        assert_eq!(points, 5.0 * f64::from(round), "{:?}", t.standings);
    }
    let t = until(&server, &id, "finished", |t| t.stage == Stage::Finished).await;
    assert_eq!(t.standings.len(), 9);
    assert_eq!(t.standings[0].rank, 1);
    assert!(t.standings.iter().all(|s| s.rounds.len() == 3));
    // The engines beat every account that resigned to them.
    let engine_points: f64 = t
        .standings
        .iter()
        .filter(|s| s.number <= 2)
        .map(|s| s.points.parse::<f64>().unwrap())
        .sum();
    assert!(engine_points >= 5.0, "{:?}", t.standings);

    let trf = request(
        &server,
        None,
        "GET",
        &format!("/api/tournaments/{id}/trf"),
        None,
    )
    .await;
    assert_eq!(trf.status, 200);
    let players = kamisado_tournament::trf::read_players(&trf.body).expect("a TRF that reads back");
    assert_eq!(players.len(), 9);
    assert!(players.iter().all(|p| p.rounds.len() == 3), "{}", trf.body);
    assert!(trf.body.contains("012 Club Swiss"), "{}", trf.body);
    let list = request(&server, None, "GET", "/api/tournaments", None).await;
    assert!(list.body.contains("Club Swiss"), "{}", list.body);
    server.stop().await;
}

#[tokio::test]
async fn an_all_play_all_of_double_rounds_swaps_colours_and_survives_a_restart() {
    let db = TempDb::new("tournament-robin");
    let server = TestServer::start_with(&db, limits()).await;
    let ann = sign_up(&server, "Ann").await;
    let bob = sign_up(&server, "Bob").await;
    let made = make(
        &server,
        &ann,
        json!({"name": "Two of us", "format": "round-robin", "double_round": true,
               "max_players": 3, "starts_in_s": 3600, "pause_s": 0, "engines": [1]}),
    )
    .await;
    assert_eq!(made.rounds, 3);
    let id = made.id;
    for p in [&ann, &bob] {
        let (status, body) = post(
            &server,
            Some(p),
            &format!("/api/tournaments/{id}/join"),
            None,
        )
        .await;
        assert_eq!(status, 200, "{body}");
    }
    let (status, body) = post(
        &server,
        Some(&bob),
        &format!("/api/tournaments/{id}/join"),
        None,
    )
    .await;
    assert_eq!(status, 409);
    assert!(
        body.contains("you entered this tournament already"),
        "{body}"
    );
    let settings = json!({"name": "Two of us", "format": "round-robin", "double_round": true,
                          "max_players": 3, "starts_in_s": 0, "pause_s": 0});
    let (status, body) = post(
        &server,
        Some(&ann),
        &format!("/api/tournaments/{id}/settings"),
        Some(settings),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let people = [ann, bob];
    let mut server = server;
    let mut restarted = false;
    let mut refused = 0;
    for round in 1..=3u32 {
        until(&server, &id, "the round paired", |t| t.round == round).await;
        loop {
            let t = view(&server, &id).await;
            let this = &t.pairings[round as usize - 1];
            if this.pairings.iter().all(|p| p.result.is_some()) {
                // Each pairing's second game had the colours swapped.
                for p in &this.pairings {
                    assert_eq!((p.games[0].black, p.games[1].black), (p.first, p.second));
                }
                break;
            }
            let live = live_games(&t);
            if round == 2 && !restarted && !live.is_empty() {
                // A restart inside the round: the round goes on where it was.
                server.stop().await;
                server = TestServer::start_with(&db, limits()).await;
                restarted = true;
                continue;
            }
            if live.is_empty() {
                // The engine's own game, or a second game not made yet.
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
            refused += refuse_help(&server, &t, &people).await;
            play_round(&server, &t, &people).await;
        }
    }
    assert!(refused > 0, "a game against the engine was asked for help");
    let t = until(&server, &id, "finished", |t| t.stage == Stage::Finished).await;
    // Three players meet each other once: three pairings of two games, and each sits out once.
    let pairings: usize = t.pairings.iter().map(|r| r.pairings.len()).sum();
    assert_eq!(pairings, 3);
    assert!(t.pairings.iter().all(|r| r.bye.is_some()));
    let engine = t.standings.iter().find(|s| s.number == 1).unwrap();
    assert_eq!(engine.points, "2", "{:?}", t.standings);
    server.stop().await;
}

#[tokio::test]
async fn bad_tournaments_are_refused_and_one_without_players_is_cancelled() {
    let db = TempDb::new("tournament-refusals");
    let server = TestServer::start_with(&db, limits()).await;
    let ann = sign_up(&server, "Ann").await;
    let bob = sign_up(&server, "Bob").await;
    for (body, status, reason) in [
        (json!({"name": "x"}), 400, "2 to 60 characters, not 1"),
        (
            json!({"name": "RR", "format": "round-robin", "max_players": 4, "rounds": 5}),
            400,
            "at most 4 players has at most 3 rounds, not 5",
        ),
        (
            json!({"name": "Swiss", "clock": {"initial_s": 600, "increment_s": 0}, "days": 3}),
            400,
            "a clock or days a move, not both",
        ),
        (
            json!({"name": "Swiss", "engines": [9]}),
            400,
            "levels 1 to 6, not 9",
        ),
        (
            json!({"name": "Swiss", "format": "knockout"}),
            400,
            "knockout",
        ),
        (
            json!({"name": "Arena", "format": "arena", "length_s": 5}),
            400,
            "an arena lasts 10 seconds to a week (604800 s), not 5 s",
        ),
        (
            json!({"name": "Arena", "format": "arena", "rounds": 3}),
            400,
            "an arena has no rounds",
        ),
    ] {
        let answer = request(&server, Some(&ann), "POST", "/api/tournaments", Some(body)).await;
        assert_eq!(answer.status, status, "{}", answer.body);
        assert!(answer.body.contains(reason), "{reason}: {}", answer.body);
    }
    let answer = request(
        &server,
        None,
        "POST",
        "/api/tournaments",
        Some(json!({"name": "Guest"})),
    )
    .await;
    assert_eq!(answer.status, 401, "{}", answer.body);

    // One double round for up to 200 players is allowed, and said to decide little.
    let big = make(
        &server,
        &ann,
        json!({"name": "Big", "rounds": 1, "double_round": true,
                                          "max_players": 200}),
    )
    .await;
    assert_eq!(
        big.notes,
        vec!["1 round may not decide a Swiss of up to 200 players: one winner needs 8 rounds"]
    );
    let (status, body) = post(
        &server,
        Some(&bob),
        &format!("/api/tournaments/{}/cancel", big.id),
        None,
    )
    .await;
    assert_eq!(status, 403, "{body}");
    let (status, body) = post(
        &server,
        Some(&ann),
        &format!("/api/tournaments/{}/cancel", big.id),
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = post(
        &server,
        Some(&bob),
        &format!("/api/tournaments/{}/join", big.id),
        None,
    )
    .await;
    assert_eq!(status, 409);
    assert!(body.contains("the tournament was cancelled"), "{body}");

    // Too few players at the start: cancelled, and the page says why.
    let few = make(
        &server,
        &ann,
        json!({"name": "Few", "min_players": 3, "starts_in_s": 1}),
    )
    .await;
    let (status, body) = post(
        &server,
        Some(&bob),
        &format!("/api/tournaments/{}/join", few.id),
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let t = until(&server, &few.id, "cancelled", |t| {
        t.stage == Stage::Cancelled
    })
    .await;
    assert_eq!(
        t.notes,
        vec!["cancelled at its start: 1 of the 3 players it needed had entered"]
    );
    let (status, body) = post(
        &server,
        Some(&ann),
        &format!("/api/tournaments/{}/join", few.id),
        None,
    )
    .await;
    assert_eq!(status, 409);
    assert!(body.contains("the tournament was cancelled"), "{body}");

    // Full, and late entry past its round.
    let full = make(
        &server,
        &ann,
        json!({"name": "Pair", "max_players": 2, "engines": [1]}),
    )
    .await;
    let (status, _) = post(
        &server,
        Some(&bob),
        &format!("/api/tournaments/{}/join", full.id),
        None,
    )
    .await;
    assert_eq!(status, 200);
    let (status, body) = post(
        &server,
        Some(&ann),
        &format!("/api/tournaments/{}/join", full.id),
        None,
    )
    .await;
    assert_eq!(status, 409);
    assert!(
        body.contains("the tournament is full: its 2 places are taken"),
        "{body}"
    );
    let (status, body) = post(&server, Some(&bob), "/api/tournaments/nope/join", None).await;
    assert_eq!(status, 404);
    assert!(
        body.contains("there is no tournament with the id nope"),
        "{body}"
    );
    // Ten unfinished tournaments of one account at most.
    for n in 0..10 {
        make(&server, &bob, json!({"name": format!("Bob's {n}")})).await;
    }
    let answer = request(
        &server,
        Some(&bob),
        "POST",
        "/api/tournaments",
        Some(json!({"name": "One more"})),
    )
    .await;
    assert_eq!(answer.status, 429, "{}", answer.body);
    assert!(
        answer
            .body
            .contains("you have 10 tournaments not yet finished"),
        "{}",
        answer.body
    );
    server.stop().await;
}

#[tokio::test]
async fn a_player_who_does_not_come_loses_on_time_and_a_late_entry_is_paired() {
    let db = TempDb::new("tournament-absent");
    let server = TestServer::start_with(&db, limits()).await;
    let ann = sign_up(&server, "Ann").await;
    let bob = sign_up(&server, "Bob").await;
    let cid = sign_up(&server, "Cid").await;
    let made = make(
        &server,
        &ann,
        json!({"name": "Quick", "rounds": 2, "starts_in_s": 3600, "pause_s": 0,
               "late_entry_until": 2, "clock": {"initial_s": 15, "increment_s": 0}}),
    )
    .await;
    let id = made.id;
    for p in [&ann, &bob] {
        let (status, body) = post(
            &server,
            Some(p),
            &format!("/api/tournaments/{id}/join"),
            None,
        )
        .await;
        assert_eq!(status, 200, "{body}");
    }
    let start = json!({"name": "Quick", "rounds": 2, "starts_in_s": 0, "pause_s": 0,
                       "late_entry_until": 2, "clock": {"initial_s": 15, "increment_s": 0}});
    let (status, body) = post(
        &server,
        Some(&ann),
        &format!("/api/tournaments/{id}/settings"),
        Some(start),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    until(&server, &id, "round 1 paired", |t| t.round == 1).await;
    // Cid enters after the start, before round 2 is paired: absent from round 1.
    let (status, body) = post(
        &server,
        Some(&cid),
        &format!("/api/tournaments/{id}/join"),
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    // Nobody moves: Black loses on time once the clock's initial time has passed.
    let t = until(&server, &id, "the absent player's loss", |t| {
        t.pairings[0].pairings[0].result.is_some()
    })
    .await;
    let game = t.pairings[0].pairings[0].games[0].game.clone().unwrap();
    assert_eq!(common::stored_actions(&db, &game).await, vec!["time b"]);
    let t = until(&server, &id, "round 2 paired with the late entry", |t| {
        t.round == 2
    })
    .await;
    let cid_number = t.players.iter().find(|p| p.name == "Cid").unwrap().number;
    assert_eq!(
        t.players.iter().find(|p| p.name == "Cid").unwrap().joined,
        2
    );
    let r2 = &t.pairings[1];
    assert!(
        r2.bye == Some(cid_number)
            || r2
                .pairings
                .iter()
                .any(|p| p.first == cid_number || p.second == cid_number),
        "{r2:?}"
    );
    let (status, body) = post(
        &server,
        Some(&bob),
        &format!("/api/tournaments/{id}/withdraw"),
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = post(
        &server,
        Some(&bob),
        &format!("/api/tournaments/{id}/withdraw"),
        None,
    )
    .await;
    assert_eq!(status, 409);
    assert!(
        body.contains("withdrawn from this tournament already"),
        "{body}"
    );
    server.stop().await;
}

#[tokio::test]
async fn of_two_servers_on_one_database_exactly_one_pairs_each_round() {
    let db = TempDb::postgres("tournament-race");
    let first = TestServer::start_with(&db, limits()).await;
    let second = TestServer::start_with(&db, limits()).await;
    let mut people = Vec::new();
    for name in ["Ann", "Bob", "Cid", "Dee"] {
        people.push(sign_up(&first, name).await);
    }
    let made = make(
        &first,
        &people[0],
        json!({"name": "Race", "rounds": 2, "starts_in_s": 3600,
                                                "pause_s": 0}),
    )
    .await;
    let id = made.id;
    for (i, p) in people.iter().enumerate() {
        let server = if i % 2 == 0 { &first } else { &second };
        let (status, body) = post(
            server,
            Some(p),
            &format!("/api/tournaments/{id}/join"),
            None,
        )
        .await;
        assert_eq!(status, 200, "{body}");
    }
    let start = json!({"name": "Race", "rounds": 2, "starts_in_s": 0, "pause_s": 0});
    let (status, body) = post(
        &second,
        Some(&people[0]),
        &format!("/api/tournaments/{id}/settings"),
        Some(start),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    for round in 1..=2u32 {
        let t = until(&first, &id, "the round paired", |t| t.round == round).await;
        play_round(&second, &t, &people).await;
    }
    let t = until(&second, &id, "finished", |t| t.stage == Stage::Finished).await;
    assert_eq!(
        t.pairings
            .iter()
            .map(|r| r.pairings.len())
            .collect::<Vec<_>>(),
        vec![2, 2]
    );
    let rows = common::psql(
        &db.url(),
        &format!("SELECT COUNT(*) FROM games WHERE creator = 'tournament {id}'"),
    );
    assert_eq!(rows.trim(), "4", "{rows}");
    first.stop().await;
    second.stop().await;
}

/// An arena's points for a run of results (`+` a win): 2 a win, doubled
/// from the third win in a row on.
fn arena_points(cells: &[String]) -> u32 {
    let (mut points, mut streak) = (0, 0);
    for c in cells {
        if c.starts_with('+') {
            points += if streak >= 2 { 4 } else { 2 };
            streak += 1;
        } else {
            streak = 0;
        }
    }
    points
}

#[tokio::test]
async fn an_arena_pairs_players_again_as_their_games_end_until_its_end() {
    let db = TempDb::new("tournament-arena");
    let server = TestServer::start_with(&db, limits()).await;
    let mut people = Vec::new();
    for name in ["Ann", "Bob", "Cid"] {
        people.push(sign_up(&server, name).await);
    }
    let settings = |starts: u64| {
        json!({"name": "Blitz arena", "format": "arena", "length_s": 12, "starts_in_s": starts,
               "clock": {"initial_s": 60, "increment_s": 0}})
    };
    let made = make(&server, &people[0], {
        let mut s = settings(3600);
        s["engines"] = json!([1]);
        s
    })
    .await;
    assert!(made.ends_ms.is_some());
    let id = made.id;
    for p in &people {
        let (status, body) = post(
            &server,
            Some(p),
            &format!("/api/tournaments/{id}/join"),
            None,
        )
        .await;
        assert_eq!(status, 200, "{body}");
    }
    let answer = request(
        &server,
        None,
        "GET",
        &format!("/api/tournaments/{id}/trf"),
        None,
    )
    .await;
    assert_eq!(answer.status, 409);
    assert!(
        answer.body.contains("an arena has no rounds to report"),
        "{}",
        answer.body
    );
    let (status, body) = post(
        &server,
        Some(&people[0]),
        &format!("/api/tournaments/{id}/settings"),
        Some(settings(0)),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    until(&server, &id, "the arena started", |t| {
        t.stage == Stage::Running && t.round >= 1
    })
    .await;
    // Cid pauses: once his game (if any) ends he is paired no more, until he resumes.
    let (status, body) = post(
        &server,
        Some(&people[2]),
        &format!("/api/tournaments/{id}/pause"),
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = post(
        &server,
        Some(&people[2]),
        &format!("/api/tournaments/{id}/pause"),
        None,
    )
    .await;
    assert_eq!(status, 409);
    assert!(body.contains("you have paused already"), "{body}");
    let mut resumed = false;
    let mut played = 0;
    loop {
        let t = view(&server, &id).await;
        if t.stage == Stage::Finished {
            break;
        }
        let live = live_games(&t);
        if !resumed && played >= 3 {
            let cid = t.players.iter().find(|p| p.name == "Cid").unwrap().number;
            assert!(t.players.iter().any(|p| p.number == cid && p.paused));
            let paired_late = t
                .pairings
                .iter()
                .skip(1)
                .flat_map(|r| r.pairings.iter())
                .filter(|p| p.first == cid || p.second == cid)
                .count();
            assert_eq!(
                paired_late, 0,
                "a paused player is not paired: {:?}",
                t.pairings
            );
            let (status, body) = post(
                &server,
                Some(&people[2]),
                &format!("/api/tournaments/{id}/resume"),
                None,
            )
            .await;
            assert_eq!(status, 200, "{body}");
            resumed = true;
        }
        if live.is_empty() {
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        }
        played += live.len();
        play_round(&server, &t, &people).await;
    }
    let t = view(&server, &id).await;
    assert!(resumed, "games were played before the end: {t:?}");
    let games: usize = t.pairings.iter().map(|r| r.pairings.len()).sum();
    assert!(games >= 4, "{:?}", t.pairings);
    for s in &t.standings {
        // The points are the arena's: doubled on a streak.
        assert_eq!(s.points, arena_points(&s.rounds).to_string(), "{s:?}");
        // Never the same opponent twice in a row.
        let opponents: Vec<&str> = s
            .rounds
            .iter()
            .map(|c| c.trim_matches(|ch: char| !ch.is_ascii_digit()))
            .collect();
        assert!(opponents.windows(2).all(|w| w[0] != w[1]), "{s:?}");
    }
    let engine = t.standings.iter().find(|s| s.number == 1).unwrap();
    assert!(engine.wins >= 1, "{:?}", t.standings);
    server.stop().await;
}

#[tokio::test]
async fn a_swiss_survives_a_restart_between_rounds_and_ends_when_no_pairing_is_left() {
    let db = TempDb::new("tournament-exhausted");
    let mut server = TestServer::start_with(&db, limits()).await;
    let mut people = Vec::new();
    for name in ["Ann", "Bob", "Cid"] {
        people.push(sign_up(&server, name).await);
    }
    let settings =
        |starts: u64| json!({"name": "Three", "rounds": 5, "starts_in_s": starts, "pause_s": 1});
    let made = make(&server, &people[0], settings(3600)).await;
    let id = made.id;
    for p in &people {
        let (status, body) = post(
            &server,
            Some(p),
            &format!("/api/tournaments/{id}/join"),
            None,
        )
        .await;
        assert_eq!(status, 200, "{body}");
    }
    let (status, body) = post(
        &server,
        Some(&people[0]),
        &format!("/api/tournaments/{id}/settings"),
        Some(settings(0)),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    // Entries closed at the start.
    let late = sign_up(&server, "Dee").await;
    until(&server, &id, "round 1 paired", |t| t.round == 1).await;
    let (status, body) = post(
        &server,
        Some(&late),
        &format!("/api/tournaments/{id}/join"),
        None,
    )
    .await;
    assert_eq!(status, 409);
    assert!(
        body.contains("entries closed once round 1 was paired"),
        "{body}"
    );
    for round in 1..=3u32 {
        let t = until(&server, &id, "the round paired", |t| t.round == round).await;
        play_round(&server, &t, &people).await;
        if round == 1 {
            // Between rounds: the round has ended, the next is not yet paired.
            until(&server, &id, "round 1 decided", |t| {
                t.next_round_ms.is_some()
            })
            .await;
            server.stop().await;
            server = TestServer::start_with(&db, limits()).await;
        }
    }
    // Three players have all met and each has had the bye: no fourth round.
    let t = until(&server, &id, "finished", |t| t.stage == Stage::Finished).await;
    assert_eq!(t.round, 3);
    assert!(
        t.notes
            .iter()
            .any(|n| n.contains("round 4 cannot be paired") && n.contains("ended after round 3")),
        "{:?}",
        t.notes
    );
    let byes: HashSet<u32> = t.pairings.iter().filter_map(|r| r.bye).collect();
    assert_eq!(byes.len(), 3);
    server.stop().await;
}

#[tokio::test]
async fn a_bot_enters_with_its_token_and_hears_of_its_game_on_its_stream() {
    let db = TempDb::new("tournament-bot");
    let server = TestServer::start_with(&db, limits()).await;
    let ann = sign_up(&server, "Ann").await;
    let robo = sign_up(&server, "robo").await;
    let answer = request(&server, Some(&robo), "POST", "/api/account/bot", None).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let made = request(
        &server,
        Some(&robo),
        "POST",
        "/api/tokens",
        Some(json!({"name": "bridge"})),
    )
    .await;
    assert_eq!(made.status, 201, "{}", made.body);
    let secret: kamisado_wire::bots::TokenCreated = made.json().unwrap();
    let t = make(
        &server,
        &ann,
        json!({"name": "Bots welcome", "rounds": 1, "starts_in_s": 3600}),
    )
    .await;
    let join = format!("/api/tournaments/{}/join", t.id);
    let entered = server
        .http
        .request_bearer("POST", &join, None, &secret.token)
        .await
        .unwrap();
    assert_eq!(entered.status, 200, "{}", entered.body);
    let (status, body) = post(&server, Some(&ann), &join, None).await;
    assert_eq!(status, 200, "{body}");
    let mut stream = kamisado_client::BotStream::connect(server.addr, &secret.token, PATIENCE)
        .await
        .unwrap();
    let start = json!({"name": "Bots welcome", "rounds": 1, "starts_in_s": 0});
    let (status, body) = post(
        &server,
        Some(&ann),
        &format!("/api/tournaments/{}/settings", t.id),
        Some(start),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let t = until(&server, &t.id, "round 1 paired", |t| t.round == 1).await;
    let (game, _, _) = live_games(&t).pop().expect("the bot's game");
    loop {
        if let kamisado_wire::bots::BotEvent::GameStart { game: told, .. } =
            stream.next().await.unwrap()
        {
            assert_eq!(told, game);
            break;
        }
    }
    server.stop().await;
}
