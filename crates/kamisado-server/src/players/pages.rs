//! The player pages (docs/players.md): a player's ratings, their history
//! and archive, the leaderboard with the engine's levels, and the signed-in
//! player's games between accounts.

use std::collections::BTreeMap;

use kamisado_wire::players::{
    ArchiveEntry, EngineRating, HistoryPoint, LeaderView, LeaderboardView, MyGameView, MyGamesView,
    PlayerView, RatingView,
};
use kamisado_wire::{PerSide, SideCode, Status};

use super::{Players, signed_in};
use crate::error::ServerError;
use crate::games::live::LiveGame;
use crate::ratings::{PROVISIONAL, provisional};
use kamisado_wire::{Choice, Refusal};

impl Players {
    /// A player's page: ratings, their history and the archive.
    ///
    /// # Errors
    /// An unknown name, or a database failure.
    pub async fn player(&self, name: &str) -> Result<PlayerView, ServerError> {
        let account = self
            .store
            .account(name)
            .await?
            .filter(|a| !a.closed)
            .ok_or_else(|| ServerError::NotFound(Refusal::no_such_player(name)))?;
        let name = account.name;
        let ratings = self
            .ratings
            .ratings_of(&name)
            .await?
            .into_iter()
            .map(|r| {
                (
                    r.pool,
                    RatingView {
                        rating: r.rating.rating,
                        deviation: r.rating.deviation,
                        games: r.games,
                        provisional: provisional(&r.rating),
                    },
                )
            })
            .collect();
        let mut history: BTreeMap<String, Vec<HistoryPoint>> = BTreeMap::new();
        for point in self.ratings.history_of(&name).await? {
            history.entry(point.pool).or_default().push(HistoryPoint {
                at_ms: point.at_ms,
                rating: point.rating,
                deviation: point.deviation,
                game: point.game,
            });
        }
        let games = self.archive(&name).await?;
        let bot = self.store.is_bot(&name).await?;
        Ok(PlayerView {
            bot,
            name,
            ratings,
            history,
            games,
        })
    }

    /// A player's finished games, newest first, each with its final score
    /// as stored with its end; a game that ended before scores were stored
    /// is replayed once, without keeping it in memory, and its score stored.
    async fn archive(&self, name: &str) -> Result<Vec<ArchiveEntry>, ServerError> {
        let mut games = Vec::new();
        for g in self.store.archive_of(name, 500).await? {
            let score = match g.score {
                Some(score) => score,
                None => self.replayed_score(&g.id).await?,
            };
            games.push(ArchiveEntry {
                id: g.id,
                opponent: g.opponent,
                opponent_account: g.opponent_account,
                colour: g.side.into(),
                result: if g.winner == g.side { "win" } else { "loss" }.into(),
                how: g.how,
                score,
                moves: g.actions,
                rated: g.rated,
                pool: g.pool,
                finished_ms: g.finished_ms,
            });
        }
        Ok(games)
    }

    /// A finished game's final score, replayed from its actions and stored.
    async fn replayed_score(&self, id: &str) -> Result<PerSide<u8>, ServerError> {
        let Some(stored) = self.games.store.load_game(id).await? else {
            return Ok(PerSide { b: 0, w: 0 });
        };
        let score = LiveGame::rebuild(stored.row, &stored.actions)?.score();
        self.store.fill_score(id, score).await?;
        Ok(score)
    }

    /// A pool's leaderboard (the standard 8×8 pool when none is named), with
    /// the engine's levels.
    ///
    /// # Errors
    /// A database failure.
    pub async fn leaderboard(&self, pool: Option<&str>) -> Result<LeaderboardView, ServerError> {
        let pool = pool.unwrap_or("standard 8x8").to_string();
        let bots = self.store.bots().await?;
        let players = self
            .ratings
            .leaderboard(&pool, PROVISIONAL, 200)
            .await?
            .into_iter()
            .map(|(name, r, games)| LeaderView {
                bot: bots.contains(&name),
                name,
                rating: r.rating,
                deviation: r.deviation,
                games,
                provisional: provisional(&r),
            })
            .collect();
        let mut pools = self.ratings.pools().await?;
        if !pools.contains(&pool) {
            pools.push(pool.clone());
            pools.sort();
        }
        let engine = kamisado_engine::ladder::level_ratings()
            .into_iter()
            .map(|(level, rating)| EngineRating {
                level,
                rating: rating.round(),
            })
            .collect();
        Ok(LeaderboardView {
            pool,
            pools,
            players,
            engine,
        })
    }

    /// The signed-in player's games between accounts, those where it is
    /// their turn first.
    ///
    /// # Errors
    /// A guest, or a database failure.
    pub async fn my_games(&self, account: Option<String>) -> Result<MyGamesView, ServerError> {
        let name = signed_in(account, Choice::SeeGames)?;
        let mut games = Vec::new();
        for g in self.store.games_of(&name, 100).await? {
            let Ok(cell) = self.games.game(&g.id).await else {
                continue;
            };
            let view = cell.view().await;
            let your_turn = view.to_act == Some(SideCode::from(g.side));
            games.push(MyGameView {
                id: g.id,
                opponent: g.opponent,
                colour: g.side.into(),
                rated: view.rated,
                rules: view.rules,
                board: view.board,
                target: view.target,
                clock: view.clock,
                status: view.status,
                score: view.score,
                your_turn,
                deadline_ms: view.clock.and_then(|c| c.deadline_ms),
                winner: view.winner,
                updated_ms: g.updated_ms,
            });
        }
        // Unfinished first, those to act on first among them.
        games.sort_by_key(|g| (g.status == Status::Over, !g.your_turn));
        Ok(MyGamesView { games })
    }
}
