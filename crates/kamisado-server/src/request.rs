//! What a request carries besides its body, as extractors every feature's
//! routes use: the signed-in viewer, how it signed in, and the client's
//! address.

use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::HeaderMap;
use axum::http::request::Parts;

/// The account signed in on the request's browser (none: a guest), as the
/// HTTP layer found it from the session cookie before the route ran.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Viewer(pub Option<String>);

impl<S: Send + Sync> FromRequestParts<S> for Viewer {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Viewer, Infallible> {
        Ok(parts
            .extensions
            .get::<Viewer>()
            .cloned()
            .unwrap_or_default())
    }
}

/// How the viewer signed in, beside who: by an API token (its id and
/// scopes) or by a session cookie, and whether the account is a bot
/// (docs/bots.md). A guest's is the default.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Credential {
    /// The id of the API token the request carries (none: a session cookie).
    pub token: Option<String>,
    /// What that token may do.
    pub scopes: Vec<kamisado_wire::bots::Scope>,
    /// Whether the account is a bot account.
    pub bot: bool,
}

impl<S: Send + Sync> FromRequestParts<S> for Credential {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Credential, Infallible> {
        Ok(parts
            .extensions
            .get::<Credential>()
            .cloned()
            .unwrap_or_default())
    }
}

/// The address a request comes from ([`client_address`]), as the HTTP layer
/// found it before the route ran (the peer's when it did not).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClientAddress(pub IpAddr);

impl<S: Send + Sync> FromRequestParts<S> for ClientAddress {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<ClientAddress, Infallible> {
        if let Some(found) = parts.extensions.get::<ClientAddress>() {
            return Ok(*found);
        }
        Ok(ClientAddress(peer(parts).ip()))
    }
}

/// The peer of a request's connection.
pub fn peer(parts: &Parts) -> SocketAddr {
    parts
        .extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map_or(SocketAddr::from(([127, 0, 0, 1], 0)), |c| c.0)
}

/// The address a request comes from: the peer's, or behind a proxy the one
/// the proxy names in `X-Real-IP` (nginx, docs/scaling.md). Only a peer
/// among `trusted` (the `--trusted-proxy` addresses) is believed, so that no
/// other client can pick the address its games and sign-ins are counted
/// under.
pub fn client_address(peer: SocketAddr, headers: &HeaderMap, trusted: &[IpAddr]) -> IpAddr {
    if !trusted.contains(&peer.ip()) {
        return peer.ip();
    }
    headers
        .get("x-real-ip")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(peer.ip())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_trusted_proxy_names_the_client() {
        let mut headers = HeaderMap::new();
        headers.insert("x-real-ip", "203.0.113.7".parse().unwrap());
        let local: SocketAddr = "127.0.0.1:5000".parse().unwrap();
        let remote: SocketAddr = "198.51.100.2:5000".parse().unwrap();
        let trusted = [local.ip()];
        assert_eq!(
            client_address(local, &headers, &trusted),
            "203.0.113.7".parse::<IpAddr>().unwrap()
        );
        // A client elsewhere cannot choose its address.
        assert_eq!(client_address(remote, &headers, &trusted), remote.ip());
        // Nor can one on this machine when no proxy is named.
        assert_eq!(client_address(local, &headers, &[]), local.ip());
        // Without the header, or with one that is no address, the peer's.
        assert_eq!(
            client_address(local, &HeaderMap::new(), &trusted),
            local.ip()
        );
        headers.insert("x-real-ip", "nobody".parse().unwrap());
        assert_eq!(client_address(local, &headers, &trusted), local.ip());
    }
}
