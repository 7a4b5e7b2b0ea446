//! The server as a process of its own, for tests that kill and restart it:
//! `kamisado-serverd --addr 127.0.0.1:0 --db sqlite:///tmp/x.db [--games-per-client N]`.
//! Prints `listening on http://ADDR` on standard output once it accepts connections.

use std::io::Write;

use kamisado_server::{Limits, ServeConfig, bind_with};

#[tokio::main]
async fn main() {
    let mut config = ServeConfig::default();
    let mut limits = Limits::default();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let value = args.next();
        match (arg.as_str(), value) {
            ("--addr", Some(v)) => match v.parse() {
                Ok(addr) => config.addr = addr,
                Err(e) => fail(&format!("--addr {v}: {e}")),
            },
            ("--db", Some(v)) => config.db = v,
            ("--games-per-client", Some(v)) => match v.parse() {
                Ok(n) => limits.games_per_client = n,
                Err(e) => fail(&format!("--games-per-client {v}: {e}")),
            },
            _ => fail("usage: kamisado-serverd [--addr ADDR] [--db URL] [--games-per-client N]"),
        }
    }
    let server = match bind_with(config, limits).await {
        Ok(s) => s,
        Err(e) => fail(&e.to_string()),
    };
    println!("listening on http://{}", server.local_addr());
    let _ = std::io::stdout().flush();
    let stop = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    if let Err(e) = server.run_until(stop).await {
        fail(&e.to_string());
    }
}

fn fail(message: &str) -> ! {
    eprintln!("kamisado-serverd: {message}");
    std::process::exit(2);
}
