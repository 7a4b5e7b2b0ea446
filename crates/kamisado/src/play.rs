//! `kamisado play`: a game in the terminal, against the engine or another person.

use std::io::{BufRead, Write};
use std::sync::atomic::AtomicBool;
use std::time::{SystemTime, UNIX_EPOCH};

use clap::ValueEnum;
use kamisado_core::geometry::BoardSize;
use kamisado_core::story::{self, Story};
use kamisado_core::{Fill, Game, MatchError, MatchState, Move, RoundEnd, Rules, Side, with_board};
use kamisado_engine::EngineBoard;
use kamisado_engine::{ASSESS_HASH_MB, ASSESS_NODES, Engine, MoveAnalysis, Told};

use crate::analysis::HASH_MB;
use crate::board;

/// Which sides the engine plays.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineSides {
    /// The engine plays Black; you play Gold.
    Black,
    /// The engine plays Gold (White in the notation, `w`); you play Black.
    #[value(name = "gold", alias = "white")]
    White,
    /// The engine plays itself.
    Both,
    /// Two people on one keyboard.
    None,
}

impl EngineSides {
    fn plays(self, side: Side) -> bool {
        match self {
            EngineSides::Black => side == Side::Black,
            EngineSides::White => side == Side::White,
            EngineSides::Both => true,
            EngineSides::None => false,
        }
    }
}

/// What `kamisado play` was asked for.
pub struct PlayOptions {
    /// Engine level, 1–6.
    pub level: u8,
    /// Match target.
    pub target: u8,
    /// The engine's sides.
    pub engine: EngineSides,
    /// The rule set.
    pub rules: Rules,
    /// The board.
    pub board: BoardSize,
    /// Seed for the engine's choices between equal moves.
    pub seed: u64,
    /// Where to write the record at the end.
    pub record: Option<String>,
    /// Draw in colour.
    pub colour: bool,
}

/// Today's date as a record writes it, `YYYY.MM.DD` (UTC).
pub fn today() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    kamisado_core::record::date_tag(secs)
}

struct Session<'a, B: EngineBoard> {
    game: Game<B>,
    engine: Engine,
    /// The engine behind hints, made at the first: the server's table size.
    assessor: Option<Engine>,
    opts: &'a PlayOptions,
    seed: u64,
    out: std::io::StdoutLock<'static>,
}

/// How many moves of the line after the hinted move are shown, as on the page.
const HINT_LINE: usize = 4;

/// A hint in the page's words: `Hint: g1-g7 — Black wins in 17, then a8-a2 …`.
fn hint_words<B: EngineBoard>(side: Side, best: &MoveAnalysis<B>) -> String {
    let mut text = format!("Hint: {} — {}", best.mv, Told::new(side, best.value));
    let then: Vec<String> = best
        .line
        .iter()
        .skip(1)
        .take(HINT_LINE)
        .map(|m| m.to_string())
        .collect();
    if !then.is_empty() {
        text.push_str(&format!(", then {}", then.join(" ")));
    }
    text.push('.');
    text
}

const HELP: &str = "Type a move (c1-c6, a push d4>d5, or pass), or: hint, undo, moves, show, resign, quit, help.\n";

/// A message of the rules crate's errors in players' words: they name the
/// sides Black and White, as the notation does, and players call White Gold
/// (as [`story::player`] does).
fn players(text: String) -> String {
    text.replace("White", story::player(Side::White))
}

fn say(out: &mut impl Write, text: &str) {
    let _ = out.write_all(text.as_bytes());
    let _ = out.flush();
}

impl<B: EngineBoard> Session<'_, B> {
    /// Says what an action did, in the rules crate's words.
    fn tell(&mut self, story: &Story<B>) {
        say(&mut self.out, &format!("{story}\n"));
    }

    /// Plays the fill the round's winner chose and says so.
    fn fill(&mut self, fill: Fill) -> Result<(), MatchError<B>> {
        let story = story::of_fill(self.game.current(), fill)?;
        self.game.fill(fill)?;
        self.tell(&story);
        Ok(())
    }

    fn show(&mut self) {
        let text = board::draw_match(self.game.current(), self.opts.colour);
        say(&mut self.out, &text);
    }

    fn engine_move(&mut self) -> Result<(), String> {
        self.seed = self.seed.wrapping_add(1);
        let m = self.game.current().clone();
        let mv = self
            .engine
            .choose_move(&m, self.opts.level, self.seed)
            .ok_or("the engine found no move")?;
        self.apply(mv)
            .map_err(|e| format!("the engine's move was refused: {e}"))
    }

    fn apply(&mut self, mv: Move<B>) -> Result<(), MatchError<B>> {
        let story = story::of_move(self.game.current(), mv)?;
        self.game.play(mv)?;
        self.tell(&story);
        Ok(())
    }

    /// Says the best move of the engine's assessment, as the page's hint does.
    fn hint(&mut self) {
        let p = *self.game.current().position();
        let stop = AtomicBool::new(false);
        let assessor = self
            .assessor
            .get_or_insert_with(|| Engine::new(ASSESS_HASH_MB));
        let assessment = assessor.assess(&p, ASSESS_NODES, &stop);
        let text = match assessment.best() {
            Some(best) => format!("{}\n", hint_words(assessment.side, best)),
            None => "No move to hint.\n".to_string(),
        };
        say(&mut self.out, &text);
    }

    fn undo(&mut self) {
        let mut undone = Vec::new();
        loop {
            match self.game.undo() {
                Ok(mv) => undone.push(mv.to_string()),
                Err(e) => {
                    if undone.is_empty() {
                        say(&mut self.out, &players(format!("Cannot undo: {e}.\n")));
                        return;
                    }
                    break;
                }
            }
            let side = self.game.current().position().side_to_move();
            if !self.opts.engine.plays(side) {
                break;
            }
        }
        undone.reverse();
        say(&mut self.out, &format!("Took back {}.\n", undone.join(" ")));
        self.show();
    }

    /// Handles one line from the player; returns false to end the session.
    fn human(&mut self, line: &str) -> bool {
        let side = self
            .game
            .current()
            .side_to_act()
            .expect("the match goes on");
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            [] => {}
            ["help"] => say(&mut self.out, HELP),
            ["quit"] => return false,
            ["show"] => self.show(),
            ["hint"] => self.hint(),
            ["undo"] => self.undo(),
            ["moves"] => {
                let moves: Vec<String> = self
                    .game
                    .current()
                    .position()
                    .legal_moves()
                    .iter()
                    .map(|m| m.to_string())
                    .collect();
                say(
                    &mut self.out,
                    &format!("Legal moves: {}\n", moves.join(" ")),
                );
            }
            ["resign"] => match story::of_resignation(self.game.current(), side) {
                Ok(story) => {
                    if self.game.concede(side, RoundEnd::Resignation).is_ok() {
                        self.tell(&story);
                    }
                }
                Err(e) => say(&mut self.out, &players(format!("{e}\n"))),
            },
            ["fill", choice] | [choice @ ("left" | "right")] => match choice.parse::<Fill>() {
                Ok(fill) => match self.fill(fill) {
                    Ok(()) => self.show(),
                    Err(e) => say(&mut self.out, &players(format!("{e}\n"))),
                },
                Err(e) => say(&mut self.out, &players(format!("{e}\n"))),
            },
            [text] => match text.parse::<Move<B>>() {
                Ok(mv) => {
                    if let Err(e) = self.apply(mv) {
                        say(&mut self.out, &players(format!("Illegal: {e}\n")));
                    } else if self.game.current().state() == MatchState::Playing
                        && !self
                            .opts
                            .engine
                            .plays(self.game.current().position().side_to_move())
                    {
                        self.show();
                    }
                }
                Err(e) => say(&mut self.out, &format!("{e}. {HELP}")),
            },
            _ => say(
                &mut self.out,
                &format!("`{line}` is not understood. {HELP}"),
            ),
        }
        true
    }

    fn prompt(&mut self, side: Side) {
        let text = match self.game.current().state() {
            MatchState::AwaitingFill { .. } => {
                format!("{} fills from (left/right)> ", story::player(side))
            }
            _ => format!("{}> ", story::player(side)),
        };
        say(&mut self.out, &text);
    }

    fn finish(&mut self) -> Result<(), String> {
        let record = self.game.record().to_string();
        if let Some(path) = &self.opts.record {
            std::fs::write(path, &record)
                .map_err(|e| format!("cannot write the record to {path}: {e}"))?;
            say(
                &mut self.out,
                &format!("The record is written to {path}.\n"),
            );
        }
        say(&mut self.out, &format!("\n{record}"));
        Ok(())
    }
}

/// Plays a game in the terminal; the moves are read from standard input.
pub fn play(opts: &PlayOptions) -> Result<(), String> {
    if !(1..=6).contains(&opts.level) {
        return Err(format!("--level must be 1 to 6, not {}", opts.level));
    }
    with_board!(opts.board, B => play_on::<B>(opts))
}

fn play_on<B: EngineBoard>(opts: &PlayOptions) -> Result<(), String> {
    let name = |side: Side| {
        if opts.engine.plays(side) {
            format!("Kamisado engine level {}", opts.level)
        } else {
            format!("{} player", story::player(side))
        }
    };
    let game = Game::<B>::new(
        opts.rules,
        opts.target,
        &name(Side::Black),
        &name(Side::White),
        &today(),
    )
    .map_err(|e| e.to_string())?;
    let mut s = Session {
        game,
        engine: Engine::new(HASH_MB),
        assessor: None,
        opts,
        seed: opts.seed,
        out: std::io::stdout().lock(),
    };
    if opts.engine != EngineSides::Both {
        say(&mut s.out, HELP);
    }
    s.show();
    let mut lines = std::io::stdin().lock().lines();
    loop {
        let m = s.game.current().clone();
        // The story of the last action has said who won the match.
        let Some(side) = m.side_to_act() else {
            break;
        };
        if opts.engine.plays(side) {
            if let MatchState::AwaitingFill { .. } = m.state() {
                let fill = s.engine.choose_fill(&m, opts.level);
                s.fill(fill).map_err(|e| e.to_string())?;
                s.show();
            } else {
                s.engine_move()?;
                let now = s.game.current();
                if now.state() == MatchState::Playing
                    && !opts.engine.plays(now.position().side_to_move())
                {
                    s.show();
                }
            }
            continue;
        }
        s.prompt(side);
        match lines.next() {
            Some(Ok(line)) => {
                if !s.human(line.trim()) {
                    say(&mut s.out, "The game is left unfinished.\n");
                    break;
                }
            }
            Some(Err(e)) => return Err(format!("cannot read the input: {e}")),
            None => {
                say(
                    &mut s.out,
                    "\nThe input ended; the game is left unfinished.\n",
                );
                break;
            }
        }
    }
    s.finish()
}
