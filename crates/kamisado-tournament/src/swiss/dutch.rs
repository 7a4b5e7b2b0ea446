//! The Dutch pairing of a round as weighted matchings, one score bracket
//! at a time, the way bbpPairings 5 reads the 2017 rules.
//!
//! A bracket (the players moved down into it, then its residents) is paired
//! together with the next score group: a maximum weight matching over those
//! players, whose edge weights hold one band of bits per criterion, in the
//! order of C.04.3 C (so the heaviest matching is the lexicographic best):
//!
//! 1. in the penultimate and last brackets only, the completion of the
//!    round (C.4) with a bye for an eligible player;
//! 2. the most pairs in the bracket (C.5);
//! 3. the least pairing score difference (C.6: each pair's score
//!    difference, and for each player left unpaired their score over one
//!    point below the lowest of the bracket and the next score group,
//!    compared from the largest down);
//! 4. before the penultimate bracket, the most pairs and the least score
//!    difference in the next bracket (C.7);
//! 5. the colour criteria (C.8–C.11) and the float criteria (C.12–C.19),
//!    for the pairs inside the bracket;
//! 6. a low band left for the order of B: which players moved down are
//!    paired, with whom, the fewest exchanges between S1 and S2 and the
//!    least difference of their numbers, and each S1 player's opponent,
//!    settled one question at a time by changing a few weights and
//!    matching again (which the matching does incrementally).
//!
//! Only the pairs of the bracket are kept; the rest float down into the
//! next. If the players below could then not all be paired, the bracket is
//! the penultimate one: it is paired again with everyone below it.
//!
//! Two shortcuts leave every choice as it is and save time: a bracket
//! that can pair all its players is matched without the next score group
//! (which cannot change it then), and one that must float exactly one
//! player, before the penultimate bracket, is matched with a single
//! vertex standing for the next group, weighted with what floating there
//! is worth to each player (see `stand_in_for`).

use std::rc::Rc;

use super::matching::Matching;
use super::weighted::Weighted;
use super::wide::{Weight, Wide};
use super::{Float, Seat};

/// A round's pairs (indices into the seats) and its bye.
pub(crate) type Pairing = (Vec<(usize, usize)>, Option<usize>);

/// The pairs of a round and the bye, or `None` if no pairing keeps the
/// absolute criteria.
pub(crate) fn pair(seats: &[Seat], adj: &[bool]) -> Option<Pairing> {
    let n = seats.len();
    let check = Completion::new(seats, adj);
    let mut paired = vec![false; n];
    if !check.completes(&paired) {
        return None;
    }
    let mut pairs: Vec<(usize, usize)> = Vec::with_capacity(n / 2);
    let group_end = |from: usize| {
        (from..n)
            .find(|&i| seats[i].score != seats[from].score)
            .unwrap_or(n)
    };
    let mut next = group_end(0);
    let mut who: Vec<usize> = (0..next).collect();
    let mut moved = 0;
    let mut special = next == n;
    while who.len() > 1 || next < n {
        let own = who.len();
        let group = next;
        while next < n && (special || seats[next].score == seats[group].score) {
            who.push(next);
            next += 1;
        }
        let last = who.len() == own;
        if last && moved == own {
            // Nobody resident is left to pair those moved down.
            moved = 0;
        }
        // Before the penultimate bracket, the next score group only counts
        // for the players who float. If none can float (the bracket pairs
        // all its players), it is left out of the matching; if exactly one
        // floats, and the next group is not the last, it is replaced by a
        // single vertex that pairs each player as well as the group would.
        let floor = seats[*who.last().expect("a player")].score.halves();
        let last_group = next == n;
        let mut stand_in = Vec::new();
        let mut alone = false;
        if !special && !last {
            let most = most_pairs(seats, adj, &who[..own], moved);
            alone = 2 * most == own;
            if 2 * most + 1 == own && !last_group {
                stand_in = stand_in_for(seats, adj, &who, own);
            }
        }
        let bracket = Bracket {
            seats,
            adj,
            who: if alone || !stand_in.is_empty() {
                &who[..own]
            } else {
                &who
            },
            stand_in: &stand_in,
            floor,
            moved,
            own,
            special,
            last_group,
        };
        let (mut found, mut matched) = bracket.pair();
        if last && !leaves_a_bye(seats, &who, &matched) && moved > 0 {
            // The last bracket could not pair everyone with those moved
            // down kept apart: pair them as residents.
            (found, matched) = Bracket {
                moved: 0,
                ..bracket
            }
            .pair();
        }
        if !special {
            for &(a, b) in &found {
                paired[a] = true;
                paired[b] = true;
            }
            if !check.completes(&paired) {
                // The penultimate bracket: pair it again with all below.
                for &(a, b) in &found {
                    paired[a] = false;
                    paired[b] = false;
                }
                who.truncate(own);
                next = group;
                special = true;
                continue;
            }
        }
        for &(a, b) in &found {
            paired[a] = true;
            paired[b] = true;
        }
        pairs.extend(found);
        special = next == n;
        let progress = matched.iter().any(|&m| m);
        let mut rest: Vec<usize> = (0..own).filter(|&k| !matched[k]).map(|k| who[k]).collect();
        moved = rest.len();
        rest.extend_from_slice(&who[own..]);
        who = rest;
        if last && !progress {
            break;
        }
    }
    let left: Vec<usize> = (0..n).filter(|&i| !paired[i]).collect();
    let complete = match left[..] {
        [] => true,
        [one] => seats[one].bye_eligible,
        _ => false,
    };
    if !complete {
        // Not reached when the brackets keep the round pairable; a legal
        // pairing all the same.
        return check.any_pairing();
    }
    Some((pairs, left.first().copied()))
}

/// The most pairs the players `who` (seats, the first `moved` of them
/// moved down and kept apart) can make among themselves.
fn most_pairs(seats: &[Seat], adj: &[bool], who: &[usize], moved: usize) -> usize {
    let (n, k) = (seats.len(), who.len());
    let mut local = vec![false; k * k];
    for i in 0..k {
        for j in moved.max(i + 1)..k {
            let ok = adj[who[i] * n + who[j]];
            local[i * k + j] = ok;
            local[j * k + i] = ok;
        }
    }
    Matching::maximum(k, local.into(), vec![true; k]).size
}

/// What floating into the next score group (`who[own..]`) is worth to
/// each of a bracket's players `who[..own]`: the next bracket makes a pair
/// more with them exactly when they can meet one of the group that some
/// maximum matching of the group leaves unpaired, and they can be paired
/// there at all when they can meet anyone of it.
fn stand_in_for(seats: &[Seat], adj: &[bool], who: &[usize], own: usize) -> Vec<Below> {
    let (n, k) = (seats.len(), who.len());
    let mut local = vec![false; k * k];
    for i in own..k {
        for j in i + 1..k {
            let ok = adj[who[i] * n + who[j]];
            local[i * k + j] = ok;
            local[j * k + i] = ok;
        }
    }
    let alive: Vec<bool> = (0..k).map(|v| v >= own).collect();
    let missed = Matching::maximum(k, local.into(), alive).missed();
    (0..own)
        .map(|p| {
            let meets = |y: usize| adj[who[p] * n + who[y]];
            Below {
                adds_pair: (own..k).filter(|&y| missed[y]).any(meets),
                pairable: (own..k).any(meets),
            }
        })
        .collect()
}

/// What floating into the next score group is worth to a player.
#[derive(Clone, Copy, Debug)]
struct Below {
    /// The next bracket makes one pair more with them.
    adds_pair: bool,
    /// They can be paired in it.
    pairable: bool,
}

/// Whether the unmatched players of the last bracket are at most one
/// player who may have the bye.
fn leaves_a_bye(seats: &[Seat], who: &[usize], matched: &[bool]) -> bool {
    let mut left = (0..matched.len()).filter(|&k| !matched[k]);
    match (left.next(), left.next()) {
        (None, _) => true,
        (Some(k), None) => seats[who[k]].bye_eligible,
        _ => false,
    }
}

/// Whether the players not yet paired can all be paired (C.4), one of
/// them with the bye if their number is odd: a maximum cardinality
/// matching with a vertex for the bye.
struct Completion {
    n: usize,
    size: usize,
    adj: Rc<[bool]>,
}

impl Completion {
    fn new(seats: &[Seat], adj: &[bool]) -> Completion {
        let n = seats.len();
        let size = n + n % 2;
        let mut full = vec![false; size * size];
        for a in 0..n {
            full[a * size..a * size + n].copy_from_slice(&adj[a * n..a * n + n]);
        }
        if n % 2 == 1 {
            for a in (0..n).filter(|&a| seats[a].bye_eligible) {
                full[a * size + n] = true;
                full[n * size + a] = true;
            }
        }
        Completion {
            n,
            size,
            adj: full.into(),
        }
    }

    fn matching(&self, paired: &[bool]) -> Matching {
        let alive: Vec<bool> = (0..self.size).map(|v| v >= self.n || !paired[v]).collect();
        Matching::maximum(self.size, Rc::clone(&self.adj), alive)
    }

    fn completes(&self, paired: &[bool]) -> bool {
        let left = (0..self.size)
            .filter(|&v| v >= self.n || !paired[v])
            .count();
        2 * self.matching(paired).size == left
    }

    /// Some legal pairing of everyone, if there is one.
    fn any_pairing(&self) -> Option<Pairing> {
        let m = self.matching(&vec![false; self.n]);
        if 2 * m.size != self.size {
            return None;
        }
        let mut pairs = Vec::new();
        let mut bye = None;
        for v in 0..self.n {
            let u = m.mate[v];
            if u == self.n {
                bye = Some(v);
            } else if u > v {
                pairs.push((v, u));
            }
        }
        Some((pairs, bye))
    }
}

/// The number of bits that hold `x`.
fn bits(x: usize) -> u32 {
    usize::BITS - x.leading_zeros()
}

/// One pairing bracket and the next score group.
#[derive(Clone, Copy)]
struct Bracket<'a> {
    seats: &'a [Seat<'a>],
    /// Which pairs the absolute criteria allow, over the seats.
    adj: &'a [bool],
    /// The players, as seats: first those moved down into the bracket, then
    /// its residents, then the next score group (or, in the penultimate
    /// bracket, everyone below).
    who: &'a [usize],
    /// For each of the bracket's players, what floating is worth, when a
    /// single vertex stands for the next score group (after the bracket's
    /// players); empty when the group itself is in `who` or left out.
    stand_in: &'a [Below],
    /// The lowest score of the bracket and the next score group, one point
    /// below which an unpaired player's score difference is counted.
    floor: u32,
    /// How many were moved down.
    moved: usize,
    /// How many are in the bracket (moved down and resident).
    own: usize,
    /// The penultimate or the last bracket.
    special: bool,
    /// Whether the players after the bracket are the last score group.
    last_group: bool,
}

/// The score differences a bracket's weights count, each with a field of
/// its own (the larger, the more significant).
struct Keys {
    values: Vec<u32>,
    offsets: Vec<u32>,
    width: u32,
}

impl Keys {
    fn offset(&self, key: u32) -> u32 {
        let i = self
            .values
            .binary_search(&key)
            .expect("a counted difference");
        self.offsets[i]
    }
}

/// Where each criterion's band sits in a weight.
struct Layout {
    keys: Keys,
    completion: u32,
    pairs: u32,
    psd: u32,
    next_pairs: u32,
    next_psd: u32,
    colours: [u32; 4],
    /// Repeated floats: down, up a round back; down, up two rounds back.
    floats: [u32; 4],
    /// The same, weighed by score difference.
    float_psd: [u32; 4],
    /// How many rounds back the floats are looked at (0 to 2).
    float_rounds: usize,
    /// The low band: exchanges and the order of B.
    low: u32,
    exchanges: u32,
    bsn: u32,
    total: u32,
}

impl Bracket<'_> {
    fn score(&self, k: usize) -> u32 {
        self.seats[self.who[k]].score.halves()
    }

    fn key(&self, k: usize) -> u32 {
        self.score(k) - self.floor + 2
    }

    /// The vertices of the matching: `who`, and the stand-in if any.
    fn vertices(&self) -> usize {
        self.who.len() + usize::from(!self.stand_in.is_empty())
    }

    fn layout(&self) -> Layout {
        let n = self.vertices();
        let count = bits(n);
        // Each difference's field holds how often it can occur.
        let mut found: Vec<u32> = Vec::new();
        for p in 0..self.own {
            found.push(self.key(p));
            let first = self.moved.max(p + 1);
            for o in first..self.own {
                if o == first || self.score(o) < self.score(o - 1) {
                    found.push(self.score(p) - self.score(o));
                }
            }
        }
        found.sort_unstable();
        let mut keys = Keys {
            values: Vec::new(),
            offsets: Vec::new(),
            width: 0,
        };
        for run in found.chunk_by(|a, b| a == b) {
            keys.values.push(run[0]);
            keys.offsets.push(keys.width);
            keys.width += bits(run.len());
        }
        let played = self
            .who
            .iter()
            .map(|&s| self.seats[s].played)
            .max()
            .unwrap_or(0);
        let float_rounds = played.min(2);
        let mut at = 0;
        let mut take = |width: u32| {
            let offset = at;
            at += width;
            offset
        };
        let low = take(0);
        take(1);
        let bsn = take(2 * count + 1);
        let exchanges = take(count);
        let mut float_psd = [0; 4];
        let mut floats = [0; 4];
        for k in (0..2 * float_rounds).rev() {
            float_psd[k] = take(keys.width);
        }
        for k in (0..2 * float_rounds).rev() {
            floats[k] = take(count);
        }
        let mut colours = [0; 4];
        for c in colours.iter_mut().rev() {
            *c = take(count);
        }
        let (mut next_pairs, mut next_psd) = (0, 0);
        if !self.special {
            next_psd = take(keys.width);
            next_pairs = take(count + 3);
        }
        let psd = take(keys.width);
        let pairs = take(count);
        let completion = if self.special { take(count + 3) } else { 0 };
        Layout {
            keys,
            completion,
            pairs,
            psd,
            next_pairs,
            next_psd,
            colours,
            floats,
            float_psd,
            float_rounds,
            low,
            exchanges,
            bsn,
            total: at,
        }
    }

    /// Pairs the bracket: the pairs made (seats), and which of its own
    /// players (moved down and resident) are paired.
    fn pair(&self) -> (Vec<(usize, usize)>, Vec<bool>) {
        let layout = self.layout();
        // Room for the matching's doubled duals and slacks.
        match (layout.total + 4).div_ceil(64) {
            0 | 1 => self.pair_with::<1>(&layout),
            2 => self.pair_with::<2>(&layout),
            3 | 4 => self.pair_with::<4>(&layout),
            5..=8 => self.pair_with::<8>(&layout),
            9..=16 => self.pair_with::<16>(&layout),
            17..=32 => self.pair_with::<32>(&layout),
            33..=64 => self.pair_with::<64>(&layout),
            // Past 4,096 bits (over a hundred score differences in one
            // bracket; the widest seen in 30-round Swisses is under 500):
            // nobody is paired here, so the players float on, and at worst
            // the round gets a legal pairing without the Dutch order.
            _ => (Vec::new(), vec![false; self.own]),
        }
    }

    /// The weight of the pair `i`–`j` (`i < j`, indices into `who`),
    /// zero if the absolute criteria forbid it.
    fn weight<const N: usize>(&self, layout: &Layout, i: usize, j: usize) -> Wide<N> {
        let mut w = Wide::<N>::ZERO;
        if j == self.who.len() {
            // The stand-in for the next score group.
            let below = self.stand_in[i];
            if below.pairable {
                w.add_at(i64::from(below.adds_pair), layout.next_pairs);
                w.add_at(1, layout.next_psd + layout.keys.offset(self.key(i)));
            }
            return w;
        }
        let (hi, lo) = (&self.seats[self.who[i]], &self.seats[self.who[j]]);
        let nseats = self.seats.len();
        if !self.adj[self.who[i] * nseats + self.who[j]] {
            return w;
        }
        let hi_in = i < self.own;
        let lo_in = j < self.own;
        let (s_hi, s_lo) = (hi.score.halves(), lo.score.halves());
        let keys = &layout.keys;
        let ineligible = i64::from(!hi.bye_eligible) + i64::from(!lo.bye_eligible);
        if self.special {
            w.add_at(1 + ineligible, layout.completion);
        }
        if lo_in {
            w.add_at(1, layout.pairs);
            w.add_at(1, layout.psd + keys.offset(self.key(i)));
            w.add_at(1, layout.psd + keys.offset(self.key(j)));
            w.add_at(-1, layout.psd + keys.offset(s_hi - s_lo));
        }
        if !self.special {
            if self.last_group {
                w.add_at(1 + ineligible, layout.next_pairs);
            } else if !lo_in {
                w.add_at(1, layout.next_pairs);
            }
            if hi_in {
                w.add_at(1, layout.next_psd + keys.offset(self.key(i)));
            }
            if lo_in {
                w.add_at(1, layout.next_psd + keys.offset(self.key(j)));
            }
        }
        if !lo_in {
            return w;
        }
        let (a, b) = (&hi.colours, &lo.colours);
        let same = a.pref == b.pref;
        // C.8: a difference beyond ±2 (topscorers only).
        let c8 = !(a.absolute_imbalance() && b.absolute_imbalance() && same);
        // C.9: a colour three times running (topscorers only).
        let c9 = !(a.absolute() && b.absolute() && same)
            || if a.imbalance == b.imbalance {
                a.repeated.is_none() || a.repeated != b.repeated
            } else {
                let loser = if a.imbalance > b.imbalance { b } else { a };
                loser.repeated != a.pref.map(crate::Colour::opposite)
            };
        // C.10: both preferences met.
        let c10 = super::colour::compatible(a.pref, b.pref);
        // C.11: both strong preferences met.
        let strong_or_absolute = |c: &super::colour::Colours| c.strong() || c.absolute();
        let c11 = !strong_or_absolute(a)
            || !strong_or_absolute(b)
            || (a.absolute() && b.absolute())
            || !same;
        for (k, ok) in [c8, c9, c10, c11].into_iter().enumerate() {
            w.add_at(i64::from(ok), layout.colours[k]);
        }
        let down_pair = s_hi > s_lo;
        for back in 0..layout.float_rounds {
            let (fh, fl) = (hi.floats[back], lo.floats[back]);
            // C.12/C.14: a float down again (the pair keeps both in).
            let again = i64::from(fl == Float::Down) + i64::from(!down_pair && fh == Float::Down);
            w.add_at(again, layout.floats[2 * back]);
            // C.13/C.15: a float up again.
            if down_pair && fl == Float::Up {
                w.add_at(-1, layout.floats[2 * back + 1]);
            }
            // C.16–C.19: the same, weighed by score difference.
            let field = layout.float_psd[2 * back];
            if fl == Float::Down {
                w.add_at(1, field + keys.offset(self.key(j)));
            }
            if fh == Float::Down {
                w.add_at(1, field + keys.offset(self.key(i)));
                if down_pair {
                    w.add_at(-1, field + keys.offset(s_hi - s_lo));
                }
            }
            if down_pair && fl == Float::Up {
                w.add_at(
                    -1,
                    layout.float_psd[2 * back + 1] + keys.offset(s_hi - s_lo),
                );
            }
        }
        w
    }

    fn pair_with<const N: usize>(&self, layout: &Layout) -> (Vec<(usize, usize)>, Vec<bool>) {
        let n = self.vertices();
        let (moved, own) = (self.moved, self.own);
        let residents = own - moved;
        let mut base = vec![Wide::<N>::ZERO; n * n];
        for j in moved..n {
            for i in 0..j {
                let w = self.weight::<N>(layout, i, j);
                base[i * n + j] = w;
                base[j * n + i] = w;
            }
        }
        let mut m = Weighted::new(n, base.clone());
        // A first pairing in the order of B saves searches later: those
        // moved down take the first resident they can, then each of S1
        // (the top half of the residents left) the first of S2.
        let residents_list: Vec<usize> = (moved..own).collect();
        for p in 0..moved {
            m.hint_first(p, &residents_list);
        }
        let left: Vec<usize> = residents_list
            .into_iter()
            .filter(|&q| m.mate(q).is_none())
            .collect();
        let (s1, s2) = left.split_at(left.len() / 2);
        for &q in s1 {
            m.hint_first(q, s2);
        }
        m.greedy();
        let mut stable = Stable::new(n);
        m.solve();
        stable.read(&m);
        let mut matched = vec![false; own];
        let mut pairs = Vec::new();
        let resident = |x: usize| x >= moved && x < own;
        let low = layout.low;
        let plus = |w: Wide<N>, x: u64| {
            let mut w = w;
            w.add_at(x as i64, low);
            w
        };

        // Which players moved down are paired: the highest first, within
        // each score, as many as the best pairing allows.
        let mut group_score = u32::MAX;
        let (mut remaining, mut remaining_matched) = (0, 0);
        for p in 0..moved {
            if p == 0 || self.score(p) < group_score {
                group_score = self.score(p);
                remaining = 0;
                remaining_matched = 0;
                let mut q = p;
                while q < own && self.score(q) >= group_score {
                    remaining += 1;
                    if resident(stable.get(q)) {
                        remaining_matched += 1;
                    }
                    q += 1;
                }
            }
            if remaining_matched == 0 {
                continue;
            }
            if remaining <= remaining_matched {
                matched[p] = true;
                continue;
            }
            remaining -= 1;
            if !resident(stable.get(p)) {
                for o in moved..own {
                    let w = base[o * n + p];
                    if !w.is_zero() {
                        m.set_weight(p, o, plus(w, 1));
                    }
                }
                m.solve();
                stable.read(&m);
            }
            if resident(stable.get(p)) {
                matched[p] = true;
                remaining_matched -= 1;
                for o in moved..own {
                    let w = base[o * n + p];
                    if !w.is_zero() {
                        m.set_weight(p, o, plus(w, residents as u64 + 1));
                    }
                }
            }
        }
        // Their opponents: the highest resident each can have.
        for p in 0..moved {
            if !matched[p] {
                continue;
            }
            let mut addend = n as u64;
            for o in (moved..own).rev() {
                if matched[o] {
                    continue;
                }
                let w = base[o * n + p];
                if !w.is_zero() {
                    m.set_weight(p, o, plus(w, addend));
                    addend += 1;
                }
            }
            m.solve();
            stable.read(&m);
            let o = stable.get(p);
            if o == p {
                continue;
            }
            matched[o] = true;
            m.remove_pair(p, o);
            pairs.push((self.who[p], self.who[o]));
        }

        // The remainder: the residents left, S1 the first of them.
        let remainder: Vec<usize> = (moved..own).filter(|&q| stable.get(q) >= moved).collect();
        let s1 = remainder.iter().filter(|&&q| stable.get(q) < q).count();
        let exchange_weight = |base: &[Wide<N>], q: usize, o: usize, index: usize| {
            let mut w = base[o * n + q];
            if !w.is_zero() {
                if index < s1 {
                    w.add_at(1, layout.exchanges);
                }
                w.add_at(-(index as i64), layout.bsn);
            }
            w
        };
        let leads = |stable: &Stable, q: usize| {
            let o = stable.get(q);
            o > q && o < own
        };
        for (i, &q) in remainder.iter().enumerate() {
            for &o in &remainder[i + 1..] {
                m.set_weight(q, o, exchange_weight(&base, q, o, i));
            }
        }
        m.solve();
        stable.read(&m);
        let exchanges = remainder[..s1]
            .iter()
            .filter(|&&q| !leads(&stable, q))
            .count();
        // The lowest of S1 are the ones exchanged, where possible.
        let mut left = exchanges;
        for k in (0..s1).rev() {
            if left == 0 {
                break;
            }
            let q = remainder[k];
            if leads(&stable, q) {
                for &o in &remainder[k + 1..] {
                    let w = exchange_weight(&base, q, o, k);
                    if !w.is_zero() {
                        m.set_weight(q, o, plus(w, 0).sub(Wide::shifted(1, low)));
                    }
                }
                m.solve();
                stable.read(&m);
            }
            let exchanged = !leads(&stable, q);
            left -= usize::from(exchanged);
            for &o in &remainder[k + 1..] {
                if exchanged {
                    base[o * n + q] = Wide::ZERO;
                    base[q * n + o] = Wide::ZERO;
                }
                m.set_weight(q, o, exchange_weight(&base, q, o, k));
            }
        }
        // And the highest of S2, where possible.
        let mut left = exchanges;
        for k in s1..remainder.len() {
            if left <= 1 {
                break;
            }
            let q = remainder[k];
            let already = leads(&stable, q);
            if !already {
                for &o in &remainder[k + 1..] {
                    let w = exchange_weight(&base, q, o, k);
                    if !w.is_zero() {
                        m.set_weight(q, o, plus(w, 1));
                    }
                }
                m.solve();
                stable.read(&m);
            }
            if leads(&stable, q) {
                left -= 1;
                for &o in &remainder[..k] {
                    base[q * n + o] = Wide::ZERO;
                    base[o * n + q] = Wide::ZERO;
                    m.set_weight(q, o, Wide::ZERO);
                }
                for o in own..n {
                    base[q * n + o] = Wide::ZERO;
                    base[o * n + q] = Wide::ZERO;
                    m.set_weight(q, o, Wide::ZERO);
                }
            }
            if !already {
                for &o in &remainder[k + 1..] {
                    m.set_weight(q, o, exchange_weight(&base, q, o, k));
                }
            }
        }
        // The exchanges are settled: S1 meets S2 only.
        for (i, &q) in remainder.iter().enumerate() {
            for &o in &remainder[i + 1..] {
                if !leads(&stable, q) || leads(&stable, o) {
                    base[o * n + q] = Wide::ZERO;
                    base[q * n + o] = Wide::ZERO;
                }
                m.set_weight(q, o, base[o * n + q]);
            }
        }
        // Each of S1 in turn meets the highest of S2 it can.
        for &q in &remainder {
            if !leads(&stable, q) {
                continue;
            }
            let mut addend = 0;
            for &o in remainder.iter().rev() {
                if o <= q || matched[o] {
                    continue;
                }
                let w = base[o * n + q];
                if !w.is_zero() {
                    m.set_weight(q, o, plus(w, addend));
                }
                addend += 1;
            }
            m.solve();
            stable.read(&m);
            let o = stable.get(q);
            if o == q {
                continue;
            }
            matched[q] = true;
            matched[o] = true;
            m.remove_pair(q, o);
            pairs.push((self.who[q], self.who[o]));
        }
        (pairs, matched)
    }
}

/// The matching as last solved: each vertex's mate, itself if unmatched;
/// a pair taken out of the graph stays as it was.
struct Stable(Vec<usize>);

impl Stable {
    fn new(n: usize) -> Stable {
        Stable((0..n).collect())
    }

    fn read<W: Weight>(&mut self, m: &Weighted<W>) {
        for v in 0..self.0.len() {
            if m.alive(v) {
                self.0[v] = m.mate(v).unwrap_or(v);
            }
        }
    }

    fn get(&self, v: usize) -> usize {
        self.0[v]
    }
}
