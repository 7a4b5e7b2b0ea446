//! A game as every client sees it.

use std::borrow::Cow;
use std::sync::Arc;

use kamisado_core::any::AnyMove;
use kamisado_core::geometry::BoardSize;
use kamisado_core::{RoundEnd, Rules};
use serde::{Deserialize, Serialize};

use crate::note::Note;
use crate::text::{text_move_option, text_moves};
use crate::vocabulary::{Mode, PerSide, Seat, SideCode};

/// A tower on the board.
///
/// Its words are the rules crate's own names where the server makes it
/// (borrowed, so that making a state's towers allocates nothing for
/// them), and owned where a client reads it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TowerView {
    /// Its square, `c1`.
    pub sq: Cow<'static, str>,
    /// Its owner.
    pub side: SideCode,
    /// Its colour's name, `orange`.
    pub colour: Cow<'static, str>,
    /// Its dragon's teeth (0–3).
    pub teeth: u8,
    /// Its rank: `tower`, `sumo`, `double sumo` or `triple sumo` (R10).
    pub rank: Cow<'static, str>,
}

/// Whether a round is being played, a fill is to be chosen, or the match is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// A round is being played.
    Playing,
    /// The last round's winner chooses the fill (R14).
    Fill,
    /// The match is over.
    Over,
}

/// How the last round ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundView {
    /// Its winner.
    pub winner: SideCode,
    /// How it ended: `home row`, `deadlock`, `repetition`, `resignation` or `time`.
    #[serde(with = "crate::note::round_end")]
    pub end: RoundEnd,
    /// The colour of the winner's tower that scored and was promoted.
    pub tower: Option<String>,
    /// The rank that tower has now.
    pub promoted_to: Option<String>,
    /// The points it scored.
    pub points: u8,
}

/// One round as the record writes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundLog {
    /// Its number, from 1.
    pub round: usize,
    /// The fill it started with (none for the first).
    pub fill: Option<String>,
    /// Its moves in notation.
    #[serde(with = "text_moves")]
    pub moves: Vec<AnyMove>,
    /// Its result as the record writes it (`1-0 home row`), once over.
    pub result: Option<String>,
}

/// Where each fill choice puts the towers: each tower's move `[from, to]`
/// from the state's towers, all at once (a fill keeps every tower's side,
/// colour and teeth; a tower already where it goes is not listed).
///
/// ```
/// use kamisado_wire::{FillPreview, SideCode, TowerView};
/// let tower = |sq: &'static str, colour: &'static str| TowerView {
///     sq: sq.into(),
///     side: SideCode::Black,
///     colour: colour.into(),
///     teeth: 0,
///     rank: "tower".into(),
/// };
/// let now = [tower("c3", "red"), tower("b1", "blue")];
/// let left = [tower("a1", "red"), tower("b1", "blue")];
/// let right = [tower("a1", "blue"), tower("b1", "red")];
/// let preview = FillPreview::between(&now, &left, &right, 8);
/// assert_eq!(preview.left, [["c3".to_string(), "a1".to_string()]]);
/// assert_eq!(preview.right.len(), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FillPreview {
    /// After filling from the left.
    pub left: Vec<[String; 2]>,
    /// After filling from the right.
    pub right: Vec<[String; 2]>,
}

impl FillPreview {
    /// The preview of the fills from the towers `now` to the towers after
    /// filling from the left and from the right, on a board `edge` squares
    /// wide.
    pub fn between(
        now: &[TowerView],
        left: &[TowerView],
        right: &[TowerView],
        edge: usize,
    ) -> FillPreview {
        // A fill moves towers and changes nothing else of them.
        let moves = |after| crate::patch::towers_moved(now, after, edge).unwrap_or_default();
        FillPreview {
            left: moves(left),
            right: moves(right),
        }
    }
}

/// A game as every client sees it (no seat keys): sent whole on connecting
/// and on `sync`, as a [`PatchView`] after every change.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StateView {
    /// The number of the change that made this state, counted by the server
    /// process from the game's loading: each patch's `seq`.
    pub seq: u64,
    /// The game's id.
    pub id: String,
    /// How it is played.
    pub mode: Mode,
    /// The engine's level, against the engine.
    pub level: Option<u8>,
    /// The engine's side, against the engine.
    pub engine: Option<SideCode>,
    /// The players' names.
    pub names: PerSide<String>,
    /// Whether each seat has been taken by its player (the engine's always is).
    pub joined: PerSide<bool>,
    /// The number of actions so far: the number the next action carries.
    pub n: usize,
    /// The rule set's name.
    #[serde(with = "crate::text::plain")]
    pub rules: Rules,
    /// The board's name: `6x6`, `8x8` or `10x10`.
    #[serde(with = "crate::text::plain")]
    pub board: BoardSize,
    /// The colour of every square, the top rank first, each from file a.
    pub layout: std::sync::Arc<Vec<Vec<String>>>,
    /// The points that win the match.
    pub target: u8,
    /// The points so far.
    pub score: PerSide<u8>,
    /// The round being played (from 1).
    pub round: u32,
    /// The position in notation, with the match field.
    pub fen: String,
    /// Every tower.
    pub towers: Vec<TowerView>,
    /// Playing, choosing the fill, or over.
    pub status: Status,
    /// The side to move or to choose the fill; none once the match is over.
    pub to_act: Option<SideCode>,
    /// The match's winner, once over.
    pub winner: Option<SideCode>,
    /// The square of the tower that must move (none when any may).
    pub forced: Option<String>,
    /// The colour that must move.
    pub forced_colour: Option<String>,
    /// The legal moves, from the rules crate.
    #[serde(with = "text_moves")]
    pub legal: Vec<AnyMove>,
    /// The last move of the round.
    #[serde(with = "text_move_option")]
    pub last: Option<AnyMove>,
    /// How the last round ended.
    pub last_round: Option<RoundView>,
    /// Every round's fill, moves and result.
    pub rounds: Vec<RoundLog>,
    /// Each action told, in English and as typed events.
    /// (Each shared with the game that told it: a state is made after every
    /// change, and its notes are not copied each time.)
    pub notes: Vec<Arc<Note>>,
    /// The towers after each fill choice, while the fill is being chosen.
    pub fill_preview: Option<FillPreview>,
    /// The side offering a takeback.
    pub takeback: Option<SideCode>,
    /// What became of the last takeback offer, told until the next action
    /// or offer (none from a server that does not say).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub takeback_answer: Option<OfferAnswer>,
    /// The side offering a rematch, once the match is over (with a friend,
    /// between accounts).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rematch: Option<SideCode>,
    /// A rematch offer declined or withdrawn, until the next offer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rematch_answer: Option<OfferAnswer>,
    /// The rematch's id, once both players asked for it: the same settings
    /// with the colours swapped, each seat opened by the key of its player's
    /// seat here.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rematch_game: Option<String>,
    /// Whether the engine is thinking about its turn.
    pub thinking: bool,
    /// The players' accounts, where a side has one.
    pub players: PerSide<Option<String>>,
    /// Whether the game is rated (between two accounts).
    pub rated: bool,
    /// The clock, in a timed game.
    pub clock: Option<ClockView>,
    /// What each seat may do now (none, read from a server that does not
    /// send them).
    #[serde(default)]
    pub rights: SeatRights,
}

/// How an offer (a takeback, a rematch) ended, and by whose seat: the one
/// asked accepted or declined it, or the one who offered withdrew it.
///
/// ```
/// use kamisado_wire::{SideCode, OfferAnswer, OfferEnd};
/// let declined = OfferAnswer { by: SideCode::White, how: OfferEnd::Declined };
/// let text = serde_json::to_string(&declined).unwrap();
/// assert_eq!(text, r#"{"by":"w","how":"declined"}"#);
/// assert_eq!(declined.offered_by(), SideCode::Black);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OfferAnswer {
    /// The side whose seat ended the offer.
    pub by: SideCode,
    /// How it ended.
    pub how: OfferEnd,
}

impl OfferAnswer {
    /// The side that had made the offer.
    pub fn offered_by(&self) -> SideCode {
        match (self.how, self.by) {
            (OfferEnd::Withdrawn, by) => by,
            (_, SideCode::Black) => SideCode::White,
            (_, SideCode::White) => SideCode::Black,
        }
    }
}

/// The ways an offer ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OfferEnd {
    /// Accepted (the moves taken back, the rematch made).
    Accepted,
    /// Declined by the one asked.
    Declined,
    /// Withdrawn by the one who offered it.
    Withdrawn,
}

impl StateView {
    /// The legal moves as a client in `seat` is sent them: the seat of the
    /// side to move has them, every other client none.
    pub fn legal_seen_by(&self, seat: Option<Seat>) -> &[AnyMove] {
        if self.acts(seat, Status::Playing) {
            &self.legal
        } else {
            &[]
        }
    }

    /// The fills' previews as a client in `seat` is sent them: only to the
    /// side that chooses the fill.
    pub fn fill_preview_seen_by(&self, seat: Option<Seat>) -> Option<&FillPreview> {
        self.fill_preview
            .as_ref()
            .filter(|_| self.acts(seat, Status::Fill))
    }

    /// Whether `seat` plays the side to act, while the game is in `status`.
    fn acts(&self, seat: Option<Seat>, status: Status) -> bool {
        self.status == status
            && self
                .to_act
                .is_some_and(|side| seat.is_some_and(|seat| seat.plays(side.into())))
    }

    /// The state as a client in `seat` is sent it: the legal moves only to
    /// the side to move ([`StateView::legal_seen_by`]), the fills' previews
    /// only to the side that chooses ([`StateView::fill_preview_seen_by`]),
    /// and only the seat's own rights. A watcher (`None`) has none of them.
    ///
    /// Its notes carry their events, not the English story
    /// ([`Note::events`]), which the whole state keeps.
    pub fn seen_by(&self, seat: Option<Seat>) -> StateView {
        let mut seen = self.clone();
        seen.legal = self.legal_seen_by(seat).to_vec();
        seen.fill_preview = self.fill_preview_seen_by(seat).cloned();
        seen.rights = self.rights.seen_by(seat);
        seen.notes = self.notes.iter().map(|n| Arc::new(n.events())).collect();
        seen
    }
}

/// A timed game's clock, as it stood when the running side's clock started.
/// A page counts down from it with the server's time (`welcome`'s `now_ms`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockView {
    /// Each side's time for the match, in ms (live games).
    pub initial_ms: Option<i64>,
    /// The time added after each action, in ms (live games).
    pub increment_ms: Option<i64>,
    /// The days for each action (correspondence games).
    pub days: Option<u8>,
    /// Black's time left at `since_ms` (live games).
    pub b_ms: Option<i64>,
    /// White's time left at `since_ms` (live games).
    pub w_ms: Option<i64>,
    /// The side whose clock runs: none before the first move and after the match.
    pub running: Option<SideCode>,
    /// When the running clock started, in ms since 1970 by the server's clock.
    pub since_ms: i64,
    /// When the running side loses on time.
    pub deadline_ms: Option<i64>,
}

/// What a seat may do in a game as it stands: each is true when the server
/// would carry the request out now (the page shows exactly these actions).
/// Only the true ones are written; a missing one is false.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct Rights {
    /// Take moves back at once (against the engine, on one screen).
    #[serde(skip_serializing_if = "is_false")]
    pub undo: bool,
    /// Ask the engine for a hint.
    #[serde(skip_serializing_if = "is_false")]
    pub hint: bool,
    /// Offer to take back one's last move (with a friend).
    #[serde(skip_serializing_if = "is_false")]
    pub takeback: bool,
    /// Accept or decline the opponent's takeback offer.
    #[serde(skip_serializing_if = "is_false")]
    pub answer_takeback: bool,
    /// Withdraw one's own takeback offer (`takeback_reply` with
    /// `accept: false` from the seat that offered).
    #[serde(skip_serializing_if = "is_false")]
    pub withdraw_takeback: bool,
    /// Resign the match.
    #[serde(skip_serializing_if = "is_false")]
    pub resign: bool,
    /// Use the danger view (`POST /api/danger` with the game).
    #[serde(skip_serializing_if = "is_false")]
    pub danger: bool,
    /// Set one's name.
    #[serde(skip_serializing_if = "is_false")]
    pub rename: bool,
    /// Offer a rematch, or accept the opponent's (`rematch` with `accept: true`).
    #[serde(skip_serializing_if = "is_false")]
    pub rematch: bool,
    /// Decline the opponent's rematch offer or withdraw one's own
    /// (`rematch` with `accept: false`).
    #[serde(skip_serializing_if = "is_false")]
    pub decline_rematch: bool,
}

fn is_false(value: &bool) -> bool {
    !*value
}

impl Rights {
    /// Whether the seat may do nothing.
    pub fn is_none(&self) -> bool {
        *self == Rights::default()
    }
}

/// What each seat may do; a watcher may do nothing. A seat that may do
/// nothing is not written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct SeatRights {
    /// Black's seat.
    #[serde(skip_serializing_if = "Rights::is_none")]
    pub b: Rights,
    /// White's seat.
    #[serde(skip_serializing_if = "Rights::is_none")]
    pub w: Rights,
    /// Both seats (two players on one screen).
    #[serde(skip_serializing_if = "Rights::is_none")]
    pub both: Rights,
}

impl SeatRights {
    /// The rights of `seat`; none for a watcher.
    pub fn of(&self, seat: Option<Seat>) -> Rights {
        match seat {
            Some(Seat::Side(kamisado_core::Side::Black)) => self.b,
            Some(Seat::Side(kamisado_core::Side::White)) => self.w,
            Some(Seat::Both) => self.both,
            None => Rights::default(),
        }
    }

    /// The rights as a client in `seat` is sent them: its own seat's only.
    pub fn seen_by(&self, seat: Option<Seat>) -> SeatRights {
        let mut seen = SeatRights::default();
        match seat {
            Some(Seat::Side(kamisado_core::Side::Black)) => seen.b = self.b,
            Some(Seat::Side(kamisado_core::Side::White)) => seen.w = self.w,
            Some(Seat::Both) => seen.both = self.both,
            None => {}
        }
        seen
    }
}
