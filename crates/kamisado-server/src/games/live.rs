//! A game being played: its stored row, the core's [`Game`] rebuilt from the
//! stored actions, the words that explain each action, and the view sent to clients.

use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;
use std::sync::{Arc, OnceLock};

use kamisado_wire::{
    FillPreview, NextView, Note, PerSide, RoundLog, RoundView, Seat, SeatRights, StateView, Status,
    Then, TowerView,
};

use super::store::{Ending, GameRow};
use crate::error::ServerError;
use kamisado_core::any::{AnyGame, AnyMatch, AnyMove, Erase};
use kamisado_core::geometry::{self, Board, BoardSize};
use kamisado_core::on_any;
use kamisado_core::story;
use kamisado_core::{
    Fill, Game, Match, MatchState, Position, RoundEnd, RoundResult, Side, Square, with_board,
};
use kamisado_wire::Refusal;

/// What a player can do to a game; each is stored as one action row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// A move of the side to move (`c1-c6`, `d4>d5`, `pass`).
    Move(AnyMove),
    /// The round's winner chooses the fill side (`fill left`).
    Fill(Fill),
    /// A player resigns the match (`resign b`).
    Resign(Side),
    /// A player's time ran out, which loses the match (`time b`); decided by the server.
    Time(Side),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Move(mv) => write!(f, "{mv}"),
            Action::Fill(fill) => write!(f, "fill {fill}"),
            Action::Resign(side) => write!(f, "resign {side}"),
            Action::Time(side) => write!(f, "time {side}"),
        }
    }
}

impl FromStr for Action {
    type Err = String;

    fn from_str(s: &str) -> Result<Action, String> {
        if let Some(fill) = s.strip_prefix("fill ") {
            return fill.parse().map(Action::Fill);
        }
        if let Some(side) = s.strip_prefix("resign ") {
            return side.parse().map(Action::Resign).map_err(|e| e.to_string());
        }
        if let Some(side) = s.strip_prefix("time ") {
            return side.parse().map(Action::Time).map_err(|e| e.to_string());
        }
        s.parse().map(Action::Move).map_err(|e| e.to_string())
    }
}

/// The name a side goes by on the page and in the explanations.
pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::Black => "Black",
        Side::White => "Gold",
    }
}

/// Compares two secrets in time that does not depend on where they differ.
fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

/// A game in play: its stored row, the match and record rebuilt from its
/// actions, and each action's story. What its players do beside the game
/// (offers, seats taken, the engine thinking) is kept by [`super::room::Room`].
#[derive(Clone, Debug)]
pub struct LiveGame {
    /// The stored row.
    pub row: GameRow,
    /// The match and its record, on the game's board.
    pub game: AnyGame,
    /// The actions so far, as stored.
    pub actions: Vec<Action>,
    /// For each action, its story.
    pub notes: Vec<Arc<Note>>,
    /// For each action, the side that made it.
    pub movers: Vec<Side>,
}

impl LiveGame {
    /// A game rebuilt from its row and stored actions by replaying them.
    ///
    /// # Errors
    /// [`ServerError::Corrupt`] when the row or an action does not replay.
    pub fn rebuild(row: GameRow, actions: &[String]) -> Result<LiveGame, ServerError> {
        let corrupt = |e: String| ServerError::Corrupt(format!("game {}: {e}", row.id));
        let game = with_board!(row.board, B => Game::<B>::new(
            row.rules,
            row.target,
            &row.black_name,
            &row.white_name,
            &row.created_at,
        )
        .map(B::erase_game)
        .map_err(|e| e.to_string()))
        .map_err(corrupt)?;
        let mut live = LiveGame {
            row,
            game,
            actions: Vec::new(),
            notes: Vec::new(),
            movers: Vec::new(),
        };
        for (i, text) in actions.iter().enumerate() {
            let replayed = text.parse::<Action>().and_then(|action| {
                let note = live.tell(action).map_err(|e| e.to_string())?;
                live.apply(action, note)
            });
            replayed.map_err(|e| {
                ServerError::Corrupt(format!("game {} action {i}: {e}", live.row.id))
            })?;
        }
        Ok(live)
    }

    /// The match as it stands (a copy, for the engine).
    pub fn current(&self) -> AnyMatch {
        self.game.current()
    }

    /// The side whose turn it is to move or fill; `None` when the match is over.
    pub fn side_to_act(&self) -> Option<Side> {
        self.game.side_to_act()
    }

    /// The match's state.
    pub fn state(&self) -> MatchState {
        self.game.state()
    }

    /// The seat that a key opens, if any.
    pub fn seat_of(&self, key: &str) -> Option<Seat> {
        let black = self
            .row
            .black_key
            .as_deref()
            .is_some_and(|k| same_secret(k, key));
        let white = self
            .row
            .white_key
            .as_deref()
            .is_some_and(|k| same_secret(k, key));
        match (black, white) {
            (true, true) => Some(Seat::Both),
            (true, false) => Some(Seat::Side(Side::Black)),
            (false, true) => Some(Seat::Side(Side::White)),
            (false, false) => None,
        }
    }

    /// The engine's side, in a game against it.
    pub fn engine_side(&self) -> Option<Side> {
        self.row.engine_side
    }

    /// Whether it is the engine's turn to act.
    pub fn engine_to_act(&self) -> bool {
        self.engine_side().is_some() && self.side_to_act() == self.engine_side()
    }

    /// Whether `side` has made an action in this game.
    pub fn acted(&self, side: Side) -> bool {
        self.movers.contains(&side)
    }

    /// What an action would do, told; the game is unchanged.
    ///
    /// # Errors
    /// The reason the rules refuse it.
    pub fn tell(&self, action: Action) -> Result<Note, Refusal> {
        on_any!(&self.game, AnyGame, game => tell_on(game.current(), action))
    }

    /// Applies an action that [`LiveGame::tell`] told, with its story.
    ///
    /// # Errors
    /// The rules' reason, for an action that was not told first.
    pub fn apply(&mut self, action: Action, note: Note) -> Result<(), String> {
        let mover = match action {
            Action::Resign(side) | Action::Time(side) => Some(side),
            _ => self.side_to_act(),
        };
        let mover = mover.ok_or_else(|| "the match is over".to_string())?;
        on_any!(&mut self.game, AnyGame, game => apply_to(game, action))?;
        self.movers.push(mover);
        self.actions.push(action);
        self.notes.push(Arc::new(note));
        Ok(())
    }

    /// How the match ends with `action` (told as `note`), if it does, from
    /// the score `before` it (which a concession leaves as it is).
    pub fn ending(action: Action, note: &Note, before: PerSide<u8>) -> Option<Ending> {
        match action {
            Action::Resign(side) => Some(Ending {
                winner: !side,
                how: RoundEnd::Resignation.name(),
                score: before,
            }),
            Action::Time(side) => Some(Ending {
                winner: !side,
                how: RoundEnd::Time.name(),
                score: before,
            }),
            _ => match &note.next {
                Some(NextView::RoundOver(end)) if end.then == Then::MatchOver => Some(Ending {
                    winner: end.winner.into(),
                    how: end.end.name(),
                    score: end.score,
                }),
                _ => None,
            },
        }
    }

    /// How the match ended, once it is over.
    pub fn ended(&self) -> Option<Ending> {
        let (action, note) = (self.actions.last()?, self.notes.last()?);
        LiveGame::ending(*action, note, self.score())
    }

    /// The match's score now.
    pub fn score(&self) -> PerSide<u8> {
        let score = self.current().score();
        PerSide {
            b: score.black,
            w: score.white,
        }
    }

    /// Names a side's player, in the row and in the record.
    pub fn rename(&mut self, side: Side, name: String) {
        on_any!(&mut self.game, AnyGame, game => game.set_player(side, &name));
        match side {
            Side::Black => self.row.black_name = name,
            Side::White => self.row.white_name = name,
        }
    }

    /// The state of the game as every client sees it (no seat keys), as far
    /// as the game tells it: [`super::room::Room::view`] adds offers, seats
    /// taken and the engine's thinking.
    pub fn view(&self) -> StateView {
        on_any!(&self.game, AnyGame, game => self.view_of(game))
    }

    fn view_of<B: Board>(&self, game: &Game<B>) -> StateView {
        let m = game.current();
        let pos = m.position();
        let (status, to_act, winner, legal) = status_of(m);
        let score = m.score();
        let engine = self.engine_side();
        StateView {
            // Numbered by the game's cell when it publishes the state.
            seq: 0,
            id: self.row.id.clone(),
            mode: self.row.mode,
            level: self.row.level,
            engine: engine.map(Into::into),
            names: PerSide {
                b: self.row.black_name.clone(),
                w: self.row.white_name.clone(),
            },
            joined: PerSide {
                b: self.acted(Side::Black) || engine == Some(Side::Black),
                w: self.acted(Side::White) || engine == Some(Side::White),
            },
            n: self.actions.len(),
            rules: m.rules(),
            board: B::KIND,
            layout: layout::<B>(),
            target: score.target,
            score: PerSide {
                b: score.black,
                w: score.white,
            },
            round: m.round(),
            fen: m.to_string(),
            towers: towers(pos),
            status,
            to_act: to_act.map(Into::into),
            winner: winner.map(Into::into),
            forced: pos.forced_tower().map(|(sq, _)| sq.to_string()),
            forced_colour: pos.forced_colour().map(|c| c.name().to_string()),
            legal,
            last: m.last_move().map(AnyMove::of),
            last_round: m.last_round().map(|r| round_view(r, m)),
            rounds: rounds_of(game),
            notes: self.notes.clone(),
            fill_preview: (status == Status::Fill).then(|| fill_preview(m)),
            takeback: None,
            takeback_answer: None,
            rematch: None,
            rematch_answer: None,
            rematch_game: None,
            thinking: false,
            players: PerSide {
                b: self.row.black_account.clone(),
                w: self.row.white_account.clone(),
            },
            rated: self.row.rated,
            clock: None,
            rights: SeatRights::default(),
        }
    }
}

/// Whether a match is being played, awaits its fill or is over; who is to
/// act, the winner, and the legal moves.
fn status_of<B: Board>(m: &Match<B>) -> (Status, Option<Side>, Option<Side>, Vec<AnyMove>) {
    let pos = m.position();
    let (status, to_act, winner) = match m.state() {
        MatchState::Playing => (Status::Playing, Some(pos.side_to_move()), None),
        MatchState::AwaitingFill { winner } => (Status::Fill, Some(winner), None),
        MatchState::Over { winner } => (Status::Over, None, Some(winner)),
    };
    let legal = match status {
        Status::Playing => pos
            .legal_moves()
            .iter()
            .map(|&mv| AnyMove::of(mv))
            .collect(),
        _ => Vec::new(),
    };
    (status, to_act, winner, legal)
}

/// Every round of a game's record as sent to clients.
fn rounds_of<B: Board>(game: &Game<B>) -> Vec<RoundLog> {
    let result = |(winner, end): (Side, RoundEnd)| {
        [kamisado_core::record::result_text(winner), end.name()].join(" ")
    };
    game.record()
        .rounds
        .iter()
        .enumerate()
        .map(|(i, r)| RoundLog {
            round: i + 1,
            fill: r.fill.map(|f| f.to_string()),
            moves: r.moves.iter().map(|&mv| AnyMove::of(mv)).collect(),
            result: r.result.map(result),
        })
        .collect()
}

/// Where each fill choice puts the towers, while the round's winner chooses.
fn fill_preview<B: Board>(m: &Match<B>) -> FillPreview {
    let after = |fill| m.filled(fill).map(|p| towers(&p)).unwrap_or_default();
    let now = towers(m.position());
    let edge = B::KIND.edge();
    FillPreview::between(&now, &after(Fill::Left), &after(Fill::Right), edge)
}

/// A round's result as sent to clients.
fn round_view<B: Board>(r: RoundResult, after: &Match<B>) -> RoundView {
    RoundView {
        winner: r.winner.into(),
        end: r.end,
        tower: r.tower.map(|c| c.name().to_string()),
        promoted_to: r.tower.map(|colour| {
            let teeth = after.teeth(r.winner, colour);
            kamisado_core::Tower {
                side: r.winner,
                colour,
                teeth,
            }
            .rank_name()
            .to_string()
        }),
        points: r.points,
    }
}

/// The colour names of the board's squares, the top rank first, each from
/// file a: made once for each board and shared by every state.
pub fn layout<B: Board>() -> Arc<Vec<Vec<String>>> {
    static LAYOUTS: [OnceLock<Arc<Vec<Vec<String>>>>; 3] =
        [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let slot = BoardSize::ALL
        .iter()
        .position(|&size| size == B::KIND)
        .unwrap_or(0);
    let made = LAYOUTS[slot].get_or_init(|| {
        let ranks = (0..B::SIZE as i32).rev().map(|rank| {
            (0..B::SIZE as i32)
                .filter_map(|file| Square::<B>::at(file, rank))
                .map(|sq| geometry::colour_of(sq).name().to_string())
                .collect()
        });
        Arc::new(ranks.collect())
    });
    Arc::clone(made)
}

/// What an action would do to a match of board `B`, told; the match is
/// unchanged (the story plays the action on a copy of it).
fn tell_on<B: Board>(before: &Match<B>, action: Action) -> Result<Note, Refusal> {
    let told = match action {
        Action::Move(any) => {
            let mv = any
                .on::<B>()
                .map_err(|_| Refusal::off_board(any.to_string(), B::KIND.to_string()))?;
            story::of_move(before, mv)
        }
        Action::Fill(fill) => story::of_fill(before, fill),
        Action::Resign(side) => story::of_resignation(before, side),
        Action::Time(side) => story::of_concession(before, side, story::Concession::Time),
    };
    told.map(|t| Note::from(&t)).map_err(Refusal::from)
}

/// Applies an action to a game of board `B`.
fn apply_to<B: Board>(game: &mut Game<B>, action: Action) -> Result<(), String> {
    match action {
        Action::Move(any) => game.play(any.on::<B>()?).map(|_| ()),
        Action::Fill(fill) => game.fill(fill),
        Action::Resign(side) => game.concede(side, RoundEnd::Resignation).map(|_| ()),
        Action::Time(side) => game.concede(side, RoundEnd::Time).map(|_| ()),
    }
    .map_err(|e| e.to_string())
}

/// Every tower of a position: square, side, colour, teeth and rank.
pub fn towers<B: Board>(pos: &Position<B>) -> Vec<TowerView> {
    // Each side has a tower of each colour, one per file.
    let mut towers = Vec::with_capacity(2 * B::SIZE);
    for sq in (0..B::SQUARES as u8).filter_map(Square::<B>::new) {
        if let Some(t) = pos.tower_at(sq) {
            towers.push(TowerView {
                sq: Cow::Borrowed(sq.name()),
                side: t.side.into(),
                colour: Cow::Borrowed(t.colour.name()),
                teeth: t.teeth,
                rank: Cow::Borrowed(t.rank_name()),
            });
        }
    }
    towers
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_read_back_what_they_write() {
        for text in [
            "c1-c6",
            "d4>d5",
            "pass",
            "fill left",
            "fill right",
            "resign b",
            "resign w",
            "time b",
        ] {
            let action: Action = text.parse().unwrap();
            assert_eq!(action.to_string(), text);
        }
        for bad in ["", "fill up", "resign x", "c1c6", "pass pass"] {
            assert!(bad.parse::<Action>().is_err(), "{bad}");
        }
    }

    #[test]
    fn secrets_compare_whole() {
        assert!(same_secret("abcd", "abcd"));
        assert!(!same_secret("abcd", "abce"));
        assert!(!same_secret("abcd", "abc"));
    }

    #[test]
    fn a_move_and_the_forced_tower_are_told_in_the_state() {
        let game: Game =
            Game::new(kamisado_core::Rules::STANDARD, 1, "A", "B", "2026.01.01").unwrap();
        let note = tell_on(game.current(), Action::Move("d1-d6".parse().unwrap())).unwrap();
        assert!(
            note.text.contains("Black's yellow tower moves d1-d6"),
            "{}",
            note.text
        );
        assert!(
            note.text.contains("Gold must move the red tower on f8"),
            "{}",
            note.text
        );
        let json = serde_json::to_value(&note).unwrap();
        assert_eq!(json["act"]["kind"], "step");
        assert_eq!(json["act"]["tower"]["colour"], "yellow");
        assert_eq!(json["next"]["kind"], "forced");
        // The usual reason, the square landed on, is left unwritten.
        assert!(json["next"].get("by").is_none(), "{json}");
        assert_eq!(
            note.next,
            serde_json::from_value(json["next"].clone()).unwrap()
        );
        assert_eq!(json["next"]["by_colour"], "red");
    }
}
