//! The accept loop: each connection served by hyper's HTTP/1 server with a
//! header-read timeout and a header size limit (431 beyond it), at most
//! [`Limits::connections_per_client`] open connections per peer address (503
//! beyond it), and a graceful stop. `axum::serve` sets none of these.

use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::{Pin, pin};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use axum::http::Request;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;

use crate::limits::{Limits, MAX_HEADERS};

/// What the loop enforces on each connection.
#[derive(Clone, Debug)]
pub struct Connections {
    /// The longest a client takes to send a request's headers.
    pub header_read_timeout: Duration,
    /// Open connections per peer address.
    pub per_client: usize,
    /// Peers whose connections are not counted (a proxy's clients are).
    pub trusted_proxies: Arc<[IpAddr]>,
}

impl Connections {
    /// The connection limits of `limits`.
    pub fn of(limits: &Limits) -> Connections {
        Connections {
            header_read_timeout: limits.header_read_timeout,
            per_client: limits.connections_per_client,
            trusted_proxies: limits.trusted_proxies.clone().into(),
        }
    }
}

/// The open connections per peer address.
type Counts = Arc<Mutex<HashMap<IpAddr, usize>>>;

/// One open connection counted under its address, until dropped.
struct Counted {
    counts: Counts,
    address: IpAddr,
}

impl Drop for Counted {
    fn drop(&mut self) {
        let mut counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = counts.get_mut(&self.address) {
            *n -= 1;
            if *n == 0 {
                counts.remove(&self.address);
            }
        }
    }
}

/// Counts a connection from `address`, unless that would pass the cap.
fn admit(counts: &Counts, address: IpAddr, cap: usize) -> Option<Counted> {
    let mut map = counts.lock().unwrap_or_else(|e| e.into_inner());
    let n = map.entry(address).or_insert(0);
    if *n >= cap {
        return None;
    }
    *n += 1;
    Some(Counted {
        counts: Arc::clone(counts),
        address,
    })
}

/// A connection's stream with its place in the count, which it keeps while
/// open (through a WebSocket's upgrade too) and gives back when closed.
struct Stream {
    tcp: TcpStream,
    _counted: Option<Counted>,
}

impl AsyncRead for Stream {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.tcp).poll_read(cx, buf)
    }
}

impl AsyncWrite for Stream {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.tcp).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.tcp).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.tcp).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.tcp).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.tcp.is_write_vectored()
    }
}

/// Serves `router` on `listener` until `shutdown` completes; then stops
/// accepting, lets each open request finish and returns once every
/// connection (but upgraded WebSockets, which the games close) has ended.
///
/// # Errors
/// None yet: a failed accept is logged and the loop goes on.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: Connections,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    // Closed (its receiver dropped) when the connections are to stop.
    let (stop_tx, stop_rx) = watch::channel(());
    // Each connection holds a receiver: all dropped, all have ended.
    let (done_tx, done_rx) = watch::channel(());
    let counts: Counts = Arc::default();
    let mut shutdown = pin!(shutdown);
    loop {
        let (tcp, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    accept_failed(e).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let counted = if limits.trusted_proxies.contains(&peer.ip()) {
            None
        } else {
            match admit(&counts, peer.ip(), limits.per_client) {
                Some(counted) => Some(counted),
                None => {
                    tokio::spawn(refuse(tcp, limits.per_client));
                    continue;
                }
            }
        };
        let stream = Stream {
            tcp,
            _counted: counted,
        };
        let connection = connection(stream, peer, router.clone(), &limits, stop_tx.clone());
        let done = done_rx.clone();
        tokio::spawn(async move {
            connection.await;
            drop(done);
        });
    }
    drop(listener);
    drop(stop_rx);
    drop(done_rx);
    done_tx.closed().await;
    Ok(())
}

/// Serves one connection until it ends, or until `stop` is closed and its
/// open request has been answered.
fn connection(
    stream: Stream,
    peer: SocketAddr,
    router: Router,
    limits: &Connections,
    stop: watch::Sender<()>,
) -> impl Future<Output = ()> + Send + 'static {
    let service = hyper::service::service_fn(move |mut request: Request<Incoming>| {
        request.extensions_mut().insert(ConnectInfo(peer));
        hyper::service::Service::call(&TowerToHyperService::new(router.clone()), request)
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_read_timeout)
        .max_header_size(MAX_HEADERS);
    let served = builder
        .serve_connection(TokioIo::new(stream), service)
        .with_upgrades();
    async move {
        let mut served = pin!(served);
        let mut stopping = pin!(stop.closed());
        // Once the stop has come (a future that completed is not polled again).
        let mut stopped = false;
        loop {
            tokio::select! {
                result = served.as_mut() => {
                    if let Err(e) = result {
                        tracing::debug!(%peer, "connection ended: {e}");
                    }
                    break;
                }
                () = &mut stopping, if !stopped => {
                    stopped = true;
                    served.as_mut().graceful_shutdown();
                }
            }
        }
    }
}

/// Answers a connection past its address's cap with 503 and closes it.
async fn refuse(mut tcp: TcpStream, cap: usize) {
    tracing::debug!("a connection refused: {cap} already open from its address");
    let refusal = kamisado_wire::Refusal::too_many_connections(cap);
    let body = serde_json::to_string(&refusal.body()).unwrap_or_default();
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n\
         content-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    let write = async {
        tcp.write_all(answer.as_bytes()).await?;
        tcp.shutdown().await
    };
    let _ = tokio::time::timeout(Duration::from_secs(1), write).await;
}

/// After a failed accept: a failed connection is nothing; anything else
/// (such as too many open files) waits a moment before the next accept.
async fn accept_failed(e: io::Error) {
    use io::ErrorKind::{ConnectionAborted, ConnectionRefused, ConnectionReset};
    if matches!(
        e.kind(),
        ConnectionAborted | ConnectionRefused | ConnectionReset
    ) {
        return;
    }
    tracing::warn!("accepting a connection failed: {e}");
    tokio::time::sleep(Duration::from_millis(200)).await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_count_holds_the_cap_and_gives_back_what_closes() {
        let counts: Counts = Arc::default();
        let address: IpAddr = "203.0.113.1".parse().unwrap();
        let open: Vec<Counted> = (0..3).filter_map(|_| admit(&counts, address, 3)).collect();
        assert_eq!(open.len(), 3);
        assert!(admit(&counts, address, 3).is_none());
        assert!(admit(&counts, "203.0.113.2".parse().unwrap(), 3).is_some());
        drop(open);
        assert!(counts.lock().unwrap().is_empty());
        assert!(admit(&counts, address, 3).is_some());
    }
}
