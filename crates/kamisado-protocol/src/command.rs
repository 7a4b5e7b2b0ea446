//! The commands a program sends to a KEP engine, parsed from one line of text
//! before anything is done with them.

use std::fmt;

use kamisado_core::Rules;
use kamisado_core::geometry::BoardSize;

/// The largest hash table the `Hash` option accepts, in megabytes.
pub const MAX_HASH_MB: usize = 4096;
/// The default hash table size, in megabytes.
pub const DEFAULT_HASH_MB: usize = 16;
/// The strongest level, and the default: a full search.
pub const MAX_LEVEL: u8 = 6;
/// The deepest perft the engine runs (perft 7 already counts about 10⁸ leaves).
pub const MAX_PERFT: u32 = 7;

/// One command of the protocol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `kep`: identify the engine and list its options.
    Kep,
    /// `isready`: answer `readyok`.
    IsReady,
    /// `quit`: stop any search and leave.
    Quit,
    /// `newgame`: forget what was learnt and go back to the start.
    NewGame,
    /// `position startpos|fen … [moves …]`.
    Position {
        /// Where the round starts.
        start: Start,
        /// Moves played from there, all in the same round, as written: the
        /// session reads them on its board.
        moves: Vec<String>,
    },
    /// `setoption name N value V`.
    SetOption(EngineOption),
    /// `go …`: search the current position.
    Go(GoParams),
    /// `go fill [limits]`: choose the fill side for the next round; with
    /// limits (as for `go`, but not `infinite`) the choice searches within them.
    GoFill(Option<GoParams>),
    /// `stop`: end the search now and answer with the best move so far.
    Stop,
    /// `perft N`: count the leaves N plies deep.
    Perft(u32),
    /// `validmoves`: list the legal moves.
    ValidMoves,
}

/// Where a `position` command starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// `startpos`: the start of a single round (`… b - 0-0/1`).
    StartPos,
    /// `fen <position>`: a position's text, with or without its match field,
    /// as written: the session reads it on its board.
    Fen(String),
}

/// An option and the value it is set to, already checked against its range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineOption {
    /// `Level`: 1 (beginner) to 6 (full search).
    Level(u8),
    /// `Hash`: the transposition table's size in megabytes.
    Hash(usize),
    /// `Threads`: the threads a search (`go` at level 6) runs on, 1 to the
    /// machine's ([`kamisado_engine::available_threads`]).
    Threads(usize),
    /// `Rules`: `standard`, `sumo-square` or `zvezda`.
    Rules(Rules),
    /// `Board`: `6x6`, `8x8` or `10x10`.
    Board(BoardSize),
}

/// The limits of a `go` command; several may be given and the first reached ends the search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GoParams {
    /// `depth N`: complete at most N plies.
    pub depth: Option<u32>,
    /// `nodes N`: visit about N nodes.
    pub nodes: Option<u64>,
    /// `movetime MS`: think about this many milliseconds.
    pub movetime: Option<u64>,
    /// `btime MS`: Black's time left.
    pub btime: Option<u64>,
    /// `wtime MS`: White's time left.
    pub wtime: Option<u64>,
    /// `binc MS`: Black's increment per move.
    pub binc: Option<u64>,
    /// `winc MS`: White's increment per move.
    pub winc: Option<u64>,
    /// `infinite`: search until `stop`.
    pub infinite: bool,
}

/// Why a line is not a command, said in words for an `error` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommandError(pub String);

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CommandError {}

fn fail<T>(reason: impl Into<String>) -> Result<T, CommandError> {
    Err(CommandError(reason.into()))
}

/// Reads one line: `Ok(None)` for a blank line.
///
/// # Errors
/// An unknown command or arguments that do not fit it, with the reason.
///
/// ```
/// use kamisado_protocol::command::{parse, Command};
/// assert_eq!(parse("isready").unwrap(), Some(Command::IsReady));
/// assert!(parse("position").is_err());
/// ```
pub fn parse(line: &str) -> Result<Option<Command>, CommandError> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((&name, args)) = words.split_first() else {
        return Ok(None);
    };
    let command = match name {
        "kep" => no_args(name, args, Command::Kep)?,
        "isready" => no_args(name, args, Command::IsReady)?,
        "quit" => no_args(name, args, Command::Quit)?,
        "newgame" => no_args(name, args, Command::NewGame)?,
        "stop" => no_args(name, args, Command::Stop)?,
        "validmoves" => no_args(name, args, Command::ValidMoves)?,
        "position" => parse_position(args)?,
        "setoption" => Command::SetOption(parse_setoption(args)?),
        "go" => parse_go(args)?,
        "perft" => Command::Perft(parse_perft(args)?),
        other => return fail(format!("unknown command `{}`", shorten(other))),
    };
    Ok(Some(command))
}

/// At most 40 characters of a word, for quoting it in an error.
fn shorten(word: &str) -> String {
    const QUOTED: usize = 40;
    if word.chars().count() <= QUOTED {
        word.to_string()
    } else {
        let head: String = word.chars().take(QUOTED).collect();
        format!("{head}…")
    }
}

fn no_args(name: &str, args: &[&str], command: Command) -> Result<Command, CommandError> {
    match args.first() {
        None => Ok(command),
        Some(extra) => fail(format!(
            "`{name}` takes no arguments, found `{}`",
            shorten(extra)
        )),
    }
}

fn parse_position(args: &[&str]) -> Result<Command, CommandError> {
    let (start, rest) = match args.split_first() {
        Some((&"startpos", rest)) => (Start::StartPos, rest),
        Some((&"fen", rest)) => {
            // A position is 3 or 4 fields: it ends at `moves` or at the end of the line.
            let end = rest
                .iter()
                .position(|&w| w == "moves")
                .unwrap_or(rest.len());
            if end == 0 {
                return fail("`position fen` needs a position");
            }
            (Start::Fen(rest[..end].join(" ")), &rest[end..])
        }
        Some((other, _)) => {
            return fail(format!(
                "`position` is followed by `startpos` or `fen`, found `{}`",
                shorten(other)
            ));
        }
        None => return fail("`position` is followed by `startpos` or `fen`"),
    };
    let moves = match rest.split_first() {
        None => Vec::new(),
        Some((&"moves", moves)) => moves.iter().map(|m| m.to_string()).collect(),
        Some((other, _)) => {
            return fail(format!(
                "expected `moves` after the position, found `{}`",
                shorten(other)
            ));
        }
    };
    Ok(Command::Position { start, moves })
}

fn parse_setoption(args: &[&str]) -> Result<EngineOption, CommandError> {
    let usage = "expected `setoption name <Level|Hash|Threads|Rules|Board> value <v>`";
    let (name, value) = match args {
        ["name", name, "value", value] => (*name, *value),
        _ => return fail(usage),
    };
    match name.to_ascii_lowercase().as_str() {
        "level" => match value.parse::<u8>() {
            Ok(level @ 1..=MAX_LEVEL) => Ok(EngineOption::Level(level)),
            _ => fail(format!(
                "Level is 1 to {MAX_LEVEL}, not `{}`",
                shorten(value)
            )),
        },
        "hash" => match value.parse::<usize>() {
            Ok(mb @ 1..=MAX_HASH_MB) => Ok(EngineOption::Hash(mb)),
            _ => fail(format!(
                "Hash is 1 to {MAX_HASH_MB} megabytes, not `{}`",
                shorten(value)
            )),
        },
        "threads" => {
            let most = kamisado_engine::available_threads();
            match value.parse::<usize>() {
                Ok(threads @ 1..) if threads <= most => Ok(EngineOption::Threads(threads)),
                _ => fail(format!(
                    "Threads is 1 to {most} (this machine's threads), not `{}`",
                    shorten(value)
                )),
            }
        }
        "rules" => value
            .parse()
            .map(EngineOption::Rules)
            .map_err(|e| CommandError(e.to_string())),
        "board" => value
            .parse()
            .map(EngineOption::Board)
            .map_err(|e| CommandError(e.to_string())),
        _ => fail(format!(
            "unknown option `{}`: the options are Level, Hash, Threads, Rules and Board",
            shorten(name)
        )),
    }
}

fn parse_go(args: &[&str]) -> Result<Command, CommandError> {
    if args.first() == Some(&"fill") {
        return match go_params(&args[1..])? {
            _ if args.len() == 1 => Ok(Command::GoFill(None)),
            params if params.infinite => fail("`go fill` takes limits but not `infinite`"),
            params => Ok(Command::GoFill(Some(params))),
        };
    }
    Ok(Command::Go(go_params(args)?))
}

/// The limits of `go` (or `go fill`).
fn go_params(args: &[&str]) -> Result<GoParams, CommandError> {
    let mut params = GoParams::default();
    let mut words = args.iter();
    while let Some(&word) = words.next() {
        if word == "infinite" {
            params.infinite = true;
            continue;
        }
        let slot = match word {
            "depth" => {
                params.depth = Some(number(word, words.next(), 1)?);
                continue;
            }
            "nodes" => &mut params.nodes,
            "movetime" => &mut params.movetime,
            "btime" => &mut params.btime,
            "wtime" => &mut params.wtime,
            "binc" => &mut params.binc,
            "winc" => &mut params.winc,
            other => {
                return fail(format!(
                    "unknown `go` parameter `{}`: expected depth, nodes, movetime, btime, wtime, binc, winc, infinite or fill",
                    shorten(other)
                ));
            }
        };
        let least = u64::from(word == "nodes");
        *slot = Some(number(word, words.next(), least)?);
    }
    Ok(params)
}

/// The number after a keyword, at least `least`.
fn number<T>(keyword: &str, word: Option<&&str>, least: T) -> Result<T, CommandError>
where
    T: std::str::FromStr + PartialOrd + fmt::Display,
{
    let Some(word) = word else {
        return fail(format!("`{keyword}` needs a number"));
    };
    match word.parse::<T>() {
        Ok(n) if n >= least => Ok(n),
        _ => fail(format!(
            "`{keyword}` needs a whole number of at least {least}, found `{}`",
            shorten(word)
        )),
    }
}

fn parse_perft(args: &[&str]) -> Result<u32, CommandError> {
    let [depth] = args else {
        return fail("expected `perft N`");
    };
    match depth.parse::<u32>() {
        Ok(n) if n <= MAX_PERFT => Ok(n),
        _ => fail(format!(
            "perft depth is 0 to {MAX_PERFT}, not `{}`",
            shorten(depth)
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(line: &str) -> String {
        parse(line).unwrap_err().0
    }

    #[test]
    fn simple_commands_parse() {
        assert_eq!(parse("kep").unwrap(), Some(Command::Kep));
        assert_eq!(parse("  quit \r").unwrap(), Some(Command::Quit));
        assert_eq!(parse("").unwrap(), None);
        assert_eq!(parse("go fill").unwrap(), Some(Command::GoFill(None)));
        let limited = GoParams {
            nodes: Some(500),
            ..GoParams::default()
        };
        assert_eq!(
            parse("go fill nodes 500").unwrap(),
            Some(Command::GoFill(Some(limited)))
        );
        assert!(parse("go fill infinite").is_err());
        assert_eq!(parse("perft 3").unwrap(), Some(Command::Perft(3)));
    }

    #[test]
    fn the_fen_ends_at_moves_or_the_end_of_the_line() {
        let Some(Command::Position {
            start: Start::Fen(text),
            moves,
        }) = parse("position fen obvpyrgn/8/8/8/8/8/8/NGRYPVBO b - 1-0/3 moves d1-d6 f8-f3")
            .unwrap()
        else {
            panic!("not a position");
        };
        assert_eq!(text, "obvpyrgn/8/8/8/8/8/8/NGRYPVBO b - 1-0/3");
        assert_eq!(moves, ["d1-d6", "f8-f3"]);
        let Some(Command::Position { moves, .. }) =
            parse("position fen obvpyrgn/8/8/8/8/8/8/NGRYPVBO b -").unwrap()
        else {
            panic!("not a position");
        };
        assert!(moves.is_empty());
    }

    #[test]
    fn go_reads_every_limit() {
        let Some(Command::Go(p)) =
            parse("go depth 4 nodes 1000 movetime 50 btime 1 wtime 2 binc 3 winc 4 infinite")
                .unwrap()
        else {
            panic!("not go");
        };
        assert_eq!(
            p,
            GoParams {
                depth: Some(4),
                nodes: Some(1000),
                movetime: Some(50),
                btime: Some(1),
                wtime: Some(2),
                binc: Some(3),
                winc: Some(4),
                infinite: true,
            }
        );
    }

    #[test]
    fn options_are_checked() {
        assert_eq!(
            parse("setoption name level value 3").unwrap(),
            Some(Command::SetOption(EngineOption::Level(3)))
        );
        assert_eq!(
            parse("setoption name Rules value sumo-square").unwrap(),
            Some(Command::SetOption(EngineOption::Rules(Rules::SUMO_SQUARE)))
        );
        assert_eq!(
            parse("setoption name Board value 10x10").unwrap(),
            Some(Command::SetOption(EngineOption::Board(BoardSize::Ten)))
        );
        assert!(error("setoption name Board value 9x9").contains("`9x9` is not a board"));
        assert!(error("setoption name Level value 7").contains("1 to 6"));
        assert_eq!(
            parse("setoption name Threads value 1").unwrap(),
            Some(Command::SetOption(EngineOption::Threads(1)))
        );
        let most = kamisado_engine::available_threads();
        assert!(
            error(&format!("setoption name Threads value {}", most + 1))
                .contains(&format!("Threads is 1 to {most}"))
        );
        assert!(error("setoption name Threads value 0").contains("not `0`"));
        assert!(error("setoption name Colour value red").contains("unknown option"));
    }

    #[test]
    fn bad_lines_say_why() {
        assert!(error("fly").contains("unknown command `fly`"));
        assert!(error("go depth").contains("needs a number"));
        assert!(error("go depth 0").contains("at least 1"));
        assert!(error("go nodes x").contains("`x`"));
        assert!(error("position fen").contains("needs a position"));
        assert!(error("position startpos d1-d6").contains("expected `moves`"));
        assert!(error("isready now").contains("no arguments"));
        assert!(error("perft 99").contains("0 to 7"));
        assert!(error(&"x".repeat(10_000)).len() < 100);
    }
}
