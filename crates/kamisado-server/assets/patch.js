// A game's patch applied to the state it was made from, as kamisado-wire's
// `PatchView::apply` does: what the new notes tell first (the moves, the
// towers they displaced, the action's number, who acts next and the tower
// forced), then the fields the patch sets, the tails of `notes` and `rounds`
// (keep the first `from` items, then `items`), the moves `played` added to
// the last round, the towers `moved` ([from, to], all at once), and last the
// towers a single new note leaves for the states to name.

// The number of a square (`c6`) in the order a state lists its towers:
// rank by rank from the first, file by file from a.
function squareOrder(sq, edge) {
  return (parseInt(sq.slice(1), 10) - 1) * edge + (sq.charCodeAt(0) - 97);
}

// `towers` with each tower standing on a `from` square of `moves`
// ([from, to]) moved to its `to`, all at once, in the order a state lists
// them; a fill's preview is told so too.
export function movedTowers(towers, moves, board) {
  const to = new Map(moves);
  const edge = parseInt(board, 10);
  return towers
    .map((x) => (to.has(x.sq) ? { ...x, sq: to.get(x.sq) } : x))
    .sort((a, b) => squareOrder(a.sq, edge) - squareOrder(b.sq, edge));
}

// What the notes `tail` adds to `state`'s tell of the state after them (the
// moves, the towers displaced, the scorer's new tooth, who acts next);
// null when it adds none or removes some (kamisado-wire's `Told`).
export function told(state, tail) {
  if (!tail || !tail.items.length || tail.from !== state.notes.length) return null;
  const out = {
    moves: [], displaced: [], promoted: null, n: state.n + tail.items.length, to_act: null, forced: null, forced_colour: null,
  };
  let landed = null;
  for (const { act } of tail.items) {
    if (act.kind === 'step' || act.kind === 'push') landed = act.to;
    if (act.kind === 'step') {
      out.moves.push(`${act.from}-${act.to}`);
      out.displaced.push([act.from, act.to]);
    } else if (act.kind === 'push') {
      out.moves.push(`${act.from}>${act.to}`);
      out.displaced.push([act.from, act.to], ...act.pushed.map((p) => [p.from, p.to]));
    } else if (act.kind === 'pass') {
      out.moves.push('pass');
    }
  }
  const next = tail.items[tail.items.length - 1].next;
  if (next && next.kind === 'forced') {
    out.forced = next.square;
    // A tower left out is named once the towers have moved.
    if (next.tower) {
      out.to_act = next.tower.side;
      out.forced_colour = next.tower.colour;
    }
  } else if (next && next.kind === 'free') {
    out.to_act = next.side;
  } else if (next && next.kind === 'round_over') {
    if (next.then === 'fill') out.to_act = next.winner;
    // The tower that scored gains a dragon's tooth.
    if (next.promoted && landed) out.promoted = [landed, next.promoted.rank];
  }
  return out;
}

// The tower standing on `sq`, named as a note names it.
function towerOn(towers, sq) {
  const t = towers.find((x) => x.sq === sq);
  return t ? { side: t.side, colour: t.colour, rank: t.rank } : undefined;
}

// A patch's single new note names no tower that the states before and
// after it show on the square it names: the one that acted (before) and
// the one the next mover must move (after); nor, with the forced tower,
// the colour that decided it (the tower's) or the square that did when the
// tower that acted came to it. The note named from them.
function named(note, before, after) {
  const act = { ...note.act };
  if (!act.tower && ['step', 'push', 'pass'].includes(act.kind)) {
    act.tower = towerOn(before, act.kind === 'pass' ? act.square : act.from);
  }
  let { next } = note;
  if (next && next.kind === 'forced') {
    next = { ...next };
    if (!next.tower) next.tower = towerOn(after, next.square);
    if (!next.by_square) next.by_square = ['step', 'push'].includes(act.kind) ? act.to : '';
    if (!next.by_colour) next.by_colour = next.tower ? next.tower.colour : '';
  }
  return { ...note, act, next };
}

// The state `patch` turns `state` into; null when it does not apply (a
// patch was missed).
export function patched(state, patch) {
  if (!state || patch.base !== state.seq) return null;
  const set = patch.set || {};
  const news = told(state, patch.notes);
  const next = { ...state };
  if (news) {
    Object.assign(next, { n: news.n, to_act: news.to_act, forced: news.forced, forced_colour: news.forced_colour });
    if (news.moves.length) next.last = news.moves[news.moves.length - 1];
  }
  Object.assign(next, set, { seq: patch.seq });
  for (const list of ['notes', 'rounds']) {
    const tail = patch[list];
    if (!tail) continue;
    if (tail.from > state[list].length) return null;
    next[list] = state[list].slice(0, tail.from).concat(tail.items);
  }
  const played = patch.played || (news && !patch.rounds ? news.moves : []);
  if (played.length) {
    const last = next.rounds[next.rounds.length - 1];
    if (!last) return null;
    next.rounds = next.rounds.slice(0, -1).concat([{ ...last, moves: last.moves.concat(played) }]);
  }
  const derived = !patch.moved && news && !('towers' in set);
  const moved = patch.moved || (derived ? news.displaced : []);
  if (moved.length) {
    if (patch.moved && patch.moved.some(([from]) => !state.towers.some((x) => x.sq === from))) return null;
    next.towers = movedTowers(next.towers, moved, next.board);
  }
  if (derived && news.promoted) {
    const [sq, rank] = news.promoted;
    next.towers = next.towers.map((x) => (x.sq === sq ? { ...x, teeth: x.teeth + 1, rank } : x));
  }
  const tail = patch.notes;
  if (tail && tail.from === state.notes.length && tail.items.length === 1) {
    const note = named(tail.items[0], state.towers, next.towers);
    next.notes = next.notes.slice(0, -1).concat([note]);
    // Who moves next and the colour they must move, from the tower the note
    // left out, unless the patch says otherwise.
    if (note.next && note.next.kind === 'forced' && !tail.items[0].next.tower && note.next.tower) {
      if (!('to_act' in set)) next.to_act = note.next.tower.side;
      if (!('forced_colour' in set)) next.forced_colour = note.next.tower.colour;
    }
  }
  return next;
}
