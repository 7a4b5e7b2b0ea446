//! The page's files as they travel: each compressed once (brotli and gzip)
//! the first time any is asked for, tagged with a hash of its content, and
//! answered in the encoding the browser accepts, or with 304 when the
//! browser already holds it.

use axum::body::Bytes;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};
use std::io::Write;

/// How long a browser keeps a file whose address names its version: a
/// year, never asked again (a new version has a new address).
pub const FOREVER: &str = "public, max-age=31536000, immutable";
/// A file at an address without a version: asked again each time, which a
/// 304 answers when it has not changed.
pub const REVALIDATE: &str = "no-cache";

/// One file of the page in each encoding it is sent in.
pub struct Served {
    content_type: &'static str,
    plain: Bytes,
    gzip: Bytes,
    brotli: Bytes,
    /// The hash of the content, which the ETags name.
    tag: String,
}

impl Served {
    /// Compresses `body` both ways and tags it.
    pub fn new(content_type: &'static str, body: impl Into<Bytes>) -> Served {
        let plain: Bytes = body.into();
        Served {
            content_type,
            gzip: gzip(&plain).into(),
            brotli: brotli(&plain).into(),
            tag: digest(&plain)[..16].to_string(),
            plain,
        }
    }

    /// The answer to a request with `headers`: 304 when its `If-None-Match`
    /// names this content, else the content in the best encoding the
    /// request accepts, cached as `cache` says.
    pub fn answer(&self, headers: &HeaderMap, cache: &'static str) -> Response {
        let (encoding, body) = match accepted(headers) {
            Encoding::Brotli => (Some("br"), &self.brotli),
            Encoding::Gzip => (Some("gzip"), &self.gzip),
            Encoding::Identity => (None, &self.plain),
        };
        let etag = format!(
            "\"{}{}\"",
            self.tag,
            encoding.map_or(String::new(), |e| format!("-{e}"))
        );
        let mut out = if matches(headers, &self.tag) {
            StatusCode::NOT_MODIFIED.into_response()
        } else {
            let mut response = body.clone().into_response();
            let h = response.headers_mut();
            h.insert(
                header::CONTENT_TYPE,
                HeaderValue::from_static(self.content_type),
            );
            if let Some(e) = encoding {
                h.insert(header::CONTENT_ENCODING, HeaderValue::from_static(e));
            }
            response
        };
        let h = out.headers_mut();
        h.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
        h.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
        if let Ok(value) = HeaderValue::from_str(&etag) {
            h.insert(header::ETAG, value);
        }
        out
    }

    /// The size in bytes of the body sent with `encoding` (`br`, `gzip` or
    /// anything else for none), for the figures of the docs.
    pub fn size(&self, encoding: &str) -> usize {
        match encoding {
            "br" => self.brotli.len(),
            "gzip" => self.gzip.len(),
            _ => self.plain.len(),
        }
    }
}

/// The hex SHA-256 of `bytes`.
pub fn digest(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

enum Encoding {
    Brotli,
    Gzip,
    Identity,
}

/// The encoding to send: brotli if the request accepts it, else gzip, else
/// none (a coding given `q=0` is refused, as RFC 9110 says).
fn accepted(headers: &HeaderMap) -> Encoding {
    let wanted = |name: &str| {
        headers
            .get_all(header::ACCEPT_ENCODING)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .any(|item| {
                let mut parts = item.split(';').map(str::trim);
                let coding = parts.next().unwrap_or("");
                let refused = parts.any(|p| {
                    p.strip_prefix("q=")
                        .and_then(|q| q.parse::<f32>().ok())
                        .is_some_and(|q| q <= 0.0)
                });
                coding.eq_ignore_ascii_case(name) && !refused
            })
    };
    if wanted("br") {
        Encoding::Brotli
    } else if wanted("gzip") {
        Encoding::Gzip
    } else {
        Encoding::Identity
    }
}

/// Whether `If-None-Match` names the content tagged `tag` (in any encoding).
fn matches(headers: &HeaderMap, tag: &str) -> bool {
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(|t| t.trim().trim_start_matches("W/").trim_matches('"'))
        .any(|t| t == "*" || t.split('-').next() == Some(tag))
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    // Writing to a Vec cannot fail.
    let _ = encoder.write_all(bytes);
    encoder.finish().unwrap_or_default()
}

fn brotli(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut writer = brotli::CompressorWriter::new(&mut out, 4096, 11, 22);
        let _ = writer.write_all(bytes);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(pairs: &[(header::HeaderName, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(k.clone(), HeaderValue::from_str(v).unwrap());
        }
        h
    }

    #[test]
    fn the_best_accepted_encoding_is_sent_and_a_held_copy_is_answered_304() {
        let served = Served::new("text/javascript", "let x = 1;\n".repeat(200));
        assert!(served.size("br") < served.size("gzip"));
        assert!(served.size("gzip") < served.size(""));
        let br = served.answer(
            &request(&[(header::ACCEPT_ENCODING, "gzip, deflate, br")]),
            FOREVER,
        );
        assert_eq!(br.headers()[header::CONTENT_ENCODING], "br");
        assert_eq!(br.headers()[header::CACHE_CONTROL], FOREVER);
        let gz = served.answer(
            &request(&[(header::ACCEPT_ENCODING, "gzip, br;q=0")]),
            REVALIDATE,
        );
        assert_eq!(gz.headers()[header::CONTENT_ENCODING], "gzip");
        let plain = served.answer(&HeaderMap::new(), REVALIDATE);
        assert!(plain.headers().get(header::CONTENT_ENCODING).is_none());
        let etag = br.headers()[header::ETAG].to_str().unwrap().to_string();
        let again = served.answer(
            &request(&[
                (header::ACCEPT_ENCODING, "br"),
                (header::IF_NONE_MATCH, &etag),
            ]),
            REVALIDATE,
        );
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
        let other = served.answer(&request(&[(header::IF_NONE_MATCH, "\"0123\"")]), REVALIDATE);
        assert_eq!(other.status(), StatusCode::OK);
    }
}
