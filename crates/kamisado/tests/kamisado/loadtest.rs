//! `kamisado loadtest` without `--url`: a server of the run's own, which
//! takes every connection of the run from this machine's one address, and
//! after the run every acknowledged move is found in its database.

use crate::common;

use common::{run, stdout};

#[test]
fn a_run_against_its_own_server_loses_nothing() {
    // 150 games: 300 connections, past the cap a client address has by default.
    let output = run(
        &[
            "loadtest",
            "--games",
            "150",
            "--rate",
            "2",
            "--seconds",
            "1",
        ],
        "",
    );
    let text = stdout(&output);
    assert!(
        output.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(text.contains("errors 0, lost moves 0"), "{text}");
    assert!(text.contains("after a restart"), "{text}");
}
