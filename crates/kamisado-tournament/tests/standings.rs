//! Standings and tiebreaks on small hand-worked tournaments.

use kamisado_tournament::standings::{Crosstable, standings};
use kamisado_tournament::{Outcome, Player, PlayerId as P, Points, record::play};

fn players(n: u32) -> Vec<Player> {
    (1..=n)
        .map(|i| Player::new(P(i), &format!("p{i}"), 0))
        .collect()
}

#[test]
fn buchholz_cut_and_sonneborn_berger_by_hand() {
    // Round 1: 1-2 1-0, 3-4 draw. Round 2: 1-3 1-0, 4-2 1-0.
    let mut ps = players(4);
    play(&mut ps, P(1), P(2), Outcome::Win);
    play(&mut ps, P(3), P(4), Outcome::Draw);
    play(&mut ps, P(1), P(3), Outcome::Win);
    play(&mut ps, P(4), P(2), Outcome::Win);
    // Scores: 1: 2, 4: 1.5, 3: 0.5, 2: 0.
    let t = standings(&ps);
    let order: Vec<u32> = t.iter().map(|s| s.player.0).collect();
    assert_eq!(order, vec![1, 4, 3, 2]);
    let one = &t[0];
    assert_eq!(one.buchholz, Points(1)); // 2 (0) + 3 (0.5)
    assert_eq!(one.buchholz_cut1, Points(1));
    assert_eq!(one.sonneborn_berger_quarters, 2); // 0 + 2·0.5 halves
    let four = &t[1];
    assert_eq!(four.buchholz, Points(1)); // 3 (0.5) + 2 (0)
    assert_eq!(four.sonneborn_berger_quarters, 1); // draw with 3: half of 0.5
    assert_eq!(four.wins, 1);
}

#[test]
fn direct_encounter_counts_games_among_the_tied_only() {
    // 1 beats 2, 2 beats 3, 3 beats 1: tied on everything; 4 draws 1 and
    // loses to 2 and 3, so 1 is behind on points and out of the tie.
    let mut ps = players(4);
    play(&mut ps, P(1), P(2), Outcome::Win);
    play(&mut ps, P(2), P(3), Outcome::Win);
    play(&mut ps, P(3), P(1), Outcome::Win);
    play(&mut ps, P(4), P(2), Outcome::Loss);
    play(&mut ps, P(4), P(3), Outcome::Loss);
    let t = standings(&ps);
    let order: Vec<u32> = t.iter().map(|s| s.player.0).collect();
    assert_eq!(order, vec![2, 3, 1, 4]);
    // 2 and 3 are tied on points (2) and Buchholz (3) but not on
    // Sonneborn-Berger (2 beat 3, 3 beat 1), so no direct encounter counts.
    assert_eq!(t[0].points, t[1].points);
    assert_eq!(t[0].buchholz, t[1].buchholz);
    assert_eq!(
        (
            t[0].sonneborn_berger_quarters,
            t[1].sonneborn_berger_quarters
        ),
        (8, 4)
    );
    assert_eq!(t[0].direct, Points::ZERO);
    // Without 4 the three are tied on everything: each scored one point
    // in the games among them, and the starting rank decides.
    ps.pop();
    for p in &mut ps {
        p.rounds.retain(|e| e.played_opponent() != Some(P(4)));
    }
    let t = standings(&ps);
    assert!(t.iter().all(|s| s.direct == Points::WIN && s.wins == 1));
    let order: Vec<u32> = t.iter().map(|s| s.player.0).collect();
    assert_eq!(order, vec![1, 2, 3]);
}

#[test]
fn a_match_counts_as_one_result() {
    assert_eq!(Outcome::from_games(2, 0).points(), Points::WIN);
    assert_eq!(Outcome::from_games(1, 1).points(), Points::DRAW);
    assert_eq!(Outcome::from_games(0, 2).points(), Points::ZERO);
}

#[test]
fn the_crosstable_names_opponents_by_place() {
    let mut ps = players(3);
    play(&mut ps, P(3), P(1), Outcome::Win);
    ps[1].rounds.push(kamisado_tournament::Entry::PairingBye);
    let table = Crosstable::of(&ps);
    let first = &table.rows[0];
    assert_eq!(
        first.cells[0].0,
        Some(
            table
                .rows
                .iter()
                .find(|r| r.standing.player == P(1))
                .unwrap()
                .standing
                .rank
        )
    );
    let text = table.to_string();
    assert_eq!(text.lines().count(), 4);
    assert!(text.contains("-U"), "{text}");
}
