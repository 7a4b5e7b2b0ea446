//! The score brackets of a Swiss round, paired from the top.

use std::rc::Rc;

use super::Seat;
use super::matching::Matching;

/// How many choices of down-floaters a bracket tries before it settles
/// for the greedy search (which still pairs everyone, but may float more).
const FLOATER_CHOICES: usize = 100;

/// The pairing of the score brackets, top down.
pub(crate) struct Brackets<'a> {
    seats: &'a [Seat<'a>],
    adj: &'a Rc<[bool]>,
    /// Who is still to be paired; those left can always all be paired.
    alive: Vec<bool>,
}

impl<'a> Brackets<'a> {
    /// The brackets of `seats` (pairing order) for the players `alive`
    /// (the bye taken out), whose pairs `adj` allows.
    pub fn new(seats: &'a [Seat<'a>], adj: &'a Rc<[bool]>, alive: Vec<bool>) -> Brackets<'a> {
        Brackets { seats, adj, alive }
    }

    /// Every pair of the round, as indices into the seats.
    pub fn pair_all(mut self) -> Vec<(usize, usize)> {
        let n = self.seats.len();
        let mut pairs = Vec::with_capacity(n / 2);
        let mut floaters: Vec<usize> = Vec::new();
        let mut start = 0;
        while start < n {
            let score = self.seats[start].score;
            let end = (start..n)
                .find(|&i| self.seats[i].score != score)
                .unwrap_or(n);
            let mut bracket = std::mem::take(&mut floaters);
            bracket.extend((start..end).filter(|&i| self.alive[i]));
            let lower: Vec<usize> = (end..n).filter(|&i| self.alive[i]).collect();
            let next: Vec<usize> = lower
                .iter()
                .copied()
                .take_while(|&i| self.seats[i].score == self.seats[lower[0]].score)
                .collect();
            floaters = match self.choose_floaters(&bracket, &lower, &next) {
                Some((float, inner)) => {
                    self.pair_inside(&bracket, &float, inner, &mut pairs);
                    float
                }
                None => self.pair_greedily(&bracket, &mut pairs),
            };
            start = end;
        }
        debug_assert!(floaters.is_empty(), "the perfect matching leaves nobody");
        pairs
    }

    /// The fewest players of `bracket` that can float down, such that the
    /// rest of the bracket pairs among itself and the floaters with the
    /// `lower` players; with the perfect matching of the bracket's rest.
    /// Among equally few, the choice lets the next bracket (the floaters
    /// and `next`, the first score group of `lower`) make the most pairs
    /// (C.04.3 C.7), then floats the fewest who floated down last round
    /// (C.14), then the lowest players.
    fn choose_floaters(
        &self,
        bracket: &[usize],
        lower: &[usize],
        next: &[usize],
    ) -> Option<(Vec<usize>, Matching)> {
        let within = self.matching(bracket.iter().copied());
        let fewest = bracket.len() - 2 * within.size;
        let below_next: Vec<usize> = lower
            .iter()
            .copied()
            .filter(|v| !next.contains(v))
            .collect();
        let mut tries = 0;
        for f in (fewest..=bracket.len()).step_by(2) {
            let mut best: Option<((usize, usize), Vec<usize>, Matching)> = None;
            subsets_from_bottom(bracket.len(), f, &mut |chosen: &[usize]| {
                tries += 1;
                if let Some((float, inner)) = self.try_floaters(bracket, chosen, lower) {
                    let mut next_bracket = float.clone();
                    next_bracket.extend_from_slice(next);
                    let then = if next.is_empty() {
                        0
                    } else {
                        self.fewest_floaters(&next_bracket, &below_next)
                    };
                    let again = float
                        .iter()
                        .filter(|&&v| self.seats[v].floated_down)
                        .count();
                    let quality = (then, again);
                    if best.as_ref().is_none_or(|(b, _, _)| quality < *b) {
                        best = Some((quality, float, inner));
                    }
                    if quality <= (next_bracket.len() % 2, 0) {
                        return false;
                    }
                }
                tries < FLOATER_CHOICES
            });
            if best.is_some() || tries >= FLOATER_CHOICES {
                return best.map(|(_, float, inner)| (float, inner));
            }
        }
        None
    }

    /// The floaters at positions `chosen` of `bracket`, if the rest of the
    /// bracket pairs among itself and they pair with `lower`.
    fn try_floaters(
        &self,
        bracket: &[usize],
        chosen: &[usize],
        lower: &[usize],
    ) -> Option<(Vec<usize>, Matching)> {
        let f = chosen.len();
        let rest = (0..bracket.len())
            .filter(|k| !chosen.contains(k))
            .map(|k| bracket[k]);
        let inner = self.matching(rest);
        if 2 * inner.size != bracket.len() - f {
            return None;
        }
        let mut float: Vec<usize> = chosen.iter().map(|&k| bracket[k]).collect();
        let below = self.matching(float.iter().chain(lower).copied());
        if 2 * below.size != f + lower.len() {
            return None;
        }
        float.sort_unstable();
        Some((float, inner))
    }

    /// How few players of `bracket` can float down to `lower`, with the
    /// same search as [`Brackets::choose_floaters`] but no look ahead.
    fn fewest_floaters(&self, bracket: &[usize], lower: &[usize]) -> usize {
        let within = self.matching(bracket.iter().copied());
        let fewest = bracket.len() - 2 * within.size;
        let mut tries = 0;
        for f in (fewest..=bracket.len()).step_by(2) {
            let mut found = false;
            subsets_from_bottom(bracket.len(), f, &mut |chosen: &[usize]| {
                tries += 1;
                found = self.try_floaters(bracket, chosen, lower).is_some();
                !found && tries < FLOATER_CHOICES
            });
            if found || tries >= FLOATER_CHOICES {
                return f;
            }
        }
        bracket.len()
    }

    /// A maximum matching of the players `who`.
    fn matching(&self, who: impl Iterator<Item = usize>) -> Matching {
        let n = self.seats.len();
        let mut alive = vec![false; n];
        for v in who {
            alive[v] = true;
        }
        Matching::maximum(n, Rc::clone(self.adj), alive)
    }

    /// Pairs the bracket but for `float`, keeping the perfect matching
    /// `inner` of what is left.
    fn pair_inside(
        &mut self,
        bracket: &[usize],
        float: &[usize],
        mut inner: Matching,
        pairs: &mut Vec<(usize, usize)>,
    ) {
        let rest: Vec<usize> = bracket
            .iter()
            .copied()
            .filter(|v| !float.contains(v))
            .collect();
        let (s1, s2) = rest.split_at(rest.len() / 2);
        for (k, &x) in rest.iter().enumerate() {
            if !inner.alive[x] {
                continue;
            }
            let candidates = self.candidates(x, k < s1.len(), s1, s2, &inner.alive);
            let y = candidates
                .into_iter()
                .find(|&y| inner.take_pair(x, y))
                .expect("the perfect matching pairs x");
            self.alive[x] = false;
            self.alive[y] = false;
            pairs.push((x, y));
        }
    }

    /// Pairs as many of `bracket` (pairing order) as a greedy search can
    /// while everyone left stays pairable; returns the players floated down.
    fn pair_greedily(&mut self, bracket: &[usize], pairs: &mut Vec<(usize, usize)>) -> Vec<usize> {
        let mut all = self.matching((0..self.seats.len()).filter(|&i| self.alive[i]));
        let mut inner = self.matching(bracket.iter().copied());
        let target = inner.size;
        let (s1, s2) = bracket.split_at(target.min(bracket.len()));
        let mut made = 0;
        for (k, &x) in bracket.iter().enumerate() {
            if made == target {
                break;
            }
            if !inner.alive[x] {
                continue;
            }
            let candidates = self.candidates(x, k < s1.len(), s1, s2, &inner.alive);
            let keeps_most = candidates.iter().copied().find(|&y| {
                let mut trial = inner.clone();
                trial.take_pair(x, y) && all.clone().take_pair(x, y) && {
                    inner = trial;
                    true
                }
            });
            let found = keeps_most.or_else(|| {
                candidates.iter().copied().find(|&y| {
                    all.clone().take_pair(x, y) && {
                        inner.alive[x] = false;
                        inner.alive[y] = false;
                        inner = self.matching((0..self.seats.len()).filter(|&i| inner.alive[i]));
                        true
                    }
                })
            });
            if let Some(y) = found {
                assert!(all.take_pair(x, y), "checked just above");
                self.alive[x] = false;
                self.alive[y] = false;
                pairs.push((x, y));
                made += 1;
            }
        }
        bracket.iter().copied().filter(|&i| self.alive[i]).collect()
    }

    /// The players `x` may meet, best first: S2 in order (for a player of
    /// S1), then S1 from the bottom up; those whose colour fits first.
    fn candidates(
        &self,
        x: usize,
        in_s1: bool,
        s1: &[usize],
        s2: &[usize],
        alive: &[bool],
    ) -> Vec<usize> {
        let n = self.seats.len();
        let legal = |&y: &usize| y != x && alive[y] && self.adj[x * n + y];
        let mut order: Vec<usize> = if in_s1 {
            s2.iter()
                .chain(s1.iter().rev())
                .copied()
                .filter(legal)
                .collect()
        } else {
            s2.iter()
                .copied()
                .filter(|&y| y > x)
                .filter(legal)
                .collect()
        };
        let fits = |y: usize| {
            let (a, b) = (self.seats[x].pref.wants(), self.seats[y].pref.wants());
            a.is_none() || b.is_none() || a != b
        };
        order.sort_by_key(|&y| !fits(y));
        order
    }
}

/// Calls `visit` with each `f`-subset of the positions `0..len`, those
/// made of the lowest positions first, until it returns false.
fn subsets_from_bottom(len: usize, f: usize, visit: &mut dyn FnMut(&[usize]) -> bool) {
    fn go(
        next: usize,
        f: usize,
        chosen: &mut Vec<usize>,
        visit: &mut dyn FnMut(&[usize]) -> bool,
    ) -> bool {
        if chosen.len() == f {
            return visit(chosen);
        }
        // Positions counted down from the bottom of the bracket.
        for p in (0..next).rev() {
            if p + 1 < f - chosen.len() {
                break;
            }
            chosen.push(p);
            let go_on = go(p, f, chosen, visit);
            chosen.pop();
            if !go_on {
                return false;
            }
        }
        true
    }
    go(len, f, &mut Vec::with_capacity(f), visit);
}
