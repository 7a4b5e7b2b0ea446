//! The small words every message shares: a side, a value for each side, a
//! seat, and how a game is played.

use std::fmt;
use std::str::FromStr;

use kamisado_core::Side;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Which seats a client holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seat {
    /// One side's seat.
    Side(Side),
    /// Both seats: two players on one screen.
    Both,
}

impl Seat {
    /// Whether this seat plays `side`.
    pub fn plays(self, side: Side) -> bool {
        match self {
            Seat::Side(s) => s == side,
            Seat::Both => true,
        }
    }

    /// The name sent to the client: `b`, `w` or `both`.
    pub fn name(self) -> &'static str {
        match self {
            Seat::Side(Side::Black) => "b",
            Seat::Side(Side::White) => "w",
            Seat::Both => "both",
        }
    }
}

impl Serialize for Seat {
    /// `b`, `w` or `both`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Seat {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Seat, D::Error> {
        match String::deserialize(d)?.as_str() {
            "b" => Ok(Seat::Side(Side::Black)),
            "w" => Ok(Seat::Side(Side::White)),
            "both" => Ok(Seat::Both),
            other => Err(D::Error::custom(format!(
                "`{other}` is not a seat: expected b, w or both"
            ))),
        }
    }
}

/// How a game is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// A player against the engine.
    Engine,
    /// Two players on one screen: one key holds both seats.
    Local,
    /// Two players, each with their own seat key.
    Friend,
    /// Two accounts, through an open challenge: seats open by key or by the
    /// session of the seat's account.
    Challenge,
}

impl Mode {
    /// The name used in the database and the API.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Engine => "engine",
            Mode::Local => "local",
            Mode::Friend => "friend",
            Mode::Challenge => "challenge",
        }
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A word that is not a game mode.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseModeError(pub String);

impl fmt::Display for ParseModeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a game mode: expected engine, local or friend",
            self.0
        )
    }
}

impl std::error::Error for ParseModeError {}

impl FromStr for Mode {
    type Err = ParseModeError;

    fn from_str(s: &str) -> Result<Mode, ParseModeError> {
        match s {
            "engine" => Ok(Mode::Engine),
            "local" => Ok(Mode::Local),
            "friend" => Ok(Mode::Friend),
            "challenge" => Ok(Mode::Challenge),
            _ => Err(ParseModeError(s.to_string())),
        }
    }
}

/// The creator's side in a new game or a challenge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayAs {
    /// Black, who moves first.
    Black,
    /// White (shown as Gold).
    White,
    /// Drawn by lot.
    Random,
}

impl PlayAs {
    /// The word the request carries: `black`, `white` or `random`.
    pub const fn name(self) -> &'static str {
        match self {
            PlayAs::Black => "black",
            PlayAs::White => "white",
            PlayAs::Random => "random",
        }
    }

    /// The side, drawn by `coin` when by lot.
    pub fn side(self, coin: bool) -> Side {
        match self {
            PlayAs::Black => Side::Black,
            PlayAs::White => Side::White,
            PlayAs::Random if coin => Side::White,
            PlayAs::Random => Side::Black,
        }
    }
}

impl fmt::Display for PlayAs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A word that is not a colour to play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsePlayAsError(pub String);

impl fmt::Display for ParsePlayAsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a colour: expected black, white (or gold) or random",
            self.0
        )
    }
}

impl std::error::Error for ParsePlayAsError {}

impl FromStr for PlayAs {
    type Err = ParsePlayAsError;

    /// `black`, `white` (or `gold`, as the page names it) or `random`.
    fn from_str(s: &str) -> Result<PlayAs, ParsePlayAsError> {
        match s {
            "black" => Ok(PlayAs::Black),
            "white" | "gold" => Ok(PlayAs::White),
            "random" => Ok(PlayAs::Random),
            _ => Err(ParsePlayAsError(s.to_string())),
        }
    }
}

impl Serialize for PlayAs {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for PlayAs {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<PlayAs, D::Error> {
        crate::text::from_text(d)
    }
}

/// A side as the wire writes it: `b` (Black) or `w` (White, shown as Gold).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SideCode {
    /// Black, `b`.
    #[serde(rename = "b")]
    Black,
    /// White, `w`.
    #[serde(rename = "w")]
    White,
}

impl From<Side> for SideCode {
    fn from(side: Side) -> SideCode {
        match side {
            Side::Black => SideCode::Black,
            Side::White => SideCode::White,
        }
    }
}

impl From<SideCode> for Side {
    fn from(side: SideCode) -> Side {
        match side {
            SideCode::Black => Side::Black,
            SideCode::White => Side::White,
        }
    }
}

/// One value for each side, written `{"b": …, "w": …}`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PerSide<T> {
    /// Black's.
    pub b: T,
    /// White's.
    pub w: T,
}

impl<T> PerSide<T> {
    /// The value of `side`.
    pub fn of(&self, side: Side) -> &T {
        match side {
            Side::Black => &self.b,
            Side::White => &self.w,
        }
    }
}
