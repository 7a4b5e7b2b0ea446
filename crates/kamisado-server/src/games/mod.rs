//! Games: each game's model (its rows and actions, the match rebuilt from
//! them, its clock), who may do what in it, every change to it (committed,
//! applied, broadcast), the engine's turn, the clocks' watch, its WebSocket
//! and its routes.
//!
//! A game in memory is a [`hub::GameCell`] in the [`hub::Games`] hub: its
//! [`room::Room`] (the game and what its players do beside it) under one
//! lock, and the channel that carries each published state to its clients.

mod appends;
pub mod change;
mod claim;
pub mod clock;
mod clocks;
mod commands;
pub mod create;
mod engine_turn;
pub mod hub;
pub mod ids;
pub mod live;
pub mod names;
#[cfg(test)]
mod patches;
pub mod rematch;
pub mod rights;
pub mod room;
pub mod routes;
mod rows;
pub mod socket;
pub mod store;
mod writer;

pub use hub::{GameCell, Games};
pub use writer::CHANNEL;
