//! The edges of the site (issue 25): requests from other sites, sign-ins
//! that lock others out, names that pass for others, slow clients, the
//! proxy's word on the client's address and long passwords.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

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
    let exchange = async {
        let mut stream = TcpStream::connect(addr).await.unwrap();
        let request = format!(
            "{head}\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        );
        let _ = stream.write_all(request.as_bytes()).await;
        let mut answer = Vec::new();
        let _ = stream.read_to_end(&mut answer).await;
        String::from_utf8_lossy(&answer).into_owned()
    };
    let text = tokio::time::timeout(PATIENCE, exchange)
        .await
        .expect("an answer in time");
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
