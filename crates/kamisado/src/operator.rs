//! What an operator runs beside the server (docs/operating.md): backups,
//! restoring one, and closing accounts.

use std::path::PathBuf;

use clap::{Args, Subcommand};

use crate::commands::emit;

/// The database a command works on.
#[derive(Debug, Args)]
pub struct DbArg {
    /// The server's database: sqlite://FILE or postgres://USER@HOST:PORT/DB.
    #[arg(long, default_value = "sqlite://kamisado.db")]
    db: String,
}

/// The options of `kamisado backup` and `kamisado restore`.
#[derive(Debug, Args)]
pub struct BackupArgs {
    /// The backup file: a new file for `backup`, the one to read for `restore`.
    #[arg(value_name = "FILE")]
    file: PathBuf,
    #[command(flatten)]
    db: DbArg,
}

/// What `kamisado admin` does.
#[derive(Debug, Subcommand)]
pub enum AdminCommand {
    /// Closes an account: it can no longer sign in, its sessions end, its
    /// open challenges are cancelled, and it is shown as "deleted player";
    /// its games are kept and its name is never given to anyone else.
    Close(NameArgs),
    /// An account's sessions.
    #[command(subcommand)]
    Sessions(SessionsCommand),
}

/// What `kamisado admin sessions` does.
#[derive(Debug, Subcommand)]
pub enum SessionsCommand {
    /// Ends every session of an account: each of its browsers must sign in again.
    Revoke(NameArgs),
}

/// An account's name and the database.
#[derive(Debug, Args)]
pub struct NameArgs {
    /// The account's name (without regard to case).
    #[arg(value_name = "NAME")]
    name: String,
    #[command(flatten)]
    db: DbArg,
}

fn runtime(what: &str) -> Result<tokio::runtime::Runtime, String> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("{what}: cannot start a runtime: {e}"))
}

/// `kamisado backup --db URL FILE`.
pub fn backup(args: &BackupArgs) -> Result<(), String> {
    let done = runtime("backup")?
        .block_on(kamisado_server::db::backup::backup(&args.db.db, &args.file))
        .map_err(|e| format!("backup: {e}"))?;
    emit(&format!("{done}\n"))
}

/// `kamisado restore --db URL FILE`.
pub fn restore(args: &BackupArgs) -> Result<(), String> {
    let done = runtime("restore")?
        .block_on(kamisado_server::db::backup::restore(
            &args.db.db,
            &args.file,
        ))
        .map_err(|e| format!("restore: {e}"))?;
    emit(&format!("{done}\n"))
}

/// `kamisado admin …`.
pub fn admin(command: &AdminCommand) -> Result<(), String> {
    let runtime = runtime("admin")?;
    match command {
        AdminCommand::Close(args) => {
            let done = runtime
                .block_on(kamisado_server::players::manage::admin_close(
                    &args.db.db,
                    &args.name,
                ))
                .map_err(|e| format!("admin close: {e}"))?;
            emit(&format!(
                "closed `{}`: {} sessions ended, {} games now shown under \"deleted player\"\n",
                args.name,
                done.sessions_ended,
                done.games_renamed.unwrap_or(0)
            ))
        }
        AdminCommand::Sessions(SessionsCommand::Revoke(args)) => {
            let ended = runtime
                .block_on(kamisado_server::players::manage::admin_revoke(
                    &args.db.db,
                    &args.name,
                ))
                .map_err(|e| format!("admin sessions revoke: {e}"))?;
            emit(&format!("{ended} sessions of `{}` ended\n", args.name))
        }
    }
}
