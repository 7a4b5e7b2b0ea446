//! The arena: matches between two programs that speak KEP.
//!
//! Games come in pairs from the same opening with the colours swapped; the
//! openings are random plies from the start chosen from a seed, or read from
//! a file. An engine that crashes, hangs or plays an illegal move loses that
//! game and the run goes on. See `docs/arena.md`.

mod game;
mod openings;
mod process;
pub mod stats;

use std::fs::OpenOptions;
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use kamisado_core::geometry::{Board, BoardSize, Eight};
use kamisado_core::{Rules, Score, Side, with_board};

pub use game::TimeControl;
use game::{Played, Settings, Slot, play_game};
pub use openings::{Opening, parse_openings, random_openings};
pub use process::{EngineProcess, EngineSpec, Failure};
use stats::{PairScores, Verdict};

/// The move time when no time control is given, in milliseconds.
pub const DEFAULT_MOVETIME_MS: u64 = 100;
/// The number of games when none is given.
pub const DEFAULT_GAMES: usize = 10;
/// The seed of the random openings when none is given.
pub const DEFAULT_SEED: u64 = 1;

/// What a run of the arena is asked to do: the two engines, their options,
/// the games and how they are played (`kamisado arena`'s flags, docs/arena.md).
///
/// At most one of `movetime`, `depth` and `nodes` is meant to be given; when
/// several are, depth wins over nodes and both over the move time.
#[derive(Clone, Debug)]
pub struct ArenaOptions {
    /// The two engines, each as `NAME=CMD`; CMD is run through `sh -c`.
    pub engines: Vec<String>,
    /// Options set after the handshake, each as `NAME:OPTION=VALUE`.
    pub options: Vec<String>,
    /// The number of games (two per opening).
    pub games: usize,
    /// Milliseconds per move (`go movetime`); [`DEFAULT_MOVETIME_MS`] when no
    /// limit is given.
    pub movetime: Option<u64>,
    /// Plies per search (`go depth`).
    pub depth: Option<u32>,
    /// Nodes per search (`go nodes`).
    pub nodes: Option<u64>,
    /// The match target: 1 (a single round), 3, 7 or 15 points.
    pub target: u8,
    /// The rule set of every game.
    pub rules: Rules,
    /// The board of every game.
    pub board: BoardSize,
    /// A file of openings, one per line; random openings from `seed` without it.
    pub openings: Option<PathBuf>,
    /// The SPRT's hypotheses as `ELO0,ELO1`.
    pub sprt: Option<String>,
    /// The seed of the random openings.
    pub seed: u64,
    /// A file to append every game's record to.
    pub records: Option<PathBuf>,
    /// Milliseconds an engine may take to answer; by default
    /// [`TimeControl::timeout`] of the time control.
    pub timeout: Option<u64>,
}

impl Default for ArenaOptions {
    /// No engines yet, and the defaults of docs/arena.md for the rest.
    fn default() -> ArenaOptions {
        ArenaOptions {
            engines: Vec::new(),
            options: Vec::new(),
            games: DEFAULT_GAMES,
            movetime: None,
            depth: None,
            nodes: None,
            target: 1,
            rules: Rules::STANDARD,
            board: BoardSize::Eight,
            openings: None,
            sprt: None,
            seed: DEFAULT_SEED,
            records: None,
            timeout: None,
        }
    }
}

/// What the arena tells while it plays, for a display of its progress.
#[derive(Clone, Copy, Debug)]
pub enum Progress<'a> {
    /// A game has ended: `done` of `total` games are played, and the engines
    /// (in the order they were given) have won `wins` of them.
    Played {
        /// Games played so far.
        done: usize,
        /// Games the run is asked for (the SPRT may stop it earlier).
        total: usize,
        /// The engines' names.
        names: [&'a str; 2],
        /// Each engine's wins so far.
        wins: [usize; 2],
    },
    /// An engine broke down and lost a game: the line that says so, e.g.
    /// `game 3: broken (White) loses: illegal move: …`, also in the report.
    Breakdown(&'a str),
}

/// Everything a run needs, checked.
struct Config<B: Board = Eight> {
    specs: [EngineSpec; 2],
    games: usize,
    openings: Vec<Opening<B>>,
    settings: Settings,
    sprt: Option<(f64, f64)>,
    records: Option<PathBuf>,
}

/// Plays the games of a run, telling `progress` after each, and returns the
/// results as text (`kamisado arena` prints them on standard output).
///
/// # Errors
/// Bad options, an unreadable openings file or an unwritable records file;
/// an engine that misbehaves is not an error but a lost game.
pub fn run_arena(
    options: &ArenaOptions,
    progress: &mut dyn FnMut(Progress<'_>),
) -> Result<String, String> {
    with_board!(options.board, B => arena_on::<B>(options, progress))
}

fn arena_on<B: Board>(
    options: &ArenaOptions,
    progress: &mut dyn FnMut(Progress<'_>),
) -> Result<String, String> {
    let config = configure::<B>(options)?;
    let tally = run(&config, progress)?;
    Ok(report(&config, &tally))
}

fn configure<B: Board>(args: &ArenaOptions) -> Result<Config<B>, String> {
    let rules = args.rules;
    let mut specs = engine_specs(&args.engines, &args.options)?;
    for spec in &mut specs {
        if rules != Rules::STANDARD {
            spec.options
                .insert(0, ("Rules".to_string(), rules.name().to_string()));
        }
        if B::KIND != BoardSize::Eight {
            spec.options
                .insert(0, ("Board".to_string(), B::KIND.name().to_string()));
        }
    }
    if !Score::TARGETS.contains(&args.target) {
        return Err(format!(
            "--match: a match is played to 1, 3, 7 or 15 points, not {}",
            args.target
        ));
    }
    if args.games == 0 {
        return Err("--games: at least one game".to_string());
    }
    let control = match (args.movetime, args.depth, args.nodes) {
        (_, Some(0), _) | (_, _, Some(0)) => {
            return Err("--depth and --nodes are at least 1".to_string());
        }
        (_, Some(d), _) => TimeControl::Depth(d),
        (_, _, Some(n)) => TimeControl::Nodes(n),
        (ms, None, None) => TimeControl::MoveTime(ms.unwrap_or(DEFAULT_MOVETIME_MS)),
    };
    let pairs = args.games.div_ceil(2);
    let openings = match &args.openings {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("--openings {}: {e}", path.display()))?;
            parse_openings(&text, rules, args.target)?
        }
        None => random_openings(args.seed, pairs, rules),
    };
    let timeout = args
        .timeout
        .map_or_else(|| control.timeout(), Duration::from_millis);
    let sprt = args.sprt.as_deref().map(stats::parse_sprt).transpose()?;
    Ok(Config {
        specs,
        games: args.games,
        openings,
        settings: Settings {
            rules,
            target: args.target,
            control,
            timeout,
            date: today(),
        },
        sprt,
        records: args.records.clone(),
    })
}

/// The two engines from `NAME=CMD` and their `NAME:OPTION=VALUE` options.
fn engine_specs(engines: &[String], options: &[String]) -> Result<[EngineSpec; 2], String> {
    let mut specs = Vec::new();
    for text in engines {
        let (name, command) = text
            .split_once('=')
            .filter(|(n, c)| !n.trim().is_empty() && !c.trim().is_empty())
            .ok_or_else(|| format!("--engine takes NAME=CMD, not `{text}`"))?;
        specs.push(EngineSpec {
            name: name.trim().to_string(),
            command: command.to_string(),
            options: Vec::new(),
        });
    }
    let [a, b]: [EngineSpec; 2] = specs
        .try_into()
        .map_err(|_| "give exactly two --engine NAME=CMD".to_string())?;
    if a.name == b.name {
        return Err(format!("the two engines are both named `{}`", a.name));
    }
    let mut specs = [a, b];
    for text in options {
        let parsed = text
            .split_once(':')
            .and_then(|(n, rest)| rest.split_once('=').map(|(o, v)| (n, o, v)));
        let Some((name, option, value)) = parsed else {
            return Err(format!("--option takes NAME:OPTION=VALUE, not `{text}`"));
        };
        let spec = specs
            .iter_mut()
            .find(|s| s.name == name)
            .ok_or_else(|| format!("--option {text}: no engine is named `{name}`"))?;
        spec.options.push((option.to_string(), value.to_string()));
    }
    Ok(specs)
}

/// Wins by engine and colour, and the pairs' scores.
#[derive(Default)]
struct Tally {
    /// `wins[engine][colour]`: games won by an engine playing that colour.
    wins: [[usize; 2]; 2],
    /// `losses[engine][colour]`.
    losses: [[usize; 2]; 2],
    pairs: PairScores,
    /// The first engine's points in the pair being played.
    pair_points: f64,
    pair_games: usize,
    /// Lines about games lost by breaking down.
    failures: Vec<String>,
    verdict: Option<(f64, Verdict)>,
}

impl Tally {
    fn games(&self) -> usize {
        self.wins.iter().flatten().sum()
    }

    fn total_wins(&self, engine: usize) -> usize {
        self.wins[engine].iter().sum()
    }

    fn add(&mut self, black: usize, winner: Side) {
        let (winner_engine, loser_engine) = match winner {
            Side::Black => (black, 1 - black),
            Side::White => (1 - black, black),
        };
        self.wins[winner_engine][winner.index()] += 1;
        self.losses[loser_engine][(!winner).index()] += 1;
        self.pair_points += f64::from(u8::from(winner_engine == 0));
        self.pair_games += 1;
    }

    fn close_pair(&mut self) {
        if self.pair_games > 0 {
            self.pairs.push(self.pair_points / self.pair_games as f64);
        }
        self.pair_points = 0.0;
        self.pair_games = 0;
    }
}

/// Plays every game (or until the SPRT decides).
fn run<B: Board>(
    config: &Config<B>,
    progress: &mut dyn FnMut(Progress<'_>),
) -> Result<Tally, String> {
    let mut records = match &config.records {
        Some(path) => Some(
            OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| format!("--records {}: {e}", path.display()))?,
        ),
        None => None,
    };
    let mut slots = config.specs.clone().map(Slot::new);
    let mut tally = Tally::default();
    for number in 0..config.games {
        let opening = &config.openings[(number / 2) % config.openings.len()];
        let black = number % 2;
        let played = play_game(&mut slots, black, opening, &config.settings, number + 1)?;
        note(
            &mut tally,
            &played,
            black,
            number + 1,
            &config.specs,
            progress,
        );
        if let Some(file) = records.as_mut() {
            writeln!(file, "{}", played.record).map_err(|e| format!("writing the records: {e}"))?;
        }
        progress(Progress::Played {
            done: number + 1,
            total: config.games,
            names: config.specs.each_ref().map(|s| s.name.as_str()),
            wins: [tally.total_wins(0), tally.total_wins(1)],
        });
        if number % 2 == 1 || number + 1 == config.games {
            tally.close_pair();
            if let Some((elo0, elo1)) = config.sprt {
                let llr = tally.pairs.llr(elo0, elo1);
                tally.verdict = Some((llr, stats::verdict(llr)));
                if stats::verdict(llr) != Verdict::Open {
                    break;
                }
            }
        }
    }
    for slot in &mut slots {
        slot.close();
    }
    Ok(tally)
}

/// Counts a game and says so when an engine broke down.
fn note<B: Board>(
    tally: &mut Tally,
    played: &Played<B>,
    black: usize,
    number: usize,
    specs: &[EngineSpec; 2],
    progress: &mut dyn FnMut(Progress<'_>),
) {
    tally.add(black, played.winner);
    if let Some((side, failure)) = &played.failure {
        let engine = if *side == Side::Black {
            black
        } else {
            1 - black
        };
        let line = format!(
            "game {number}: {} ({}) loses: {failure}",
            specs[engine].name,
            side.name()
        );
        progress(Progress::Breakdown(&line));
        tally.failures.push(line);
    }
}

/// The results, for standard output.
fn report<B: Board>(config: &Config<B>, tally: &Tally) -> String {
    let [a, b] = [&config.specs[0].name, &config.specs[1].name];
    let s = &config.settings;
    let mut text = format!(
        "{a} vs {b}: {} of {} games, {}, match to {}, rules {}{}, {} opening(s)\n",
        tally.games(),
        config.games,
        s.control,
        s.target,
        s.rules,
        match B::KIND {
            BoardSize::Eight => String::new(),
            board => format!(", board {board}"),
        },
        config.openings.len().min(config.games.div_ceil(2)),
    );
    for engine in 0..2 {
        let (w, l) = (&tally.wins[engine], &tally.losses[engine]);
        text += &format!(
            "{}: {} wins, {} losses (as Black {}-{}, as White {}-{})\n",
            config.specs[engine].name,
            tally.total_wins(engine),
            l.iter().sum::<usize>(),
            w[Side::Black.index()],
            l[Side::Black.index()],
            w[Side::White.index()],
            l[Side::White.index()],
        );
    }
    let black_wins = tally.wins[0][0] + tally.wins[1][0];
    text += &format!(
        "Black won {black_wins}, White won {}\n",
        tally.games() - black_wins
    );
    if let Some((elo, margin)) = tally.pairs.elo() {
        text += &format!(
            "Elo {a} - {b}: {} +/- {} (95%, over {} game pairs)\n",
            stats::show_elo(elo),
            stats::show_elo(margin).trim_start_matches('+'),
            tally.pairs.len()
        );
    }
    if let (Some((elo0, elo1)), Some((llr, verdict))) = (config.sprt, tally.verdict) {
        let (lower, upper) = stats::sprt_bounds();
        let said = match verdict {
            Verdict::H0 => format!("H0 accepted: {a} - {b} is nearer {elo0} than {elo1} Elo"),
            Verdict::H1 => format!("H1 accepted: {a} - {b} is nearer {elo1} than {elo0} Elo"),
            Verdict::Open => "no verdict yet".to_string(),
        };
        text += &format!(
            "SPRT elo0 {elo0} elo1 {elo1} (alpha 0.05, beta 0.05): LLR {llr:.2} (bounds {lower:.2}, {upper:.2}): {said}\n"
        );
    }
    text += &format!("Abnormal endings: {}\n", tally.failures.len());
    for line in &tally.failures {
        text += &format!("  {line}\n");
    }
    text
}

/// Today's date as `YYYY.MM.DD` (UTC).
fn today() -> String {
    let days = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    let (y, m, d) = civil_from_days(days);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The proleptic Gregorian date of a day counted from 1970-01-01.
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_civil() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(20_000), (2024, 10, 4));
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
    }

    #[test]
    fn engines_and_options_are_read() {
        let engines = ["a=kamisado engine".to_string(), "b=./x --y=1".to_string()];
        let options = ["b:Level=3".to_string()];
        let specs = engine_specs(&engines, &options).unwrap();
        assert_eq!(specs[1].command, "./x --y=1");
        assert_eq!(specs[1].options, [("Level".to_string(), "3".to_string())]);
        assert!(engine_specs(&engines[..1], &[]).is_err());
        assert!(engine_specs(&engines, &["c:Level=3".to_string()]).is_err());
        let same = ["a=x".to_string(), "a=y".to_string()];
        assert!(engine_specs(&same, &[]).is_err());
    }
}
