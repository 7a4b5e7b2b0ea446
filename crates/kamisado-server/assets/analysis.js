// The analysis board: a pasted record or position, every move with the
// engine's value, and the position's verdict; the danger view of a selected
// tower; a variation played by clicking (or by keyboard) from any position,
// kept beside the main line; and a finished game's review
// (/analysis?game=ID) with its turning points, each explained and offered
// to be tried again on the board.
import {
  t, side, sideGen, valueWords, blackShare, noteText, turningWords, onLanguageChange,
} from './i18n.js';
import { $, html, ruleLinked } from './dom.js';
import {
  useLayout, drawBoard, parseMove, squareAt, svgPoint, keyboardBoard,
} from './board.js';
import { request } from './http.js';
import { Danger, dangerOn, setDangerOn } from './danger.js';
import { announce, tellPick, tellMoves } from './speech.js';

const RULES = ['standard', 'sumo-square', 'zvezda'];
const SAY = 'a-announce';

const ana = {
  data: null, at: 0, flipped: false, selected: null, danger: null, rules: null, puzzles: [], puzzleFens: null,
  // The text analysed, which a variation's requests name.
  text: '',
  // The variation: from the position after `at` moves of the main line, its
  // moves, each with its value as the position before valued it; `data` is
  // the server's answer for the whole line. `j` is the number of its moves
  // in the position shown while `inLine`.
  line: null, inLine: false, j: 0,
  // The server's answers for positions whose legal moves were asked, by node.
  nodes: new Map(), asking: null, waitingPick: null,
  // The turning point being tried again (its step's index), if one is.
  trying: null,
  keys: null, playing: false,
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
  if (!d || ana.inLine) return null;
  if (ana.at > 0 && d.steps[ana.at - 1].turning) return ana.at - 1;
  if (d.steps[ana.at] && d.steps[ana.at].turning) return ana.at;
  return null;
}

// The position before the move of step `i` of the main line.
function before(i) {
  return i === 0 ? ana.data.start : ana.data.steps[i - 1].after;
}

// ---------- the position shown: of the main line or of the variation ----------

// Where the position shown stands: after `k` moves of the main line, then
// the variation's first `prefix` moves.
function node() {
  if (ana.inLine) return { k: ana.line.at, prefix: ana.line.moves.slice(0, ana.j).map((m) => m.mv) };
  return { k: ana.at, prefix: [] };
}

const nodeKey = (n) => `${n.k}|${n.prefix.join(' ')}`;

function analysisPosition() {
  const d = ana.data;
  if (!d) return null;
  if (ana.inLine && ana.j > 0) return ana.line.data.steps[ana.j - 1].after;
  const k = ana.inLine ? ana.line.at : ana.at;
  return k === 0 ? d.start : d.steps[k - 1].after;
}

// The legal moves of the position shown, with their values (best first),
// once the server has given them; null until then.
function legalHere() {
  const d = ana.data;
  const n = node();
  const asked = ana.nodes.get(nodeKey(n));
  if (asked) return asked.moves;
  if (!ana.inLine && ana.at === d.steps.length) return d.moves;
  if (ana.inLine && ana.j === ana.line.moves.length && ana.line.data) return ana.line.data.moves;
  return null;
}

function movesFrom(sq) {
  return (legalHere() || []).map((m) => parseMove(m.mv)).filter((m) => m.from === sq);
}

// Asks for the legal moves of the position shown (one search of the engine).
function askLegal() {
  const n = node();
  const key = nodeKey(n);
  if (legalHere() || ana.asking === key) return;
  ana.asking = key;
  request('POST', '/api/analysis', { text: ana.text, at: n.k, then: n.prefix.join(' ') })
    .then((data) => {
      ana.nodes.set(key, data);
      if (nodeKey(node()) !== key) return;
      renderAnalysis();
      const picked = ana.waitingPick;
      ana.waitingPick = null;
      if (picked) tellPick({ sq: picked, before: null, after: ana.selected, moves: movesFrom, position: analysisPosition(), id: SAY });
    }, (e) => { showError(e.message); })
    .finally(() => { if (ana.asking === key) ana.asking = null; });
}

function showError(reason) {
  $('a-error').textContent = reason;
  $('a-error').hidden = !reason;
}

// Plays `mv` from the position shown: the variation goes on from there
// (its moves after it are dropped), and the server gives the new position.
async function playLine(mv) {
  if (ana.playing) return;
  const n = node();
  const known = (legalHere() || []).find((m) => m.mv === mv);
  const kept = ana.inLine ? ana.line.moves.slice(0, ana.j) : [];
  const moves = [...kept, { mv, value: known ? known.value : null }];
  ana.playing = true;
  ana.selected = null;
  $('a-busy').hidden = false;
  try {
    const data = await request('POST', '/api/analysis', { text: ana.text, at: n.k, then: moves.map((m) => m.mv).join(' ') });
    ana.line = { at: n.k, moves, data };
    ana.nodes.set(nodeKey({ k: n.k, prefix: moves.map((m) => m.mv) }), data);
    ana.inLine = true;
    ana.j = moves.length;
    showError('');
    renderAnalysis();
    announce(playedWords(), SAY);
  } catch (e) {
    showError(e.message);
    renderAnalysis();
  } finally {
    ana.playing = false;
    $('a-busy').hidden = true;
  }
}

// The variation's last move in words: who played it and its value, and in a try whether it wins.
function playedWords() {
  const step = ana.line.data.steps[ana.j - 1];
  const m = ana.line.moves[ana.j - 1];
  const said = t('ana.played', { side: side(step.side), mv: m.mv, value: valueWords(m.value) });
  const verdict = tryVerdict();
  return verdict ? `${said} ${verdict}` : said;
}

// ---------- drawing ----------

export function valueBar(v) {
  const bar = html('span', '', 'bar');
  const fill = html('span', '', 'bar-black');
  fill.style.width = `${blackShare(v)}%`;
  bar.appendChild(fill);
  bar.title = valueWords(v);
  return bar;
}

function renderBoard() {
  const d = ana.data;
  const pos = analysisPosition();
  const step = ana.inLine
    ? (ana.j > 0 ? ana.line.data.steps[ana.j - 1] : (ana.line.at > 0 ? d.steps[ana.line.at - 1] : null))
    : (ana.at > 0 ? d.steps[ana.at - 1] : null);
  const next = ana.inLine ? null : d.steps[ana.at];
  const danger = dangerOn() && ana.selected;
  if (danger) ana.danger.ask({ position: pos.fen, from: ana.selected, ...(ana.rules ? { rules: ana.rules } : {}) });
  else ana.danger.clear();
  const svg = $('a-board');
  drawBoard(svg, {
    towers: pos.towers,
    flipped: ana.flipped,
    last: step ? parseMove(step.mv) : null,
    forced: pos.forced,
    selected: ana.selected,
    targets: ana.selected ? movesFrom(ana.selected) : [],
    cursor: ana.keys && ana.keys.shown() ? ana.keys.at() : null,
    // The engine's best move, on the main line only: a variation or a try is the player's own.
    hint: !danger && next && next.best && ana.trying === null ? parseMove(next.best) : null,
    danger: danger ? ana.danger.marks(pos.to_act) : [],
  });
  svg.dataset.line = ana.inLine ? String(ana.j) : '';
  const line = $('a-danger-line');
  line.textContent = !dangerOn() ? '' : danger ? ana.danger.line(pos.to_act) : t('danger.pick');
  line.hidden = !line.textContent;
  $('a-danger-legend').hidden = !dangerOn();
  const legal = legalHere();
  $('a-pass').hidden = !(legal && legal.some((m) => m.mv === 'pass'));
}

function renderAnalysis() {
  const d = ana.data;
  if (!d) return;
  useLayout(d.layout);
  renderBoard();
  const pos = analysisPosition();
  const step = ana.inLine ? (ana.j > 0 ? ana.line.data.steps[ana.j - 1] : null) : (ana.at > 0 ? d.steps[ana.at - 1] : null);
  $('a-where').textContent = ana.inLine ? t('ana.line_where', { n: ana.line.at + ana.j }) : `${ana.at} / ${d.steps.length}`;
  $('a-main').hidden = !ana.inLine;
  renderTurning();
  renderVerdict();
  const note = step ? noteText(step.note) : t('ana.start', { fen: pos.fen });
  $('a-note').replaceChildren(...ruleLinked(note, (rule) => t('rules.link_title', { rule })));
  $('a-note').hidden = !note;
  renderSteps();
  renderLine();
  renderMoves();
}

// The position's verdict: the value of its best move, as a hint would give it.
function renderVerdict() {
  const d = ana.data;
  const next = ana.inLine ? null : d.steps[ana.at];
  const legal = legalHere();
  const verdict = next ? next.best_value : (legal && legal[0] && legal[0].value);
  const box = $('a-verdict');
  box.replaceChildren();
  box.hidden = !verdict || ana.trying !== null;
  if (verdict) {
    box.appendChild(valueBar(verdict));
    box.appendChild(html('span', valueWords(verdict)));
  }
}

// The main line: each move a button to its position, with its value and the best move's.
function renderSteps() {
  const d = ana.data;
  const list = $('a-steps');
  list.replaceChildren();
  d.steps.forEach((st, i) => {
    const li = html('li', undefined, st.turning ? 'turning' : '');
    li.dataset.step = String(i + 1);
    if (ana.line && ana.line.at === i + 1) li.classList.add('branch');
    const b = html('button', `${st.mv}`, 'step');
    b.addEventListener('click', () => { moveTo(i + 1); });
    if (i + 1 === ana.at && !ana.inLine) b.classList.add('current');
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
}

// The variation beside the main line: where it leaves it, each move a
// button to its position with its value, and the way back.
function renderLine() {
  const box = $('a-line-box');
  const l = ana.line;
  box.hidden = !l;
  if (!l) return;
  $('a-line-title').textContent = l.at === 0 ? t('ana.line_start') : t('ana.line_after', { n: l.at });
  const list = $('a-line');
  list.replaceChildren();
  l.moves.forEach((m, i) => {
    const st = l.data.steps[i];
    const li = html('li');
    li.dataset.step = String(i + 1);
    li.appendChild(html('span', `${side(st.side)} `, `chip-text side-${st.side}`));
    const b = html('button', m.mv, 'step');
    b.addEventListener('click', () => showLine(i + 1));
    if (ana.inLine && ana.j === i + 1) { b.classList.add('current'); b.setAttribute('aria-current', 'true'); }
    li.appendChild(b);
    li.appendChild(valueBar(m.value));
    li.appendChild(html('span', ` ${valueWords(m.value)}`, 'value'));
    list.appendChild(li);
  });
  list.start = l.at + 1;
}

// Every move of the position shown, with its value, once known: at the
// main line's end, or anywhere its moves were asked for.
function renderMoves() {
  const moves = $('a-moves');
  moves.replaceChildren();
  const legal = ana.trying === null ? legalHere() : null;
  const showMoves = Boolean(legal && legal.length);
  $('a-moves-title').hidden = !showMoves;
  if (!showMoves) return;
  for (const m of legal) {
    const li = html('li');
    li.appendChild(html('b', m.mv));
    li.appendChild(valueBar(m.value));
    li.appendChild(html('span', ` ${valueWords(m.value)}`, 'value'));
    if (m.line.length > 1) li.appendChild(html('span', ` ${m.line.slice(1, 6).join(' ')}`, 'muted'));
    moves.appendChild(li);
  }
}

// A turning point's explanation and its "try again", and the button that
// jumps to the first one; during a try, what is asked and how it went.
function renderTurning() {
  const d = ana.data;
  const first = d.steps.findIndex((st) => st.turning);
  $('a-turning').hidden = first < 0;
  const here = turningHere();
  const trying = ana.trying !== null && ana.inLine && ana.line.at === ana.trying;
  $('a-turn-box').hidden = here === null && !trying;
  $('a-puzzle').hidden = true;
  if (trying) {
    const mover = d.steps[ana.trying].side;
    $('a-turn-text').textContent = tryVerdict() || t('review.your_try', { side: side(mover), sideGen: sideGen(mover) });
    $('a-try').hidden = ana.j === 0;
    $('a-try').textContent = t('review.try_other');
    return;
  }
  $('a-try').hidden = false;
  $('a-try').textContent = t('review.try');
  if (here === null) return;
  $('a-turn-text').textContent = turningWords(d.steps[here]);
  // The puzzle the review made of it, for an account's player.
  puzzleFens().then((fens) => {
    const id = fens.get(positionPart(before(here).fen));
    if (!id || turningHere() !== here) return;
    $('a-puzzle').href = `/puzzles/${encodeURIComponent(id)}`;
    $('a-puzzle').hidden = false;
  });
}

// During a try, after its first move: whether it wins, in words.
function tryVerdict() {
  if (ana.trying === null || !ana.line || ana.line.at !== ana.trying || ana.line.moves.length === 0) return '';
  const m = ana.line.moves[0];
  const mover = ana.data.steps[ana.trying].side;
  const wins = m.value && m.value.side === mover && m.value.kind === 'win';
  return t(wins ? 'review.try_right' : 'review.try_wrong', { mv: m.mv, value: valueWords(m.value) });
}

// ---------- moving through the positions ----------

// Shows the position after `at` moves of the main line.
function moveTo(at) {
  if (!ana.data) return;
  ana.at = Math.max(0, Math.min(ana.data.steps.length, at));
  ana.inLine = false;
  ana.selected = null;
  renderAnalysis();
}

// Shows the position after `j` moves of the variation.
function showLine(j) {
  if (!ana.line) return;
  ana.inLine = true;
  ana.j = Math.max(0, Math.min(ana.line.moves.length, j));
  ana.selected = null;
  renderAnalysis();
}

// One move back or on: in the variation along it (back past its start, the
// main line before it), on the main line along that.
function step(by) {
  if (!ana.data) return;
  if (!ana.inLine) { moveTo(ana.at + by); return; }
  if (ana.j + by < 0) moveTo(ana.line.at + ana.j + by);
  else showLine(ana.j + by);
}

// Back to the main line, at the position the variation leaves it.
function mainLine() {
  if (!ana.line) return;
  const at = ana.line.at;
  ana.trying = null;
  moveTo(at);
  announce(t('ana.main_said', { n: at, all: ana.data.steps.length }), SAY);
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

// "Try again from here": the turning point's position on the board, where
// the player plays a move of his own (a variation) and is told whether it
// wins. Pressed again during a try, the try starts over.
function tryAgain() {
  const here = ana.trying !== null && ana.inLine ? ana.trying : turningHere();
  if (here === null) return;
  ana.trying = here;
  ana.line = { at: here, moves: [], data: null };
  showLine(0);
  askLegal();
  const mover = ana.data.steps[here].side;
  announce(t('review.your_try', { side: side(mover), sideGen: sideGen(mover) }), SAY);
}

// ---------- the board's input ----------

// A click on the analysis board: it picks a tower of the side to move (the
// forced one, when one is) and its moves are shown (asked for when not yet
// known); a target played is a variation. With the danger view on, a
// target pointed at (or tapped once on a touch screen) tells its reason.
function clickBoard(sq, touch = false) {
  const pos = analysisPosition();
  if (!sq || !pos || ana.playing) return;
  if (ana.keys) ana.keys.set(sq);
  if (ana.selected) {
    const mv = movesFrom(ana.selected).find((m) => m.to === sq);
    if (mv && touch && dangerOn() && ana.danger.focus !== sq && ana.danger.moveTo(sq)) {
      ana.danger.focus = sq;
      renderBoard();
      return;
    }
    if (mv) { playLine(mv.text); return; }
  }
  const tower = pos.towers.find((x) => x.sq === sq);
  const movable = tower && tower.side === pos.to_act && (!pos.forced || pos.forced === sq);
  ana.selected = movable && ana.selected !== sq ? sq : null;
  if (ana.selected && !legalHere()) askLegal();
  renderBoard();
}

// Enter on a square, as a click, told in words (the moves once known).
function keyPick(sq) {
  const was = ana.selected;
  if (was && movesFrom(was).some((m) => m.to === sq)) { clickBoard(sq); return; }
  clickBoard(sq);
  if (ana.selected && !legalHere()) { ana.waitingPick = ana.selected; announce(t('ana.asking'), SAY); return; }
  tellPick({ sq, before: was, after: ana.selected, moves: movesFrom, position: analysisPosition(), id: SAY });
}

function setupBoard() {
  ana.danger = new Danger(() => renderAnalysis());
  const svg = $('a-board');
  $('a-danger-on').checked = dangerOn();
  $('a-danger-on').addEventListener('change', (ev) => {
    setDangerOn(ev.target.checked);
    if (!ev.target.checked) ana.selected = null;
    if (ana.data) renderAnalysis();
  });
  svg.addEventListener('click', (ev) => clickBoard(squareAt(svgPoint(svg, ev), ana.flipped), ev.pointerType === 'touch'));
  svg.addEventListener('pointermove', (ev) => {
    if (!ana.selected || ev.pointerType === 'touch') return;
    const sq = squareAt(svgPoint(svg, ev), ana.flipped);
    if (sq && sq !== ana.danger.focus && ana.danger.moveTo(sq)) { ana.danger.focus = sq; renderAnalysis(); }
  });
  ana.keys = keyboardBoard(svg, {
    flipped: () => ana.flipped,
    pick: (sq) => { if (ana.data) keyPick(sq); },
    drop: () => { ana.selected = null; announce(t('say.dropped'), SAY); if (ana.data) renderBoard(); },
    redraw: () => { if (ana.data) renderBoard(); },
    keys: {
      t: () => { if (ana.data) tellMoves({ picked: ana.selected, moves: movesFrom, position: analysisPosition(), id: SAY }); },
    },
  });
  $('a-pass').addEventListener('click', () => { if (ana.data) playLine('pass'); });
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
  setupBoard();
  $('a-turning').addEventListener('click', () => {
    const first = ana.data ? ana.data.steps.findIndex((st) => st.turning) : -1;
    if (first >= 0) moveTo(first);
  });
  $('a-try').addEventListener('click', tryAgain);
  $('a-main').addEventListener('click', mainLine);
  $('a-line-main').addEventListener('click', mainLine);
  $('a-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    showError('');
    $('a-busy').hidden = false;
    $('a-go').disabled = true;
    try {
      await analyseText(text.value);
    } catch (e) {
      showError(e.message);
    } finally {
      $('a-busy').hidden = true;
      $('a-go').disabled = false;
    }
  });
  const go = (f) => () => { if (ana.data) moveTo(f(ana.at)); };
  $('a-first').addEventListener('click', go(() => 0));
  $('a-prev').addEventListener('click', () => step(-1));
  $('a-next').addEventListener('click', () => step(1));
  $('a-last').addEventListener('click', () => {
    if (ana.inLine) showLine(Infinity); else go(() => Infinity)();
  });
  $('a-flip').addEventListener('click', () => { ana.flipped = !ana.flipped; if (ana.data) renderAnalysis(); });
  // The arrow keys step, but not in a form's field nor on the board (whose arrows move its cursor).
  document.addEventListener('keydown', (ev) => {
    if (ev.target.closest && ev.target.closest('input, textarea, select, #a-board')) return;
    if (ev.key === 'ArrowLeft') step(-1);
    if (ev.key === 'ArrowRight') step(1);
  });
  onLanguageChange(() => { if (ana.data) renderAnalysis(); });
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
  showData(data, text);
}

// Shows an analysis (a pasted text's or a review's), at its last position.
function showData(data, text) {
  ana.data = data;
  ana.text = text;
  ana.at = data.steps.length;
  ana.selected = null;
  ana.line = null;
  ana.inLine = false;
  ana.trying = null;
  ana.nodes = new Map();
  renderAnalysis();
  $('a-board').dataset.ready = '1';
}

// /analysis?game=ID reviews that game: the server's analysis of its record
// with the turning points marked, and the puzzles made from them. The record
// itself goes into the form, to be read or analysed again, and is the text
// a variation's requests name.
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
    showData(review.analysis, await record);
    $('a-board').dataset.review = '1';
  } catch (e) {
    // Without its review, a game that has a record is still analysed.
    const text = await record;
    showError(text ? t('review.failed', { reason: e.message }) : t('ana.no_game', { reason: e.message }));
    if (text) await analyseText(text).catch(() => {});
  } finally {
    $('a-busy').hidden = true;
    $('a-busy').textContent = t('ana.busy');
  }
}
