// The puzzle trainer, /puzzles and /puzzles/{id}: a position with one
// winning move, which the player clicks; the server says right or wrong
// (and for a wrong move why). A miss may be tried again until the player
// asks for the answer; then, or once solved, the page plays the solution
// out step by step, with the rating change for a signed-in player's first
// attempt. A guest starts at the easiest grade and climbs a grade with
// each puzzle solved at the first try (a shown answer steps one down),
// the grade kept in this browser.
import {
  t, side, sideGen, plural, signed, dangerWords, noteText, onLanguageChange,
} from './i18n.js';
import { $ } from './dom.js';
import { request } from './http.js';
import {
  useLayout, drawBoard, parseMove, squareAt, svgPoint, animateMove, keyboardBoard,
} from './board.js';
import { tellPick, tellMoves } from './speech.js';
import { currentAccount } from './account.js';

// How long each move of the solution stays before the next, in ms.
const STEP_MS = 700;

const puz = {
  data: null, selected: null, busy: false, answer: null, tried: null, at: 0, timer: null,
  error: null, attemptError: null, me: null, flipped: false, keys: null, miss: null, rated: null,
};

// A guest's grade, 1 (the easiest) to 5, kept in this browser.
const GRADE_KEY = 'kamisado.puzzle_grade';

function guestGrade() {
  let n = 1;
  try { n = Number(localStorage.getItem(GRADE_KEY)) || 1; } catch (e) { /* private mode */ }
  return Math.min(5, Math.max(1, Math.round(n)));
}

function setGuestGrade(n) {
  try { localStorage.setItem(GRADE_KEY, String(Math.min(5, Math.max(1, n)))); } catch (e) { /* private mode */ }
}

// The address of the next puzzle: for a guest, of their grade.
function nextUrl(after) {
  const query = new URLSearchParams();
  if (after) query.set('after', after);
  if (puz.me === null) query.set('grade', String(guestGrade()));
  const text = query.toString();
  return `/api/puzzles/next${text ? `?${text}` : ''}`;
}

function open() { return Boolean(puz.data) && !puz.answer && !puz.busy; }

function movesFrom(sq) {
  return open() ? puz.data.legal.map(parseMove).filter((m) => m.from === sq) : [];
}

// The position shown: the puzzle's, or the solution's after `at` moves.
function shown() {
  const a = puz.answer;
  if (!a || puz.at === 0) return puz.data.start;
  return a.steps[puz.at - 1];
}

function renderBoard(animate = false) {
  const d = puz.data;
  if (!d) return;
  useLayout(d.layout);
  const svg = $('z-board');
  const a = puz.answer;
  const pos = shown();
  const last = a && puz.at > 0 ? parseMove(a.solution[puz.at - 1]) : (puz.tried ? parseMove(puz.tried) : null);
  drawBoard(svg, {
    towers: pos.towers,
    flipped: puz.flipped,
    last,
    forced: pos.forced,
    selected: puz.selected,
    targets: puz.selected ? movesFrom(puz.selected) : [],
    cursor: puz.keys && puz.keys.shown() ? puz.keys.at() : null,
  });
  if (animate && a && puz.at > 0) animateMove(svg, last, puz.flipped);
  svg.dataset.puzzle = d.id;
  svg.dataset.at = String(puz.at);
  // `retry`: missed, and open for another try until the answer is asked for.
  svg.dataset.state = puz.busy ? 'busy' : a ? (a.correct ? 'solved' : 'missed') : puz.miss ? 'retry' : 'open';
}

function ratingLine() {
  const d = puz.data;
  const r = puz.rated;
  if (r) {
    return t('puz.change', { before: Math.round(r.before), after: Math.round(r.after), delta: signed(r.after - r.before) });
  }
  if (d.yours) return t('puz.yours', { rating: Math.round(d.yours.rating) });
  return puz.me === null ? `${t('puz.guest')} ${t('puz.level', { grade: guestGrade() })}` : '';
}

function resultLine() {
  const a = puz.answer;
  if (puz.busy) return t('puz.checking');
  if (!a) return puz.miss ? t('puz.miss', { mv: puz.miss.mv }) : '';
  return a.correct ? t('puz.right', { mv: puz.tried }) : t('puz.wrong', { mv: puz.tried, best: a.best });
}

function render(animate = false) {
  const failed = puz.error || puz.attemptError;
  $('z-error').hidden = !failed;
  $('z-error').textContent = puz.error ? puz.error() : puz.attemptError ? t('puz.attempt_failed', { reason: puz.attemptError }) : '';
  const d = puz.data;
  $('z-body').hidden = !d;
  if (!d) return;
  const mover = d.side || d.start.to_act;
  $('z-prompt').textContent = t('puz.to_win', { side: side(mover), sideGen: sideGen(mover) });
  const meta = [t('puz.rating', { rating: Math.round(d.rating) })];
  if (d.grade !== undefined && d.grade !== null) meta.push(t('puz.grade', { grade: d.grade }));
  if (d.plies) meta.push(t('puz.plies', { n: d.plies, plies: plural(d.plies, 'ply') }));
  $('z-meta').textContent = meta.join(' · ');
  $('z-from-game').hidden = !d.from_game;
  if (d.from_game) $('z-from-game').href = `/analysis?game=${encodeURIComponent(d.from_game)}`;
  $('z-pick').hidden = !open();
  const a = puz.answer;
  const result = $('z-result');
  result.textContent = resultLine();
  result.hidden = !result.textContent;
  result.classList.toggle('passed', Boolean(a && a.correct));
  result.classList.toggle('failed', Boolean(a && !a.correct));
  // Why a wrong move loses: its danger, and what it did on the board.
  const why = [];
  const missed = a && !a.correct ? a : !a && puz.miss ? puz.miss.answer : null;
  if (missed) {
    if (missed.danger) why.push(dangerWords(missed.danger, mover));
    // What the move did, unless its danger already names the tower it hands over.
    if (missed.note && !(missed.danger && missed.danger.verdict === 'loses_at_once')) why.push(noteText(missed.note));
  }
  $('z-why').textContent = why.filter(Boolean).join(' ');
  $('z-why').hidden = !$('z-why').textContent;
  $('z-rating').textContent = ratingLine();
  $('z-rating').hidden = !$('z-rating').textContent;
  const latest = a || (puz.miss && puz.miss.answer);
  $('z-puzzle-rating').textContent = latest && latest.puzzle_rating ? t('puz.now', { rating: Math.round(latest.puzzle_rating) }) : '';
  $('z-puzzle-rating').hidden = !$('z-puzzle-rating').textContent;
  $('z-pass').hidden = !(open() && d.legal.includes('pass'));
  $('z-steps').hidden = !a;
  if (a) {
    $('z-where').textContent = puz.at === 0 ? t('puz.first') : t('puz.step', { at: puz.at, all: a.solution.length });
    $('z-prev').disabled = puz.at === 0;
    $('z-next-step').disabled = puz.at >= a.solution.length;
  }
  $('z-show').hidden = !(puz.miss && !a);
  $('z-next').hidden = !a;
  renderBoard(animate);
}

function stopPlaying() {
  clearTimeout(puz.timer);
  puz.timer = null;
}

function goTo(at, animate) {
  const a = puz.answer;
  if (!a) return;
  puz.at = Math.max(0, Math.min(a.solution.length, at));
  render(animate);
}

// Plays the solution out from the puzzle's position, a move every STEP_MS.
function playSolution() {
  stopPlaying();
  puz.at = 0;
  render();
  const step = () => {
    if (!puz.answer || puz.at >= puz.answer.solution.length) { puz.timer = null; return; }
    goTo(puz.at + 1, true);
    puz.timer = setTimeout(step, STEP_MS);
  };
  puz.timer = setTimeout(step, STEP_MS);
}

async function attempt(mv) {
  const d = puz.data;
  puz.selected = null;
  puz.tried = mv;
  puz.busy = true;
  puz.attemptError = null;
  render();
  try {
    const answer = await request('POST', `/api/puzzles/${encodeURIComponent(d.id)}/attempt`, { mv });
    if (puz.data !== d) return;
    puz.busy = false;
    // The first attempt is the one rated.
    if (!puz.miss) puz.rated = answer.rating || null;
    if (!answer.correct) {
      puz.miss = { mv, answer };
      render();
      return;
    }
    if (puz.me === null && !puz.miss) setGuestGrade(guestGrade() + 1);
    puz.answer = answer;
    playSolution();
  } catch (e) {
    if (puz.data !== d) return;
    puz.busy = false;
    puz.tried = null;
    puz.attemptError = e.message;
    render();
  }
}

function clickSquare(sq) {
  if (!sq || !open()) return;
  if (puz.keys) puz.keys.set(sq);
  if (puz.selected) {
    const mv = movesFrom(puz.selected).find((m) => m.to === sq);
    if (mv) { attempt(mv.text); return; }
  }
  puz.selected = movesFrom(sq).length > 0 && puz.selected !== sq ? sq : null;
  renderBoard();
}

// Enter on a square, as a click, told in words (an attempt is told by its result).
function keyPick(sq) {
  const before = puz.selected;
  if (!open() || (before && movesFrom(before).some((m) => m.to === sq))) { clickSquare(sq); return; }
  clickSquare(sq);
  tellPick({
    sq, before, after: puz.selected, moves: movesFrom, position: puz.data.start, id: 'z-announce',
  });
}

async function load(url) {
  stopPlaying();
  $('z-next').disabled = true;
  try {
    const data = await request('GET', url);
    puz.data = data;
    puz.error = null;
    puz.answer = null;
    puz.tried = null;
    puz.selected = null;
    puz.at = 0;
    puz.attemptError = null;
    puz.miss = null;
    puz.rated = null;
    // Gold's puzzles are seen from Gold's side.
    puz.flipped = (data.side || data.start.to_act) === 'w';
    history.replaceState(null, '', `/puzzles/${encodeURIComponent(data.id)}`);
    document.title = `${t('puz.title')} — Kamisado`;
  } catch (e) {
    puz.error = () => (e.status === 404 && url.includes('/next') ? t('puz.none') : t('puz.failed', { reason: e.message }));
  } finally {
    $('z-next').disabled = false;
  }
  render();
  $('puzzles').dataset.ready = '1';
}

/** Shows the trainer: the puzzle `id`, or the next one for this player. */
export async function showPuzzles(id) {
  $('puzzles').hidden = false;
  const svg = $('z-board');
  svg.addEventListener('click', (ev) => clickSquare(squareAt(svgPoint(svg, ev), puz.flipped)));
  puz.keys = keyboardBoard(svg, {
    flipped: () => puz.flipped,
    pick: keyPick,
    drop: () => { puz.selected = null; renderBoard(); },
    redraw: () => renderBoard(),
    keys: { t: () => tellMoves({ picked: puz.selected, moves: movesFrom, position: puz.data.start, id: 'z-announce' }) },
  });
  $('z-pass').addEventListener('click', () => { if (open()) attempt('pass'); });
  $('z-first').addEventListener('click', () => { stopPlaying(); goTo(0, false); });
  $('z-prev').addEventListener('click', () => { stopPlaying(); goTo(puz.at - 1, false); });
  $('z-next-step').addEventListener('click', () => { stopPlaying(); goTo(puz.at + 1, true); });
  $('z-last').addEventListener('click', () => { stopPlaying(); goTo(Infinity, false); });
  $('z-show').addEventListener('click', () => {
    if (!puz.miss || puz.answer || puz.busy) return;
    if (puz.me === null) setGuestGrade(guestGrade() - 1);
    puz.tried = puz.miss.mv;
    puz.answer = puz.miss.answer;
    playSolution();
  });
  $('z-next').addEventListener('click', () => load(nextUrl(puz.data ? puz.data.id : null)));
  onLanguageChange(() => render());
  puz.me = await currentAccount();
  load(id ? `/api/puzzles/${encodeURIComponent(id)}` : nextUrl(null));
}
