//! What an operator runs beside the server (docs/operating.md): backups
//! and restoring one.

use std::path::PathBuf;

use clap::Args;

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
