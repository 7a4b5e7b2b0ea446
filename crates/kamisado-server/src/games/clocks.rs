//! The clocks' watch: every loss on time is decided as it falls.

use std::sync::Arc;

use super::hub::Games;
use crate::db::now_ms;

impl Games {
    /// Starts the clocks' watch, which runs until the server stops.
    pub fn watch_clocks(self: &Arc<Self>) {
        self.keep(tokio::spawn(watch(Arc::downgrade(self))));
    }
}

/// Decides every loss on time as it falls, in the games of every process
/// (the database's deadlines), whoever is connected and whichever process
/// holds the game; several processes may try, and the game's version lets
/// one of them decide.
async fn watch(app: std::sync::Weak<Games>) {
    loop {
        let Some(every) = app.upgrade().map(|app| app.limits.clock_watch) else {
            return;
        };
        tokio::time::sleep(every).await;
        let Some(app) = app.upgrade() else { return };
        let due = match app.store.due_games(now_ms() as i64, 100).await {
            Ok(due) => due,
            Err(e) => {
                tracing::warn!("the clocks could not be read: {e}");
                continue;
            }
        };
        for id in due {
            let result = match app.game(&id).await {
                Ok(cell) => app.flag_if_due(&cell).await,
                Err(e) => Err(e),
            };
            if let Err(e) = result {
                tracing::warn!(game = %id, "a loss on time could not be stored: {e}");
            }
        }
    }
}
