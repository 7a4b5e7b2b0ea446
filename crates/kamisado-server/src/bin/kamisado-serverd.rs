//! The server as a process of its own, for tests that kill and restart it:
//! `kamisado-serverd --addr 127.0.0.1:0 --db sqlite:///tmp/x.db [--games-per-client N] [--puzzles N]
//! [--public-url URL] [--trusted-proxy ADDR]... [--connections-per-client N] [--claim-after-ms N]
//! [--commit-window-ms N]`.
//! Prints `listening on http://ADDR` on standard output once it accepts connections.

use std::io::Write;

/// A server's allocations are many and small (a message, a state, a
/// patch); mimalloc serves them at a fraction of the system allocator's cost.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use kamisado_server::{Limits, ServeConfig, bind_with};

const USAGE: &str = "\
usage: kamisado-serverd [--addr ADDR] [--db URL] [--games-per-client N] [--puzzles N]
                        [--public-url URL] [--trusted-proxy ADDR]... [--connections-per-client N]
                        [--claim-after-ms N] [--commit-window-ms N]

  --addr ADDR             the address to listen on (default 127.0.0.1:8080; port 0 picks one)
  --db URL                the database (default sqlite://kamisado.db; created if missing)
  --games-per-client N    games one client address may create an hour (default 100)
  --puzzles N             puzzles made at the first start when the database has none (default 60)
  --public-url URL        the site as browsers see it behind a proxy (https://kamisado.example):
                          changes must come from its pages (by default from the request's Host),
                          and with https:// the session cookie is Secure
  --trusted-proxy ADDR    a proxy whose X-Real-IP names the client (repeatable; none by default)
  --connections-per-client N
                          connections one address may hold open (default 256; a trusted
                          proxy's are not counted); one more is answered 503
  --claim-after-ms N      how long the side to move in an untimed game between accounts may
                          go without moving before the other may claim it (default 14 days)
  --commit-window-ms N    how long the games' writer waits after a change for more to commit
                          with it in one flush (default 5, at most 1000): longer delays each
                          move's acknowledgement by up to N ms and costs less CPU a move
  -h, --help              this help

Prints `listening on http://ADDR` once it accepts connections; stops on Ctrl-C.";

/// What the command line asks for.
#[derive(Debug, PartialEq)]
enum Command {
    Serve(Box<(ServeConfig, Limits)>),
    Help,
}

/// Reads the flags; the error says which one was wrong and how.
fn parse(args: impl IntoIterator<Item = String>) -> Result<Command, String> {
    let mut config = ServeConfig::default();
    let mut limits = Limits::default();
    let mut args = args.into_iter();
    while let Some(flag) = args.next() {
        if flag == "-h" || flag == "--help" {
            return Ok(Command::Help);
        }
        if !matches!(
            flag.as_str(),
            "--addr"
                | "--db"
                | "--games-per-client"
                | "--puzzles"
                | "--public-url"
                | "--trusted-proxy"
                | "--connections-per-client"
                | "--claim-after-ms"
                | "--commit-window-ms"
        ) {
            return Err(format!("unknown option `{flag}` (see --help)"));
        }
        let value = args
            .next()
            .ok_or_else(|| format!("{flag} needs a value (see --help)"))?;
        match flag.as_str() {
            "--addr" => {
                config.addr = value
                    .parse()
                    .map_err(|e| format!("--addr {value}: {e}: expected such as 127.0.0.1:8080"))?;
            }
            "--db" => config.db = value,
            "--public-url" => config.public_url = Some(value),
            "--trusted-proxy" => limits.trusted_proxies.push(value.parse().map_err(|e| {
                format!("--trusted-proxy {value}: {e}: expected such as 127.0.0.1")
            })?),

            "--connections-per-client" => {
                limits.connections_per_client = value
                    .parse()
                    .map_err(|e| format!("--connections-per-client {value}: {e}"))?;
            }
            "--puzzles" => {
                limits.puzzles_at_start = value
                    .parse()
                    .map_err(|e| format!("--puzzles {value}: {e}"))?;
            }
            "--claim-after-ms" => limits.claim_after = millis(&flag, &value, u64::MAX)?,
            "--commit-window-ms" => {
                limits.commit_window = millis(&flag, &value, MAX_COMMIT_WINDOW_MS)?;
            }
            _ => {
                limits.games_per_client = value
                    .parse()
                    .map_err(|e| format!("--games-per-client {value}: {e}"))?;
            }
        }
    }
    Ok(Command::Serve(Box::new((config, limits))))
}

/// The longest commit window taken: a longer one would hold every move's
/// acknowledgement for more than a second.
const MAX_COMMIT_WINDOW_MS: u64 = 1000;

/// A flag's value in milliseconds, at most `max`.
fn millis(flag: &str, value: &str, max: u64) -> Result<std::time::Duration, String> {
    let ms: u64 = value.parse().map_err(|e| format!("{flag} {value}: {e}"))?;
    if ms > max {
        return Err(format!("{flag} {value}: at most {max} ms"));
    }
    Ok(std::time::Duration::from_millis(ms))
}

#[tokio::main]
async fn main() {
    let (config, limits) = match parse(std::env::args().skip(1)) {
        Ok(Command::Serve(serve)) => *serve,
        Ok(Command::Help) => {
            println!("{USAGE}");
            return;
        }
        Err(e) => fail(&e),
    };
    kamisado_server::init_log();
    let stop = kamisado_server::stop_signal();
    let server = match bind_with(config, limits).await {
        Ok(s) => s,
        Err(e) => fail(&e.to_string()),
    };
    println!("listening on http://{}", server.local_addr());
    let _ = std::io::stdout().flush();
    if let Err(e) = server.run_until(stop).await {
        fail(&e.to_string());
    }
}

fn fail(message: &str) -> ! {
    eprintln!("kamisado-serverd: {message}");
    std::process::exit(2);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn flags_are_read_and_mistakes_named() {
        let Ok(Command::Serve(serve)) = parse(args(
            "--addr 127.0.0.1:0 --db sqlite://x.db --games-per-client 3",
        )) else {
            panic!("the flags are read");
        };
        let (config, limits) = *serve;
        assert_eq!(config.addr.to_string(), "127.0.0.1:0");
        assert_eq!(config.db, "sqlite://x.db");
        assert_eq!(limits.games_per_client, 3);
        let Ok(Command::Serve(serve)) = parse(args(
            "--public-url https://k.example --trusted-proxy 127.0.0.1 --trusted-proxy ::1 \
             --connections-per-client 9",
        )) else {
            panic!("the flags are read");
        };
        let (config, limits) = *serve;
        assert_eq!(config.public_url.as_deref(), Some("https://k.example"));
        assert_eq!(limits.trusted_proxies.len(), 2);
        assert_eq!(limits.connections_per_client, 9);
        let e = parse(args("--trusted-proxy nginx")).unwrap_err();
        assert!(e.starts_with("--trusted-proxy nginx:"), "{e}");
        let Ok(Command::Serve(serve)) = parse(args("--claim-after-ms 1500")) else {
            panic!("the flag is read");
        };
        assert_eq!(serve.1.claim_after.as_millis(), 1500);
        let Ok(Command::Serve(serve)) = parse(args("--commit-window-ms 20")) else {
            panic!("the flag is read");
        };
        assert_eq!(serve.1.commit_window.as_millis(), 20);
        let e = parse(args("--commit-window-ms 5000")).unwrap_err();
        assert_eq!(e, "--commit-window-ms 5000: at most 1000 ms");
        let e = parse(args("--commit-window-ms soon")).unwrap_err();
        assert!(e.starts_with("--commit-window-ms soon:"), "{e}");
        assert_eq!(parse(args("--help")), Ok(Command::Help));
        assert_eq!(parse(args("--db x -h")), Ok(Command::Help));
        let e = parse(args("--port 8080")).unwrap_err();
        assert!(e.contains("unknown option `--port`"), "{e}");
        let e = parse(args("--addr")).unwrap_err();
        assert!(e.contains("--addr needs a value"), "{e}");
        let e = parse(args("--addr localhost")).unwrap_err();
        assert!(e.starts_with("--addr localhost:"), "{e}");
        let e = parse(args("--games-per-client many")).unwrap_err();
        assert!(e.starts_with("--games-per-client many:"), "{e}");
    }
}
