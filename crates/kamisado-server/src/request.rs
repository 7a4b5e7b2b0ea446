//! What a request carries besides its body, as extractors every feature's
//! routes use: the signed-in viewer and the client's address.

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

/// The address a request comes from ([`client_address`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClientAddress(pub IpAddr);

impl<S: Send + Sync> FromRequestParts<S> for ClientAddress {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<ClientAddress, Infallible> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map_or(SocketAddr::from(([127, 0, 0, 1], 0)), |c| c.0);
        Ok(ClientAddress(client_address(peer, &parts.headers)))
    }
}

/// The address a request comes from: the peer's, or behind a proxy on this
/// machine (nginx, docs/scaling.md) the one the proxy names in `X-Real-IP`.
/// Only a loopback peer is believed, so a client elsewhere cannot pick the
/// address its games are counted under.
pub fn client_address(peer: SocketAddr, headers: &HeaderMap) -> IpAddr {
    if !peer.ip().is_loopback() {
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
    fn a_proxy_on_this_machine_names_the_client() {
        let mut headers = HeaderMap::new();
        headers.insert("x-real-ip", "203.0.113.7".parse().unwrap());
        let local: SocketAddr = "127.0.0.1:5000".parse().unwrap();
        let remote: SocketAddr = "198.51.100.2:5000".parse().unwrap();
        assert_eq!(
            client_address(local, &headers),
            "203.0.113.7".parse::<IpAddr>().unwrap()
        );
        // A client elsewhere cannot choose its address.
        assert_eq!(client_address(remote, &headers), remote.ip());
        // Without the header, or with one that is no address, the peer's.
        assert_eq!(client_address(local, &HeaderMap::new()), local.ip());
        headers.insert("x-real-ip", "nobody".parse().unwrap());
        assert_eq!(client_address(local, &headers), local.ip());
    }
}
