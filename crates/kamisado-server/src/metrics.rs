//! What the server counts for its operator, written at `/metrics` in
//! Prometheus' text format: moves stored and refused, commits (their time
//! and size), the wait for a database connection, WebSockets open, refusals
//! by status, and the lag of notices between processes. The games live in
//! memory and the engine's searches are read when the page is asked for.
//!
//! One set of counters per process ([`metrics`]): the server's parts count
//! into it where the thing counted happens.

use std::fmt::Write as _;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

/// A histogram of values (seconds, or counts) over fixed upper bounds.
#[derive(Debug)]
pub struct Histogram {
    bounds: &'static [f64],
    counts: Vec<AtomicU64>,
    /// The sum of the values, in millionths.
    sum_micros: AtomicU64,
    count: AtomicU64,
}

impl Histogram {
    fn new(bounds: &'static [f64]) -> Histogram {
        Histogram {
            bounds,
            counts: bounds.iter().map(|_| AtomicU64::new(0)).collect(),
            sum_micros: AtomicU64::new(0),
            count: AtomicU64::new(0),
        }
    }

    /// Counts one value.
    pub fn observe(&self, value: f64) {
        if let Some(i) = self.bounds.iter().position(|&b| value <= b) {
            self.counts[i].fetch_add(1, Ordering::Relaxed);
        }
        self.sum_micros
            .fetch_add((value.max(0.0) * 1e6) as u64, Ordering::Relaxed);
        self.count.fetch_add(1, Ordering::Relaxed);
    }

    /// Counts a duration, in seconds.
    pub fn observe_time(&self, time: Duration) {
        self.observe(time.as_secs_f64());
    }

    fn write(&self, out: &mut String, name: &str, help: &str) {
        let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} histogram");
        let mut below = 0;
        for (bound, count) in self.bounds.iter().zip(&self.counts) {
            below += count.load(Ordering::Relaxed);
            let _ = writeln!(out, "{name}_bucket{{le=\"{bound}\"}} {below}");
        }
        let count = self.count.load(Ordering::Relaxed);
        let sum = self.sum_micros.load(Ordering::Relaxed) as f64 / 1e6;
        let _ = writeln!(out, "{name}_bucket{{le=\"+Inf\"}} {count}");
        let _ = writeln!(out, "{name}_sum {sum}\n{name}_count {count}");
    }
}

/// Upper bounds of times, in seconds.
const SECONDS: &[f64] = &[
    0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0,
];
/// Upper bounds of the changes in one commit.
const SIZES: &[f64] = &[1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0, 256.0];

/// The counters of this process.
#[derive(Debug)]
pub struct Metrics {
    /// Moves, fills and resignations stored.
    pub actions_stored: AtomicU64,
    /// Changes the database took (actions, takebacks, names, seats).
    pub changes_stored: AtomicU64,
    /// Changes a failed commit refused (a full disk, an outage).
    pub changes_failed: AtomicU64,
    /// The time of each commit of the games' writer.
    pub commit_seconds: Histogram,
    /// The changes in each commit.
    pub batch_changes: Histogram,
    /// The writer's wait for a database connection.
    pub pool_wait_seconds: Histogram,
    /// The lag of each notice from another process, from its commit to its hearing.
    pub notice_lag_seconds: Histogram,
    /// WebSockets open (games' and the lobby's).
    pub websockets: AtomicI64,
    /// Requests and messages refused, by HTTP status.
    refused: Mutex<Vec<(u16, u64)>>,
}

/// This process's counters.
pub fn metrics() -> &'static Metrics {
    static METRICS: OnceLock<Metrics> = OnceLock::new();
    METRICS.get_or_init(|| Metrics {
        actions_stored: AtomicU64::new(0),
        changes_stored: AtomicU64::new(0),
        changes_failed: AtomicU64::new(0),
        commit_seconds: Histogram::new(SECONDS),
        batch_changes: Histogram::new(SIZES),
        pool_wait_seconds: Histogram::new(SECONDS),
        notice_lag_seconds: Histogram::new(SECONDS),
        websockets: AtomicI64::new(0),
        refused: Mutex::new(Vec::new()),
    })
}

/// What is read when the page is asked for, beside the counters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Gauges {
    /// Games held in memory.
    pub live_games: usize,
    /// Engine searches running.
    pub searches_running: usize,
    /// Hints and analyses waiting for a search slot.
    pub searches_waiting: usize,
}

impl Metrics {
    /// Counts one refusal answered with `status`.
    pub fn refused(&self, status: u16) {
        let mut refused = self
            .refused
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        match refused.iter_mut().find(|(s, _)| *s == status) {
            Some((_, n)) => *n += 1,
            None => refused.push((status, 1)),
        }
    }

    /// A WebSocket open, counted until the guard is dropped.
    pub fn websocket(&'static self) -> OpenSocket {
        self.websockets.fetch_add(1, Ordering::Relaxed);
        OpenSocket(self)
    }

    /// The page of `/metrics`, in Prometheus' text format.
    pub fn render(&self, gauges: Gauges) -> String {
        let mut out = String::new();
        self.write_values(&mut out, gauges);
        let histograms = [
            (
                &self.commit_seconds,
                "kamisado_commit_seconds",
                "The time of each commit of the games' writer.",
            ),
            (
                &self.batch_changes,
                "kamisado_commit_changes",
                "The changes committed together.",
            ),
            (
                &self.pool_wait_seconds,
                "kamisado_pool_wait_seconds",
                "The writer's wait for a database connection.",
            ),
            (
                &self.notice_lag_seconds,
                "kamisado_notice_lag_seconds",
                "From a change's commit in another process to its notice here.",
            ),
        ];
        for (histogram, name, help) in histograms {
            histogram.write(&mut out, name, help);
        }
        let name = "kamisado_refused_total";
        let _ = writeln!(
            out,
            "# HELP {name} Requests and messages refused, by HTTP status."
        );
        let _ = writeln!(out, "# TYPE {name} counter");
        let refused = self
            .refused
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        for (status, n) in refused.iter() {
            let _ = writeln!(out, "{name}{{status=\"{status}\"}} {n}");
        }
        out
    }

    /// The counters and gauges of one value each.
    fn write_values(&self, out: &mut String, gauges: Gauges) {
        let load = |a: &AtomicU64| a.load(Ordering::Relaxed) as i64;
        let mut line = |name: &str, kind: &str, help: &str, value: i64| {
            let _ = writeln!(
                out,
                "# HELP {name} {help}\n# TYPE {name} {kind}\n{name} {value}"
            );
        };
        let stored = load(&self.actions_stored);
        line(
            "kamisado_actions_stored_total",
            "counter",
            "Moves, fills and resignations stored.",
            stored,
        );
        let changes = load(&self.changes_stored);
        line(
            "kamisado_changes_stored_total",
            "counter",
            "Changes to games the database took.",
            changes,
        );
        let failed = load(&self.changes_failed);
        line(
            "kamisado_changes_failed_total",
            "counter",
            "Changes whose commit failed.",
            failed,
        );
        let open = self.websockets.load(Ordering::Relaxed);
        line("kamisado_websockets", "gauge", "WebSockets open.", open);
        let live = gauges.live_games as i64;
        line(
            "kamisado_live_games",
            "gauge",
            "Games held in memory.",
            live,
        );
        let running = gauges.searches_running as i64;
        line(
            "kamisado_engine_searches_running",
            "gauge",
            "Engine searches running.",
            running,
        );
        let waiting = gauges.searches_waiting as i64;
        line(
            "kamisado_engine_searches_waiting",
            "gauge",
            "Searches waiting for the engine.",
            waiting,
        );
        if let Some(seconds) = cpu_seconds() {
            let _ = writeln!(
                out,
                "# HELP process_cpu_seconds_total CPU time this process used, user and system.\n\
                 # TYPE process_cpu_seconds_total counter\nprocess_cpu_seconds_total {seconds:.2}"
            );
        }
    }
}

/// The CPU time this process has used, user and system, in seconds (from
/// `/proc/self/stat`, in Linux's clock ticks of 1/100 s); none where there
/// is no such file.
pub fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command's name, which is in parentheses and may
    // hold spaces: utime and stime are the 14th and 15th of the line.
    let after = stat.rsplit_once(')')?.1;
    let mut fields = after.split_whitespace().skip(11);
    let user: u64 = fields.next()?.parse().ok()?;
    let system: u64 = fields.next()?.parse().ok()?;
    Some((user + system) as f64 / 100.0)
}

/// A WebSocket counted as open while this lives.
#[derive(Debug)]
pub struct OpenSocket(&'static Metrics);

impl Drop for OpenSocket {
    fn drop(&mut self) {
        self.0.websockets.fetch_sub(1, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_histogram_counts_each_value_under_its_bounds() {
        let h = Histogram::new(&[1.0, 10.0]);
        for v in [0.5, 3.0, 30.0] {
            h.observe(v);
        }
        let mut out = String::new();
        h.write(&mut out, "x", "help");
        assert!(out.contains("x_bucket{le=\"1\"} 1\n"), "{out}");
        assert!(out.contains("x_bucket{le=\"10\"} 2\n"), "{out}");
        assert!(out.contains("x_bucket{le=\"+Inf\"} 3\n"), "{out}");
        assert!(out.contains("x_sum 33.5\nx_count 3\n"), "{out}");
    }
}
