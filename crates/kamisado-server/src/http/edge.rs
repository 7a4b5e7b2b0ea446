//! What every request passes before a route (issue 25): the client's address
//! found (a trusted proxy's `X-Real-IP`, else the peer's), a request that
//! changes anything refused unless it comes from the site's own page and
//! carries JSON, a request from another site's page given no viewer, and the
//! session cookie marked `Secure` when the site is served over HTTPS.

use std::net::IpAddr;
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::error::ServerError;
use crate::error::refused;
use crate::request::{ClientAddress, client_address, peer};
use kamisado_wire::Refusal;

/// Where the site is and whom it believes: its public origin and its proxies.
#[derive(Clone, Debug, Default)]
pub struct Edge {
    /// The site's origin (`https://kamisado.example`) as `--public-url`
    /// names it; none: the request's own `Host`, over HTTP or HTTPS.
    pub origin: Option<String>,
    /// The peers whose `X-Real-IP` is believed.
    pub trusted_proxies: Arc<[IpAddr]>,
}

/// A request from another site's page (its `Origin` foreign): it is given
/// no viewer, so its session cookie takes no seat and signs no one in.
#[derive(Clone, Copy, Debug)]
pub struct CrossSite;

impl Edge {
    /// Whether the session cookie is sent over HTTPS only.
    pub fn secure(&self) -> bool {
        self.origin
            .as_deref()
            .is_some_and(|o| o.starts_with("https://"))
    }

    /// The foreign origin that `headers` name in `Origin` (or, with
    /// `referer`, lacking it, in `Referer`); none when they name the site's
    /// own or none at all.
    fn foreign(&self, headers: &HeaderMap, referer: bool) -> Option<String> {
        let named = match headers.get(header::ORIGIN) {
            Some(origin) => origin.to_str().unwrap_or("null").to_string(),
            None if referer => origin_of(headers.get(header::REFERER)?.to_str().ok()?)?,
            None => return None,
        };
        let named = named.trim().to_ascii_lowercase();
        let own = match &self.origin {
            Some(origin) => named == *origin,
            None => headers
                .get(header::HOST)
                .and_then(|h| h.to_str().ok())
                .map(str::to_ascii_lowercase)
                .is_some_and(|host| {
                    named == format!("http://{host}") || named == format!("https://{host}")
                }),
        };
        (!own).then_some(named)
    }
}

/// The origin (`scheme://host[:port]`) of a URL; none when it has no scheme.
fn origin_of(url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
    Some(format!("{scheme}://{host}"))
}

/// Reads a `--public-url` into the site's origin: `http://` or `https://`,
/// a host (and port), and no path.
///
/// # Errors
/// What is wrong with it, to be shown beside the flag.
pub fn public_origin(url: &str) -> Result<String, String> {
    let url = url.trim().to_ascii_lowercase();
    let Some((scheme, rest)) = url.split_once("://") else {
        return Err(format!("{url}: expected such as https://kamisado.example"));
    };
    if scheme != "http" && scheme != "https" {
        return Err(format!("{url}: the scheme is http or https"));
    }
    let host = rest.strip_suffix('/').unwrap_or(rest);
    if host.is_empty() || host.contains(['/', '?', '#', '@', ' ']) {
        return Err(format!(
            "{url}: a public URL is a scheme and a host (and port), with no path"
        ));
    }
    Ok(format!("{scheme}://{host}"))
}

/// Whether a request with this method changes anything.
fn changes(method: &Method) -> bool {
    matches!(
        *method,
        Method::POST | Method::PUT | Method::PATCH | Method::DELETE
    )
}

/// Whether a request carries a body that is not JSON.
fn body_not_json(parts: &Parts) -> bool {
    let headers = &parts.headers;
    let has_body = headers.contains_key(header::TRANSFER_ENCODING)
        || headers
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.trim() != "0");
    let json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|v| v.trim().eq_ignore_ascii_case("application/json"));
    has_body && !json
}

/// The middleware: finds the client's address, refuses a change from
/// another site (403) or with a body that is not JSON (415), marks a read
/// from another site [`CrossSite`], and makes the session cookie `Secure`
/// behind HTTPS.
pub async fn guard(State(edge): State<Edge>, request: Request, next: Next) -> Response {
    let (mut parts, body) = request.into_parts();
    let address = client_address(peer(&parts), &parts.headers, &edge.trusted_proxies);
    parts.extensions.insert(ClientAddress(address));
    if changes(&parts.method) {
        if let Some(from) = edge.foreign(&parts.headers, true) {
            return ServerError::Forbidden(Refusal::cross_site(from)).into_response();
        }
        if body_not_json(&parts) {
            let refusal = Refusal::body_not_json("Content-Type: application/json");
            return refused(StatusCode::UNSUPPORTED_MEDIA_TYPE, &refusal);
        }
    } else if edge.foreign(&parts.headers, false).is_some() {
        parts.extensions.insert(CrossSite);
    }
    let mut response = next.run(Request::from_parts(parts, body)).await;
    if edge.secure() {
        secure_cookies(response.headers_mut());
    }
    response
}

/// Adds `Secure` to every cookie an answer sets.
fn secure_cookies(headers: &mut HeaderMap) {
    let cookies: Vec<HeaderValue> = headers
        .get_all(header::SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .filter_map(|v| HeaderValue::from_str(&format!("{v}; Secure")).ok())
        .collect();
    if cookies.is_empty() {
        return;
    }
    headers.remove(header::SET_COOKIE);
    for cookie in cookies {
        headers.append(header::SET_COOKIE, cookie);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.insert(*name, value.parse().unwrap());
        }
        map
    }

    #[test]
    fn the_sites_own_origin_is_its_host_or_its_public_url() {
        let edge = Edge::default();
        let own = headers(&[
            ("host", "localhost:8080"),
            ("origin", "http://localhost:8080"),
        ]);
        assert_eq!(edge.foreign(&own, true), None);
        let evil = headers(&[
            ("host", "localhost:8080"),
            ("origin", "http://evil.example"),
        ]);
        assert_eq!(
            edge.foreign(&evil, true).as_deref(),
            Some("http://evil.example")
        );
        let null = headers(&[("host", "localhost:8080"), ("origin", "null")]);
        assert!(edge.foreign(&null, true).is_some());
        let referred = headers(&[
            ("host", "localhost:8080"),
            ("referer", "http://evil.example/page?x=1"),
        ]);
        assert!(edge.foreign(&referred, true).is_some());
        assert_eq!(edge.foreign(&referred, false), None);
        assert_eq!(edge.foreign(&headers(&[("host", "x")]), true), None);
        let public = Edge {
            origin: Some(public_origin("https://Kamisado.example/").unwrap()),
            ..Edge::default()
        };
        assert!(public.secure() && !edge.secure());
        let proxied = headers(&[
            ("host", "127.0.0.1:9000"),
            ("origin", "https://kamisado.example"),
        ]);
        assert_eq!(public.foreign(&proxied, true), None);
        assert!(edge.foreign(&proxied, true).is_some());
    }

    #[test]
    fn a_public_url_is_a_scheme_and_a_host() {
        assert_eq!(
            public_origin("https://kamisado.example:8443").as_deref(),
            Ok("https://kamisado.example:8443")
        );
        for bad in ["kamisado.example", "ftp://x", "https://", "https://x/games"] {
            assert!(public_origin(bad).is_err(), "{bad}");
        }
    }
}
