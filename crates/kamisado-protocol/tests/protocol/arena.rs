//! The arena as a library: what it tells its caller while it plays, and the
//! report it returns.

use kamisado_protocol::{ArenaOptions, ArenaProgress, run_arena};

/// An engine, as `NAME=CMD`, that answers every `go` with an illegal move.
fn broken(name: &str) -> String {
    format!(
        "{name}=while read -r command rest; do case \"$command\" in \
         kep) echo 'id name {name}'; echo kepok ;; \
         isready) echo readyok ;; \
         go) echo 'bestmove a1-a8' ;; \
         quit) exit 0 ;; \
         esac; done"
    )
}

#[test]
fn each_game_and_each_breakdown_is_told_in_order() {
    let options = ArenaOptions {
        engines: vec![broken("a"), broken("b")],
        games: 4,
        movetime: Some(50),
        ..ArenaOptions::default()
    };
    let mut told = Vec::new();
    let report = run_arena(&options, &mut |progress| {
        told.push(match progress {
            ArenaProgress::Played {
                done,
                total,
                names,
                wins,
            } => {
                assert_eq!(total, 4);
                assert_eq!(names, ["a", "b"]);
                assert_eq!(wins[0] + wins[1], done);
                format!("played {done}")
            }
            ArenaProgress::Breakdown(line) => line.to_string(),
        })
    })
    .unwrap();
    assert_eq!(told.len(), 8, "{told:?}");
    for (game, pair) in told.chunks(2).enumerate() {
        let number = game + 1;
        assert!(
            pair[0].starts_with(&format!("game {number}: "))
                && pair[0].contains(" loses: illegal move: a1-a8"),
            "{told:?}"
        );
        assert_eq!(pair[1], format!("played {number}"));
        assert!(report.contains(&format!("  {}\n", pair[0])), "{report}");
    }
    assert!(
        report.starts_with("a vs b: 4 of 4 games, movetime 50 ms"),
        "{report}"
    );
    assert!(report.contains("\nAbnormal endings: 4\n"), "{report}");
}

#[test]
fn bad_options_are_errors_before_any_game() {
    let options = ArenaOptions {
        engines: vec![broken("a")],
        ..ArenaOptions::default()
    };
    let mut told = 0;
    let error = run_arena(&options, &mut |_| told += 1).unwrap_err();
    assert!(error.contains("exactly two"), "{error}");
    assert_eq!(told, 0);
}
