// What a screen reader is told as it happens: a live region (a log) that
// each page with a board keeps, off the screen, holding the last few
// announcements in the chosen language; and the words for what the
// keyboard does on a board.
import { $ } from './dom.js';
import { t, tower, plural } from './i18n.js';

// How many announcements the log keeps; a reader hears each as it is added.
const KEPT = 8;

/**
 * Adds `text` to the live region `id` (the game's `announce` unless told),
 * so that a screen reader says it; the same text twice in a row is said again.
 */
export function announce(text, id = 'announce') {
  const log = $(id);
  if (!log || !text) return;
  const line = document.createElement('p');
  line.textContent = text;
  // Numbered, so that a reader of the log (a test) knows what is new.
  line.dataset.n = String(Number(log.dataset.said || 0) + 1);
  log.dataset.said = line.dataset.n;
  log.appendChild(line);
  while (log.childElementCount > KEPT) log.firstElementChild.remove();
}

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

/** The squares a tower's moves go to, in words: "d2, d3, c2 (a push)". */
export function targetsWords(moves) {
  return moves.map((m) => (m.push ? t('say.push', { sq: m.to }) : m.to)).join(', ');
}

/** What is said when a tower is picked: which, where, and how many moves it has. */
export function pickedWords(tw, moves) {
  return cap(t('say.picked', { tower: tower(tw), sq: tw.sq, n: moves.length, moves: plural(moves.length, 'move') }));
}

/** The moves of a picked tower, listed: "The pink tower on d1 can go to d2, d3 …". */
export function movesWords(tw, moves) {
  return cap(t('say.moves', { tower: tower(tw), sq: tw.sq, list: targetsWords(moves) }));
}

/**
 * Why pressing Enter on `sq` picked nothing, for a seat whose move it is:
 * the square is empty, its tower cannot move (and which tower must), or the
 * picked tower cannot go there.
 */
export function refusedPickWords(state, sq, picked) {
  const at = (square) => state.towers.find((x) => x.sq === square);
  const here = at(sq);
  const from = picked && at(picked);
  if (from) return cap(t('say.no_target', { tower: tower(from), from: picked, sq }));
  if (!here) return t('say.empty', { sq });
  const forced = state.forced && state.forced !== sq && at(state.forced);
  if (forced && forced.side === here.side) {
    return cap(t('say.cannot_forced', { tower: tower(here), sq, forced: tower(forced), fsq: forced.sq }));
  }
  return cap(t('say.cannot', { tower: tower(here), sq }));
}

/**
 * Says what Enter on `sq` did on a board where a move may be played: the
 * tower picked (`after`) and its moves, the pick dropped, or why nothing was
 * picked. `before` was the pick before; `moves(sq)` lists a tower's moves;
 * `position` holds the `towers` and the `forced` square; `id` names the live region.
 */
export function tellPick({
  sq, before, after, moves, position, id = 'announce',
}) {
  const tw = after && position.towers.find((x) => x.sq === after);
  if (tw) announce(pickedWords(tw, moves(after)), id);
  else if (before === sq) announce(t('say.dropped'), id);
  else announce(refusedPickWords(position, sq, before), id);
}

/** What T says on a board: the moves of the picked tower (or the forced one), or how to pick. */
export function tellMoves({
  picked, moves, position, id = 'announce',
}) {
  const from = picked || position.forced;
  const tw = from && position.towers.find((x) => x.sq === from);
  announce(tw && moves(from).length ? movesWords(tw, moves(from)) : t('say.pick_first'), id);
}
