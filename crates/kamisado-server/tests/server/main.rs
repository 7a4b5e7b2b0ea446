//! The server's integration tests, one binary: each module drives a real
//! server (in this process, or as processes behind nginx, on SQLite or on
//! the PostgreSQL of `KAMISADO_TEST_POSTGRES` when `KAMISADO_TEST_STORE` is
//! `postgres`) through its typed client, the way a page or a bot would.

mod common;

mod account;
mod assessment;
mod assets;
mod backup;
mod bots;
mod claim;
mod cluster;
mod cluster_harness;
mod codes;
mod contract;
mod disk;
mod edges;
mod faults;
mod games;
mod learning;
mod limits;
mod load;
mod log;
mod metrics;
mod patches;
mod players;
mod processes;
mod races;
mod refusals;
mod rematch;
mod resync;
mod seats;
mod startup;
mod tournaments;
