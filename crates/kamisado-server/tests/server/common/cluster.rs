//! Several server processes on one database, behind nginx, for tests of the
//! server as a cluster: a throwaway PostgreSQL cluster ([`Postgres`], through
//! `.ci/postgres`), the server as a process of its own ([`ServerProcess`],
//! the `kamisado-serverd` binary) and nginx in front of them ([`Nginx`], with
//! the configuration of `docs/nginx.conf`). Each is stopped when dropped.
//!
//! These helpers need PostgreSQL's server binaries and nginx on the machine
//! (Debian: `apt-get install postgresql nginx`; `.ci/run` installs them);
//! when one is missing the test fails and says what to install.

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use kamisado_client::Http;

/// How long a process may take to start before the test fails.
pub const START_PATIENCE: Duration = Duration::from_secs(60);

/// How long a client of these processes waits for any one answer.
pub const CLIENT_PATIENCE: Duration = Duration::from_secs(60);

/// The environment variable that names a PostgreSQL cluster the tests may
/// share (a URL, as `.ci/postgres start` prints it).
pub const POSTGRES_ENV: &str = "KAMISADO_TEST_POSTGRES";

/// The nginx configuration of `docs/nginx.conf`, which [`Nginx`] runs.
pub const NGINX_TEMPLATE: &str = include_str!("../../../../../docs/nginx.conf");

/// The workspace's root directory.
pub fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Sixteen random hex digits, to name temporary files and databases.
pub fn random_tag() -> String {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).expect("a random source");
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A loopback port that was free a moment ago (another program may take it
/// before it is used).
pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free loopback port")
        .port()
}

/// A new directory under the system's temporary directory, removed with
/// everything in it when dropped.
pub struct TempDir {
    path: PathBuf,
}

impl TempDir {
    /// Creates `kamisado-NAME-TAG` in the temporary directory.
    pub fn new(name: &str) -> TempDir {
        let path = std::env::temp_dir().join(format!("kamisado-{name}-{}", random_tag()));
        std::fs::create_dir(&path)
            .unwrap_or_else(|e| panic!("cannot create {}: {e}", path.display()));
        TempDir { path }
    }

    /// The directory.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// An SQLite database file in the directory, as a URL for `--db`.
    pub fn sqlite_url(&self, name: &str) -> String {
        format!("sqlite://{}", self.path.join(name).display())
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

/// Runs `.ci/postgres` with `args`; its standard output, or why it failed.
fn postgres_script(args: &[&str]) -> Result<String, String> {
    let script = workspace().join(".ci/postgres");
    let output = Command::new(&script)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run {}: {e}", script.display()))?;
    if output.status.success() {
        Ok(String::from_utf8_lossy(&output.stdout).into_owned())
    } else {
        Err(format!(
            ".ci/postgres {} failed ({}): {}",
            args.join(" "),
            output.status,
            String::from_utf8_lossy(&output.stderr).trim()
        ))
    }
}

/// Runs one or more SQL statements on the database at `url` with `psql`;
/// the rows it prints (unaligned, tuples only: `1` for `SELECT 1`).
///
/// # Errors
/// `psql`'s own message when it cannot connect or a statement fails.
pub fn psql(url: &str, sql: &str) -> Result<String, String> {
    postgres_script(&["psql", url, "-A", "-t", "-c", sql]).map(|out| out.trim().to_string())
}

/// `url` with its database name replaced by `name`.
fn with_database(url: &str, name: &str) -> String {
    let (base, _) = url
        .rsplit_once('/')
        .unwrap_or_else(|| panic!("a URL with a database name: {url}"));
    format!("{base}/{name}")
}

/// A PostgreSQL cluster: a throwaway one of the test's own, or the one
/// [`POSTGRES_ENV`] names.
pub struct Postgres {
    url: String,
    /// The cluster's directory when it is the test's own, stopped and removed on drop.
    dir: Option<PathBuf>,
}

impl Postgres {
    /// Starts a throwaway cluster of the test's own (`.ci/postgres start` in
    /// a new temporary directory), with an empty database `kamisado`.
    pub fn start() -> Postgres {
        let dir = std::env::temp_dir().join(format!("kamisado-pg-{}", random_tag()));
        let dir_text = dir.to_string_lossy().into_owned();
        let printed = postgres_script(&["start", &dir_text]).unwrap_or_else(|e| {
            let _ = postgres_script(&["stop", &dir_text]);
            panic!("{e}")
        });
        let url = printed.trim().to_string();
        assert!(url.starts_with("postgres://"), "not a URL: {printed}");
        Postgres {
            url,
            dir: Some(dir),
        }
    }

    /// The cluster that [`POSTGRES_ENV`] names, when it is set; it is left
    /// running when dropped.
    pub fn from_env() -> Option<Postgres> {
        let url = std::env::var(POSTGRES_ENV).ok()?;
        let url = url.trim().to_string();
        (!url.is_empty()).then_some(Postgres { url, dir: None })
    }

    /// The cluster of [`POSTGRES_ENV`] when it is set, else a throwaway one.
    pub fn from_env_or_start() -> Postgres {
        Postgres::from_env().unwrap_or_else(Postgres::start)
    }

    /// The URL of the cluster's database `kamisado`.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Stops the cluster (`pg_ctl stop -m fast`: every connection is cut)
    /// and starts it again on the same port, for tests of a database that
    /// goes away. Only a cluster of the test's own can be restarted.
    pub fn restart(&self) {
        let dir = self
            .dir
            .as_ref()
            .expect("only a cluster started by the test is restarted");
        postgres_script(&["restart", &dir.to_string_lossy()]).unwrap_or_else(|e| panic!("{e}"));
    }

    /// Stops the cluster and keeps it, until [`Postgres::resume`]: a database
    /// gone away. Only a cluster of the test's own can be paused.
    pub fn pause(&self) {
        self.own_script("pause");
    }

    /// Starts a paused cluster again on the same port.
    pub fn resume(&self) {
        self.own_script("resume");
    }

    fn own_script(&self, command: &str) {
        let dir = self
            .dir
            .as_ref()
            .expect("only a cluster started by the test is paused or resumed");
        postgres_script(&[command, &dir.to_string_lossy()]).unwrap_or_else(|e| panic!("{e}"));
    }

    /// Creates a new, empty database for one test (`test_NAME_TAG`), dropped
    /// when the returned handle is.
    pub fn fresh_database(&self, name: &str) -> TestDatabase {
        let clean: String = name
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() {
                    c.to_ascii_lowercase()
                } else {
                    '_'
                }
            })
            .take(30)
            .collect();
        let database = format!("test_{clean}_{}", random_tag());
        psql(&self.url, &format!("CREATE DATABASE {database}")).unwrap_or_else(|e| panic!("{e}"));
        TestDatabase {
            url: with_database(&self.url, &database),
            admin_url: self.url.clone(),
            name: database,
        }
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        if let Some(dir) = &self.dir {
            if let Err(e) = postgres_script(&["stop", &dir.to_string_lossy()]) {
                eprintln!("{e}");
            }
        }
    }
}

/// A database made for one test by [`Postgres::fresh_database`], dropped
/// (its connections cut) when this is.
pub struct TestDatabase {
    url: String,
    admin_url: String,
    name: String,
}

impl TestDatabase {
    /// The database's URL, for `--db`.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// The database's name.
    pub fn name(&self) -> &str {
        &self.name
    }
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        let drop = format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name);
        if let Err(e) = psql(&self.admin_url, &drop) {
            eprintln!("{e}");
        }
    }
}

/// Prints the end of a log file on standard error, for a test that fails.
fn show_log(what: &str, path: &Path) {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    let tail = &lines[lines.len().saturating_sub(40)..];
    eprintln!("--- the end of {what} ({}):", path.display());
    for line in tail {
        eprintln!("{line}");
    }
}

/// The server (`kamisado-serverd`) as a process of its own, its standard
/// error kept in a file; killed when dropped.
pub struct ServerProcess {
    child: Child,
    addr: SocketAddr,
    db: String,
    args: Vec<String>,
    log: PathBuf,
    /// Starts so far, to name each run's log.
    runs: u32,
}

impl ServerProcess {
    /// Starts the server on a free loopback port with the database `db`
    /// (`sqlite://FILE` or `postgres://…`) and waits until it listens.
    pub fn spawn(db: &str) -> ServerProcess {
        ServerProcess::spawn_with(db, &[])
    }

    /// As [`ServerProcess::spawn`], with more flags of `kamisado-serverd`
    /// (such as `--games-per-client 1000`).
    pub fn spawn_with(db: &str, args: &[&str]) -> ServerProcess {
        let addr = SocketAddr::from(([127, 0, 0, 1], 0));
        let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        let tag = random_tag();
        let (child, addr, log) = ServerProcess::launch(db, addr, &args, &tag, 1);
        ServerProcess {
            child,
            addr,
            db: db.to_string(),
            args,
            log,
            runs: 1,
        }
    }

    /// Runs the binary; the child, the address it listens on and its log.
    fn launch(
        db: &str,
        addr: SocketAddr,
        args: &[String],
        tag: &str,
        run: u32,
    ) -> (Child, SocketAddr, PathBuf) {
        let log = std::env::temp_dir().join(format!("kamisado-serverd-{tag}.run{run}.log"));
        let stderr = File::create(&log).expect("a log file for the server");
        let mut child = Command::new(env!("CARGO_BIN_EXE_kamisado-serverd"))
            .arg("--addr")
            .arg(addr.to_string())
            .arg("--db")
            .arg(db)
            // No puzzle set: it is CPU work no test of processes needs.
            .args(["--puzzles", "0"])
            // nginx, in front of the processes, on loopback.
            .args(["--trusted-proxy", "127.0.0.1"])
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .expect("the server process starts");
        let stdout = child.stdout.take().expect("the server's output");
        let (tx, rx) = mpsc::channel();
        // Reads every line, so that the server never waits on a full pipe.
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let _ = tx.send(line);
            }
        });
        let deadline = Instant::now() + START_PATIENCE;
        let listening = loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match rx.recv_timeout(left) {
                Ok(line) => {
                    if let Some(rest) = line.strip_prefix("listening on http://") {
                        break rest.parse::<SocketAddr>().ok();
                    }
                }
                Err(_) => break None,
            }
        };
        match listening {
            Some(addr) => (child, addr, log),
            None => {
                let _ = child.kill();
                let status = child.wait().ok();
                show_log("the server's log", &log);
                panic!(
                    "the server on {db} did not say where it listens (it ended with {status:?})"
                );
            }
        }
    }

    /// Where the server listens.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// A client of the server's HTTP API.
    pub fn http(&self) -> Http {
        Http::new(self.addr).with_patience(CLIENT_PATIENCE)
    }

    /// Kills the server (SIGKILL: no shutdown, nothing flushed) and waits
    /// until it is gone. Killing a dead server does nothing.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Sends the process a signal (`TERM`, `STOP`, `CONT`) with `kill`.
    pub fn signal(&self, name: &str) {
        let sent = Command::new("kill")
            .arg(format!("-{name}"))
            .arg(self.child.id().to_string())
            .status()
            .is_ok_and(|s| s.success());
        assert!(sent, "kill -{name} {}", self.child.id());
    }

    /// Waits for the process to end by itself, at most `limit`: its exit
    /// status, or none when it was still running (it is then killed).
    pub fn wait_exit(&mut self, limit: std::time::Duration) -> Option<std::process::ExitStatus> {
        let start = std::time::Instant::now();
        while start.elapsed() < limit {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status);
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        self.kill();
        None
    }

    /// Whether the process is still running.
    pub fn is_running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Kills the server if it runs and starts it again on the same address
    /// and database, with the same flags; waits until it listens.
    pub fn restart(&mut self) {
        self.kill();
        let _ = std::fs::remove_file(&self.log);
        self.runs += 1;
        let tag = random_tag();
        let (child, addr, log) =
            ServerProcess::launch(&self.db, self.addr, &self.args, &tag, self.runs);
        self.child = child;
        self.addr = addr;
        self.log = log;
    }

    /// What the server has written on standard error since it last started.
    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        self.kill();
        if std::thread::panicking() {
            show_log("the server's log", &self.log);
        }
        let _ = std::fs::remove_file(&self.log);
    }
}

/// The nginx binary: Debian's, else the one on `PATH`.
fn nginx_binary() -> PathBuf {
    let debian = PathBuf::from("/usr/sbin/nginx");
    if debian.exists() {
        debian
    } else {
        PathBuf::from("nginx")
    }
}

/// The `http` block's contents for nginx in front of `upstreams`, listening
/// on `listen`: [`NGINX_TEMPLATE`] with its `server` lines and its `listen`
/// line replaced; everything else as `docs/nginx.conf` has it.
pub fn nginx_site(upstreams: &[SocketAddr], listen: SocketAddr) -> String {
    assert!(!upstreams.is_empty(), "nginx needs at least one upstream");
    let mut out = String::new();
    let (mut servers, mut listens) = (0, 0);
    for line in NGINX_TEMPLATE.lines() {
        let indent = &line[..line.len() - line.trim_start().len()];
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["server", _addr, options @ ..] if line.trim_end().ends_with(';') => {
                servers += 1;
                if servers == 1 {
                    for upstream in upstreams {
                        let options = options.join(" ");
                        let options = options.trim_end_matches(';');
                        out.push_str(&format!("{indent}server {upstream} {options};\n"));
                    }
                }
            }
            ["listen", _] => {
                listens += 1;
                out.push_str(&format!("{indent}listen {listen};\n"));
            }
            _ => {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    assert!(servers > 0, "docs/nginx.conf has no upstream `server` line");
    assert_eq!(listens, 1, "docs/nginx.conf has one `listen` line");
    out
}

/// The whole configuration for a test's nginx in `dir`: one process in the
/// foreground, its files in `dir`, and [`nginx_site`] as the `http` block.
pub fn nginx_config(dir: &Path, upstreams: &[SocketAddr], listen: SocketAddr) -> String {
    let d = dir.display();
    // One process and no workers: nothing is handed to another user when
    // run as root, and one SIGKILL stops it all.
    let mut config = String::from("master_process off;\n");
    config.push_str(&format!(
        "pid {d}/nginx.pid;\nerror_log {d}/error.log warn;\n\
         events {{\n    worker_connections 1024;\n}}\n\
         http {{\n    access_log {d}/access.log;\n\
         client_body_temp_path {d}/client_body;\n    proxy_temp_path {d}/proxy;\n\
         fastcgi_temp_path {d}/fastcgi;\n    uwsgi_temp_path {d}/uwsgi;\n\
         scgi_temp_path {d}/scgi;\n\n"
    ));
    for line in nginx_site(upstreams, listen).lines() {
        if line.is_empty() {
            config.push('\n');
        } else {
            config.push_str(&format!("    {line}\n"));
        }
    }
    config.push_str("}\n");
    config
}

/// nginx in front of several servers, as `docs/nginx.conf` configures it,
/// on a free loopback port; killed when dropped.
pub struct Nginx {
    child: Child,
    addr: SocketAddr,
    dir: TempDir,
}

impl Nginx {
    /// Starts nginx in front of `upstreams` and waits until it accepts
    /// connections.
    pub fn start(upstreams: &[SocketAddr]) -> Nginx {
        let dir = TempDir::new("nginx");
        let mut last_error = String::new();
        // The free port may be taken by another program before nginx binds it.
        for _ in 0..5 {
            let addr = SocketAddr::from(([127, 0, 0, 1], free_port()));
            match Nginx::launch(&dir, upstreams, addr) {
                Ok(child) => return Nginx { child, addr, dir },
                Err(e) => last_error = e,
            }
        }
        panic!("{last_error}");
    }

    /// Runs nginx on `addr`; the child once it accepts connections.
    fn launch(dir: &TempDir, upstreams: &[SocketAddr], addr: SocketAddr) -> Result<Child, String> {
        let path = dir.path();
        let conf = path.join("nginx.conf");
        let error_log = path.join("error.log");
        let _ = std::fs::remove_file(&error_log);
        std::fs::write(&conf, nginx_config(path, upstreams, addr))
            .map_err(|e| format!("cannot write {}: {e}", conf.display()))?;
        let binary = nginx_binary();
        let mut command = Command::new(&binary);
        command
            .arg("-p")
            .arg(path)
            .arg("-c")
            .arg(&conf)
            .arg("-e")
            .arg(&error_log)
            .args(["-g", "daemon off;"])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        let mut child = command.spawn().map_err(|e| {
            format!(
                "cannot run {}: {e} (Debian: apt-get install nginx)",
                binary.display()
            )
        })?;
        let deadline = Instant::now() + START_PATIENCE;
        loop {
            if let Ok(Some(status)) = child.try_wait() {
                let log = std::fs::read_to_string(&error_log).unwrap_or_default();
                return Err(format!("nginx ended with {status}: {}", log.trim()));
            }
            if TcpStream::connect(addr).is_ok() {
                return Ok(child);
            }
            if Instant::now() > deadline {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!("nginx did not listen on {addr} in time"));
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Where nginx listens.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// A client of the servers' HTTP API through nginx.
    pub fn http(&self) -> Http {
        Http::new(self.addr).with_patience(CLIENT_PATIENCE)
    }

    /// What nginx has logged (warnings and errors, such as an upstream that
    /// refused a connection).
    pub fn error_log(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("error.log")).unwrap_or_default()
    }
}

impl Drop for Nginx {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if std::thread::panicking() {
            show_log("nginx's error log", &self.dir.path().join("error.log"));
        }
    }
}
