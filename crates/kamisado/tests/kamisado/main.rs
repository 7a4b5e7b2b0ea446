//! The command line's integration tests, one binary: each module runs the `kamisado` binary as a user would.

mod architecture;
mod arena;
mod bot;
mod cli;
mod common;
mod engine_cli;
mod loadtest;
mod operator;
mod protocol;
mod serve;
