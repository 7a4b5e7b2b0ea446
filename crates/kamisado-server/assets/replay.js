// Looking back through a game on its page: the position after any move of
// its move list, shown while the game goes on. The positions are the
// server's (GET /api/games/{id}/positions), asked for when the player first
// looks back and again whenever the game has gone on since; the page works
// out none of them.
import { t, side } from './i18n.js';
import { request } from './http.js';

/** Every move of a state's rounds in order: { mv, round, i } (i from 1 within its round). */
export function pliesOf(state) {
  return (state ? state.rounds : []).flatMap((r) => r.moves.map((mv, i) => ({ mv, round: r.round, i: i + 1 })));
}

/**
 * The player's look back: `ply` is the number of moves played in the
 * position shown (0 the start), or null while the live game is shown.
 * `changed()` is called when positions arrive.
 */
export class LookBack {
  constructor(id, changed) {
    this.id = id;
    this.changed = changed;
    this.ply = null;
    this.data = null;
    this.asked = null;
    // The number of moves there were when the player started looking back.
    this.seen = 0;
  }

  /** Whether an older position is shown. */
  get on() { return this.ply !== null; }

  /**
   * Shows the position after `ply` moves of `state`'s game; past its last
   * move, the live game again (false when it is the live game that is shown).
   */
  show(state, ply) {
    const all = pliesOf(state).length;
    if (ply >= all) { this.stop(); return false; }
    if (!this.on) this.seen = all;
    this.ply = Math.max(0, ply);
    // Told once its position is here (the mover is the server's word).
    this.toSay = true;
    this.fetch(state);
    return true;
  }

  /** Back to the live game. */
  stop() { this.ply = null; this.toSay = false; }

  /** The words for the position shown, once, when it has come: what a screen reader is told. */
  news(state) {
    if (!this.toSay || !this.position(state)) return '';
    this.toSay = false;
    return this.words(state);
  }

  /** One move back (`by` -1) or on (+1) from what is shown; from the live game, back to before its last move. */
  step(state, by) {
    const all = pliesOf(state).length;
    const from = this.on ? this.ply : all;
    if (from + by < 0 || (!this.on && by > 0)) return false;
    return this.show(state, from + by) || by > 0;
  }

  /** How many moves were made since the player started looking back. */
  since(state) { return this.on ? Math.max(0, pliesOf(state).length - this.seen) : 0; }

  // Whether the positions held have the first `ply` moves of `state`, as played.
  holds(state, ply) {
    const d = this.data;
    if (!d || d.plies.length < ply) return false;
    const plies = pliesOf(state);
    for (let j = 0; j < ply; j++) if (d.plies[j].mv !== plies[j].mv) return false;
    return true;
  }

  // Asks for the game's positions when those held are not of this state's game.
  fetch(state) {
    if (!this.on || (this.data && this.data.n === state.n && this.holds(state, this.ply))) return;
    if (this.asked === state.n) return;
    const n = state.n;
    this.asked = n;
    request('GET', `/api/games/${encodeURIComponent(this.id)}/positions`)
      .then((data) => { this.data = data; this.changed(); })
      .catch(() => {})
      .finally(() => { if (this.asked === n) this.asked = null; });
  }

  /** The position shown, once the server has given it: { towers, forced, … }, and the move that led to it. */
  position(state) {
    if (!this.on || !this.holds(state, this.ply)) return null;
    const d = this.data;
    return this.ply === 0 ? { ...d.start, mv: null } : { ...d.plies[this.ply - 1].after, mv: d.plies[this.ply - 1].mv };
  }

  /** The position shown, in words: "Looking back: the position after move 3 of round 1, Black's c1-c7." */
  words(state) {
    if (!this.on) return '';
    if (this.ply === 0) return t('look.start');
    const p = pliesOf(state)[this.ply - 1];
    const d = this.holds(state, this.ply) ? this.data.plies[this.ply - 1] : null;
    if (!d) return t('look.loading');
    const mv = p.mv === 'pass' ? t('game.pass_word') : p.mv;
    return t(state.target === 1 ? 'look.after_single' : 'look.after', {
      i: p.i, round: p.round, side: side(d.side), mv,
    });
  }
}
