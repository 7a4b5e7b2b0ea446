//! A tournament's settings as stored, checked from a request with one set
//! of words for every refusal.

use kamisado_core::Rules;
use kamisado_core::geometry::BoardSize;
use kamisado_wire::players::ClockRequest;
use kamisado_wire::tournaments::{Format, Stage, TournamentRequest};

use crate::error::ServerError;
use crate::games::clock::TimeControl;
use crate::games::create;
use kamisado_wire::Refusal;

/// A Swiss's rounds when none are asked for (the world championship's five).
pub const DEFAULT_ROUNDS: u32 = 5;
/// Rounds of a Swiss, at most.
pub const MAX_ROUNDS: u32 = 30;
/// Entries a tournament takes, at most.
pub const MAX_PLAYERS: u32 = 500;
/// The longest wait before the first round: 30 days.
pub const MAX_START_S: u64 = 30 * 24 * 3600;
/// The longest pause between rounds: a day.
pub const MAX_PAUSE_S: u64 = 24 * 3600;
/// An arena's length, in seconds, at least and at most (a week).
pub const ARENA_LENGTH_S: std::ops::RangeInclusive<u64> = 10..=7 * 24 * 3600;

/// A tournament's row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentRow {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// The account that made it.
    pub creator: String,
    /// How it pairs.
    pub format: Format,
    /// A Swiss's rounds; an all-play-all's at most, until its start fixes them.
    pub rounds: u32,
    /// An all-play-all played twice.
    pub double_cycle: bool,
    /// Games per pairing: 1, or 2 with the colours swapped.
    pub legs: u32,
    /// The rule set.
    pub rules: Rules,
    /// The board.
    pub board: BoardSize,
    /// The points that win each game's match.
    pub target: u8,
    /// A live clock's initial time and increment, in seconds.
    pub clock: Option<(u64, u64)>,
    /// Or days a move.
    pub days: Option<u8>,
    /// Whether its games move ratings.
    pub rated: bool,
    /// Fewer players at the start cancel it.
    pub min_players: u32,
    /// Entries taken, at most.
    pub max_players: u32,
    /// A Swiss takes entries until this round has been paired.
    pub late_until: u32,
    /// Seconds between rounds.
    pub pause_s: u64,
    /// When the first round is paired, ms since 1970.
    pub starts_ms: i64,
    /// When it was made.
    pub created_ms: i64,
    /// Where it stands.
    pub stage: Stage,
    /// The round last paired.
    pub round: u32,
    /// When the next round is paired, once the current one has ended.
    pub next_ms: Option<i64>,
    /// When an arena stops pairing.
    pub ends_ms: Option<i64>,
    /// Why it was cancelled, or what was said of its settings.
    pub note: Option<String>,
}

impl TournamentRow {
    /// Each game's time control.
    ///
    /// # Errors
    /// A stored clock out of range (changed by hand).
    pub fn time(&self) -> Result<TimeControl, ServerError> {
        match (self.clock, self.days) {
            (Some((i, n)), _) => TimeControl::fischer(i, n),
            (None, Some(d)) => TimeControl::days(u64::from(d)),
            (None, None) => Err(ServerError::Corrupt(format!(
                "tournament {} has no time control",
                self.id
            ))),
        }
    }

    /// The clock as the wire writes it.
    pub fn clock_view(&self) -> Option<ClockRequest> {
        self.clock.map(|(initial_s, increment_s)| ClockRequest {
            initial_s,
            increment_s,
        })
    }

    /// How long a player may be absent from a round's start before losing
    /// its game on time: the clock's initial time, or the days of a move.
    pub fn grace_ms(&self) -> i64 {
        match (self.clock, self.days) {
            (Some((initial, _)), _) => initial as i64 * 1000,
            (None, Some(d)) => i64::from(d) * 24 * 3600 * 1000,
            (None, None) => 0,
        }
    }

    /// The rating pool of its games, as `standard 8x8`.
    pub fn pool(&self) -> String {
        format!("{} {}", self.rules, self.board)
    }
}

/// What is said of a Swiss whose rounds are too few to decide it among
/// `players` (`up_to`: the most it takes, before its start).
pub fn rounds_note(format: Format, rounds: u32, players: u32, up_to: bool) -> Option<String> {
    let needed = rounds_for(players);
    (format == Format::Swiss && rounds < needed).then(|| {
        format!(
            "{} may not decide a Swiss of {}{players} players: one winner needs {}",
            rounds_words(rounds),
            if up_to { "up to " } else { "" },
            rounds_words(needed)
        )
    })
}

/// The rounds a Swiss needs for one player to stand alone at the top.
pub fn rounds_for(players: u32) -> u32 {
    let mut rounds = 0;
    while (1u64 << rounds) < u64::from(players) {
        rounds += 1;
    }
    rounds
}

/// `1 round`, `5 rounds`.
pub fn rounds_words(n: u32) -> String {
    if n == 1 {
        "1 round".into()
    } else {
        format!("{n} rounds")
    }
}

fn bad(reason: Refusal) -> ServerError {
    ServerError::BadRequest(reason)
}

/// A name of 2 to 60 characters, trimmed, without control characters.
fn name_of(name: &str) -> Result<String, ServerError> {
    let name: String = name.trim().chars().filter(|c| !c.is_control()).collect();
    let n = name.chars().count();
    if !(2..=60).contains(&n) {
        return Err(bad(Refusal::tournament_name(n)));
    }
    Ok(name)
}

/// A live clock (initial and increment seconds), or days a move.
type Time = (Option<(u64, u64)>, Option<u8>);

/// The clock or days a move: 5+3 when neither is asked for.
fn time_of(request: &TournamentRequest) -> Result<Time, ServerError> {
    match (request.clock, request.days) {
        (Some(_), Some(_)) => Err(bad(Refusal::tournament_clock_and_days())),
        (Some(c), None) => {
            TimeControl::fischer(c.initial_s, c.increment_s)?;
            Ok((Some((c.initial_s, c.increment_s)), None))
        }
        (None, Some(d)) => match TimeControl::days(d)? {
            TimeControl::Days(d) => Ok((None, Some(d))),
            TimeControl::Fischer { .. } => Ok((None, None)),
        },
        (None, None) => Ok((Some((300, 3)), None)),
    }
}

/// The rounds, checked against the format and the entries.
fn rounds_of(request: &TournamentRequest, format: Format, max: u32) -> Result<u32, ServerError> {
    let cycles = if request.double_cycle.unwrap_or(false) {
        2
    } else {
        1
    };
    match format {
        Format::Swiss => {
            let rounds = request.rounds.unwrap_or(DEFAULT_ROUNDS);
            if !(1..=MAX_ROUNDS).contains(&rounds) {
                return Err(bad(Refusal::swiss_rounds(rounds, MAX_ROUNDS)));
            }
            Ok(rounds)
        }
        Format::RoundRobin => {
            // N players meet in N - 1 rounds (N for an odd N), per cycle.
            let most = (max + max % 2 - 1) * cycles;
            let rounds = request.rounds.unwrap_or(most);
            if rounds == 0 || rounds > most {
                return Err(bad(Refusal::round_robin_rounds(max, most, rounds)));
            }
            Ok(rounds)
        }
        Format::Arena => match request.rounds {
            Some(_) => Err(bad(Refusal::arena_rounds("length_s"))),
            None => Ok(0),
        },
    }
}

/// The fewest players to start and the most taken.
fn players_of(request: &TournamentRequest) -> Result<(u32, u32), ServerError> {
    let max_players = request.max_players.unwrap_or(64);
    if !(2..=MAX_PLAYERS).contains(&max_players) {
        return Err(bad(Refusal::tournament_players(max_players, MAX_PLAYERS)));
    }
    let min_players = request.min_players.unwrap_or(2);
    if min_players < 2 || min_players > max_players {
        return Err(bad(Refusal::min_players(min_players, max_players)));
    }
    Ok((min_players, max_players))
}

/// Seconds to the start and between rounds.
fn timing_of(request: &TournamentRequest) -> Result<(u64, u64), ServerError> {
    let starts_in = request.starts_in_s.unwrap_or(300);
    if starts_in > MAX_START_S {
        return Err(bad(Refusal::starts_too_late(starts_in, MAX_START_S)));
    }
    let pause_s = request.pause_s.unwrap_or(30);
    if pause_s > MAX_PAUSE_S {
        return Err(bad(Refusal::pause_too_long(pause_s, MAX_PAUSE_S)));
    }
    Ok((starts_in, pause_s))
}

/// An arena's length in seconds (none for the other formats), checked.
fn arena_length(request: &TournamentRequest, format: Format) -> Result<Option<u64>, ServerError> {
    if format != Format::Arena {
        return match request.length_s {
            Some(_) => Err(bad(Refusal::length_not_arena())),
            None => Ok(None),
        };
    }
    if request.double_round == Some(true) {
        return Err(bad(Refusal::arena_double()));
    }
    let length_s = request.length_s.unwrap_or(3600);
    if !ARENA_LENGTH_S.contains(&length_s) {
        return Err(bad(Refusal::arena_length(length_s)));
    }
    Ok(Some(length_s))
}

/// Checks the engines entered at once.
fn engines_of(request: &TournamentRequest, max_players: u32) -> Result<(), ServerError> {
    if request.engines.len() > max_players as usize {
        return Err(bad(Refusal::too_many_engines(
            request.engines.len(),
            max_players,
        )));
    }
    for &level in &request.engines {
        engine_level(level)?;
    }
    Ok(())
}

/// Checks an engine level for a tournament's entry.
///
/// # Errors
/// A level outside 1–6.
pub fn engine_level(level: u8) -> Result<u8, ServerError> {
    if (1..=6).contains(&level) {
        Ok(level)
    } else {
        Err(bad(Refusal::bad_level(level)))
    }
}

/// The row a request asks for, made by `creator` at `now`.
///
/// # Errors
/// [`ServerError::BadRequest`] with the reason for each bad setting.
pub fn row_of(
    request: &TournamentRequest,
    id: String,
    creator: String,
    now: i64,
) -> Result<TournamentRow, ServerError> {
    let name = name_of(&request.name)?;
    let format = request.format.unwrap_or(Format::Swiss);
    let (clock, days) = time_of(request)?;
    let (min_players, max_players) = players_of(request)?;
    let rounds = rounds_of(request, format, max_players)?;
    let late_until = request.late_entry_until.unwrap_or(1);
    if format == Format::RoundRobin && late_until > 1 {
        return Err(bad(Refusal::round_robin_late()));
    }
    let length = arena_length(request, format)?;
    if length.is_none() && (late_until == 0 || late_until > rounds) {
        return Err(bad(Refusal::late_entry(rounds, late_until)));
    }
    let (starts_in, pause_s) = timing_of(request)?;
    engines_of(request, max_players)?;
    Ok(TournamentRow {
        id,
        name,
        creator,
        format,
        rounds,
        double_cycle: request.double_cycle.unwrap_or(false),
        legs: if request.double_round.unwrap_or(false) {
            2
        } else {
            1
        },
        rules: request.rules.unwrap_or(Rules::STANDARD),
        board: request.board.unwrap_or(BoardSize::Eight),
        target: create::target(request.target)?,
        clock,
        days,
        rated: request.rated.unwrap_or(true),
        min_players,
        max_players,
        late_until,
        pause_s,
        starts_ms: now + starts_in as i64 * 1000,
        created_ms: now,
        stage: Stage::Open,
        round: 0,
        next_ms: None,
        ends_ms: length.map(|l| now + (starts_in + l) as i64 * 1000),
        note: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(name: &str) -> TournamentRequest {
        TournamentRequest {
            name: name.into(),
            ..TournamentRequest::default()
        }
    }

    fn refusal(r: TournamentRequest) -> String {
        row_of(&r, "t".into(), "ann".into(), 0)
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn defaults_are_the_championships_swiss_at_five_minutes() {
        let row = row_of(&request("Autumn Swiss"), "t".into(), "ann".into(), 1000).unwrap();
        assert_eq!((row.format, row.rounds, row.legs), (Format::Swiss, 5, 1));
        assert_eq!(row.clock, Some((300, 3)));
        assert_eq!(row.starts_ms, 301_000);
        let note = rounds_note(row.format, row.rounds, row.max_players, true);
        assert!(
            note.unwrap()
                .contains("up to 64 players: one winner needs 6 rounds")
        );
    }

    #[test]
    fn bad_settings_are_refused_with_their_reason() {
        assert!(refusal(request("x")).contains("2 to 60 characters, not 1"));
        let mut r = request("RR");
        r.format = Some(Format::RoundRobin);
        r.max_players = Some(4);
        r.rounds = Some(4);
        assert!(refusal(r.clone()).contains("at most 4 players has at most 3 rounds, not 4"));
        r.rounds = None;
        r.late_entry_until = Some(2);
        assert!(refusal(r).contains("takes no late entries"));
        let mut r = request("Swiss");
        r.rounds = Some(0);
        assert!(refusal(r).contains("1 to 30 rounds, not 0"));
        let mut r = request("Swiss");
        r.engines = vec![7];
        assert!(refusal(r).contains("levels 1 to 6, not 7"));
        let mut r = request("Arena");
        r.format = Some(Format::Arena);
        r.length_s = Some(5);
        assert!(refusal(r.clone()).contains("10 seconds to a week (604800 s), not 5 s"));
        r.length_s = None;
        r.double_round = Some(true);
        assert!(refusal(r).contains("no double rounds"));
        let mut r = request("Swiss");
        r.min_players = Some(10);
        r.max_players = Some(8);
        assert!(refusal(r).contains("2 to 8 (its most), not 10"));
    }

    #[test]
    fn a_swiss_of_one_double_round_for_200_is_allowed_and_said() {
        let mut r = request("Big");
        r.rounds = Some(1);
        r.double_round = Some(true);
        r.max_players = Some(200);
        let row = row_of(&r, "t".into(), "ann".into(), 0).unwrap();
        assert_eq!(row.legs, 2);
        assert_eq!(
            rounds_note(row.format, row.rounds, 200, false).as_deref(),
            Some("1 round may not decide a Swiss of 200 players: one winner needs 8 rounds")
        );
        assert_eq!((rounds_for(1), rounds_for(2), rounds_for(9)), (0, 1, 4));
    }
}
