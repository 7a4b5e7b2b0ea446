//! Maximum cardinality matching on a general graph (Edmonds' blossoms),
//! used to tell whether the players left after a bracket can all still be
//! paired (C.04.3 C.4), and to pair a round at all when the brackets
//! cannot.

use std::rc::Rc;

/// No vertex.
pub(crate) const NONE: usize = usize::MAX;

/// A graph on `n` vertices as an adjacency matrix, with a matching kept
/// over the vertices still alive.
#[derive(Clone, Debug)]
pub(crate) struct Matching {
    n: usize,
    adj: Rc<[bool]>,
    /// Whether each vertex is still to be matched.
    pub alive: Vec<bool>,
    /// Each vertex's mate, or [`NONE`].
    pub mate: Vec<usize>,
    /// The number of matched edges.
    pub size: usize,
}

impl Matching {
    /// A maximum matching of the vertices `alive` of the graph `adj`
    /// (`n`×`n`, symmetric), starting from a greedy one in vertex order.
    pub fn maximum(n: usize, adj: Rc<[bool]>, alive: Vec<bool>) -> Matching {
        let mut m = Matching {
            n,
            adj,
            alive,
            mate: vec![NONE; n],
            size: 0,
        };
        for v in 0..n {
            if !m.alive[v] || m.mate[v] != NONE {
                continue;
            }
            if let Some(u) = (v + 1..n).find(|&u| m.alive[u] && m.mate[u] == NONE && m.edge(v, u)) {
                m.mate[v] = u;
                m.mate[u] = v;
                m.size += 1;
            }
        }
        for v in 0..n {
            if m.alive[v] && m.mate[v] == NONE && m.augment_from(v) {
                m.size += 1;
            }
        }
        m
    }

    /// Whether `a` and `b` are joined.
    pub fn edge(&self, a: usize, b: usize) -> bool {
        self.adj[a * self.n + b]
    }

    /// The vertices some maximum matching leaves free, this one being
    /// maximum: those an even alternating path reaches from a free vertex
    /// (the set D of the Gallai–Edmonds decomposition).
    pub fn missed(&self) -> Vec<bool> {
        let mut out = vec![false; self.n];
        for v in 0..self.n {
            if self.alive[v] && self.mate[v] == NONE {
                let reached = self.clone().search(v).expect("a maximum matching");
                for (o, r) in out.iter_mut().zip(reached) {
                    *o |= r;
                }
            }
        }
        out
    }

    /// Looks for an augmenting path from the free vertex `root` and flips it.
    fn augment_from(&mut self, root: usize) -> bool {
        self.search(root).is_none()
    }

    /// Searches from the free vertex `root`: flips an augmenting path and
    /// returns `None`, or returns the vertices an even alternating path
    /// from `root` reaches.
    fn search(&mut self, root: usize) -> Option<Vec<bool>> {
        let n = self.n;
        let mut search = Search {
            used: vec![false; n],
            parent: vec![NONE; n],
            base: (0..n).collect(),
        };
        let mut queue = vec![root];
        search.used[root] = true;
        let mut head = 0;
        while head < queue.len() {
            let v = queue[head];
            head += 1;
            for to in 0..n {
                if !self.alive[to] || !self.edge(v, to) {
                    continue;
                }
                if search.base[v] == search.base[to] || self.mate[v] == to {
                    continue;
                }
                if to == root || (self.mate[to] != NONE && search.parent[self.mate[to]] != NONE) {
                    self.contract(&mut search, &mut queue, v, to);
                } else if search.parent[to] == NONE {
                    search.parent[to] = v;
                    if self.mate[to] == NONE {
                        self.flip(&search, to);
                        return None;
                    }
                    search.used[self.mate[to]] = true;
                    queue.push(self.mate[to]);
                }
            }
        }
        Some(search.used)
    }

    /// Shrinks the blossom closed by the edge `v`–`to`.
    fn contract(&self, s: &mut Search, queue: &mut Vec<usize>, v: usize, to: usize) {
        let top = self.common_base(s, v, to);
        let mut blossom = vec![false; self.n];
        self.mark_path(s, &mut blossom, v, top, to);
        self.mark_path(s, &mut blossom, to, top, v);
        for i in 0..self.n {
            if blossom[s.base[i]] {
                s.base[i] = top;
                if !s.used[i] {
                    s.used[i] = true;
                    queue.push(i);
                }
            }
        }
    }

    fn common_base(&self, s: &Search, mut a: usize, mut b: usize) -> usize {
        let mut seen = vec![false; self.n];
        loop {
            a = s.base[a];
            seen[a] = true;
            if self.mate[a] == NONE {
                break;
            }
            a = s.parent[self.mate[a]];
        }
        loop {
            b = s.base[b];
            if seen[b] {
                return b;
            }
            b = s.parent[self.mate[b]];
        }
    }

    fn mark_path(
        &self,
        s: &mut Search,
        blossom: &mut [bool],
        mut v: usize,
        top: usize,
        mut child: usize,
    ) {
        while s.base[v] != top {
            blossom[s.base[v]] = true;
            blossom[s.base[self.mate[v]]] = true;
            s.parent[v] = child;
            child = self.mate[v];
            v = s.parent[self.mate[v]];
        }
    }

    fn flip(&mut self, s: &Search, end: usize) {
        let mut u = end;
        while u != NONE {
            let pv = s.parent[u];
            let next = self.mate[pv];
            self.mate[u] = pv;
            self.mate[pv] = u;
            u = next;
        }
    }
}

/// The state of one search for an augmenting path.
struct Search {
    used: Vec<bool>,
    parent: Vec<usize>,
    base: Vec<usize>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(n: usize, edges: &[(usize, usize)]) -> Vec<bool> {
        let mut adj = vec![false; n * n];
        for &(a, b) in edges {
            adj[a * n + b] = true;
            adj[b * n + a] = true;
        }
        adj
    }

    #[test]
    fn a_blossom_is_seen_through() {
        // A triangle 0-1-2 with a tail 2-3 and 0-4: greedy takes 0-1 and
        // 2-3, leaving 4; the maximum matching pairs all but one of 5.
        let adj = graph(6, &[(0, 1), (1, 2), (2, 0), (2, 3), (0, 4), (3, 5)]);
        let m = Matching::maximum(6, adj.into(), vec![true; 6]);
        assert_eq!(m.size, 3);
    }

    #[test]
    fn the_vertices_a_maximum_matching_may_miss() {
        // A path 0-1-2-3-4: a maximum matching misses 0, 2 or 4, never 1
        // or 3. A triangle 5-6-7 misses any one.
        let adj = graph(8, &[(0, 1), (1, 2), (2, 3), (3, 4), (5, 6), (6, 7), (7, 5)]);
        let m = Matching::maximum(8, adj.into(), vec![true; 8]);
        let missed = m.missed();
        assert_eq!(missed, [true, false, true, false, true, true, true, true]);
    }

    #[test]
    fn agrees_with_brute_force_on_small_graphs() {
        let mut seed = 7u64;
        for _ in 0..300 {
            let n = 8;
            let mut edges = Vec::new();
            for a in 0..n {
                for b in a + 1..n {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    if (seed >> 33) % 3 == 0 {
                        edges.push((a, b));
                    }
                }
            }
            let m = Matching::maximum(n, graph(n, &edges).into(), vec![true; n]);
            assert_eq!(m.size, brute(n, &edges, 0), "{edges:?}");
        }
    }

    fn brute(n: usize, edges: &[(usize, usize)], used: u32) -> usize {
        let Some(v) = (0..n).find(|&v| used & (1 << v) == 0) else {
            return 0;
        };
        let mut best = brute(n, edges, used | 1 << v);
        for &(a, b) in edges {
            let u = if a == v {
                b
            } else if b == v {
                a
            } else {
                continue;
            };
            if used & (1 << u) == 0 {
                best = best.max(1 + brute(n, edges, used | 1 << v | 1 << u));
            }
        }
        best
    }
}
