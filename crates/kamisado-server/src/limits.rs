//! What one client may ask of the server: message sizes, message rate, engine
//! searches and games. Each limit is refused with a reason, never by a hang.

use std::fmt;
use std::net::IpAddr;
use std::time::{Duration, Instant};

/// The largest request body accepted, in bytes.
pub const MAX_BODY: usize = 64 * 1024 + 1024;

/// The most bytes of request headers read; more are refused with 431.
pub const MAX_HEADERS: usize = 16 * 1024;

/// The limits a server enforces; [`Limits::default`] is what `serve` uses.
#[derive(Clone, Debug, PartialEq)]
pub struct Limits {
    /// The largest WebSocket message read, in bytes; larger ones are refused with a reason.
    pub max_message: usize,
    /// Messages a second one connection may send on average.
    pub messages_per_second: f64,
    /// Messages one connection may send at once before the rate applies.
    pub message_burst: f64,
    /// Engine searches that run at the same time (one per core by default).
    pub engine_slots: usize,
    /// Hint and analysis requests that may wait for a slot; more are refused.
    pub engine_queue: usize,
    /// The longest a hint or an analysis searches before it answers with what it has.
    pub search_time: Duration,
    /// Nodes of solving and searching behind every assessment of a position:
    /// a hint, and each position of the analysis board, so that the two agree
    /// (the time limit stops it sooner if need be).
    pub assess_nodes: u64,
    /// Games one client address may create within [`Limits::games_window`].
    pub games_per_client: usize,
    /// The window over which games per client are counted.
    pub games_window: Duration,
    /// Puzzles a server makes in the background at its first start, when
    /// its database has none (docs/learning.md).
    pub puzzles_at_start: usize,
    /// How often the clocks' deadlines are looked at: a loss on time is
    /// stored within this of the deadline, whoever is connected.
    pub clock_watch: Duration,
    /// How often the tournaments are looked at: a round is paired, a game
    /// nobody came to is decided, within this of its time.
    pub tournament_watch: Duration,
    /// The longest a client may take to send a request's line and headers;
    /// a connection that has not sent them by then is closed.
    pub header_read_timeout: Duration,
    /// Connections one peer address may hold open at once (HTTP and
    /// WebSockets); one more is answered 503 and closed. A trusted proxy's
    /// connections are not counted (its clients are, by the proxy).
    pub connections_per_client: usize,
    /// The proxies (`--trusted-proxy`) whose `X-Real-IP` names the client;
    /// from any other peer the header is ignored. None by default.
    pub trusted_proxies: Vec<IpAddr>,
    /// How long the side to move in an untimed game between accounts may
    /// go without moving before the other player may claim the match.
    pub claim_after: Duration,
    /// How long a change waits, from the moment it is handed to the games'
    /// writer, for more to commit with it in one flush
    /// (`--commit-window-ms`); one that waited that long already, behind
    /// the commit before it, is committed at once. A longer window delays
    /// each acknowledgement by up to that much and costs the server less
    /// CPU a move (docs/scaling.md).
    pub commit_window: Duration,
}

impl Default for Limits {
    /// 2 KiB messages, 20 a second (bursts of 40), a search per core with 8
    /// waiting, 10 s a search, 100 games per client address an hour, 60
    /// puzzles made at the first start, clocks looked at twice a second,
    /// 10 s to send a request's headers, 256 connections per address, no
    /// trusted proxy, a win claimed after 14 days without a move, a 5 ms
    /// commit window.
    fn default() -> Limits {
        Limits {
            max_message: 2048,
            messages_per_second: 20.0,
            message_burst: 40.0,
            engine_slots: std::thread::available_parallelism().map_or(1, |n| n.get()),
            engine_queue: 8,
            search_time: Duration::from_secs(10),
            assess_nodes: kamisado_engine::ASSESS_NODES,
            games_per_client: 100,
            games_window: Duration::from_secs(3600),
            puzzles_at_start: 60,
            clock_watch: Duration::from_millis(500),
            tournament_watch: Duration::from_secs(1),
            header_read_timeout: Duration::from_secs(10),
            connections_per_client: 256,
            trusted_proxies: Vec::new(),
            claim_after: Duration::from_secs(14 * 24 * 3600),
            commit_window: Duration::from_millis(5),
        }
    }
}

/// A token bucket: one connection's allowance of messages.
#[derive(Debug)]
pub struct RateLimiter {
    rate: f64,
    burst: f64,
    tokens: f64,
    last: Instant,
}

impl RateLimiter {
    /// A full bucket of `burst` messages refilled at `rate` a second.
    pub fn new(rate: f64, burst: f64) -> RateLimiter {
        RateLimiter {
            rate,
            burst: burst.max(1.0),
            tokens: burst.max(1.0),
            last: Instant::now(),
        }
    }

    /// Takes one message's token at `now`.
    ///
    /// # Errors
    /// [`RateLimited`] when the connection sends faster than its rate.
    pub fn take(&mut self, now: Instant) -> Result<(), RateLimited> {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + elapsed * self.rate).min(self.burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            Ok(())
        } else {
            Err(RateLimited { rate: self.rate })
        }
    }
}

/// A message over its connection's rate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RateLimited {
    /// The messages a second allowed.
    pub rate: f64,
}

impl fmt::Display for RateLimited {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        kamisado_wire::Refusal::rate_limited(self.rate).fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_allows_its_burst_then_its_rate() {
        let start = Instant::now();
        let mut bucket = RateLimiter::new(2.0, 3.0);
        for _ in 0..3 {
            bucket.take(start).unwrap();
        }
        let refused = bucket.take(start).unwrap_err();
        assert!(refused.to_string().contains("rate limit"), "{refused}");
        // Half a second later one more token has come.
        bucket.take(start + Duration::from_millis(500)).unwrap();
        assert!(bucket.take(start + Duration::from_millis(500)).is_err());
    }
}
