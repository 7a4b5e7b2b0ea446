//! The FIDE Dutch pairing, held to fixed rounds: tournaments paired by
//! bbpPairings 5.0.1 (tests/data/dutch, no engine needed to run), and small
//! examples of the rules worked out by hand (and checked with the engine).

use kamisado_tournament::record::play;
use kamisado_tournament::swiss::{self, Options};
use kamisado_tournament::{Colour, Outcome, Player, PlayerId, trf};

/// A round as sorted (White, Black) pairs and the bye.
type Paired = (Vec<(u32, u32)>, Option<u32>);

/// Pairs the tournament of a TRF: `XXR` is the number of rounds, and a
/// player with one round more than the fewest sits this round out.
fn pair_trf(text: &str) -> Paired {
    let rounds: usize = text
        .lines()
        .find_map(|l| l.strip_prefix("XXR "))
        .and_then(|r| r.trim().parse().ok())
        .expect("an XXR line");
    let mut players = trf::read_players(text).expect("a TRF");
    let played = players.iter().map(|p| p.rounds.len()).min().unwrap_or(0);
    for p in &mut players {
        if p.rounds.len() > played {
            p.rounds.pop();
            p.active = false;
        }
    }
    let options = Options {
        last_round: played + 1 == rounds,
        first_colour: Colour::White,
    };
    let round = swiss::pair(&players, &options).expect("a pairing");
    let mut pairs: Vec<(u32, u32)> = round
        .boards
        .iter()
        .map(|b| (b.white.0, b.black.0))
        .collect();
    pairs.sort_unstable();
    (pairs, round.bye.map(|p| p.0))
}

/// bbpPairings' output: the number of pairs, then `white black` lines,
/// `player 0` for the bye.
fn engine_output(text: &str) -> Paired {
    let mut pairs = Vec::new();
    let mut bye = None;
    for line in text.lines().skip(1) {
        let ids: Vec<u32> = line
            .split_whitespace()
            .map(|x| x.parse().expect("a number"))
            .collect();
        match ids[..] {
            [p, 0] => bye = Some(p),
            [w, b] => pairs.push((w, b)),
            _ => panic!("a line of two numbers: {line:?}"),
        }
    }
    pairs.sort_unstable();
    (pairs, bye)
}

macro_rules! cases {
    ($($name:literal),* $(,)?) => {
        [$((
            $name,
            include_str!(concat!("data/dutch/", $name, ".trf")),
            include_str!(concat!("data/dutch/", $name, ".out")),
        )),*]
    };
}

#[test]
fn rounds_are_paired_as_bbp_pairings_paired_them() {
    let cases = cases!(
        "case-01", "case-02", "case-03", "case-04", "case-05", "case-06", "case-07", "case-08",
        "case-09", "case-10", "case-11", "case-12", "case-13", "case-14", "case-15", "case-16",
        "case-17", "case-18",
    );
    let wrong: Vec<String> = cases
        .iter()
        .filter_map(|(name, input, output)| {
            let (ours, theirs) = (pair_trf(input), engine_output(output));
            (ours != theirs).then(|| format!("{name}: ours {ours:?}, bbpPairings' {theirs:?}"))
        })
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

fn players(n: u32) -> Vec<Player> {
    (1..=n)
        .map(|i| Player::new(PlayerId(i), &format!("p{i}"), 0))
        .collect()
}

fn boards(ps: &[Player]) -> Vec<(u32, u32)> {
    let round = swiss::pair(ps, &Options::default()).expect("a pairing");
    assert_eq!(round.bye, None);
    let mut pairs: Vec<(u32, u32)> = round
        .boards
        .iter()
        .map(|b| (b.white.0, b.black.0))
        .collect();
    pairs.sort_unstable();
    pairs
}

#[test]
fn colour_preferences_come_before_the_order_of_s2() {
    // Round 1: 1-3 (3 wins with Black), 4-2 drawn. Then 3 (1 point,
    // wants White) moves down into the bracket of 2 and 4 (half a point;
    // 2 wants White, 4 Black), 1 (nothing, wants Black) is left below.
    // 3 against 2, the higher of S2, would break two preferences (3-2 and
    // 4-1 both want the same colours); 3-4 and 2-1 break none, and C.10
    // ranks before the order of B.
    let mut ps = players(4);
    play(&mut ps, PlayerId(1), PlayerId(3), Outcome::Loss);
    play(&mut ps, PlayerId(4), PlayerId(2), Outcome::Draw);
    assert_eq!(boards(&ps), vec![(2, 1), (3, 4)]);
}

#[test]
fn s1_meets_s2_in_the_transposition_that_meets_colour_preferences() {
    // Round 1: 1-5, 6-2, 3-7, 8-4, the top half winning. The winners'
    // bracket is S1 = 1, 2 and S2 = 3, 4: 1 and 3 both had White and want
    // Black, so the first transposition of S2 is taken, 1-4 and 2-3. The
    // same among the losers: 5 and 7 want White, so 5-8 and 6-7.
    let mut ps = players(8);
    play(&mut ps, PlayerId(1), PlayerId(5), Outcome::Win);
    play(&mut ps, PlayerId(6), PlayerId(2), Outcome::Loss);
    play(&mut ps, PlayerId(3), PlayerId(7), Outcome::Win);
    play(&mut ps, PlayerId(8), PlayerId(4), Outcome::Loss);
    assert_eq!(boards(&ps), vec![(2, 3), (4, 1), (5, 8), (7, 6)]);
}
