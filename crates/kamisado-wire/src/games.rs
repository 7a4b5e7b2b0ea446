//! Creating a game: the request and its answer.

use kamisado_core::Rules;
use kamisado_core::geometry::BoardSize;
use serde::{Deserialize, Serialize};

use crate::body::{ReadError, read_body};
use crate::text::{as_text, from_text};
use crate::vocabulary::{Mode, PlayAs, Seat};

/// The body of `POST /api/games`: a mode and, optionally, everything else
/// (the server's defaults fill in what is left out). The server reads it
/// ([`NewGame::read`]); Rust clients build it.
///
/// ```
/// use kamisado_wire::{NewGame, PlayAs};
/// let request = NewGame::engine(3).target(7).colour(PlayAs::Black).seed(42);
/// assert_eq!(
///     request.to_text(),
///     r#"{"mode":"engine","target":7,"level":3,"colour":"black","seed":42}"#
/// );
/// assert_eq!(NewGame::read(request.to_text().as_bytes()).unwrap(), request);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewGame {
    /// `engine`, `local` or `friend`.
    #[serde(serialize_with = "as_text", deserialize_with = "from_text")]
    pub mode: Mode,
    /// The points that win the match: 1 (the default), 3, 7 or 15.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<u8>,
    /// The engine's level, 1–6 (3 by default), against the engine.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<u8>,
    /// The creator's colour: `black`, `white` (or `gold`) or `random` (the default).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colour: Option<PlayAs>,
    /// The creator's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The other player's name (two players on one screen).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opponent: Option<String>,
    /// The rule set: `standard` (the default), `sumo-square` or `zvezda`.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "crate::text::option"
    )]
    pub rules: Option<Rules>,
    /// The board: `8x8` (the default), `6x6` or `10x10`.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "crate::text::option"
    )]
    pub board: Option<BoardSize>,
    /// A seed for the draw of colours and the engine's choices, for
    /// reproducible games (random when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
}

impl NewGame {
    /// The fields of a new game: name, whether a number, what it holds.
    const FIELDS: [(&str, bool, &str); 9] = [
        ("mode", false, "engine, local or friend"),
        (
            "target",
            true,
            "the points that win the match: 1, 3, 7 or 15",
        ),
        ("level", true, "the engine's level, a number from 1 to 6"),
        ("colour", false, "black, white or random"),
        ("name", false, "a name, as text"),
        ("opponent", false, "a name, as text"),
        ("rules", false, "standard, sumo-square or zvezda"),
        ("board", false, "6x6, 8x8 or 10x10"),
        ("seed", true, "a whole number"),
    ];

    /// Reads a request body, with a reason for anything it cannot take.
    ///
    /// # Errors
    /// [`ReadError::Malformed`] naming the field that is wrong.
    pub fn read(body: &[u8]) -> Result<NewGame, ReadError> {
        read_body(body, "a new game", &Self::FIELDS, &["mode"])
    }

    /// A game of `mode` with the server's defaults.
    pub fn new(mode: Mode) -> NewGame {
        NewGame {
            mode,
            target: None,
            level: None,
            colour: None,
            name: None,
            opponent: None,
            rules: None,
            board: None,
            seed: None,
        }
    }

    /// A game against the engine at `level`.
    pub fn engine(level: u8) -> NewGame {
        NewGame {
            level: Some(level),
            ..NewGame::new(Mode::Engine)
        }
    }

    /// Two players on one screen.
    pub fn local() -> NewGame {
        NewGame::new(Mode::Local)
    }

    /// A game with a friend, who joins through the invite.
    pub fn friend() -> NewGame {
        NewGame::new(Mode::Friend)
    }

    /// The points that win the match.
    #[must_use]
    pub fn target(mut self, points: u8) -> NewGame {
        self.target = Some(points);
        self
    }

    /// The creator's side.
    #[must_use]
    pub fn colour(mut self, side: PlayAs) -> NewGame {
        self.colour = Some(side);
        self
    }

    /// The creator's name.
    #[must_use]
    pub fn name(mut self, name: &str) -> NewGame {
        self.name = Some(name.into());
        self
    }

    /// The other player's name (two players on one screen).
    #[must_use]
    pub fn opponent(mut self, name: &str) -> NewGame {
        self.opponent = Some(name.into());
        self
    }

    /// The rule set.
    #[must_use]
    pub fn rules(mut self, rules: Rules) -> NewGame {
        self.rules = Some(rules);
        self
    }

    /// The board.
    #[must_use]
    pub fn board(mut self, board: BoardSize) -> NewGame {
        self.board = Some(board);
        self
    }

    /// The seed.
    #[must_use]
    pub fn seed(mut self, seed: u64) -> NewGame {
        self.seed = Some(seed);
        self
    }

    /// The request as JSON text.
    pub fn to_text(&self) -> String {
        serde_json::to_string(self).expect("a game request is always JSON")
    }
}

/// The answer to `POST /api/games` and to accepting a challenge: the game
/// and the creator's (or accepter's) seat in it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Created {
    /// The game's id, in its link `/g/{id}`.
    pub id: String,
    /// The seat key.
    pub key: String,
    /// The seat.
    pub seat: Seat,
    /// The friend's seat key, in a game with a friend.
    pub invite: Option<String>,
}
