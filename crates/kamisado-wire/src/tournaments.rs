//! The tournaments' bodies (docs/tournaments.md): the settings a tournament
//! is made with, and a tournament as the server tells it, with its players,
//! its rounds' pairings and results, and its standings.

use kamisado_core::Rules;
use kamisado_core::geometry::BoardSize;
use serde::{Deserialize, Serialize};

use crate::players::ClockRequest;
use crate::vocabulary::SideCode;

/// How a tournament pairs its players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Format {
    /// N rounds paired by the FIDE Dutch system.
    Swiss,
    /// Every player meets every other (Berger tables).
    RoundRobin,
    /// For a stated time, each player paired again as soon as their game
    /// ends, with a waiting player near in score.
    Arena,
}

impl Format {
    /// The format's name on the wire and in the database.
    pub fn name(self) -> &'static str {
        match self {
            Format::Swiss => "swiss",
            Format::RoundRobin => "round-robin",
            Format::Arena => "arena",
        }
    }

    /// The format a name stands for.
    pub fn of_name(name: &str) -> Option<Format> {
        match name {
            "swiss" => Some(Format::Swiss),
            "round-robin" => Some(Format::RoundRobin),
            "arena" => Some(Format::Arena),
            _ => None,
        }
    }
}

/// Where a tournament stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stage {
    /// Taking entries until it starts.
    Open,
    /// Its rounds are being played.
    Running,
    /// Every round was played.
    Finished,
    /// It did not start (too few players), or its creator cancelled it.
    Cancelled,
}

impl Stage {
    /// The stage's name on the wire and in the database.
    pub fn name(self) -> &'static str {
        match self {
            Stage::Open => "open",
            Stage::Running => "running",
            Stage::Finished => "finished",
            Stage::Cancelled => "cancelled",
        }
    }

    /// The stage a name stands for.
    pub fn of_name(name: &str) -> Option<Stage> {
        match name {
            "open" => Some(Stage::Open),
            "running" => Some(Stage::Running),
            "finished" => Some(Stage::Finished),
            "cancelled" => Some(Stage::Cancelled),
            _ => None,
        }
    }
}

/// `POST /api/tournaments`: a new tournament's settings; every field but
/// the name has a default.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TournamentRequest {
    /// Its name, 2 to 60 characters.
    pub name: String,
    /// `swiss` (the default), `round-robin` or `arena`.
    #[serde(default)]
    pub format: Option<Format>,
    /// A Swiss's rounds (5 by default); an all-play-all's at most (all of
    /// them by default).
    #[serde(default)]
    pub rounds: Option<u32>,
    /// An all-play-all played twice, each pairing with both colours.
    #[serde(default)]
    pub double_cycle: Option<bool>,
    /// Each pairing plays two games, the colours swapped (the world
    /// championship's double round); one by default.
    #[serde(default)]
    pub double_round: Option<bool>,
    /// The rule set (`standard` by default), with any option.
    #[serde(default, with = "crate::text::option")]
    pub rules: Option<Rules>,
    /// The board (`8x8` by default).
    #[serde(default, with = "crate::text::option")]
    pub board: Option<BoardSize>,
    /// The points that win each game's match (1 by default).
    #[serde(default)]
    pub target: Option<u8>,
    /// A live clock (5 minutes and 3 seconds by default).
    #[serde(default)]
    pub clock: Option<ClockRequest>,
    /// Or days a move, for a slow tournament.
    #[serde(default)]
    pub days: Option<u64>,
    /// Whether its games move ratings (yes by default).
    #[serde(default)]
    pub rated: Option<bool>,
    /// Seconds from now to the first round (300 by default).
    #[serde(default)]
    pub starts_in_s: Option<u64>,
    /// An arena's length in seconds, from its start (3600 by default).
    #[serde(default)]
    pub length_s: Option<u64>,
    /// Seconds between one round's last game and the next round (30 by default).
    #[serde(default)]
    pub pause_s: Option<u64>,
    /// Fewer players at the start cancel it (2 by default, 2 at least).
    #[serde(default)]
    pub min_players: Option<u32>,
    /// Entries taken, at most (64 by default, 500 at most).
    #[serde(default)]
    pub max_players: Option<u32>,
    /// A Swiss takes entries until this round has been paired (1 by
    /// default: entries close at the start).
    #[serde(default)]
    pub late_entry_until: Option<u32>,
    /// Engine levels (1–6) entered as players at once.
    #[serde(default)]
    pub engines: Vec<u8>,
}

/// `POST /api/tournaments/{id}/join`: the signed-in player enters, or with
/// `engine` the creator enters an engine level.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JoinRequest {
    /// An engine level to enter instead of oneself (the creator only).
    #[serde(default)]
    pub engine: Option<u8>,
}

/// A tournament in a list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentSummary {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// How it pairs.
    pub format: Format,
    /// Where it stands.
    pub stage: Stage,
    /// Its rounds.
    pub rounds: u32,
    /// The round being played (0 before the start).
    pub round: u32,
    /// Its players.
    pub players: u32,
    /// When the first round starts, in ms since 1970.
    pub starts_ms: i64,
    /// When an arena stops pairing.
    #[serde(default)]
    pub ends_ms: Option<i64>,
    /// The rule set.
    #[serde(with = "crate::text::plain")]
    pub rules: Rules,
    /// The board.
    #[serde(with = "crate::text::plain")]
    pub board: BoardSize,
    /// A live clock.
    pub clock: Option<ClockRequest>,
    /// Or days a move.
    pub days: Option<u8>,
}

/// `GET /api/tournaments`: upcoming, running and finished, newest first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentList {
    /// The tournaments.
    pub tournaments: Vec<TournamentSummary>,
}

/// A player of a tournament.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EntrantView {
    /// The player's number in the tournament (its order of entry, from 1).
    pub number: u32,
    /// The account's name, or the engine's (`Engine, level 3`).
    pub name: String,
    /// The engine's level, for an engine entrant.
    pub engine: Option<u8>,
    /// The rating at entry, in the tournament's pool.
    pub rating: u32,
    /// The round after which the player withdrew.
    pub withdrawn: Option<u32>,
    /// The round the player entered at (1: from the start).
    pub joined: u32,
    /// An arena's player who paused: not paired until they resume.
    #[serde(default)]
    pub paused: bool,
}

/// One game of a pairing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairingGame {
    /// The game's id, to watch and review it (`/game/ID`); none for a game
    /// between two engine levels, played on the server's engine.
    pub game: Option<String>,
    /// Black's number.
    pub black: u32,
    /// White's number.
    pub white: u32,
    /// The winner, once it ended.
    pub winner: Option<SideCode>,
    /// A game between engine levels: its record, to review on the analysis board.
    pub record: Option<String>,
}

/// One pairing of a round: a single game or a double round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairingView {
    /// The pairing's board number, from 1.
    pub board: u32,
    /// The first-named player (Black in the first game).
    pub first: u32,
    /// The other.
    pub second: u32,
    /// Its games in order.
    pub games: Vec<PairingGame>,
    /// The pairing's result once every game ended: `1-0`, `½-½` or `0-1`.
    pub result: Option<String>,
}

/// A round: its pairings and its bye.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundPairings {
    /// The round's number, from 1.
    pub number: u32,
    /// Its pairings.
    pub pairings: Vec<PairingView>,
    /// The player with the bye (worth a win), for an odd number.
    pub bye: Option<u32>,
}

/// A line of the standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StandingView {
    /// The rank, from 1 (tied players share none: the tiebreaks order them).
    pub rank: u32,
    /// The player's number.
    pub number: u32,
    /// Points: a win 1, a draw ½, written `2.5`.
    pub points: String,
    /// Buchholz: the opponents' points.
    pub buchholz: String,
    /// Buchholz cut 1: without the lowest opponent.
    pub buchholz_cut1: String,
    /// Sonneborn–Berger: the beaten opponents' points, half the drawn.
    pub sonneborn_berger: String,
    /// Pairings won.
    pub wins: u32,
    /// An arena's wins in a row: from 2 on, a game is worth double.
    #[serde(default)]
    pub streak: u32,
    /// The crosstable's row: each round's entry, `+5w` (won against
    /// number 5 with White), `=3b`, `-2w`, `U` (the bye), `Z` (absent).
    pub rounds: Vec<String>,
}

/// `GET /api/tournaments/{id}`: a tournament whole.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentView {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// The account that made it.
    pub creator: String,
    /// How it pairs.
    pub format: Format,
    /// Where it stands.
    pub stage: Stage,
    /// Its rounds (an all-play-all's are fixed at the start).
    pub rounds: u32,
    /// The round being played or last played (0 before the start).
    pub round: u32,
    /// An all-play-all played twice.
    pub double_cycle: bool,
    /// Each pairing plays two games.
    pub double_round: bool,
    /// The rule set.
    #[serde(with = "crate::text::plain")]
    pub rules: Rules,
    /// The board.
    #[serde(with = "crate::text::plain")]
    pub board: BoardSize,
    /// The points that win each game's match.
    pub target: u8,
    /// A live clock.
    pub clock: Option<ClockRequest>,
    /// Or days a move.
    pub days: Option<u8>,
    /// Whether its games move ratings.
    pub rated: bool,
    /// When the first round starts, in ms since 1970.
    pub starts_ms: i64,
    /// When the next round is paired, once the current one has ended.
    pub next_round_ms: Option<i64>,
    /// When an arena stops pairing (its games under way are played out).
    #[serde(default)]
    pub ends_ms: Option<i64>,
    /// Seconds between rounds.
    pub pause_s: u64,
    /// Fewer players at the start cancel it.
    pub min_players: u32,
    /// Entries taken, at most.
    pub max_players: u32,
    /// A Swiss takes entries until this round has been paired.
    pub late_entry_until: u32,
    /// Whether the viewer may enter now.
    pub can_join: bool,
    /// Its players, by number.
    pub players: Vec<EntrantView>,
    /// Every round paired so far.
    pub pairings: Vec<RoundPairings>,
    /// The standings, best first.
    pub standings: Vec<StandingView>,
    /// What the server says of it: why it was cancelled, or that its
    /// rounds are too few to decide a Swiss.
    pub notes: Vec<String>,
}

/// `GET /api/games/{id}/tournament`: the tournament a game was paired in,
/// if any.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameTournament {
    /// The tournament; none for a game of no tournament.
    pub tournament: Option<TournamentSummary>,
}
