//! The Berger tables against FIDE's published ones, and their properties
//! for 3–16 players.

use kamisado_tournament::berger::{BergerRound, Game, schedule};
use kamisado_tournament::{Colour, PlayerId};

fn table(rounds: &[BergerRound]) -> Vec<Vec<(u32, u32)>> {
    rounds
        .iter()
        .map(|r| r.games.iter().map(|g| (g.white.0, g.black.0)).collect())
        .collect()
}

#[test]
fn four_players_as_published() {
    assert_eq!(
        table(&schedule(4, false)),
        vec![
            vec![(1, 4), (2, 3)],
            vec![(4, 3), (1, 2)],
            vec![(2, 4), (3, 1)]
        ]
    );
}

#[test]
fn six_players_as_published() {
    assert_eq!(
        table(&schedule(6, false)),
        vec![
            vec![(1, 6), (2, 5), (3, 4)],
            vec![(6, 4), (5, 3), (1, 2)],
            vec![(2, 6), (3, 1), (4, 5)],
            vec![(6, 5), (1, 4), (2, 3)],
            vec![(3, 6), (4, 2), (5, 1)],
        ]
    );
}

#[test]
fn eight_players_as_published() {
    assert_eq!(
        table(&schedule(8, false)),
        vec![
            vec![(1, 8), (2, 7), (3, 6), (4, 5)],
            vec![(8, 5), (6, 4), (7, 3), (1, 2)],
            vec![(2, 8), (3, 1), (4, 7), (5, 6)],
            vec![(8, 6), (7, 5), (1, 4), (2, 3)],
            vec![(3, 8), (4, 2), (5, 1), (6, 7)],
            vec![(8, 7), (1, 6), (2, 5), (3, 4)],
            vec![(4, 8), (5, 3), (6, 2), (7, 1)],
        ]
    );
}

#[test]
fn five_players_sit_out_where_six_would_meet_the_sixth() {
    let rounds = schedule(5, false);
    let byes: Vec<u32> = rounds.iter().map(|r| r.bye.unwrap().0).collect();
    assert_eq!(byes, vec![1, 4, 2, 5, 3]);
    assert_eq!(table(&rounds)[0], vec![(2, 5), (3, 4)]);
}

#[test]
fn every_size_from_3_to_16_keeps_the_properties() {
    for n in 3..=16u32 {
        for double in [false, true] {
            let rounds = schedule(n, double);
            let cycle = n - 1 + n % 2;
            let cycles = if double { 2 } else { 1 };
            assert_eq!(rounds.len() as u32, cycle * cycles, "{n} players");
            let mut met = vec![vec![0u32; n as usize + 1]; n as usize + 1];
            let mut colours: Vec<Vec<Colour>> = vec![Vec::new(); n as usize + 1];
            for (r, round) in rounds.iter().enumerate() {
                let mut seen = vec![false; n as usize + 1];
                let mut mark = |p: PlayerId| {
                    assert!(!seen[p.0 as usize], "{n}: {p} twice in round {}", r + 1);
                    seen[p.0 as usize] = true;
                };
                for &Game { white, black } in &round.games {
                    mark(white);
                    mark(black);
                    met[white.0 as usize][black.0 as usize] += 1;
                    met[black.0 as usize][white.0 as usize] += 1;
                    colours[white.0 as usize].push(Colour::White);
                    colours[black.0 as usize].push(Colour::Black);
                }
                if let Some(b) = round.bye {
                    mark(b);
                }
                assert_eq!(round.bye.is_some(), n % 2 == 1);
                assert!(
                    seen[1..].iter().all(|&s| s),
                    "{n}: everyone in round {}",
                    r + 1
                );
            }
            for a in 1..=n as usize {
                for (b, &times) in met[a].iter().enumerate().skip(1) {
                    let want = if a == b { 0 } else { cycles };
                    assert_eq!(times, want, "{n}: {a} and {b}");
                }
                let whites = colours[a].iter().filter(|c| **c == Colour::White).count() as i32;
                let diff = 2 * whites - colours[a].len() as i32;
                assert!(
                    diff.abs() <= 1,
                    "{n} players, double {double}: player {a} {diff}"
                );
            }
            if double {
                let (first, second) = rounds.split_at(cycle as usize);
                for (a, b) in first.iter().zip(second) {
                    for (g, h) in a.games.iter().zip(&b.games) {
                        assert_eq!((g.white, g.black), (h.black, h.white));
                    }
                }
            }
        }
    }
}
