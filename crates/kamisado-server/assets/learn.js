// The lessons, /learn: each lesson's board and task from the server, its
// title and words from i18n.js; a try is a move clicked on the board (or a
// pass), which the server checks and tells why it passed or failed. The
// lessons passed are kept in this browser and ticked in the list.
import {
  t, side, sideGen, lessonTitle, lessonText, taskWords, reasonWords, onLanguageChange,
} from './i18n.js';
import { $, html } from './dom.js';
import { request } from './http.js';
import {
  useLayout, drawBoard, parseMove, squareAt, svgPoint, animateMove, keyboardBoard,
} from './board.js';
import { tellPick, tellMoves } from './speech.js';

const STORE = 'kamisado.lessons';

const learn = {
  lessons: [], at: 0, selected: null, answer: null, tried: null, busy: false, error: null, loadError: null,
  keys: null,
};

/** The ids of the lessons this browser has passed. */
function passedIds() {
  try {
    const ids = JSON.parse(localStorage.getItem(STORE) || '[]');
    return new Set(Array.isArray(ids) ? ids.map(String) : []);
  } catch (e) {
    return new Set();
  }
}

function markPassed(id) {
  const ids = passedIds();
  ids.add(id);
  try { localStorage.setItem(STORE, JSON.stringify([...ids])); } catch (e) { /* private mode */ }
}

function lesson() { return learn.lessons[learn.at] || null; }

// Input is taken while the lesson waits for a try.
function open() { return Boolean(lesson()) && !learn.answer && !learn.busy; }

function movesFrom(sq) {
  const l = lesson();
  return open() ? l.legal.map(parseMove).filter((m) => m.from === sq) : [];
}

function renderBoard(animate = false) {
  const l = lesson();
  if (!l) return;
  useLayout(l.layout);
  const svg = $('l-board');
  const a = learn.answer;
  const done = a && a.passed && a.after;
  const pos = done ? a.after : l.start;
  const tried = learn.tried ? parseMove(learn.tried) : null;
  drawBoard(svg, {
    towers: pos.towers,
    last: tried,
    forced: done ? null : pos.forced,
    selected: learn.selected,
    targets: learn.selected ? movesFrom(learn.selected) : [],
    spots: a && !a.passed ? (l.hint_squares || []) : [],
    cursor: learn.keys && learn.keys.shown() ? learn.keys.at() : null,
  });
  if (animate && done) animateMove(svg, tried, false);
  svg.dataset.lesson = l.id;
  svg.dataset.state = learn.busy ? 'busy' : a ? (a.passed ? 'passed' : 'failed') : 'open';
}

function renderList() {
  const passed = passedIds();
  const list = $('l-list');
  list.replaceChildren();
  learn.lessons.forEach((l, i) => {
    const li = html('li', undefined, i === learn.at ? 'current' : '');
    li.dataset.id = l.id;
    li.dataset.passed = passed.has(l.id) ? '1' : '0';
    const tick = html('span', passed.has(l.id) ? '✓' : '', 'tick');
    tick.title = passed.has(l.id) ? t('learn.passed') : '';
    const go = html('button', lessonTitle(l.id, i + 1), 'lesson-link');
    go.addEventListener('click', () => openLesson(i));
    li.append(tick, go);
    list.appendChild(li);
  });
  $('l-count').textContent = t('learn.count', { done: learn.lessons.filter((l) => passed.has(l.id)).length, all: learn.lessons.length });
}

function render(animate = false) {
  $('l-error').hidden = !learn.loadError && !learn.error;
  $('l-error').textContent = learn.loadError ? t('learn.failed', { reason: learn.loadError })
    : learn.error ? t('learn.try_failed', { reason: learn.error }) : '';
  const l = lesson();
  $('l-lesson').hidden = !l;
  if (!l) { $('l-act').hidden = $('l-error').hidden; return; }
  const mover = l.start.to_act;
  $('l-title').textContent = lessonTitle(l.id, learn.at + 1);
  $('l-text').textContent = lessonText(l.id);
  $('l-task').textContent = taskWords(l.task, mover);
  $('l-to-move').textContent = `${t('learn.to_move', { side: side(mover), sideGen: sideGen(mover) })} ${
    l.legal.includes('pass') ? t('learn.pick_pass') : t('learn.pick')}`;
  const a = learn.answer;
  const result = $('l-result');
  result.textContent = learn.busy ? t('learn.checking') : a ? reasonWords(a.reason, mover, a.text) : '';
  result.hidden = !result.textContent;
  result.classList.toggle('passed', Boolean(a && a.passed));
  result.classList.toggle('failed', Boolean(a && !a.passed));
  $('l-pass').hidden = !(open() && l.legal.includes('pass'));
  $('l-again').hidden = !(a && !a.passed);
  const last = learn.at === learn.lessons.length - 1;
  $('l-next').hidden = !(a && a.passed && !last);
  $('l-done').hidden = !(a && a.passed && last);
  $('l-to-move').hidden = Boolean(a && a.passed);
  $('l-act').hidden = [$('l-error'), result, $('l-pass'), $('l-again'), $('l-next'), $('l-done')].every((e) => e.hidden);
  renderBoard(animate);
  renderList();
}

async function tryMove(mv) {
  const l = lesson();
  learn.selected = null;
  learn.tried = mv;
  learn.busy = true;
  learn.error = null;
  render();
  try {
    const answer = await request('POST', `/api/lessons/${encodeURIComponent(l.id)}/try`, { mv });
    if (lesson() !== l) return;
    learn.answer = answer;
    if (answer.passed) markPassed(l.id);
  } catch (e) {
    if (lesson() !== l) return;
    learn.error = e.message;
    learn.tried = null;
  } finally {
    if (lesson() === l) {
      learn.busy = false;
      render(true);
    }
  }
}

function clickSquare(sq) {
  if (!sq || !open()) return;
  if (learn.keys) learn.keys.set(sq);
  if (learn.selected) {
    const mv = movesFrom(learn.selected).find((m) => m.to === sq);
    if (mv) { tryMove(mv.text); return; }
  }
  learn.selected = movesFrom(sq).length > 0 && learn.selected !== sq ? sq : null;
  renderBoard();
}

// Enter on a square, as a click, told in words (a try is told by its result).
function keyPick(sq) {
  const before = learn.selected;
  if (!open() || (before && movesFrom(before).some((m) => m.to === sq))) { clickSquare(sq); return; }
  clickSquare(sq);
  tellPick({
    sq, before, after: learn.selected, moves: movesFrom, position: lesson().start, id: 'l-announce',
  });
}

function reset() {
  learn.answer = null;
  learn.tried = null;
  learn.selected = null;
  learn.error = null;
}

function openLesson(i) {
  learn.at = Math.max(0, Math.min(learn.lessons.length - 1, i));
  reset();
  const l = lesson();
  if (l) history.replaceState(null, '', `/learn?lesson=${encodeURIComponent(l.id)}`);
  render();
}

/** Shows the lessons: the one the address names, or the first not passed yet. */
export async function showLearn() {
  $('learn').hidden = false;
  const svg = $('l-board');
  svg.addEventListener('click', (ev) => clickSquare(squareAt(svgPoint(svg, ev), false)));
  learn.keys = keyboardBoard(svg, {
    pick: keyPick,
    drop: () => { learn.selected = null; renderBoard(); },
    redraw: () => renderBoard(),
    keys: { t: () => tellMoves({ picked: learn.selected, moves: movesFrom, position: lesson().start, id: 'l-announce' }) },
  });
  $('l-pass').addEventListener('click', () => { if (open()) tryMove('pass'); });
  $('l-again').addEventListener('click', () => { reset(); render(); });
  $('l-next').addEventListener('click', () => openLesson(learn.at + 1));
  onLanguageChange(() => render());
  try {
    const data = await request('GET', '/api/lessons');
    learn.lessons = data.lessons || [];
  } catch (e) {
    learn.loadError = e.message;
    render();
    return;
  }
  const wanted = new URLSearchParams(location.search).get('lesson');
  const passed = passedIds();
  let at = learn.lessons.findIndex((l) => l.id === wanted);
  if (at < 0) at = learn.lessons.findIndex((l) => !passed.has(l.id));
  learn.at = at < 0 ? 0 : at;
  render();
  $('learn').dataset.ready = '1';
}
