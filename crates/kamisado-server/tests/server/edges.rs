//! The edges of the site (issue 25): requests from other sites, sign-ins
//! that lock others out, names that pass for others, slow clients, the
//! proxy's word on the client's address and long passwords.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use kamisado_server::Limits;
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::common;

use common::players::{request, sign_up};
use common::{PATIENCE, TempDb, TestServer};

/// An answer read off a raw connection: its status and body.
struct Raw {
    status: u16,
    text: String,
}

/// Sends `head` (the request line and headers, without the blank line) and
/// `body` on a connection of its own; the answer.
async fn raw(addr: SocketAddr, head: &str, body: &str) -> Raw {
    let text = String::from_utf8_lossy(&common::raw_exchange(addr, head, body).await).into_owned();
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("an HTTP answer: {text:?}"));
    Raw { status, text }
}

#[tokio::test]
async fn a_long_password_is_refused_before_it_is_hashed() {
    let db = TempDb::new("long-password");
    let server = TestServer::start(&db).await;
    sign_up(&server, "Ann").await;
    let long = "p".repeat(50_000);
    let body = json!({"name": "Ann", "password": long});
    let start = Instant::now();
    let answer = request(&server, None, "POST", "/api/session", Some(body)).await;
    assert_eq!(answer.status, 400, "{}", answer.body);
    assert!(
        answer.body.contains("over 200 characters"),
        "{}",
        answer.body
    );
    assert!(start.elapsed() < Duration::from_secs(2));
    // Refused before the count of wrong passwords: the right one still signs in.
    for _ in 0..6 {
        let body = json!({"name": "Ann", "password": long});
        let answer = request(&server, None, "POST", "/api/session", Some(body)).await;
        assert_eq!(answer.status, 400, "{}", answer.body);
    }
    let body = json!({"name": "Ann", "password": "kamisado-pass"});
    let answer = request(&server, None, "POST", "/api/session", Some(body)).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    // A megabyte is over the body limit, and refused as such.
    let huge = json!({"name": "Ann", "password": "p".repeat(1 << 20)}).to_string();
    let answer = raw(
        server.addr,
        "POST /api/session HTTP/1.1\r\nContent-Type: application/json",
        &huge,
    )
    .await;
    assert_eq!(answer.status, 413, "{}", answer.text);
    server.stop().await;
}

/// `POST`s as `who` from `origin` (none: no `Origin`), with a body of `kind`.
async fn post_from(
    server: &TestServer,
    path: &str,
    cookie: &str,
    origin: Option<&str>,
    kind: &str,
    body: &str,
) -> Raw {
    let origin = origin.map_or(String::new(), |o| format!("\r\nOrigin: {o}"));
    let head = format!("POST {path} HTTP/1.1\r\nCookie: {cookie}\r\nContent-Type: {kind}{origin}");
    raw(server.addr, &head, body).await
}

#[tokio::test]
async fn a_change_from_another_site_or_not_in_json_is_refused() {
    let db = TempDb::new("cross-site");
    let server = TestServer::start(&db).await;
    let ann = sign_up(&server, "Ann").await;
    let bob = sign_up(&server, "Bob").await;
    let own = format!("http://{}", server.addr);
    let evil = Some("http://evil.example");
    let body = r#"{"rated": false}"#;
    let challenges = |server: &TestServer| {
        let cookie = ann.cookie.clone();
        let server_http = server.http.clone();
        async move {
            let answer = server_http
                .request_as("GET", "/api/challenges", None, Some(&cookie))
                .await
                .unwrap();
            answer.body
        }
    };
    let before = challenges(&server).await;
    for (origin, kind, status, words) in [
        (evil, "text/plain", 403, "cross-site request refused"),
        (evil, "application/json", 403, "from http://evil.example,"),
        (Some("null"), "application/json", 403, "from null,"),
        (Some(own.as_str()), "text/plain", 415, "application/json"),
        (
            None,
            "application/x-www-form-urlencoded",
            415,
            "application/json",
        ),
    ] {
        let answer = post_from(&server, "/api/challenges", &ann.cookie, origin, kind, body).await;
        assert_eq!(answer.status, status, "{origin:?} {kind}: {}", answer.text);
        assert!(answer.text.contains(words), "{}", answer.text);
    }
    // A Referer from another site, without an Origin, is refused the same.
    let head = format!(
        "POST /api/challenges HTTP/1.1\r\nCookie: {}\r\nContent-Type: application/json\r\n\
         Referer: http://evil.example/trap.html",
        ann.cookie
    );
    assert_eq!(raw(server.addr, &head, body).await.status, 403);
    assert_eq!(challenges(&server).await, before, "no challenge was made");
    // Nor is anyone signed in or an account made from there.
    let sign_in = r#"{"name": "Bob", "password": "kamisado-pass"}"#;
    for path in ["/api/session", "/api/accounts"] {
        let answer = post_from(&server, path, "", evil, "text/plain", sign_in).await;
        assert_eq!(answer.status, 403, "{path}: {}", answer.text);
        assert!(!answer.text.contains("set-cookie"), "{}", answer.text);
    }
    // From the site's own page, in JSON, it is made; accepting and
    // cancelling from elsewhere are refused.
    let made = post_from(
        &server,
        "/api/challenges",
        &ann.cookie,
        Some(&own),
        "application/json",
        body,
    )
    .await;
    assert_eq!(made.status, 201, "{}", made.text);
    let id = made
        .text
        .split("\"id\":\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap();
    let accept = format!("/api/challenges/{id}/accept");
    let answer = post_from(&server, &accept, &bob.cookie, evil, "text/plain", "").await;
    assert_eq!(answer.status, 403, "{}", answer.text);
    let head = format!(
        "DELETE /api/challenges/{id} HTTP/1.1\r\nCookie: {}\r\nOrigin: http://evil.example",
        ann.cookie
    );
    assert_eq!(raw(server.addr, &head, "").await.status, 403);
    // Without Origin or Referer (curl, the typed client) it goes through.
    let answer = request(&server, Some(&bob), "POST", &accept, None).await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    // A read from another site's page is a guest's.
    let head = format!(
        "GET /api/session HTTP/1.1\r\nCookie: {}\r\nOrigin: http://evil.example",
        ann.cookie
    );
    let answer = raw(server.addr, &head, "").await;
    assert!(answer.text.contains(r#""name":null"#), "{}", answer.text);
    server.stop().await;
}

#[tokio::test]
async fn a_socket_from_another_site_takes_no_seat_by_the_cookie() {
    use futures_util::{SinkExt, StreamExt};
    use kamisado_wire::ClientMessage;
    use tokio_tungstenite::tungstenite::Message;
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;

    let db = TempDb::new("cross-site-socket");
    let server = TestServer::start(&db).await;
    let ann = sign_up(&server, "Ann").await;
    let bob = sign_up(&server, "Bob").await;
    let c = common::players::challenge(&server, &ann, json!({"rated": false})).await;
    let created = common::players::accept(&server, &bob, &c.id).await;
    for (origin, seated) in [("http://evil.example", false), ("", true)] {
        let mut ws_request = format!("ws://{}/api/games/{}/ws", server.addr, created.id)
            .into_client_request()
            .unwrap();
        let headers = ws_request.headers_mut();
        headers.insert("cookie", bob.cookie.parse().unwrap());
        if !origin.is_empty() {
            headers.insert("origin", origin.parse().unwrap());
        }
        let (mut ws, _) = tokio_tungstenite::connect_async(ws_request).await.unwrap();
        let join = ClientMessage::Join { key: None }.to_text();
        ws.send(Message::text(join)).await.unwrap();
        let seat = loop {
            let message = tokio::time::timeout(PATIENCE, ws.next())
                .await
                .expect("an answer in time")
                .unwrap()
                .unwrap();
            let value: serde_json::Value =
                serde_json::from_str(&message.into_text().unwrap()).unwrap();
            if let Some(seat) = value.get("seat") {
                break seat.clone();
            }
        };
        assert_eq!(!seat.is_null(), seated, "{origin}: {seat}");
    }
    server.stop().await;
}

/// Creates account `name` with `X-Real-IP: real_ip`; the answer's status.
async fn sign_up_as(server: &TestServer, name: &str, real_ip: &str) -> u16 {
    let head = format!(
        "POST /api/accounts HTTP/1.1\r\nContent-Type: application/json\r\nX-Real-IP: {real_ip}"
    );
    let body = json!({"name": name, "password": "kamisado-pass"}).to_string();
    raw(server.addr, &head, &body).await.status
}

#[tokio::test]
async fn only_a_trusted_proxy_names_the_clients_address() {
    let db = TempDb::new("untrusted-proxy");
    let server = TestServer::start(&db).await;
    // Ten accounts an hour from one address, whatever X-Real-IP it claims.
    for i in 0..10 {
        assert_eq!(
            sign_up_as(&server, &format!("u{i}"), &format!("10.0.0.{i}")).await,
            201
        );
    }
    assert_eq!(sign_up_as(&server, "u10", "10.0.0.10").await, 429);
    server.stop().await;
    let db = TempDb::new("trusted-proxy");
    let limits = Limits {
        trusted_proxies: vec!["127.0.0.1".parse().unwrap()],
        ..common::limits()
    };
    let server = TestServer::start_with(&db, limits).await;
    for i in 0..11 {
        assert_eq!(
            sign_up_as(&server, &format!("u{i}"), &format!("10.0.0.{i}")).await,
            201
        );
    }
    server.stop().await;
}

/// Signs `name` in with `password`, as `X-Real-IP: real_ip` says; the status.
async fn sign_in_as(server: &TestServer, name: &str, password: &str, real_ip: &str) -> u16 {
    let head = format!(
        "POST /api/session HTTP/1.1\r\nContent-Type: application/json\r\nX-Real-IP: {real_ip}"
    );
    let body = json!({"name": name, "password": password}).to_string();
    raw(server.addr, &head, &body).await.status
}

#[tokio::test]
async fn wrong_passwords_from_one_address_lock_out_that_address_only() {
    let db = TempDb::new("lockout");
    let limits = Limits {
        trusted_proxies: vec!["127.0.0.1".parse().unwrap()],
        ..common::limits()
    };
    let server = TestServer::start_with(&db, limits).await;
    sign_up(&server, "Ann").await;
    let (attacker, ann) = ("198.51.100.6", "203.0.113.9");
    for _ in 0..6 {
        assert_eq!(sign_in_as(&server, "Ann", "guessing", attacker).await, 401);
    }
    // The name waits for the address that failed, even with the right password...
    assert_eq!(sign_in_as(&server, "ANN", "guessing", attacker).await, 429);
    assert_eq!(
        sign_in_as(&server, "Ann", "kamisado-pass", attacker).await,
        429
    );
    // ...but not for Ann, from an address that has not failed for her name.
    assert_eq!(sign_in_as(&server, "Ann", "kamisado-pass", ann).await, 200);
    server.stop().await;
}

#[tokio::test]
async fn a_name_that_looks_like_an_accounts_is_refused_naming_it() {
    let db = TempDb::new("look-alikes");
    let server = TestServer::start(&db).await;
    for name in ["pop", "bob", "Olga", "Lee"] {
        sign_up(&server, name).await;
    }
    for (name, like) in [
        ("рор", "pop"),
        ("ВОВ", "bob"),
        ("B0B", "bob"),
        ("01ga", "Olga"),
        ("1ee", "Lee"),
        ("Iee", "Lee"),
    ] {
        let body = json!({"name": name, "password": "kamisado-pass"});
        let answer = request(&server, None, "POST", "/api/accounts", Some(body)).await;
        assert_eq!(answer.status, 409, "{name}: {}", answer.body);
        let reason = answer.reason().unwrap();
        assert_eq!(
            reason,
            format!("the name {name} looks like {like}, which is taken: choose another")
        );
    }
    let body = json!({"name": "POP", "password": "kamisado-pass"});
    let answer = request(&server, None, "POST", "/api/accounts", Some(body)).await;
    assert_eq!(
        answer.reason().unwrap(),
        "the name POP is taken: choose another"
    );
    // Names that only share letters are not alike.
    sign_up(&server, "Popov").await;
    sign_up(&server, "Боб").await;
    server.stop().await;
}

#[tokio::test]
async fn accounts_made_before_skeletons_get_theirs_at_start() {
    let db = TempDb::new("old-skeletons");
    let server = TestServer::start(&db).await;
    sign_up(&server, "pop").await;
    server.stop().await;
    // As a database from before the column: no skeleton.
    let sql = "UPDATE accounts SET skeleton = NULL WHERE name <> $1 OR $2 = $2";
    common::execute(&db, sql, "", 0).await;
    let server = TestServer::start(&db).await;
    let body = json!({"name": "рор", "password": "kamisado-pass"});
    let answer = request(&server, None, "POST", "/api/accounts", Some(body)).await;
    assert_eq!(answer.status, 409, "{}", answer.body);
    assert!(answer.body.contains("looks like pop,"), "{}", answer.body);
    server.stop().await;
}

#[tokio::test]
async fn a_guests_name_in_a_game_loses_direction_controls_and_invisible_characters() {
    use kamisado_client::GameRequest;
    use kamisado_wire::Seat;
    let db = TempDb::new("guest-names");
    let server = TestServer::start(&db).await;
    for (name, kept) in [
        ("\u{202E}A\u{200B}nn\u{2066}", "Ann"),
        ("B\u{200F}o\u{FEFF}b\u{200D}", "Bob"),
        ("\u{200B}\u{3164}", "Player"),
    ] {
        let created = server.create(GameRequest::friend().name(name)).await;
        let Seat::Side(side) = created.seat else {
            panic!("a friend game's creator holds one side");
        };
        let state = server.state(&created.id).await;
        assert_eq!(state.names.of(side), kept, "{name:?}");
    }
    server.stop().await;
}

/// Reads what a connection sends until it closes, or `patience` passes
/// (then none).
async fn until_closed(stream: &mut TcpStream, patience: Duration) -> Option<String> {
    let mut answer = Vec::new();
    match tokio::time::timeout(patience, stream.read_to_end(&mut answer)).await {
        Ok(_) => Some(String::from_utf8_lossy(&answer).into_owned()),
        Err(_) => None,
    }
}

#[tokio::test]
async fn a_client_that_sends_half_a_header_is_closed_in_time() {
    let db = TempDb::new("slow-headers");
    let limits = Limits {
        header_read_timeout: Duration::from_millis(500),
        ..common::limits()
    };
    let server = TestServer::start_with(&db, limits).await;
    let mut slow = TcpStream::connect(server.addr).await.unwrap();
    slow.write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Half: ")
        .await
        .unwrap();
    let start = Instant::now();
    let answer = until_closed(&mut slow, Duration::from_secs(5)).await;
    assert!(answer.is_some(), "the connection is still open after 5 s");
    assert!(
        start.elapsed() < Duration::from_secs(3),
        "{:?}",
        start.elapsed()
    );
    // One that sends nothing at all is closed too.
    let mut silent = TcpStream::connect(server.addr).await.unwrap();
    assert!(
        until_closed(&mut silent, Duration::from_secs(5))
            .await
            .is_some()
    );
    // A whole request in time is answered.
    let answer = raw(server.addr, "GET /api/health HTTP/1.1", "").await;
    assert_eq!(answer.status, 200, "{}", answer.text);
    server.stop().await;
}

#[tokio::test]
async fn one_address_holds_at_most_its_cap_of_connections() {
    let db = TempDb::new("connection-cap");
    let limits = Limits {
        connections_per_client: 4,
        ..common::limits()
    };
    let server = TestServer::start_with(&db, limits).await;
    let mut open = Vec::new();
    for _ in 0..4 {
        open.push(TcpStream::connect(server.addr).await.unwrap());
    }
    // Let the server count them before the next.
    tokio::time::sleep(Duration::from_millis(200)).await;
    for _ in 0..3 {
        let mut one_more = TcpStream::connect(server.addr).await.unwrap();
        let answer = until_closed(&mut one_more, PATIENCE).await.unwrap();
        assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
        assert!(
            answer.contains("too many connections: at most 4"),
            "{answer}"
        );
    }
    // Each one closed gives its place back.
    open.pop();
    tokio::time::sleep(Duration::from_millis(200)).await;
    let answer = raw(server.addr, "GET /api/health HTTP/1.1", "").await;
    assert_eq!(answer.status, 200, "{}", answer.text);
    drop(open);
    server.stop().await;
}

#[tokio::test]
async fn headers_over_16_kib_are_refused() {
    let db = TempDb::new("big-headers");
    let server = TestServer::start(&db).await;
    let big = "a".repeat(20 * 1024);
    let answer = raw(
        server.addr,
        &format!("GET /api/health HTTP/1.1\r\nX-Big: {big}"),
        "",
    )
    .await;
    assert_eq!(answer.status, 431, "{}", answer.text);
    let fits = "a".repeat(12 * 1024);
    let answer = raw(
        server.addr,
        &format!("GET /api/health HTTP/1.1\r\nX-Big: {fits}"),
        "",
    )
    .await;
    assert_eq!(answer.status, 200, "{}", answer.text);
    server.stop().await;
}

#[tokio::test]
async fn behind_an_https_public_url_the_cookie_is_secure_and_the_host_is_not_the_site() {
    use kamisado_server::{ServeConfig, bind_with};
    let db = TempDb::new("public-url");
    let config = ServeConfig {
        addr: "127.0.0.1:0".parse().unwrap(),
        db: db.url(),
        public_url: Some("https://kamisado.example".into()),
    };
    let server = bind_with(config, common::limits()).await.unwrap();
    let addr = server.local_addr();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let task = tokio::spawn(server.run_until(async {
        let _ = stopped.await;
    }));
    let sign_up = |origin: &str| {
        let head = format!(
            "POST /api/accounts HTTP/1.1\r\nContent-Type: application/json\r\nOrigin: {origin}"
        );
        async move {
            let body = json!({"name": "Ann", "password": "kamisado-pass"}).to_string();
            raw(addr, &head, &body).await
        }
    };
    // The request's own Host is not the site when a public URL names it.
    let answer = sign_up(&format!("http://{addr}")).await;
    assert_eq!(answer.status, 403, "{}", answer.text);
    let answer = sign_up("https://kamisado.example").await;
    assert_eq!(answer.status, 201, "{}", answer.text);
    let cookie = answer
        .text
        .lines()
        .find(|l| l.to_ascii_lowercase().starts_with("set-cookie:"))
        .expect("a cookie");
    assert!(cookie.ends_with("; Secure"), "{cookie}");
    let _ = stop.send(());
    task.await.unwrap().unwrap();
    // A public URL with a path is refused at start, saying why.
    let config = ServeConfig {
        addr: "127.0.0.1:0".parse().unwrap(),
        db: db.url(),
        public_url: Some("https://kamisado.example/games".into()),
    };
    let e = bind_with(config, common::limits()).await.err().unwrap();
    assert!(e.to_string().contains("no path"), "{e}");
}
