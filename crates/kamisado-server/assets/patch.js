// A game's patch applied to the state it was made from (`base`, unwritten
// when it is the one before `seq`), as kamisado-wire's `PatchView::apply`
// does: the fields the patch sets (after an action, no `legal` written is
// none, and the forced tower's moves come by their targets), the single
// action's `note` added or the tail of `notes`, the tail of `rounds` (keep
// the first `from` items, then `items`), the moves `played` added to the
// last round (or those the new notes tell) and its `result`, the towers
// `moved` ([from, to], all at once; or as the notes tell), the towers a
// single new note leaves for the states to name, and last what the notes
// tell of who acts next where the patch sets nothing. The position's text
// (`fen`) that the notes' moves give is the one thing it does not work
// out: a state it patched after an action holds the `fen` only as set.

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

// Who acts next and the tower they must move, as `note`, the last of a
// patch's new notes, tells.
function nextOf(note) {
  const next = note.next;
  if (next && next.kind === 'forced') {
    return { to_act: next.tower ? next.tower.side : null, forced: next.square, forced_colour: next.tower ? next.tower.colour : null };
  }
  if (next && next.kind === 'free') return { to_act: next.side, forced: null, forced_colour: null };
  const fill = next && next.kind === 'round_over' && next.then === 'fill';
  return { to_act: fill ? next.winner : null, forced: null, forced_colour: null };
}

// What the notes `tail` adds to `state`'s tell of the state after them (the
// moves, the towers displaced, the scorer's new tooth, the action's number);
// null when it adds none or removes some (kamisado-wire's `Told`).
function told(state, tail) {
  if (!tail || !tail.items.length || tail.from !== state.notes.length) return null;
  const out = { moves: [], displaced: [], promoted: null, n: state.n + tail.items.length };
  for (const { act } of tail.items) {
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
  // The tower that scored gains a dragon's tooth, on the square it came to.
  const last = tail.items[tail.items.length - 1];
  const { act, next } = last;
  if (next && next.kind === 'round_over' && next.promoted && ['step', 'push'].includes(act.kind)) {
    out.promoted = [act.to, next.promoted.rank];
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

// The legal moves as a patch writes them, in full: those of the tower
// `note` says must move come by their targets only (`c3` for `c1-c3`,
// `>c2` for the push `c1>c2`).
function fullLegal(legal, note) {
  const from = note && note.next && note.next.kind === 'forced' ? note.next.square : null;
  if (!from) return legal;
  const full = (m) => (m.startsWith('>') ? from + m : m === 'pass' || /[->]/.test(m) ? m : `${from}-${m}`);
  return legal.map(full);
}

// A patch's single new note with the kinds it leaves out: an act without
// one is a step, a next without one a forced tower.
function kinded(note) {
  const act = note.act.kind ? note.act : { kind: 'step', ...note.act };
  const next = note.next && !note.next.kind ? { kind: 'forced', ...note.next } : note.next;
  return { ...note, act, next };
}

// The state `patch` turns `state` into; null when it does not apply (a
// patch was missed).
export function patched(state, patch) {
  const base = 'base' in patch ? patch.base : patch.seq - 1;
  if (!state || base !== state.seq) return null;
  const set = { ...patch.set };
  const note = patch.note && kinded(patch.note);
  if (set.legal && note) set.legal = fullLegal(set.legal, note);
  const notes = note ? { from: state.notes.length, items: [note] } : patch.notes;
  const news = told(state, notes);
  const next = { ...state, ...set, seq: patch.seq };
  if (news && !('legal' in set)) next.legal = [];
  for (const [list, tail] of [['notes', notes], ['rounds', patch.rounds]]) {
    if (!tail) continue;
    if (tail.from > state[list].length) return null;
    next[list] = state[list].slice(0, tail.from).concat(tail.items);
  }
  const played = patch.played || (news && !patch.rounds ? news.moves : []);
  if (played.length || patch.result) {
    const last = next.rounds[next.rounds.length - 1];
    if (!last) return null;
    const result = patch.result || last.result;
    next.rounds = next.rounds.slice(0, -1).concat([{ ...last, moves: last.moves.concat(played), result }]);
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
  if (notes && notes.from === state.notes.length && notes.items.length === 1) {
    next.notes = next.notes.slice(0, -1).concat([named(notes.items[0], state.towers, next.towers)]);
  }
  // What the notes tell, from the last as named, where the patch sets nothing.
  if (news) {
    const fields = { n: news.n, ...nextOf(next.notes[next.notes.length - 1]) };
    if (news.moves.length) fields.last = news.moves[news.moves.length - 1];
    for (const [name, value] of Object.entries(fields)) if (!(name in set)) next[name] = value;
    // The position's text after moves is left to a client's rules, which
    // the page does not keep: it holds no `fen` rather than an old one.
    if (!('fen' in set)) delete next.fen;
  }
  return next;
}
