// The danger view: for a selected tower, what each of its moves does (wins,
// loses at once, lost in N, safe), as the server's solver proves it. One
// request per selection; an answer for a selection that has changed since
// is dropped. The toggle is remembered in this browser.
import { t, dangerWords } from './i18n.js';
import { request } from './http.js';

const STORE = 'kamisado.danger';

/** Whether the reader turned the danger view on. */
export function dangerOn() {
  try { return localStorage.getItem(STORE) === '1'; } catch (e) { return false; }
}

/** Remembers the toggle. */
export function setDangerOn(on) {
  try { localStorage.setItem(STORE, on ? '1' : '0'); } catch (e) { /* private mode */ }
}

/**
 * One board's danger view. `changed()` is called when an answer (or a
 * refusal) for the current selection comes.
 */
export class Danger {
  constructor(changed) {
    this.changed = changed;
    this.key = null;
    this.answer = null;
    this.error = null;
    this.busy = false;
    this.focus = null;
  }

  /**
   * Asks for the moves of a tower, unless already asked: `body` is the
   * request, `{position, from, rules}` on the analysis board, `{game, from}`
   * for a game (the server reads its position and rules); `at` names the
   * position when the body does not (a game's FEN), so that a new position asks again.
   */
  ask(body, at = '') {
    const key = `${at}|${JSON.stringify(body)}`;
    if (key === this.key) return;
    this.key = key;
    this.answer = null;
    this.error = null;
    this.focus = null;
    this.busy = true;
    request('POST', '/api/danger', body).then((answer) => {
      if (this.key !== key) return;
      this.answer = answer;
      this.busy = false;
      this.changed();
    }, (e) => {
      if (this.key !== key) return;
      this.error = e.message;
      this.busy = false;
      this.changed();
    });
  }

  /** Forgets the selection (an answer still on its way is then dropped). */
  clear() {
    this.key = null;
    this.answer = null;
    this.error = null;
    this.busy = false;
    this.focus = null;
  }

  /** The verdict of the move to `sq`, or null. */
  moveTo(sq) {
    return (this.answer && this.answer.moves.find((m) => m.to === sq)) || null;
  }

  /** The marks for board.js: each target with its verdict and its reason in words. */
  marks(mover) {
    if (!this.answer) return [];
    return this.answer.moves.filter((m) => m.to).map((m) => ({
      to: m.to, verdict: m.verdict, plies: m.plies, title: dangerWords(m, mover), focus: m.to === this.focus,
    }));
  }

  /** The line under the board: checking, a refusal, the focused move's reason or how to see one. */
  line(mover) {
    if (this.busy) return t('danger.checking');
    if (this.error) return t('danger.failed', { reason: this.error });
    if (!this.answer) return '';
    const focused = this.focus && this.moveTo(this.focus);
    if (focused) return dangerWords(focused, mover);
    const pass = this.answer.moves.find((m) => m.mv === 'pass');
    if (pass) return dangerWords(pass, mover);
    return t('danger.help');
  }
}
