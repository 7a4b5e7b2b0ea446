//! A typed client of the Kamisado server, and the load generator built on it.
//!
//! - [`Http`]: the HTTP API, each answer read into the server's own types
//!   (`Created`, [`StateView`](kamisado_wire::StateView),
//!   [`AnalysisView`](kamisado_wire::AnalysisView)), and
//!   [`Http::request`] for any request, whatever its answer.
//! - [`GameSocket`]: a game's WebSocket, sending
//!   [`ClientMessage`](kamisado_wire::ClientMessage)s and reading
//!   [`ServerMessage`](kamisado_wire::ServerMessage)s, with the
//!   latest state kept; [`GameSocket::act`] returns the answer to a message.
//! - [`BotStream`]: a bot's event stream, signed in by its API token.
//! - [`loadtest`]: many friend games at once (`kamisado loadtest`).
//!
//! The message types are those of `kamisado_server::wire`: the client and
//! the server cannot disagree on them.
//!
//! ```no_run
//! # async fn run() -> Result<(), kamisado_client::ClientError> {
//! use kamisado_client::{GameRequest, Http, PlayAs};
//! let http = Http::new("127.0.0.1:8080".parse().unwrap());
//! let created = http.create(&GameRequest::friend().colour(PlayAs::Black)).await?;
//! let invite = created.invite.as_deref().expect("a friend game has an invite");
//! let mut black = http.join(&created.id, &created.key).await?;
//! let mut white = http.join(&created.id, invite).await?;
//! black.play("d1-d6".parse().unwrap()).await?;
//! assert_eq!(white.wait_n(1).await?.last, Some("d1-d6".parse().unwrap()));
//! # Ok(()) }
//! ```

#![warn(missing_docs)]

mod bot;
mod error;
mod http;
pub mod loadtest;
mod socket;
mod usage;

pub use bot::BotStream;
pub use error::{ClientError, CloseReason};
pub use http::{Answer, GameRequest, Http, PATIENCE, PlayAs};
pub use socket::{GameSocket, Traffic};
