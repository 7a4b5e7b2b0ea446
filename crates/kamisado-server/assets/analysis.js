// The analysis board: a pasted record or position, every move with the
// engine's value, and the position's verdict; the danger view of a selected
// tower; and a finished game's review (/analysis?game=ID) with its turning
// points, each explained and offered to be tried again.
import {
  t, side, valueWords, blackShare, noteText, turningWords, onLanguageChange,
} from './i18n.js';
import { $, html } from './dom.js';
import {
  useLayout, drawBoard, parseMove, squareAt, svgPoint,
} from './board.js';
import { request } from './http.js';
import { Danger, dangerOn, setDangerOn } from './danger.js';

const RULES = ['standard', 'sumo-square', 'zvezda'];

const ana = {
  data: null, at: 0, flipped: false, selected: null, danger: null, rules: null, puzzles: [], puzzleFens: null,
};

/** A position's own fields (board, side to move, forced colour), without the match's score. */
function positionPart(fen) {
  return String(fen || '').split(' ').slice(0, 3).join(' ');
}

/** The rules a record's `[Rules "…"]` tag names, if the page knows them. */
function recordRules(text) {
  const m = String(text).match(/\[Rules\s+"([^"]*)"\]/i);
  const name = m ? m[1].trim().toLowerCase() : null;
  return RULES.includes(name) ? name : null;
}

// The turning point the position shown is at: the move just played, or the move to play next.
function turningHere() {
  const d = ana.data;
  if (!d) return null;
  if (ana.at > 0 && d.steps[ana.at - 1].turning) return ana.at - 1;
  if (d.steps[ana.at] && d.steps[ana.at].turning) return ana.at;
  return null;
}

// The position before the move of step `i`.
function before(i) {
  return i === 0 ? ana.data.start : ana.data.steps[i - 1].after;
}

function analysisPosition() {
  const d = ana.data;
  if (!d) return null;
  return ana.at === 0 ? d.start : d.steps[ana.at - 1].after;
}

export function valueBar(v) {
  const bar = html('span', '', 'bar');
  const fill = html('span', '', 'bar-black');
  fill.style.width = `${blackShare(v)}%`;
  bar.appendChild(fill);
  bar.title = valueWords(v);
  return bar;
}

function renderAnalysis() {
  const d = ana.data;
  if (!d) return;
  useLayout(d.layout);
  const pos = analysisPosition();
  const step = ana.at > 0 ? d.steps[ana.at - 1] : null;
  const next = d.steps[ana.at];
  const danger = dangerOn() && ana.selected;
  if (danger) ana.danger.ask({ position: pos.fen, from: ana.selected, ...(ana.rules ? { rules: ana.rules } : {}) });
  else ana.danger.clear();
  drawBoard($('a-board'), {
    towers: pos.towers,
    flipped: ana.flipped,
    last: step ? parseMove(step.mv) : null,
    forced: pos.forced,
    selected: ana.selected,
    hint: !danger && next && next.best ? parseMove(next.best) : null,
    danger: danger ? ana.danger.marks(pos.to_act) : [],
  });
  const line = $('a-danger-line');
  line.textContent = !dangerOn() ? '' : danger ? ana.danger.line(pos.to_act) : t('danger.pick');
  line.hidden = !line.textContent;
  $('a-danger-legend').hidden = !dangerOn();
  $('a-where').textContent = `${ana.at} / ${d.steps.length}`;
  renderTurning();
  // The position's verdict: the value of its best move, as a hint would give it.
  const verdict = next ? next.best_value : (d.moves[0] && d.moves[0].value);
  const box = $('a-verdict');
  box.replaceChildren();
  box.hidden = !verdict;
  if (verdict) {
    box.appendChild(valueBar(verdict));
    box.appendChild(html('span', valueWords(verdict)));
  }
  $('a-note').textContent = step ? noteText(step.note) : t('ana.start', { fen: pos.fen });
  $('a-note').hidden = !$('a-note').textContent;
  const list = $('a-steps');
  list.replaceChildren();
  d.steps.forEach((st, i) => {
    const li = html('li', undefined, st.turning ? 'turning' : '');
    li.dataset.step = String(i + 1);
    const b = html('button', `${st.mv}`, 'step');
    b.addEventListener('click', () => { moveTo(i + 1); });
    if (i + 1 === ana.at) b.classList.add('current');
    li.appendChild(html('span', `${side(st.side)} `, `chip-text side-${st.side}`));
    li.appendChild(b);
    li.appendChild(valueBar(st.value));
    li.appendChild(html('span', ` ${valueWords(st.value)}`, 'value'));
    if (st.best && st.best !== st.mv) li.appendChild(html('span', t('ana.best', { mv: st.best, value: valueWords(st.best_value) }), 'muted'));
    if (st.turning) {
      const mark = html('span', '!', 'turning-mark');
      mark.title = t('review.turning_title');
      li.insertBefore(mark, li.firstChild);
    }
    list.appendChild(li);
  });
  const moves = $('a-moves');
  moves.replaceChildren();
  const showMoves = ana.at === d.steps.length && d.moves.length > 0;
  $('a-moves-title').hidden = !showMoves;
  if (showMoves) {
    for (const m of d.moves) {
      const li = html('li');
      li.appendChild(html('b', m.mv));
      li.appendChild(valueBar(m.value));
      li.appendChild(html('span', ` ${valueWords(m.value)}`, 'value'));
      if (m.line.length > 1) li.appendChild(html('span', ` ${m.line.slice(1, 6).join(' ')}`, 'muted'));
      moves.appendChild(li);
    }
  }
}

// A turning point's explanation and its "try again", and the button that jumps to the first one.
function renderTurning() {
  const d = ana.data;
  const first = d.steps.findIndex((st) => st.turning);
  $('a-turning').hidden = first < 0;
  const here = turningHere();
  $('a-turn-box').hidden = here === null;
  if (here !== null) $('a-turn-text').textContent = turningWords(d.steps[here]);
}

// Shows the position after `at` moves; the danger view's selection is the old position's.
function moveTo(at) {
  if (!ana.data) return;
  ana.at = Math.max(0, Math.min(ana.data.steps.length, at));
  ana.selected = null;
  renderAnalysis();
}

// The puzzles of the review, by the position each starts from (fetched once).
async function puzzleFens() {
  if (!ana.puzzleFens) {
    ana.puzzleFens = Promise.all(ana.puzzles.map((id) => request('GET', `/api/puzzles/${encodeURIComponent(id)}`)
      .then((p) => [positionPart(p.start.fen), p.id || id], () => null)))
      .then((pairs) => new Map(pairs.filter(Boolean)));
  }
  return ana.puzzleFens;
}

// "Try again from here": the turning point's puzzle when the review made
// one, else its position on this board.
async function tryAgain() {
  const here = turningHere();
  if (here === null) return;
  const pos = before(here);
  const fens = await puzzleFens();
  const id = fens.get(positionPart(pos.fen));
  if (id) { location.href = `/puzzles/${encodeURIComponent(id)}`; return; }
  history.replaceState(null, '', '/analysis');
  $('a-text').value = pos.fen;
  $('a-form').requestSubmit();
}

// A click on the analysis board: with the danger view on, it selects a
// tower of the side to move (the forced one, when one is), or points the
// view's line at a target.
function clickBoard(sq) {
  const pos = analysisPosition();
  if (!sq || !pos || !dangerOn()) return;
  if (ana.selected && ana.danger.moveTo(sq)) { ana.danger.focus = sq; renderAnalysis(); return; }
  const tower = pos.towers.find((x) => x.sq === sq);
  const movable = tower && tower.side === pos.to_act && (!pos.forced || pos.forced === sq);
  ana.selected = movable && ana.selected !== sq ? sq : null;
  renderAnalysis();
}

function setupDanger() {
  ana.danger = new Danger(() => renderAnalysis());
  const svg = $('a-board');
  $('a-danger-on').checked = dangerOn();
  $('a-danger-on').addEventListener('change', (ev) => {
    setDangerOn(ev.target.checked);
    if (!ev.target.checked) ana.selected = null;
    renderAnalysis();
  });
  svg.addEventListener('click', (ev) => clickBoard(squareAt(svgPoint(svg, ev), ana.flipped)));
  svg.addEventListener('pointermove', (ev) => {
    if (!ana.selected || ev.pointerType === 'touch') return;
    const sq = squareAt(svgPoint(svg, ev), ana.flipped);
    if (sq && sq !== ana.danger.focus && ana.danger.moveTo(sq)) { ana.danger.focus = sq; renderAnalysis(); }
  });
}

export function showAnalysis() {
  $('analysis').hidden = false;
  const text = $('a-text');
  try {
    const saved = sessionStorage.getItem('kamisado.analyse');
    if (saved) { text.value = saved; sessionStorage.removeItem('kamisado.analyse'); }
  } catch (e) { /* */ }
  useLayout([]);
  drawBoard($('a-board'), { towers: [] });
  setupDanger();
  $('a-turning').addEventListener('click', () => {
    const first = ana.data ? ana.data.steps.findIndex((st) => st.turning) : -1;
    if (first >= 0) moveTo(first);
  });
  $('a-try').addEventListener('click', tryAgain);
  $('a-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    $('a-error').hidden = true;
    $('a-busy').hidden = false;
    $('a-go').disabled = true;
    try {
      await analyseText(text.value);
    } catch (e) {
      $('a-error').textContent = e.message;
      $('a-error').hidden = false;
    } finally {
      $('a-busy').hidden = true;
      $('a-go').disabled = false;
    }
  });
  const go = (f) => () => { if (ana.data) moveTo(f(ana.at)); };
  $('a-first').addEventListener('click', go(() => 0));
  $('a-prev').addEventListener('click', go((a) => a - 1));
  $('a-next').addEventListener('click', go((a) => a + 1));
  $('a-last').addEventListener('click', go(() => Infinity));
  $('a-flip').addEventListener('click', () => { ana.flipped = !ana.flipped; renderAnalysis(); });
  document.addEventListener('keydown', (ev) => {
    if (ev.target === text) return;
    if (ev.key === 'ArrowLeft') go((a) => a - 1)();
    if (ev.key === 'ArrowRight') go((a) => a + 1)();
  });
  onLanguageChange(renderAnalysis);
  const game = new URLSearchParams(location.search).get('game');
  // /analysis#record=… opens a record given whole (a tournament's engine game).
  const given = new URLSearchParams(location.hash.slice(1)).get('record');
  if (game) loadGame(game);
  else if (given) { text.value = given; $('a-form').requestSubmit(); }
  else if (text.value) $('a-form').requestSubmit();
}

// Analyses a pasted record or position and shows it.
async function analyseText(text) {
  const data = await request('POST', '/api/analysis', { text });
  ana.rules = recordRules(text);
  ana.puzzles = [];
  ana.puzzleFens = null;
  showData(data);
}

// Shows an analysis (a pasted text's or a review's), at its last position.
function showData(data) {
  ana.data = data;
  ana.at = data.steps.length;
  ana.selected = null;
  renderAnalysis();
  $('a-board').dataset.ready = '1';
}

// /analysis?game=ID reviews that game: the server's analysis of its record
// with the turning points marked, and the puzzles made from them. The record
// itself goes into the form, to be read or analysed again.
async function loadGame(id) {
  $('a-busy').hidden = false;
  $('a-busy').textContent = t('review.busy');
  const path = `/api/games/${encodeURIComponent(id)}`;
  const record = fetch(`${path}/record`).then((res) => (res.ok ? res.text() : '')).catch(() => '');
  record.then((text) => {
    if (text && !$('a-text').value) {
      $('a-text').value = text;
      ana.rules = recordRules(text);
    }
  });
  try {
    const review = await request('GET', `${path}/review`);
    ana.puzzles = review.puzzles || [];
    ana.puzzleFens = null;
    showData(review.analysis);
    $('a-board').dataset.review = '1';
  } catch (e) {
    // Without its review, a game that has a record is still analysed.
    const text = await record;
    $('a-error').textContent = text ? t('review.failed', { reason: e.message }) : t('ana.no_game', { reason: e.message });
    $('a-error').hidden = false;
    if (text) await analyseText(text).catch(() => {});
  } finally {
    $('a-busy').hidden = true;
    $('a-busy').textContent = t('ana.busy');
  }
}
