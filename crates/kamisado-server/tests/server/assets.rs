//! The page's files on the wire: compressed as the browser accepts, tagged
//! so that a held copy is answered 304, and kept for a year under the
//! page's version; a first visit to the lobby under 70 KB.

use crate::common;

use common::{TempDb, TestServer};

/// An answer's head (lower-cased header names) and body bytes.
struct Answer {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

async fn get(server: &TestServer, path: &str, headers: &[&str]) -> Answer {
    let mut head = format!("GET {path} HTTP/1.1");
    for h in headers {
        head.push_str("\r\n");
        head.push_str(h);
    }
    let bytes = common::raw_exchange(server.addr, &head, "").await;
    let split = bytes
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("an answer with a head");
    let text = String::from_utf8_lossy(&bytes[..split]).into_owned();
    let mut lines = text.split("\r\n");
    let status = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .expect("a status");
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    Answer {
        status,
        headers,
        body: bytes[split + 4..].to_vec(),
    }
}

#[tokio::test]
async fn assets_travel_compressed_tagged_and_kept_under_the_page_s_version() {
    let db = TempDb::new("assets");
    let server = TestServer::start(&db).await;
    let page = get(&server, "/", &["Accept-Encoding: gzip, deflate, br"]).await;
    assert_eq!(page.status, 200);
    assert_eq!(page.header("content-encoding"), Some("br"));
    assert_eq!(page.header("cache-control"), Some("no-cache"));
    // The HTML (read without compression) points at a versioned app.js and
    // preloads the lobby's module.
    let plain = get(&server, "/", &[]).await;
    assert_eq!(plain.header("content-encoding"), None);
    let html = String::from_utf8(plain.body).unwrap();
    let at = html.find("/assets/").expect("the page names its assets") + "/assets/".len();
    let version = &html[at..at + 12];
    assert!(version.chars().all(|c| c.is_ascii_hexdigit()), "{version}");
    assert!(html.contains(&format!("src=\"/assets/{version}/app.js\"")));
    assert!(html.contains(&format!(
        "rel=\"modulepreload\" href=\"/assets/{version}/lobby.js\""
    )));
    // Each part's HTML carries its own sections only, and the icon under the version.
    assert!(html.contains("<main id=\"lobby\"") && !html.contains("<main id=\"play\""));
    assert!(html.contains(&format!("href=\"/assets/{version}/favicon.svg\"")));
    let board = get(&server, "/leaderboard", &[]).await;
    let board = String::from_utf8(board.body).unwrap();
    assert!(board.contains("<main id=\"leaderboard\""));
    for other in [
        "lobby",
        "play",
        "analysis",
        "learn",
        "puzzles",
        "tournaments",
        "rulebook",
    ] {
        assert!(!board.contains(&format!("<main id=\"{other}\"")), "{other}");
    }
    assert!(
        board.contains("<header class=\"top\">"),
        "the header is every part's"
    );
    let tours = String::from_utf8(get(&server, "/tournaments", &[]).await.body).unwrap();
    assert!(
        tours.contains("<main id=\"tournaments\"") && tours.contains("<main id=\"tournament\"")
    );

    // Under the version: kept for a year; gzip for a browser without brotli.
    let app = get(
        &server,
        &format!("/assets/{version}/game.js"),
        &["Accept-Encoding: gzip"],
    )
    .await;
    assert_eq!(app.status, 200);
    assert_eq!(app.header("content-encoding"), Some("gzip"));
    assert_eq!(
        app.header("cache-control"),
        Some("public, max-age=31536000, immutable")
    );
    assert_eq!(app.header("vary"), Some("accept-encoding"));
    let etag = app.header("etag").expect("an ETag").to_string();
    // Held already: 304, without a body.
    let again = get(
        &server,
        "/assets/game.js",
        &["Accept-Encoding: gzip", &format!("If-None-Match: {etag}")],
    )
    .await;
    assert_eq!(again.status, 304);
    assert!(again.body.is_empty());
    // Another version's address (a page from before an upgrade) is asked again each time.
    let old = get(&server, "/assets/000000000000/game.js", &[]).await;
    assert_eq!(old.status, 200);
    assert_eq!(old.header("cache-control"), Some("no-cache"));
    assert_eq!(
        get(&server, &format!("/assets/{version}/nothing.js"), &[])
            .await
            .status,
        404
    );

    // A first visit to the lobby, brotli-compressed, is under 70 KB in
    // either language: the HTML, the styles, the modules app.js and
    // lobby.js import (each with its own imports) and the one language
    // i18n.js loads, the reader's (with the words of every refusal the
    // server can send).
    let sizes = kamisado_server::http::assets::sizes("br");
    let size = |name: &str| {
        sizes
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, s)| *s)
            .unwrap_or_else(|| panic!("{name} is an asset"))
    };
    for language in ["en.js", "ru.js"] {
        let mut loaded = vec!["index.html", "app.css"];
        let mut todo = vec!["app.js", "lobby.js", language];
        while let Some(module) = todo.pop() {
            if loaded.contains(&module) {
                continue;
            }
            loaded.push(module);
            todo.extend(static_imports(module));
        }
        assert!(
            !loaded.contains(&if language == "en.js" {
                "ru.js"
            } else {
                "en.js"
            }),
            "a page loads one language: {loaded:?}"
        );
        let total: usize = loaded.iter().map(|name| size(name)).sum();
        assert!(total < 70_000, "a first visit, {loaded:?}: {total} B");
    }
}

/// The modules `module` imports statically (`from './x.js'`).
fn static_imports(module: &str) -> Vec<&'static str> {
    let path = format!("{}/assets/{module}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let names = kamisado_server::http::assets::sizes("");
    text.split("from './")
        .skip(1)
        .filter_map(|rest| rest.split('\'').next())
        .filter_map(|name| names.iter().find(|(n, _)| *n == name).map(|(n, _)| *n))
        .collect()
}

/// Every refusal the server can send has words in both of the page's
/// languages (`refusal.CODE`; e2e/tests/refusals.test.mjs tells each).
#[test]
fn every_refusal_has_words_in_english_and_russian() {
    for module in ["en.js", "ru.js"] {
        let path = format!("{}/assets/{module}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let missing: Vec<&str> = kamisado_wire::Code::ALL
            .iter()
            .map(|c| c.name())
            .filter(|name| !text.contains(&format!("'refusal.{name}': '")))
            .collect();
        assert!(missing.is_empty(), "{module} has no words for {missing:?}");
    }
}
