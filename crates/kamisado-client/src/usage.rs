//! What a load test costs: the CPU time of the servers (from their own
//! `/metrics`) and of the load generator itself (from `/proc/self/stat`),
//! sampled at the start and the end of the window.

use crate::Http;

/// The CPU time used so far, in seconds: each server's and this process's.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Usage {
    /// The servers' CPU time, summed; none when one of them does not say.
    pub servers: Option<f64>,
    /// This process's CPU time; none where `/proc` is not there.
    pub own: Option<f64>,
}

impl Usage {
    /// The CPU time now.
    pub async fn now(servers: &[Http]) -> Usage {
        let mut total = Some(0.0);
        for server in servers {
            let seconds = server_cpu_seconds(server).await;
            total = total.zip(seconds).map(|(a, b)| a + b);
        }
        Usage {
            servers: total,
            own: own_cpu_seconds(),
        }
    }

    /// The CPU time from `earlier` to this, per action, in microseconds:
    /// the servers' and this process's.
    pub fn per_action(&self, earlier: &Usage, actions: u64) -> (Option<f64>, Option<f64>) {
        let per = |now: Option<f64>, then: Option<f64>| {
            let used = now? - then?;
            (actions > 0).then(|| used * 1e6 / actions as f64)
        };
        (
            per(self.servers, earlier.servers),
            per(self.own, earlier.own),
        )
    }
}

/// A server's CPU time, from the `process_cpu_seconds_total` of its `/metrics`.
async fn server_cpu_seconds(server: &Http) -> Option<f64> {
    let answer = server.request("GET", "/metrics", None).await.ok()?;
    if answer.status != 200 {
        return None;
    }
    metric(&answer.body, "process_cpu_seconds_total")
}

/// The value of the metric `name` in a metrics page.
fn metric(page: &str, name: &str) -> Option<f64> {
    page.lines()
        .filter(|line| !line.starts_with('#'))
        .find_map(|line| {
            let (key, value) = line.split_once(' ')?;
            (key == name).then(|| value.trim().parse().ok())?
        })
}

/// This process's CPU time, user and system, in seconds (Linux's clock
/// ticks of 1/100 s in `/proc/self/stat`).
fn own_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // utime and stime, the 14th and 15th fields, counted after the
    // command's name in parentheses (which may hold spaces).
    let (_, after) = stat.rsplit_once(')')?;
    let ticks: Vec<u64> = after
        .split_whitespace()
        .skip(11)
        .take(2)
        .map(str::parse)
        .collect::<Result<_, _>>()
        .ok()?;
    Some(ticks.iter().sum::<u64>() as f64 / 100.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_metric_is_read_by_its_name() {
        let page = "# HELP process_cpu_seconds_total CPU\n# TYPE process_cpu_seconds_total counter\n\
                    process_cpu_seconds_total 12.34\nkamisado_websockets 3\n";
        assert_eq!(metric(page, "process_cpu_seconds_total"), Some(12.34));
        assert_eq!(metric(page, "kamisado_websockets"), Some(3.0));
        assert_eq!(metric(page, "kamisado_missing"), None);
    }

    #[test]
    fn the_cost_of_an_action_is_the_time_between_two_samples() {
        let then = Usage {
            servers: Some(1.0),
            own: Some(0.5),
        };
        let now = Usage {
            servers: Some(3.0),
            own: None,
        };
        assert_eq!(now.per_action(&then, 1000), (Some(2000.0), None));
        assert_eq!(now.per_action(&then, 0), (None, None));
        assert!(own_cpu_seconds().is_some_and(|s| s >= 0.0));
    }
}
