//! Seats and the page: seat keys are 128 random bits given to their holders
//! only, names are kept as text and shown as text, the page may load only its
//! own assets, and the server listens on loopback unless told otherwise.

use crate::common;

use std::collections::HashSet;

use common::{TempDb, TestServer, first_legal, is_ack, mv, reason};
use kamisado_client::{GameRequest, PlayAs};
use kamisado_core::Record;
use kamisado_server::{CONTENT_SECURITY_POLICY, ServeConfig};
use kamisado_wire::{ClientMessage, ServerMessage, SideCode};

#[tokio::test]
async fn seat_keys_are_128_random_bits_and_reach_only_their_holders() {
    let db = TempDb::new("keys128");
    let server = TestServer::start(&db).await;
    let mut keys = HashSet::new();
    let mut games = Vec::new();
    for _ in 0..40 {
        let created = server
            .create(GameRequest::friend().colour(PlayAs::Black))
            .await;
        for key in [created.key.clone(), created.invite.clone().unwrap()] {
            assert_eq!(key.len(), 32, "{key}");
            assert!(
                key.bytes()
                    .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
            );
            assert!(keys.insert(key), "every key is new");
        }
        games.push(created);
    }
    // 80 keys of 128 bits: each of the 16 bytes takes many values in each place.
    for place in 0..16 {
        let values: HashSet<&str> = keys.iter().map(|k| &k[2 * place..2 * place + 2]).collect();
        assert!(values.len() > 40, "byte {place} varies: {}", values.len());
    }
    let created = &games[0];
    let id = created.id.as_str();
    let key = created.key.as_str();
    let invite = created.invite.as_deref().unwrap();
    assert!(
        !id.contains(key) && !key.contains(id),
        "the id is not part of a key"
    );
    let secret = |text: &str| text.contains(key) || text.contains(invite);
    // Not in the state, the record, a watcher's messages, nor a refusal.
    let state = ServerMessage::State(Box::new(server.state(id).await));
    assert!(!secret(&state.to_text()));
    assert!(!secret(&server.record(id).await));
    let mut watcher = server.client(id, None).await;
    let mut black = server.client(id, Some(key)).await;
    let mut white = server.client(id, Some(invite)).await;
    assert!(black.seat().is_some() && white.seat().is_some());
    let mover = if black.state().to_act == Some(SideCode::Black) {
        &mut black
    } else {
        &mut white
    };
    let first = first_legal(mover.state());
    assert!(is_ack(&mover.play(first).await.unwrap()));
    let seen = ServerMessage::State(Box::new(watcher.wait_n(1).await.unwrap().clone()));
    assert!(!secret(&seen.to_text()));
    // A wrong key (one character changed) opens nothing and is not echoed.
    let mut wrong = key.to_string();
    wrong.replace_range(0..1, if key.starts_with('0') { "1" } else { "0" });
    let mut guesser = server.client(id, None).await;
    let answer = guesser
        .act(ClientMessage::Join {
            key: Some(wrong.clone()),
        })
        .await
        .unwrap();
    assert!(!reason(&answer).contains(&wrong));
    let moved = guesser.play(mv("pass")).await.unwrap();
    assert!(reason(&moved).contains("watching"), "{moved:?}");
    // Another game's key opens no seat here.
    let other_key = games[1].key.clone();
    let answer = guesser
        .act(ClientMessage::Join {
            key: Some(other_key),
        })
        .await
        .unwrap();
    assert!(matches!(answer, ServerMessage::Error { .. }), "{answer:?}");
    server.stop().await;
}

#[tokio::test]
async fn player_names_are_kept_and_shown_as_text() {
    let db = TempDb::new("names");
    let server = TestServer::start(&db).await;
    let name = "<b onclick=x>\"]\n[Result \"0-1";
    let created = server
        .create(GameRequest::friend().colour(PlayAs::Black).name(name))
        .await;
    let id = created.id.as_str();
    let mut white = server.client(id, created.invite.as_deref()).await;
    let named = white
        .act(ClientMessage::Name {
            name: "</script><b>Ben</b>\u{0}".into(),
        })
        .await
        .unwrap();
    assert!(is_ack(&named), "{named:?}");
    let state = white.state().clone();
    assert_eq!(state.names.w, "</script><b>Ben</b>");
    // Stored and sent as the characters typed (control characters dropped):
    // JSON carries them as text.
    assert_eq!(state.names.b, "<b onclick=x>\"][Result \"0-1");
    // The record quotes them: its tags read back as the same names, and no
    // tag can be added through a name.
    let record: Record = server
        .record(id)
        .await
        .parse()
        .expect("the record reads back");
    assert_eq!(record.tag("Black"), Some(state.names.b.as_str()));
    assert_eq!(record.tag("White"), Some("</script><b>Ben</b>"));
    assert!(record.tags().iter().filter(|(k, _)| k == "Result").count() <= 1);
    assert_ne!(record.tag("Result"), Some("0-1"));
    // The page writes text only: no HTML is built from strings, in any of its modules.
    let mut text_written = false;
    let mut modules: Vec<String> =
        std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/assets"))
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|name| name.ends_with(".js"))
            .collect();
    modules.sort();
    assert!(modules.len() >= 17, "{modules:?}");
    for module in modules {
        let answer = server
            .request("GET", &format!("/assets/{module}"), None)
            .await;
        assert_eq!(answer.status, 200, "{module} is served");
        for sink in [
            "innerHTML",
            "outerHTML",
            "insertAdjacentHTML",
            "document.write",
            "eval(",
            "new Function",
        ] {
            assert!(!answer.body.contains(sink), "{module} uses {sink}");
        }
        text_written |= answer.body.contains("textContent");
    }
    assert!(text_written);
    server.stop().await;
}

#[tokio::test]
async fn every_answer_carries_a_policy_that_allows_only_the_page_s_own_assets() {
    let db = TempDb::new("csp");
    let server = TestServer::start(&db).await;
    // Each directive allows 'self' or nothing ('none'), images also data: URLs.
    for directive in CONTENT_SECURITY_POLICY.split(';').map(str::trim) {
        let mut words = directive.split_whitespace();
        let name = words.next().unwrap();
        for source in words {
            let allowed = source == "'self'"
                || source == "'none'"
                || (name == "img-src" && source == "data:");
            assert!(allowed, "{name} allows {source}");
        }
    }
    assert!(CONTENT_SECURITY_POLICY.starts_with("default-src 'none'"));
    let created = server.create(GameRequest::local()).await;
    let id = created.id.as_str();
    let paths = [
        ("GET", "/".to_string()),
        ("GET", format!("/g/{id}")),
        ("GET", "/analysis".to_string()),
        ("GET", "/assets/app.js".to_string()),
        ("GET", "/assets/app.css".to_string()),
        ("GET", "/favicon.svg".to_string()),
        ("GET", "/api/health".to_string()),
        ("GET", format!("/api/games/{id}")),
        ("GET", format!("/api/games/{id}/record")),
        ("GET", "/api/games/ffffffffffffffff".to_string()),
        ("GET", "/no/such/page".to_string()),
        ("POST", "/api/games".to_string()),
    ];
    for (method, path) in &paths {
        let a = server.request(method, path, Some("{}")).await;
        assert_eq!(
            a.header("content-security-policy"),
            Some(CONTENT_SECURITY_POLICY),
            "{method} {path}"
        );
        assert_eq!(a.header("x-frame-options"), Some("DENY"), "{path}");
    }
    // The page refers only to its own assets, by absolute path.
    let page = server.request("GET", "/", None).await.body;
    for attribute in ["src=\"", "href=\""] {
        for piece in page.split(attribute).skip(1) {
            let target = piece.split('"').next().unwrap();
            assert!(
                target.starts_with('/') && !target.starts_with("//"),
                "{attribute}{target}"
            );
        }
    }
    server.stop().await;
}

#[test]
fn the_server_listens_on_loopback_unless_told_otherwise() {
    let config = ServeConfig::default();
    assert!(config.addr.ip().is_loopback(), "{}", config.addr);
}

#[tokio::test]
async fn a_server_bound_to_loopback_is_not_reachable_elsewhere() {
    let db = TempDb::new("loopback");
    let server = TestServer::start(&db).await;
    assert!(server.addr.ip().is_loopback());
    let health = server.request("GET", "/api/health", None).await;
    assert_eq!(health.status, 200);
    server.stop().await;
}
