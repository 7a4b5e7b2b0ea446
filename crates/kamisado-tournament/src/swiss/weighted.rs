//! Maximum weight matching on a general graph: Edmonds' blossom algorithm
//! with dual variables, after Galil's survey ("Efficient algorithms for
//! finding maximum matching in graphs", 1986), O(n³) on a dense graph.
//!
//! The matching stays optimal as the weights of the edges at a vertex
//! change, which is how the Dutch pairing asks its questions: the vertex is
//! unmatched and taken out of its blossoms (its dual raised so that every
//! edge stays feasible), and a search from each free vertex whose dual is
//! not zero restores optimality, in O(n²) per such vertex.
//!
//! The duals are kept doubled, so that they stay integers: the slack of an
//! edge `a`–`b` is `u[a] + u[b] + 2·Σ z[B] - 2·w(a, b)` over the blossoms
//! holding both ends. A matching is optimal when every slack is at least
//! zero, matched edges have none, free vertices have a zero dual and every
//! blossom with a positive dual is full.

use super::wide::Weight;

/// No vertex (or no blossom).
const NONE: usize = usize::MAX;
/// No edge.
const NO_EDGE: (usize, usize) = (NONE, NONE);

/// Labels of the search: unreached, outer (S), inner (T); a breadcrumb
/// bit marks the blossoms already traced when closing a cycle.
const FREE: u8 = 0;
const OUTER: u8 = 1;
const INNER: u8 = 2;
const CRUMB: u8 = 4;

/// A graph on `n` vertices with a maximum weight matching.
///
/// Blossoms are numbered `n..2n`; a vertex is its own trivial blossom.
pub(crate) struct Weighted<W> {
    n: usize,
    /// Twice the weights, `n`×`n`, symmetric; zero is no edge.
    weight: Vec<W>,
    /// Vertices not yet taken out of the graph.
    alive: Vec<bool>,
    /// Vertices whose dual must be raised before the next search.
    dirty: Vec<bool>,
    dirty_list: Vec<usize>,
    /// Edges whose weight changed since the last solve.
    changed: Vec<(usize, usize)>,
    mate: Vec<usize>,
    /// The doubled vertex duals, then the blossom duals.
    dual: Vec<W>,
    /// Each vertex's top-level blossom.
    inblossom: Vec<usize>,
    parent: Vec<usize>,
    /// A blossom's sub-blossoms round its cycle, the base's first.
    childs: Vec<Vec<usize>>,
    /// `links[b][i]` joins a vertex of `childs[b][i]` to one of the next.
    links: Vec<Vec<(usize, usize)>>,
    /// A blossom's vertices.
    members: Vec<Vec<usize>>,
    /// A blossom's base vertex (a vertex's is itself); `NONE` if unused.
    base: Vec<usize>,
    label: Vec<u8>,
    /// The edge through which a blossom (or a vertex inside an inner
    /// blossom) was reached: `(outside, inside)`.
    labeledge: Vec<(usize, usize)>,
    /// The least-slack edge from an outer vertex to a vertex, or from an
    /// outer blossom to another.
    bestedge: Vec<(usize, usize)>,
    /// An outer blossom's least-slack edges to each other outer blossom.
    mybest: Vec<Option<Vec<(usize, usize)>>>,
    unused: Vec<usize>,
    queue: Vec<usize>,
}

impl<W: Weight> Weighted<W> {
    /// The graph with the `n`×`n` symmetric `weight` (zero for no edge),
    /// nothing matched; [`Weighted::solve`] matches it.
    pub fn new(n: usize, mut weight: Vec<W>) -> Weighted<W> {
        assert_eq!(weight.len(), n * n);
        let mut dual = vec![W::ZERO; 2 * n];
        for v in 0..n {
            let row = &mut weight[v * n..(v + 1) * n];
            dual[v] = row.iter().copied().max().unwrap_or(W::ZERO);
            for e in row {
                *e = e.add(*e);
            }
        }
        let mut base: Vec<usize> = (0..n).collect();
        base.resize(2 * n, NONE);
        Weighted {
            n,
            weight,
            alive: vec![true; n],
            dirty: vec![false; n],
            dirty_list: Vec::new(),
            changed: Vec::new(),
            mate: vec![NONE; n],
            dual,
            inblossom: (0..n).collect(),
            parent: vec![NONE; 2 * n],
            childs: vec![Vec::new(); 2 * n],
            links: vec![Vec::new(); 2 * n],
            members: vec![Vec::new(); 2 * n],
            base,
            label: vec![FREE; 2 * n],
            labeledge: vec![NO_EDGE; 2 * n],
            bestedge: vec![NO_EDGE; 2 * n],
            mybest: vec![None; 2 * n],
            unused: (n..2 * n).rev().collect(),
            queue: Vec::new(),
        }
    }

    /// Matches `a`–`b` at once if both are free single vertices and the
    /// edge is tight: a guess that saves searches, never a constraint.
    /// Returns whether it did.
    pub fn hint(&mut self, a: usize, b: usize) -> bool {
        let ok = a != b
            && self.alive[a]
            && self.alive[b]
            && !self.dirty[a]
            && !self.dirty[b]
            && self.mate[a] == NONE
            && self.mate[b] == NONE
            && self.inblossom[a] == a
            && self.inblossom[b] == b
            && !self.w(a, b).is_zero()
            && self.slack(a, b).is_zero();
        if ok {
            self.mate[a] = b;
            self.mate[b] = a;
        }
        ok
    }

    /// Matches `a` by [`Weighted::hint`] to the first of `candidates` it can.
    pub fn hint_first(&mut self, a: usize, candidates: &[usize]) {
        for &b in candidates {
            if self.mate[a] != NONE || self.hint(a, b) {
                return;
            }
        }
    }

    /// Matches each free single vertex, in order, to the first free single
    /// vertex after it joined by a tight edge.
    pub fn greedy(&mut self) {
        for a in 0..self.n {
            if self.mate[a] != NONE {
                continue;
            }
            for b in a + 1..self.n {
                if self.hint(a, b) {
                    break;
                }
            }
        }
    }

    /// Twice the weight of `a`–`b`.
    #[inline]
    fn w(&self, a: usize, b: usize) -> W {
        self.weight[a * self.n + b]
    }

    /// Whether `v` is still in the graph.
    pub fn alive(&self, v: usize) -> bool {
        self.alive[v]
    }

    /// The mate of `v` in the matching last solved, if any.
    pub fn mate(&self, v: usize) -> Option<usize> {
        (self.mate[v] != NONE).then_some(self.mate[v])
    }

    /// Sets the weight of `a`–`b` (zero: no edge). The matching is optimal
    /// again after [`Weighted::solve`]; until then [`Weighted::mate`] may
    /// show `a` unmatched.
    pub fn set_weight(&mut self, a: usize, b: usize, w: W) {
        let w = w.add(w);
        if self.w(a, b) == w {
            return;
        }
        self.weight[a * self.n + b] = w;
        self.weight[b * self.n + a] = w;
        if !self.dirty[a] && !self.dirty[b] {
            self.changed.push((a, b));
        }
    }

    /// Makes the duals feasible again after weight changes, keeping the
    /// matching where it can: a matched edge between single vertices is
    /// made tight by moving the dual of its first end, and an end whose
    /// dual falls, or whose edge became too heavy, is unmatched (and its
    /// dual raised) only if some edge would have a negative slack.
    fn settle(&mut self) {
        let n = self.n;
        let changed = std::mem::take(&mut self.changed);
        let mut lowered = Vec::new();
        // Unmatching a vertex inside a blossom turns the blossom round and
        // can match another changed edge: go over them again if it did.
        let mut moved = true;
        while moved {
            moved = false;
            for &(a, b) in &changed {
                if !self.alive[a] || !self.alive[b] || self.dirty[a] || self.dirty[b] {
                    continue;
                }
                let e = self.w(a, b);
                if self.mate[a] == b {
                    let (twice, other) = (e, self.dual[b]);
                    let single = self.inblossom[a] == a && self.inblossom[b] == b;
                    if !single || e.is_zero() || twice < other {
                        moved |= !single;
                        self.prepare(a);
                    } else {
                        let need = twice.sub(other);
                        if need < self.dual[a] {
                            lowered.push(a);
                        }
                        self.dual[a] = need;
                    }
                } else if self.inblossom[a] == self.inblossom[b]
                    || self.dual[a].add(self.dual[b]) < e
                {
                    // Inside a blossom (whose cycle must stay tight), or
                    // too heavy for the duals.
                    moved |= self.inblossom[a] != a;
                    self.prepare(a);
                }
            }
        }
        for a in lowered {
            if self.dirty[a] || !self.alive[a] {
                continue;
            }
            let infeasible = (0..n).any(|x| {
                let e = self.w(a, x);
                x != a
                    && self.alive[x]
                    && !e.is_zero()
                    && self.inblossom[x] != a
                    && self.dual[a].add(self.dual[x]) < e
            });
            if infeasible {
                self.prepare(a);
            }
        }
    }

    /// Takes the pair `a`–`b` (matched to each other) out of the graph;
    /// what is left stays optimal.
    pub fn remove_pair(&mut self, a: usize, b: usize) {
        debug_assert_eq!(self.mate[a], b);
        self.prepare(a);
        self.prepare(b);
        self.alive[a] = false;
        self.alive[b] = false;
    }

    /// Restores a maximum weight matching after changes.
    pub fn solve(&mut self) {
        let n = self.n;
        self.settle();
        for v in std::mem::take(&mut self.dirty_list) {
            self.dirty[v] = false;
            if !self.alive[v] {
                continue;
            }
            // v is a single free vertex: its dual covers its heaviest edge.
            let mut u = W::ZERO;
            for x in 0..n {
                let e = self.w(v, x);
                if x == v || !self.alive[x] || e.is_zero() {
                    continue;
                }
                let twice = e;
                if twice > self.dual[x] {
                    u = u.max(twice.sub(self.dual[x]));
                }
            }
            self.dual[v] = u;
        }
        while self.stage() {}
    }

    /// Unmatches `v` and dissolves the blossoms holding it, keeping every
    /// edge feasible; its dual is raised at the next solve.
    fn prepare(&mut self, v: usize) {
        if self.dirty[v] {
            return;
        }
        let top = self.inblossom[v];
        let base = self.base[top];
        let m = self.mate[base];
        if m != NONE {
            self.mate[base] = NONE;
            self.mate[m] = NONE;
        }
        if top >= self.n {
            // Make v the base, so that it is the one left free.
            self.augment_blossom(top, v);
            self.mate[v] = NONE;
        }
        while self.inblossom[v] != v {
            self.dissolve(self.inblossom[v]);
        }
        self.dirty[v] = true;
        self.dirty_list.push(v);
    }

    /// Makes the dual of the free vertex `r` even: every tree of a search
    /// then has even duals (tight edges join duals of one parity), so the
    /// slack between two outer vertices is even and halves exactly. The
    /// dual rises by one, with the whole blossom round `r` that has a
    /// positive dual (its dual falling by one, so the edges inside keep
    /// their slack); blossoms with a zero dual above it are dissolved.
    fn make_even(&mut self, r: usize) {
        if !self.dual[r].is_odd() {
            return;
        }
        let mut chain = Vec::new();
        let mut b = r;
        while self.parent[b] != NONE {
            b = self.parent[b];
            chain.push(b);
        }
        // The outermost blossom round r with a positive dual, if any.
        let keep = chain.iter().rposition(|&b| !self.dual[b].is_zero());
        let above = keep.map_or(0, |k| k + 1);
        for &b in chain[above..].iter().rev() {
            self.dissolve(b);
        }
        match keep {
            Some(k) => {
                let b = chain[k];
                self.dual[b] = self.dual[b].sub(W::ONE);
                let mut leaves = Vec::new();
                self.leaves(b, &mut leaves);
                for v in leaves {
                    self.dual[v] = self.dual[v].add(W::ONE);
                }
            }
            None => self.dual[r] = self.dual[r].add(W::ONE),
        }
    }

    /// Dissolves the top-level blossom `b` outside a search; its dual moves
    /// to its vertices, so the edges inside keep their slack.
    fn dissolve(&mut self, b: usize) {
        let z = self.dual[b];
        let mut leaves = Vec::new();
        self.leaves(b, &mut leaves);
        for &v in &leaves {
            self.dual[v] = self.dual[v].add(z);
        }
        for s in std::mem::take(&mut self.childs[b]) {
            self.parent[s] = NONE;
            leaves.clear();
            self.leaves(s, &mut leaves);
            for &v in &leaves {
                self.inblossom[v] = s;
            }
        }
        self.release_blossom(b);
    }

    fn release_blossom(&mut self, b: usize) {
        self.childs[b].clear();
        self.links[b].clear();
        self.members[b].clear();
        self.base[b] = NONE;
        self.parent[b] = NONE;
        self.label[b] = FREE;
        self.labeledge[b] = NO_EDGE;
        self.bestedge[b] = NO_EDGE;
        self.mybest[b] = None;
        self.dual[b] = W::ZERO;
        self.unused.push(b);
    }

    /// Appends the vertices of blossom `b` to `out`.
    fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.n {
            out.push(b);
        } else {
            out.extend_from_slice(&self.members[b]);
        }
    }

    /// The doubled slack of `v`–`w`, two vertices of different top-level
    /// blossoms.
    #[inline]
    fn slack(&self, v: usize, w: usize) -> W {
        self.dual[v].add(self.dual[w]).sub(self.w(v, w))
    }

    fn assign_label(&mut self, w: usize, t: u8, v: usize) {
        let b = self.inblossom[w];
        self.label[w] = t;
        self.label[b] = t;
        let edge = if v == NONE { NO_EDGE } else { (v, w) };
        self.labeledge[w] = edge;
        self.labeledge[b] = edge;
        self.bestedge[w] = NO_EDGE;
        self.bestedge[b] = NO_EDGE;
        if t == OUTER {
            let mut leaves = std::mem::take(&mut self.queue);
            self.leaves(b, &mut leaves);
            self.queue = leaves;
        } else {
            let base = self.base[b];
            let m = self.mate[base];
            self.assign_label(m, OUTER, base);
        }
    }

    /// Traces back from the outer vertices `v` and `w` to the base of the
    /// blossom their tight edge closes.
    fn scan_blossom(&mut self, v: usize, w: usize) -> usize {
        let mut path = Vec::new();
        let mut found = NONE;
        let (mut v, mut w) = (v, w);
        while v != NONE {
            let b = self.inblossom[v];
            if self.label[b] & CRUMB != 0 {
                found = self.base[b];
                break;
            }
            path.push(b);
            self.label[b] = OUTER | CRUMB;
            if self.labeledge[b] == NO_EDGE {
                v = NONE;
            } else {
                let t = self.labeledge[b].0;
                let bt = self.inblossom[t];
                v = self.labeledge[bt].0;
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = OUTER;
        }
        found
    }

    /// Makes the blossom closed by the tight edge `v`–`w` (both outer) with
    /// the given base, an outer blossom.
    fn add_blossom(&mut self, base: usize, v: usize, w: usize) {
        let n = self.n;
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let b = self.unused.pop().expect("at most n blossoms");
        self.base[b] = base;
        self.parent[b] = NONE;
        self.parent[bb] = b;
        let mut path = Vec::new();
        let mut edges = vec![(v, w)];
        while bv != bb {
            self.parent[bv] = b;
            path.push(bv);
            edges.push(self.labeledge[bv]);
            bv = self.inblossom[self.labeledge[bv].0];
        }
        path.push(bb);
        path.reverse();
        edges.reverse();
        while bw != bb {
            self.parent[bw] = b;
            path.push(bw);
            let (x, y) = self.labeledge[bw];
            edges.push((y, x));
            bw = self.inblossom[x];
        }
        self.label[b] = OUTER;
        self.labeledge[b] = self.labeledge[bb];
        self.dual[b] = W::ZERO;
        let mut leaves = Vec::new();
        for &sub in &path {
            self.leaves(sub, &mut leaves);
        }
        self.members[b] = leaves.clone();
        self.childs[b] = path.clone();
        self.links[b] = edges;
        for &x in &leaves {
            if self.label[self.inblossom[x]] == INNER {
                // An inner vertex turns outer inside the new blossom.
                self.queue.push(x);
            }
            self.inblossom[x] = b;
        }
        // The least-slack edges to the other outer blossoms.
        let mut best_to: Vec<(usize, usize)> = vec![NO_EDGE; 2 * n];
        let mut touched = Vec::new();
        let mut consider = |this: &Self, best_to: &mut Vec<(usize, usize)>, i: usize, j: usize| {
            let bj = this.inblossom[j];
            if bj != b && this.label[bj] == OUTER {
                let e = best_to[bj];
                if e == NO_EDGE {
                    touched.push(bj);
                }
                if e == NO_EDGE || this.slack(i, j) < this.slack(e.0, e.1) {
                    best_to[bj] = (i, j);
                }
            }
        };
        let mut sub_leaves = Vec::new();
        for &sub in &path {
            match self.mybest[sub].take() {
                Some(list) => {
                    for (i, j) in list {
                        let (i, j) = if self.inblossom[j] == b {
                            (j, i)
                        } else {
                            (i, j)
                        };
                        consider(self, &mut best_to, i, j);
                    }
                }
                None => {
                    sub_leaves.clear();
                    self.leaves(sub, &mut sub_leaves);
                    for &x in &sub_leaves {
                        for y in 0..n {
                            let outer = self.label[self.inblossom[y]] == OUTER;
                            if outer && y != x && self.alive[y] && !self.w(x, y).is_zero() {
                                consider(self, &mut best_to, x, y);
                            }
                        }
                    }
                }
            }
            self.bestedge[sub] = NO_EDGE;
        }
        let mine: Vec<(usize, usize)> = touched.iter().map(|&t| best_to[t]).collect();
        let mut best = NO_EDGE;
        for &(i, j) in &mine {
            if best == NO_EDGE || self.slack(i, j) < self.slack(best.0, best.1) {
                best = (i, j);
            }
        }
        self.mybest[b] = Some(mine);
        self.bestedge[b] = best;
    }

    /// Expands the top-level blossom `b`: at the end of a stage (its dual
    /// zero, and so those of its sub-blossoms), or an inner blossom whose
    /// dual fell to zero, relabelling its sub-blossoms.
    fn expand_blossom(&mut self, b: usize, endstage: bool) {
        let n = self.n;
        let childs = self.childs[b].clone();
        let links = self.links[b].clone();
        let mut leaves = Vec::new();
        for &s in &childs {
            self.parent[s] = NONE;
            if s < n {
                self.inblossom[s] = s;
            } else if endstage && self.dual[s].is_zero() {
                self.expand_blossom(s, endstage);
            } else {
                leaves.clear();
                self.leaves(s, &mut leaves);
                for &v in &leaves {
                    self.inblossom[v] = s;
                }
            }
        }
        if !endstage && self.label[b] == INNER {
            let len = childs.len() as isize;
            let at = |j: isize| j.rem_euclid(len) as usize;
            let entry = self.inblossom[self.labeledge[b].1];
            let mut j = childs.iter().position(|&c| c == entry).expect("a child") as isize;
            let step: isize = if j & 1 == 1 {
                j -= len;
                1
            } else {
                -1
            };
            let (mut v, mut w) = self.labeledge[b];
            while j != 0 {
                let q = if step == 1 {
                    links[at(j)].1
                } else {
                    links[at(j - 1)].0
                };
                self.label[w] = FREE;
                self.label[q] = FREE;
                self.assign_label(w, INNER, v);
                j += step;
                (v, w) = if step == 1 {
                    links[at(j)]
                } else {
                    let (x, y) = links[at(j - 1)];
                    (y, x)
                };
                j += step;
            }
            let bw = childs[at(j)];
            self.label[w] = INNER;
            self.label[bw] = INNER;
            self.labeledge[w] = (v, w);
            self.labeledge[bw] = (v, w);
            self.bestedge[bw] = NO_EDGE;
            j += step;
            while childs[at(j)] != entry {
                let bv = childs[at(j)];
                if self.label[bv] == OUTER {
                    j += step;
                    continue;
                }
                leaves.clear();
                self.leaves(bv, &mut leaves);
                if let Some(&x) = leaves.iter().find(|&&x| self.label[x] != FREE) {
                    self.label[x] = FREE;
                    let m = self.mate[self.base[bv]];
                    self.label[m] = FREE;
                    let from = self.labeledge[x].0;
                    self.assign_label(x, INNER, from);
                }
                j += step;
            }
        }
        self.release_blossom(b);
    }

    /// Swaps matched and unmatched edges along the even path in blossom `b`
    /// from its vertex `v` to its base, making `v` the base.
    fn augment_blossom(&mut self, b: usize, v: usize) {
        let n = self.n;
        let mut t = v;
        while self.parent[t] != b {
            t = self.parent[t];
        }
        if t >= n {
            self.augment_blossom(t, v);
        }
        let len = self.childs[b].len() as isize;
        let at = |j: isize| j.rem_euclid(len) as usize;
        let i = self.childs[b]
            .iter()
            .position(|&c| c == t)
            .expect("a child");
        let mut j = i as isize;
        let step: isize = if i & 1 == 1 {
            j -= len;
            1
        } else {
            -1
        };
        while j != 0 {
            j += step;
            let t = self.childs[b][at(j)];
            let (w, x) = if step == 1 {
                self.links[b][at(j)]
            } else {
                let (p, q) = self.links[b][at(j - 1)];
                (q, p)
            };
            if t >= n {
                self.augment_blossom(t, w);
            }
            j += step;
            let t = self.childs[b][at(j)];
            if t >= n {
                self.augment_blossom(t, x);
            }
            self.mate[w] = x;
            self.mate[x] = w;
        }
        self.childs[b].rotate_left(i);
        self.links[b].rotate_left(i);
        self.base[b] = self.base[self.childs[b][0]];
        debug_assert_eq!(self.base[b], v);
    }

    /// Matches the outer vertex `s` to `j` (or leaves it free if `j` is
    /// `NONE`) and flips the alternating path from `s` back to the root.
    fn flip_back(&mut self, mut s: usize, mut j: usize) {
        let n = self.n;
        loop {
            let bs = self.inblossom[s];
            if bs >= n {
                self.augment_blossom(bs, s);
            }
            self.mate[s] = j;
            if self.labeledge[bs] == NO_EDGE {
                break;
            }
            let t = self.labeledge[bs].0;
            let bt = self.inblossom[t];
            let (s2, j2) = self.labeledge[bt];
            if bt >= n {
                self.augment_blossom(bt, j2);
            }
            self.mate[j2] = s2;
            s = s2;
            j = j2;
        }
    }

    /// One search from every free vertex whose dual is positive (the
    /// roots); false if there is none. It ends when two roots are matched
    /// (an augmenting path between their trees), a root is matched to a
    /// free vertex with a zero dual, or some outer vertex's dual falls to
    /// zero (and that vertex is left free, its root matched if another).
    /// Each stage leaves one root fewer; free vertices outside the trees
    /// keep zero duals.
    fn stage(&mut self) -> bool {
        let n = self.n;
        for b in 0..2 * n {
            self.label[b] = FREE;
            self.labeledge[b] = NO_EDGE;
            self.bestedge[b] = NO_EDGE;
            self.mybest[b] = None;
        }
        self.queue.clear();
        let mut roots = false;
        for v in 0..n {
            if self.alive[v] && self.mate[v] == NONE && !self.dual[v].is_zero() {
                debug_assert_eq!(self.base[self.inblossom[v]], v);
                self.make_even(v);
                self.assign_label(v, OUTER, NONE);
                roots = true;
            }
        }
        if !roots {
            return false;
        }
        'search: loop {
            while let Some(v) = self.queue.pop() {
                let row = v * n;
                for w in 0..n {
                    let bv = self.inblossom[v];
                    let bw = self.inblossom[w];
                    if bv == bw || (self.label[bw] == INNER && self.label[w] != FREE) {
                        // Inside one blossom (v itself too), or an inner
                        // vertex reached already: nothing to learn.
                        continue;
                    }
                    let e = self.weight[row + w];
                    if e.is_zero() || !self.alive[w] {
                        continue;
                    }
                    let slack = self.dual[v].add(self.dual[w]).sub(e);
                    if slack.is_zero() {
                        if self.label[bw] == FREE {
                            if self.mate[self.base[bw]] == NONE {
                                // A free vertex: augment to it.
                                if bw >= n {
                                    self.augment_blossom(bw, w);
                                }
                                self.mate[w] = v;
                                self.flip_back(v, w);
                                break 'search;
                            }
                            self.assign_label(w, INNER, v);
                        } else if self.label[bw] == OUTER {
                            let base = self.scan_blossom(v, w);
                            if base == NONE {
                                // Two trees meet: augment both roots.
                                self.flip_back(v, w);
                                self.flip_back(w, v);
                                break 'search;
                            }
                            self.add_blossom(base, v, w);
                        } else if self.label[w] == FREE {
                            self.label[w] = INNER;
                            self.labeledge[w] = (v, w);
                        }
                    } else if self.label[bw] == OUTER {
                        let e = self.bestedge[bv];
                        if e == NO_EDGE || slack < self.slack(e.0, e.1) {
                            self.bestedge[bv] = (v, w);
                        }
                    } else if self.label[w] == FREE {
                        let e = self.bestedge[w];
                        if e == NO_EDGE || slack < self.slack(e.0, e.1) {
                            self.bestedge[w] = (v, w);
                        }
                    }
                }
            }
            // No tight edge leads on: move the duals.
            let mut delta = W::ZERO;
            let mut kind = 0;
            let mut at = NONE;
            let mut edge = NO_EDGE;
            for v in 0..n {
                if self.alive[v]
                    && self.label[self.inblossom[v]] == OUTER
                    && (kind == 0 || self.dual[v] < delta)
                {
                    delta = self.dual[v];
                    kind = 1;
                    at = v;
                }
            }
            for v in 0..n {
                let e = self.bestedge[v];
                if self.alive[v] && self.label[self.inblossom[v]] == FREE && e != NO_EDGE {
                    let d = self.slack(e.0, e.1);
                    if d < delta {
                        delta = d;
                        kind = 2;
                        edge = e;
                    }
                }
            }
            for b in 0..2 * n {
                let e = self.bestedge[b];
                let top = self.parent[b] == NONE && self.base[b] != NONE;
                let alive = b >= n || self.alive[b];
                if top && alive && self.label[b] == OUTER && e != NO_EDGE {
                    let d = self.slack(e.0, e.1).half();
                    if d < delta {
                        delta = d;
                        kind = 3;
                        edge = e;
                    }
                }
            }
            for b in n..2 * n {
                if self.base[b] != NONE
                    && self.parent[b] == NONE
                    && self.label[b] == INNER
                    && self.dual[b] < delta
                {
                    delta = self.dual[b];
                    kind = 4;
                    at = b;
                }
            }
            for v in 0..n {
                if !self.alive[v] {
                    continue;
                }
                match self.label[self.inblossom[v]] {
                    OUTER => self.dual[v] = self.dual[v].sub(delta),
                    INNER => self.dual[v] = self.dual[v].add(delta),
                    _ => {}
                }
            }
            for b in n..2 * n {
                if self.base[b] != NONE && self.parent[b] == NONE {
                    match self.label[b] {
                        OUTER => self.dual[b] = self.dual[b].add(delta),
                        INNER => self.dual[b] = self.dual[b].sub(delta),
                        _ => {}
                    }
                }
            }
            match kind {
                1 => {
                    // An outer vertex's dual is zero: leave it free (and
                    // match its root if it is another).
                    self.flip_back(at, NONE);
                    break 'search;
                }
                2 | 3 => {
                    let (v, w) = edge;
                    let outer = if self.label[self.inblossom[v]] == OUTER {
                        v
                    } else {
                        w
                    };
                    self.queue.push(outer);
                }
                _ => self.expand_blossom(at, false),
            }
        }
        for b in n..2 * n {
            if self.base[b] != NONE
                && self.parent[b] == NONE
                && self.label[b] == OUTER
                && self.dual[b].is_zero()
            {
                self.expand_blossom(b, true);
            }
        }
        true
    }

    /// Checks the optimality conditions (tests only).
    #[cfg(test)]
    fn verify(&self) {
        let n = self.n;
        let chain = |v: usize| {
            let mut c = vec![v];
            while self.parent[*c.last().unwrap()] != NONE {
                c.push(self.parent[*c.last().unwrap()]);
            }
            c.reverse();
            c
        };
        for i in 0..n {
            if !self.alive[i] {
                continue;
            }
            if self.mate[i] == NONE {
                assert!(self.dual[i].is_zero(), "free vertex {i} with a dual");
            } else {
                assert_eq!(self.mate[self.mate[i]], i);
                assert!(!self.w(i, self.mate[i]).is_zero(), "{i} matched on no edge");
            }
            for j in i + 1..n {
                if !self.alive[j] || self.w(i, j).is_zero() {
                    continue;
                }
                let (ci, cj) = (chain(i), chain(j));
                let mut s = self.dual[i].add(self.dual[j]);
                for (a, b) in ci.iter().zip(&cj) {
                    if a != b {
                        break;
                    }
                    if *a >= n {
                        s = s.add(self.dual[*a]).add(self.dual[*a]);
                    }
                }
                let e = self.w(i, j);
                assert!(s >= e, "edge {i}-{j} infeasible");
                if self.mate[i] == j {
                    assert!(s == e, "matched edge {i}-{j} not tight");
                }
            }
        }
        for b in n..2 * n {
            if self.base[b] != NONE && !self.dual[b].is_zero() {
                for k in (1..self.links[b].len()).step_by(2) {
                    let (x, y) = self.links[b][k];
                    assert_eq!(self.mate[x], y, "blossom {b} not full");
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Lcg(u64);
    impl Lcg {
        fn below(&mut self, n: u64) -> u64 {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (self.0 >> 33) % n
        }
    }

    /// The heaviest matching's weight, by brute force.
    fn brute(n: usize, w: &[u64], alive: &[bool], used: u32) -> u64 {
        let Some(v) = (0..n).find(|&v| alive[v] && used & (1 << v) == 0) else {
            return 0;
        };
        let mut best = brute(n, w, alive, used | 1 << v);
        for u in v + 1..n {
            if alive[u] && used & (1 << u) == 0 && w[v * n + u] > 0 {
                best = best.max(w[v * n + u] + brute(n, w, alive, used | 1 << v | 1 << u));
            }
        }
        best
    }

    /// The weight of the matching.
    fn total(m: &Weighted<u64>) -> u64 {
        (0..m.n)
            .filter(|&v| m.alive[v])
            .filter_map(|v| m.mate(v).filter(|&u| u > v).map(|u| m.w(v, u) / 2))
            .sum()
    }

    /// The weights as given.
    fn weights(m: &Weighted<u64>) -> Vec<u64> {
        m.weight.iter().map(|w| w / 2).collect()
    }

    fn random_graph(rng: &mut Lcg, n: usize, spread: u64) -> Vec<u64> {
        let mut w = vec![0; n * n];
        for a in 0..n {
            for b in a + 1..n {
                if rng.below(4) != 0 {
                    let x = 1 + rng.below(spread);
                    w[a * n + b] = x;
                    w[b * n + a] = x;
                }
            }
        }
        w
    }

    #[test]
    fn agrees_with_brute_force() {
        let mut rng = Lcg(11);
        for round in 0..600 {
            let n = 2 + rng.below(10) as usize;
            // Few distinct weights make many ties and blossoms.
            let spread = [3, 10, 1000][round % 3];
            let w = random_graph(&mut rng, n, spread);
            let mut m = Weighted::new(n, w.clone());
            m.solve();
            m.verify();
            assert_eq!(total(&m), brute(n, &w, &m.alive, 0), "{w:?}");
        }
    }

    #[test]
    fn stays_optimal_as_weights_change_and_pairs_leave() {
        let mut rng = Lcg(5);
        for round in 0..300 {
            let n = 4 + rng.below(9) as usize;
            let spread = [4, 50][round % 2];
            let w = random_graph(&mut rng, n, spread);
            let mut m = Weighted::new(n, w);
            for k in 0..n / 2 {
                m.hint(k, n - 1 - k);
            }
            m.solve();
            m.verify();
            for _ in 0..12 {
                match rng.below(3) {
                    0 | 1 => {
                        // New weights at one or two vertices.
                        for _ in 0..1 + rng.below(2) {
                            let v = rng.below(n as u64) as usize;
                            for x in 0..n {
                                if x != v && m.alive[x] && m.alive[v] && rng.below(2) == 0 {
                                    let nw = if rng.below(4) == 0 {
                                        0
                                    } else {
                                        1 + rng.below(spread)
                                    };
                                    m.set_weight(v, x, nw);
                                }
                            }
                        }
                    }
                    _ => {
                        if let Some(v) = (0..n).find(|&v| m.alive[v] && m.mate[v] != NONE) {
                            let u = m.mate[v];
                            m.remove_pair(v, u);
                        }
                    }
                }
                m.solve();
                m.verify();
                assert!(
                    m.dual.iter().all(|&d| d < 1 << 40),
                    "negative dual {:?}",
                    m.dual
                );
                let alive = m.alive.clone();
                assert_eq!(total(&m), brute(n, &weights(&m), &alive, 0));
            }
        }
    }
}
