//! Starts a server for the browser tests: `--addr 127.0.0.1:0 --db sqlite:///tmp/x.db`.
//! Prints `listening on http://ADDR` on standard output once it accepts connections.

use std::io::Write;

use kamisado_server::{ServeConfig, bind};

#[tokio::main]
async fn main() {
    let mut config = ServeConfig::default();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let value = args.next();
        match (arg.as_str(), value) {
            ("--addr", Some(v)) => match v.parse() {
                Ok(addr) => config.addr = addr,
                Err(e) => fail(&format!("--addr {v}: {e}")),
            },
            ("--db", Some(v)) => config.db = v,
            _ => fail("usage: e2e-server [--addr ADDR] [--db URL]"),
        }
    }
    let server = match bind(config).await {
        Ok(s) => s,
        Err(e) => fail(&e.to_string()),
    };
    println!("listening on http://{}", server.local_addr());
    let _ = std::io::stdout().flush();
    if let Err(e) = server.run().await {
        fail(&e.to_string());
    }
}

fn fail(message: &str) -> ! {
    eprintln!("e2e-server: {message}");
    std::process::exit(2);
}
