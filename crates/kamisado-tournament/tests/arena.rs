//! Arena pairing on a simulated arena: no immediate rematch, the nearest
//! score, streak scoring, pauses and leaving.

use kamisado_tournament::arena::{Arena, ArenaError, ArenaGame, State};
use kamisado_tournament::{Outcome, PlayerId as P};

#[path = "common/rng.rs"]
mod rng;
use rng::Rng;

#[test]
fn a_streak_doubles_from_the_third_win() {
    let mut arena = Arena::new();
    arena.join(P(1)).unwrap();
    // Fresh opponents each time, so nobody meets anyone twice in a row.
    let mut expected = 0;
    for (k, (result, worth)) in [
        (Outcome::Win, 2),
        (Outcome::Win, 2),
        (Outcome::Win, 4),
        (Outcome::Win, 4),
        (Outcome::Draw, 2),
        (Outcome::Win, 2),
        (Outcome::Loss, 0),
    ]
    .into_iter()
    .enumerate()
    {
        let next = k as u32 + 2;
        let game = arena.join(P(next)).unwrap().expect("1 waits alone");
        let white_result = if game.white == P(1) {
            result
        } else {
            result.reversed()
        };
        arena.finish(game.white, game.black, white_result).unwrap();
        expected += worth;
        assert_eq!(arena.player(P(1)).unwrap().score, expected, "{result:?}");
        arena.leave(P(next)).unwrap();
    }
    assert_eq!(expected, 16);
}

#[test]
fn paused_and_gone_players_are_not_paired() {
    let mut arena = Arena::new();
    arena.join(P(1)).unwrap();
    arena.pause(P(1)).unwrap();
    assert_eq!(arena.join(P(2)).unwrap(), None, "1 is paused");
    let game = arena.resume(P(1)).unwrap().unwrap();
    arena.leave(P(2)).unwrap();
    assert_eq!(
        arena.player(P(2)).unwrap().state,
        State::Playing(P(1)),
        "the game is played out"
    );
    arena.join(P(3)).unwrap();
    let next = arena.finish(game.white, game.black, Outcome::Draw).unwrap();
    assert_eq!(
        next,
        vec![
            ArenaGame {
                white: P(1),
                black: P(3)
            }
            .normalised(&next)
        ]
    );
    assert_eq!(arena.player(P(2)).unwrap().state, State::Left);
    assert_eq!(arena.resume(P(2)), Err(ArenaError::Left(P(2))));
    assert_eq!(arena.standings().len(), 3);
}

trait Normalised {
    fn normalised(self, seen: &[ArenaGame]) -> ArenaGame;
}

impl Normalised for ArenaGame {
    /// The game as the arena wrote it, whichever colours it chose.
    fn normalised(self, seen: &[ArenaGame]) -> ArenaGame {
        let flipped = ArenaGame {
            white: self.black,
            black: self.white,
        };
        if seen.contains(&flipped) {
            flipped
        } else {
            self
        }
    }
}

#[test]
fn a_busy_arena_pairs_near_scores_and_never_rematches_at_once() {
    let mut rng = Rng(11);
    let mut arena = Arena::new();
    let mut games: Vec<ArenaGame> = Vec::new();
    let mut last: std::collections::HashMap<P, P> = Default::default();
    let check = |g: &ArenaGame, last: &mut std::collections::HashMap<P, P>| {
        assert_ne!(last.get(&g.white), Some(&g.black), "{g:?} again at once");
        assert_ne!(last.get(&g.black), Some(&g.white), "{g:?} again at once");
        last.insert(g.white, g.black);
        last.insert(g.black, g.white);
    };
    for i in 1..=300 {
        if let Some(g) = arena.join(P(i)).unwrap() {
            check(&g, &mut last);
            games.push(g);
        }
    }
    let mut finished = 0;
    for _ in 0..20_000 {
        let k = (rng.next() % games.len() as u64) as usize;
        let g = games.swap_remove(k);
        let outcome = [Outcome::Win, Outcome::Loss, Outcome::Draw][(rng.next() % 3) as usize];
        let pool: Vec<(P, u32)> = arena.pool().collect();
        let freed = [g.white, g.black];
        let new = arena.finish(g.white, g.black, outcome).unwrap();
        finished += 1;
        let mut taken = Vec::new();
        for n in &new {
            check(n, &mut last);
            let (me, them) = if freed.contains(&n.white) {
                (n.white, n.black)
            } else {
                (n.black, n.white)
            };
            let mine = arena.player(me).unwrap().score;
            let dist = |s: u32| s.abs_diff(mine);
            let got = dist(arena.player(them).unwrap().score);
            let best = pool
                .iter()
                .filter(|(p, _)| !taken.contains(p) && !freed.contains(p))
                .filter(|(p, _)| arena.player(*p).unwrap().last_opponent != Some(me) || *p == them)
                .map(|(_, s)| dist(*s))
                .min()
                .unwrap();
            assert!(
                got <= best,
                "{me} met a score {got} away, {best} was waiting"
            );
            taken.push(them);
        }
        games.extend(new);
        // Now and then someone pauses and someone comes back.
        if rng.next() % 50 == 0 {
            let p = P(1 + (rng.next() % 300) as u32);
            arena.pause(p).unwrap();
            arena
                .resume(P(1 + (rng.next() % 300) as u32))
                .unwrap()
                .into_iter()
                .for_each(|g| {
                    check(&g, &mut last);
                    games.push(g);
                });
        }
        if games.is_empty() {
            break;
        }
    }
    assert_eq!(finished, 20_000, "the arena never ran dry");
}

#[test]
fn pairing_the_free_agrees_with_the_arena_pairing_as_games_end() {
    use kamisado_tournament::arena::{Arena, Free, pair_free};
    // The arena pairs 1-2 and 3-4 as they join; both games end, 1 and 3 winning.
    let mut arena = Arena::new();
    for i in 1..=4 {
        arena.join(P(i)).unwrap();
    }
    let first = arena.finish(P(2), P(1), Outcome::Loss).unwrap();
    let second = arena.finish(P(4), P(3), Outcome::Loss).unwrap();
    let paired: Vec<_> = first.into_iter().chain(second).collect();
    // The same players, free in the same order, pair the same way.
    let free: Vec<Free> = [2, 1, 4, 3]
        .into_iter()
        .map(|i| {
            let p = arena.player(P(i)).unwrap();
            Free {
                id: P(i),
                score: p.score,
                last_opponent: p.last_opponent,
                colour_difference: p.colour_difference,
            }
        })
        .collect();
    // Undo the colours the arena's own pairings counted, as a server reads them before pairing.
    let free: Vec<Free> = free
        .into_iter()
        .map(|mut f| {
            let counted: i32 = paired
                .iter()
                .map(|g| i32::from(g.white == f.id) - i32::from(g.black == f.id))
                .sum();
            f.colour_difference -= counted;
            f.last_opponent = match f.id.0 {
                1 => Some(P(2)),
                2 => Some(P(1)),
                3 => Some(P(4)),
                _ => Some(P(3)),
            };
            f
        })
        .collect();
    assert_eq!(pair_free(&free), paired);
}
