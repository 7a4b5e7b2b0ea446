// Kamisado in the browser. The server decides everything about the rules: this
// page draws what it is sent and offers only the legal moves it is given. Its
// words come from i18n.js, in English or Russian.
import {
  t, side, sideGen, other, tower, colour, valueWords, blackShare, noteText, roundOver,
  initialLanguage, setLanguage, language,
} from './i18n.js';

const SVG = 'http://www.w3.org/2000/svg';
const COLOURS = {
  orange: '#f28c28', blue: '#2f6fdb', purple: '#7d3fa6', pink: '#ef7fb5',
  yellow: '#f3d13a', red: '#d8322e', green: '#2f9e4a', brown: '#7b4a27',
  ivory: '#efe9d6', charcoal: '#37373c',
};
const MARGIN = 20;
// The board being drawn: its colours (top rank first), its size and the
// size of a square, so that every board fills the same 840-unit frame.
let LAYOUT = [];
let SIZE = 8;
let CELL = 100;

// Every state and analysis brings its board's layout (R1 lives in the rules crate).
function useLayout(layout) {
  LAYOUT = layout || [];
  SIZE = LAYOUT.length || 8;
  CELL = 800 / SIZE;
}

const $ = (id) => document.getElementById(id);

// ---------- small helpers ----------

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (parent) parent.appendChild(node);
  return node;
}

function html(tag, text, cls) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (cls) node.className = cls;
  return node;
}

function squareColour(sq) {
  const file = sq.charCodeAt(0) - 97;
  const rank = Number(sq.slice(1)) - 1;
  return LAYOUT[SIZE - 1 - rank][file];
}

function squareName(file, rank) {
  return String.fromCharCode(97 + file) + String(rank + 1);
}

function parseMove(text) {
  if (text === 'pass') return { text, pass: true };
  const push = text.includes('>');
  const [from, to] = text.split(push ? '>' : '-');
  return { text, from, to, push };
}

// ---------- colour symbols (colour-blind mode) ----------

// One shape per colour, drawn in a 20×20 box centred on 0,0.
function symbolShape(colour, parent, scale, fill, stroke) {
  const s = scale;
  const common = { fill, stroke, 'stroke-width': 2 / s, class: 'sym', transform: `scale(${s})` };
  const g = el('g', common, parent);
  const p = (d) => el('path', { d }, g);
  switch (colour) {
    case 'orange': el('circle', { r: 8 }, g); break;
    case 'blue': el('rect', { x: -7, y: -7, width: 14, height: 14 }, g); break;
    case 'purple': p('M0,-9 L8,6 L-8,6 Z'); break;
    case 'pink': p('M-3,-9 H3 V-3 H9 V3 H3 V9 H-3 V3 H-9 V-3 H-3 Z'); break;
    case 'yellow': p('M0,-10 L2.6,-3.5 L9.5,-3.1 L4.2,1.3 L5.9,8.1 L0,4.3 L-5.9,8.1 L-4.2,1.3 L-9.5,-3.1 L-2.6,-3.5 Z'); break;
    case 'red': p('M0,-10 L8,0 L0,10 L-8,0 Z'); break;
    case 'green': p('M0,9 L8,-6 L-8,-6 Z'); break;
    case 'brown': p('M-8,-5 L-5,-8 L0,-3 L5,-8 L8,-5 L3,0 L8,5 L5,8 L0,3 L-5,8 L-8,5 L-3,0 Z'); break;
    case 'ivory': el('circle', { r: 8, fill: 'none', 'stroke-width': 4 / s }, g); break;
    case 'charcoal': p('M-9,-3 H9 V3 H-9 Z'); break;
    default: break;
  }
  return g;
}

const symbolsOn = () => document.body.classList.contains('symbols');

function setSymbols(on) {
  document.body.classList.toggle('symbols', on);
  $('symbols').checked = on;
  try { localStorage.setItem('kamisado.symbols', on ? '1' : '0'); } catch (e) { /* private mode */ }
}

// ---------- the board ----------

// Where a square is drawn: Black at the bottom unless the board is flipped.
function place(sq, flipped) {
  const file = sq.charCodeAt(0) - 97;
  const rank = Number(sq.slice(1)) - 1;
  const col = flipped ? SIZE - 1 - file : file;
  const row = flipped ? rank : SIZE - 1 - rank;
  return { x: MARGIN + col * CELL, y: MARGIN + row * CELL };
}

function squareAt(point, flipped) {
  const col = Math.floor((point.x - MARGIN) / CELL);
  const row = Math.floor((point.y - MARGIN) / CELL);
  if (col < 0 || col >= SIZE || row < 0 || row >= SIZE) return null;
  const file = flipped ? SIZE - 1 - col : col;
  const rank = flipped ? row : SIZE - 1 - row;
  return squareName(file, rank);
}

function drawTower(parent, t, x, y, extra = '') {
  const cx = x + CELL / 2;
  const cy = y + CELL / 2;
  const g = el('g', {
    class: `tower side-${t.side} ${extra}`,
    'data-sq': t.sq,
    'data-colour': t.colour,
    'data-side': t.side,
    'data-teeth': t.teeth,
    transform: `translate(${cx},${cy}) scale(${CELL / 100})`,
  }, parent);
  const title = el('title', {}, g);
  title.textContent = `${side(t.side)}: ${tower(t)}, ${t.sq}`;
  el('circle', { r: 40, class: 'shadow', cy: 3 }, g);
  el('circle', { r: 38, class: 'body' }, g);
  el('circle', { r: 31, class: 'rim' }, g);
  el('circle', { r: 22, fill: COLOURS[t.colour], class: 'cap' }, g);
  // Dragon's teeth: one white tooth per promotion, around the top of the rim.
  for (let i = 0; i < t.teeth; i++) {
    const angle = (-90 + (i - (t.teeth - 1) / 2) * 34) * Math.PI / 180;
    const tx = Math.cos(angle) * 35;
    const ty = Math.sin(angle) * 35;
    const deg = (angle * 180) / Math.PI + 90;
    el('path', { d: 'M-9,6 L0,-11 L9,6 Z', class: 'tooth', transform: `translate(${tx},${ty}) rotate(${deg})` }, g);
  }
  const sym = symbolShape(t.colour, g, 1, t.side === 'b' ? '#fff' : '#111', t.side === 'b' ? '#111' : '#fff');
  sym.classList.add('on-tower');
  return g;
}

// Draws a whole board: squares, coordinates, towers and marks.
function drawBoard(svg, opts) {
  const { towers = [], flipped = false, last = null, forced = null, selected = null,
    targets = [], cursor = null, hint = null } = opts;
  svg.replaceChildren();
  el('rect', { x: 0, y: 0, width: 840, height: 840, class: 'frame', rx: 14 }, svg);
  const squares = el('g', { class: 'squares' }, svg);
  for (let rank = 0; rank < SIZE; rank++) {
    for (let file = 0; file < SIZE; file++) {
      const sq = squareName(file, rank);
      const { x, y } = place(sq, flipped);
      const colourName = LAYOUT.length ? squareColour(sq) : null;
      const g = el('g', { class: 'square', 'data-sq': sq, 'data-colour': colourName || '', role: 'gridcell' }, squares);
      const title = el('title', {}, g);
      title.textContent = colourName ? `${sq}, ${colour(colourName)}` : sq;
      el('rect', { x, y, width: CELL, height: CELL, fill: COLOURS[colourName] || '#d9cfbd' }, g);
      if (!colourName) continue;
      const colour_ = colourName;
      const sym = symbolShape(colour_, g, 0.75, 'rgba(255,255,255,0.85)', 'rgba(0,0,0,0.55)');
      sym.setAttribute('transform', `translate(${x + 0.15 * CELL},${y + 0.15 * CELL}) scale(${0.0075 * CELL})`);
      sym.classList.add('on-square');
    }
  }
  // Coordinates along the frame.
  for (let i = 0; i < SIZE; i++) {
    const file = flipped ? SIZE - 1 - i : i;
    const rank = flipped ? i : SIZE - 1 - i;
    el('text', { x: MARGIN + i * CELL + CELL / 2, y: 836, class: 'coord' }, svg).textContent = String.fromCharCode(97 + file);
    el('text', { x: 10, y: MARGIN + i * CELL + CELL / 2 + 5, class: 'coord' }, svg).textContent = String(rank + 1);
  }
  const marks = el('g', { class: 'marks' }, svg);
  const mark = (sq, cls) => {
    if (!sq) return;
    const { x, y } = place(sq, flipped);
    el('rect', { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, class: cls, rx: 6 }, marks);
  };
  if (last && !last.pass) { mark(last.from, 'last-from'); mark(last.to, 'last-to'); }
  if (hint && !hint.pass) { mark(hint.from, 'hint-from'); mark(hint.to, 'hint-to'); }
  if (forced) mark(forced, 'forced');
  if (selected) mark(selected, 'selected');
  const pieces = el('g', { class: 'pieces' }, svg);
  for (const t of towers) {
    const { x, y } = place(t.sq, flipped);
    drawTower(pieces, t, x, y, t.sq === forced ? 'is-forced' : '');
  }
  const dots = el('g', { class: 'targets' }, svg);
  for (const mv of targets) {
    const { x, y } = place(mv.to, flipped);
    if (mv.push) {
      el('circle', { cx: x + CELL / 2, cy: y + CELL / 2, r: 0.44 * CELL, class: 'target push', 'data-sq': mv.to }, dots);
    } else {
      el('circle', { cx: x + CELL / 2, cy: y + CELL / 2, r: 0.14 * CELL, class: 'target', 'data-sq': mv.to }, dots);
    }
  }
  if (cursor) {
    const { x, y } = place(cursor, flipped);
    el('rect', { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, class: 'cursor', rx: 4 }, svg);
  }
}

// ---------- storage of seats ----------

function myGames() {
  try { return JSON.parse(localStorage.getItem('kamisado.games') || '[]'); } catch (e) { return []; }
}

function saveGame(entry) {
  const games = myGames().filter((g) => g.id !== entry.id);
  games.unshift(entry);
  try { localStorage.setItem('kamisado.games', JSON.stringify(games.slice(0, 50))); } catch (e) { /* full */ }
}

function forgetGame(id) {
  try { localStorage.setItem('kamisado.games', JSON.stringify(myGames().filter((g) => g.id !== id))); } catch (e) { /* */ }
}

// ---------- the lobby ----------

function gameLabel(g) {
  if (g.mode === 'engine') return t('lobby.vs_engine', { level: g.level || '?' });
  if (g.mode === 'local') return t('lobby.vs_local');
  return g.invited ? t('lobby.vs_invited') : t('lobby.vs_friend');
}

function showLobby() {
  $('lobby').hidden = false;
  const form = $('new-game');
  const sync = () => {
    const mode = form.mode.value;
    $('level-row').hidden = mode !== 'engine';
    $('colour-row').hidden = mode === 'local';
    $('opponent-row').hidden = mode !== 'local';
    $('name-label').textContent = mode === 'local' ? t('lobby.black_name') : t('lobby.name');
  };
  form.addEventListener('change', sync);
  sync();
  onLanguage.push(sync);
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const mode = form.mode.value;
    const body = {
      mode,
      target: Number($('target').value),
      rules: $('rules').value,
      board: $('board-size').value,
      name: $('name').value,
    };
    if (mode === 'engine') body.level = Number($('level').value);
    const seed = new URLSearchParams(location.search).get('seed');
    if (seed && /^[0-9]{1,15}$/.test(seed)) body.seed = Number(seed);
    if (mode !== 'local') body.colour = form.colour.value;
    if (mode === 'local') body.opponent = $('opponent').value;
    $('start').disabled = true;
    $('lobby-error').hidden = true;
    try {
      const res = await fetch('/api/games', {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
      });
      const data = await res.json();
      if (!res.ok) throw new Error(data.error || res.statusText);
      saveGame({
        id: data.id, key: data.key, seat: data.seat, mode, level: body.level, invite: data.invite || null, at: Date.now(),
      });
      location.href = `/g/${data.id}`;
    } catch (e) {
      $('start').disabled = false;
      $('lobby-error').textContent = t('lobby.failed', { reason: e.message });
      $('lobby-error').hidden = false;
    }
  });
  $('watch').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const text = $('watch-link').value.trim();
    const m = text.match(/([0-9a-f]{16})/i);
    if (m) location.href = `/g/${m[1].toLowerCase()}`;
    else { $('lobby-error').textContent = t('lobby.bad_link'); $('lobby-error').hidden = false; }
  });
  const list = $('my-games');
  const games = myGames();
  $('no-games').hidden = games.length > 0;
  const draw = [];
  for (const g of games.slice(0, 20)) {
    const li = html('li');
    const a = html('a');
    a.href = `/g/${g.id}`;
    li.appendChild(a);
    const label = html('span', '', 'muted');
    li.appendChild(label);
    const status = html('span', '', 'game-status');
    li.appendChild(status);
    const drop = html('button', '', 'small');
    drop.addEventListener('click', () => { forgetGame(g.id); li.remove(); });
    li.appendChild(drop);
    list.appendChild(li);
    let state;
    const paint = () => {
      a.textContent = t('lobby.game', { id: g.id.slice(0, 6) });
      label.textContent = ` — ${gameLabel(g)}`;
      drop.textContent = t('lobby.forget');
      if (state === null) status.textContent = t('lobby.gone');
      else if (state) {
        status.textContent = state.status === 'over'
          ? t('lobby.over', { side: side(state.winner), sideGen: sideGen(state.winner), b: state.score.b, w: state.score.w })
          : t('lobby.on', { b: state.score.b, w: state.score.w, round: state.round, side: side(state.to_act), sideGen: sideGen(state.to_act) });
      }
    };
    draw.push(paint);
    paint();
    fetch(`/api/games/${g.id}`).then((r) => (r.ok ? r.json() : null)).then((s) => { state = s; paint(); }).catch(() => {});
  }
  onLanguage.push(() => draw.forEach((f) => f()));
}

// ---------- a game ----------

// How long a page waits for the answer to what it sent before it gives up
// on it, says so and fetches the game afresh; a hint may search for 10 s.
const ANSWER_MS = 6000;
const HINT_MS = 16000;

const play = {
  id: null, key: null, seat: null, state: null, ws: null, flipped: false,
  selected: null, cursor: 'd4', pending: null, timer: null, hint: null, hintAsked: null, retry: 0,
  overlayClosed: -1, drag: null, resignArmed: false, flipChosen: false, previews: null,
};

function mySides() {
  if (play.seat === 'both') return ['b', 'w'];
  if (play.seat === 'b' || play.seat === 'w') return [play.seat];
  return [];
}

function myTurn() {
  const s = play.state;
  return s && s.status === 'playing' && !play.pending && mySides().includes(s.to_act) && s.engine !== s.to_act;
}

function legalMoves() {
  return myTurn() ? play.state.legal.map(parseMove) : [];
}

function movesFrom(sq) {
  return legalMoves().filter((m) => m.from === sq);
}

function showError(reason) {
  const box = $('error');
  box.textContent = reason;
  box.hidden = !reason;
}

function send(msg) {
  if (play.ws && play.ws.readyState === WebSocket.OPEN) {
    play.ws.send(JSON.stringify(msg));
    return true;
  }
  showError(t('net.offline'));
  return false;
}

// The page waits for no answer for ever: past its time, it says so and
// reconnects, which brings the game as it stands.
function noAnswer() {
  play.pending = null;
  play.hintAsked = null;
  play.timer = null;
  showError(t('net.no_answer'));
  if (play.ws) play.ws.close();
  render();
}

function armTimer(ms) {
  clearTimeout(play.timer);
  play.timer = setTimeout(noAnswer, ms);
}

function settle() {
  clearTimeout(play.timer);
  play.timer = null;
}

// Sends an action and holds further actions until its answer (ack or error) comes.
function act(msg) {
  if (play.pending) return;
  showError('');
  play.pending = msg;
  play.hint = null;
  $('hint-text').hidden = true;
  armTimer(ANSWER_MS);
  send(msg);
  render();
}

function askHint() {
  if (play.hintAsked || play.pending) return;
  play.hintAsked = { t: 'hint', n: play.state.n };
  armTimer(HINT_MS);
  send(play.hintAsked);
  $('hint-text').textContent = '…';
  $('hint-text').hidden = false;
}

function playMove(text) {
  if (!play.state) return;
  play.selected = null;
  act({ t: 'move', n: play.state.n, mv: text });
}

function clickSquare(sq) {
  if (!sq) return;
  play.cursor = sq;
  if (play.selected) {
    const mv = movesFrom(play.selected).find((m) => m.to === sq);
    if (mv) { playMove(mv.text); return; }
  }
  play.selected = movesFrom(sq).length > 0 && play.selected !== sq ? sq : null;
  renderBoard();
}

function svgPoint(svg, ev) {
  const pt = svg.createSVGPoint();
  pt.x = ev.clientX;
  pt.y = ev.clientY;
  return pt.matrixTransform(svg.getScreenCTM().inverse());
}

function setupBoardInput() {
  // The keyboard cursor's square, for assistive tools and tests.
  window.kamisadoCursor = () => play.cursor;
  const svg = $('board');
  svg.addEventListener('pointerdown', (ev) => {
    const p = svgPoint(svg, ev);
    const sq = squareAt(p, play.flipped);
    if (!sq) return;
    if (movesFrom(sq).length > 0) {
      const node = svg.querySelector(`.tower[data-sq="${sq}"]`);
      play.drag = { sq, node, start: p, moved: false };
      svg.setPointerCapture(ev.pointerId);
    }
  });
  svg.addEventListener('pointermove', (ev) => {
    const d = play.drag;
    if (!d) return;
    const p = svgPoint(svg, ev);
    if (!d.moved && Math.hypot(p.x - d.start.x, p.y - d.start.y) > 12) {
      d.moved = true;
      play.selected = d.sq;
      render();
      d.node = svg.querySelector(`.tower[data-sq="${d.sq}"]`);
      if (d.node) d.node.classList.add('dragging');
    }
    if (d.moved && d.node) {
      const origin = place(d.sq, play.flipped);
      d.node.setAttribute('transform', `translate(${p.x},${p.y})`);
      d.node.dataset.ox = origin.x;
    }
  });
  const end = (ev) => {
    const d = play.drag;
    play.drag = null;
    const p = svgPoint(svg, ev);
    const sq = squareAt(p, play.flipped);
    if (d && d.moved) {
      const mv = movesFrom(d.sq).find((m) => m.to === sq);
      if (mv) playMove(mv.text); else render();
      return;
    }
    clickSquare(sq);
  };
  svg.addEventListener('pointerup', end);
  svg.addEventListener('pointercancel', () => { play.drag = null; render(); });
  svg.addEventListener('keydown', (ev) => {
    const file = play.cursor.charCodeAt(0) - 97;
    const rank = Number(play.cursor.slice(1)) - 1;
    const dir = play.flipped ? -1 : 1;
    const moves = { ArrowUp: [0, dir], ArrowDown: [0, -dir], ArrowLeft: [-dir, 0], ArrowRight: [dir, 0] };
    if (moves[ev.key]) {
      const [df, dr] = moves[ev.key];
      const f = Math.min(SIZE - 1, Math.max(0, file + df));
      const r = Math.min(SIZE - 1, Math.max(0, rank + dr));
      play.cursor = squareName(f, r);
      ev.preventDefault();
      render();
    } else if (ev.key === 'Enter' || ev.key === ' ') {
      ev.preventDefault();
      clickSquare(play.cursor);
    } else if (ev.key === 'Escape') {
      play.selected = null;
      render();
    }
  });
  // Focus only moves the keyboard cursor: redraw the board alone, so that a
  // press elsewhere (a fill preview) is not undone by a redraw under it.
  svg.addEventListener('focus', () => renderBoard());
  svg.addEventListener('blur', () => renderBoard());
}

// The engine is named in the reader's language; players by their own names.
function nameOf(s, who) {
  return s.engine === who && s.level ? t('engine.name', { level: s.level }) : s.names[who];
}

function renderPlayer(box, who) {
  const s = play.state;
  box.replaceChildren();
  box.appendChild(html('span', '', `chip side-${who}`));
  box.appendChild(html('span', nameOf(s, who), 'name'));
  const tags = [];
  if (s.names[who] !== side(who)) tags.push(side(who));
  if (s.engine === who) tags.push(t('tag.engine'));
  if (mySides().includes(who) && play.seat !== 'both') tags.push(t('tag.you'));
  box.appendChild(html('span', tags.length ? ` · ${tags.join(' · ')}` : '', 'muted'));
  box.appendChild(html('span', String(s.score[who]), 'points'));
  box.classList.toggle('to-act', s.to_act === who);
}

function renderMoves(container, rounds) {
  container.replaceChildren();
  for (const r of rounds) {
    const fill = r.fill ? ` — ${t(r.fill === 'left' ? 'game.fill_left' : 'game.fill_right')}` : '';
    container.appendChild(html('div', `${t('game.round_head', { round: r.round })}${fill}`, 'round-head'));
    const ol = html('ol', undefined, 'movelist');
    r.moves.forEach((m, i) => {
      const li = html('li', m);
      li.value = i + 1;
      li.className = i % 2 === 0 ? 'first-mover' : '';
      ol.appendChild(li);
    });
    container.appendChild(ol);
    if (r.result) container.appendChild(html('div', r.result, 'round-result'));
  }
  container.scrollTop = container.scrollHeight;
}

// The match's end in words: a single round is a round won, a resignation is said as one.
function overWords(s) {
  const r = s.last_round;
  if (r && (r.end === 'resignation' || r.end === 'time')) {
    const loser = other(r.winner);
    return t(r.end === 'time' ? 'over.time' : 'over.conceded', {
      loser: side(loser), loserGen: sideGen(loser), winner: side(r.winner), winnerGen: sideGen(r.winner),
    });
  }
  if (s.target === 1) return t('over.round', { side: side(s.winner) });
  return t('over.match', { side: side(s.winner), b: s.score.b, w: s.score.w });
}

function describeStatus(s) {
  if (s.status === 'over') return overWords(s);
  if (s.status === 'fill') {
    if (s.engine === s.to_act) return t('status.engine_fill');
    return t('status.fill', { side: side(s.to_act) });
  }
  let status;
  if (s.thinking) status = t('status.thinking');
  else if (mySides().includes(s.to_act) && s.engine !== s.to_act) {
    status = play.seat === 'both' ? t('status.to_move', { side: side(s.to_act), sideGen: sideGen(s.to_act) }) : t('status.your_move');
  } else if (s.engine === s.to_act) status = t('status.engine_to_move');
  else status = t('status.to_move', { side: side(s.to_act), sideGen: sideGen(s.to_act) });
  if (!s.forced) return `${t('status.any', { status })}.`;
  const forced = s.towers.find((x) => x.sq === s.forced);
  let text = forced ? t('status.forced', { status, tower: tower(forced), sq: s.forced }) : status;
  if (s.legal.length === 1 && s.legal[0] === 'pass') text += t('status.blocked');
  return `${text}.`;
}

function renderOverlay() {
  const s = play.state;
  const box = $('round-end');
  const show = (s.status === 'fill' || s.status === 'over') && play.overlayClosed !== s.n;
  box.hidden = !show;
  if (!show) { play.previews = null; return; }
  const r = s.last_round;
  const winner = s.status === 'over' ? s.winner : s.to_act;
  let title;
  const conceded = r && (r.end === 'resignation' || r.end === 'time');
  if (conceded) title = t('end.title_win', { name: nameOf(s, winner) });
  else if (s.status === 'over' && s.target !== 1) title = t('end.title_match', { name: nameOf(s, winner) });
  else if (s.target === 1) title = t('end.title_single', { name: nameOf(s, winner) });
  else title = t('end.title_round', { name: nameOf(s, winner), round: s.round });
  $('round-end-title').textContent = title;
  // The round's end as the move that ended it tells it; a resignation in words of its own.
  const told = s.notes.length ? s.notes[s.notes.length - 1].next : null;
  let why = '';
  if (told && told.kind === 'round_over') why = roundOver(told);
  else if (r) why = overWords(s);
  const score = s.target === 1 ? '' : ` ${t('end.score', { b: s.score.b, w: s.score.w, target: s.target })}`;
  $('round-end-text').textContent = `${why}${score}`;
  const mine = s.status === 'fill' && mySides().includes(winner) && s.engine !== winner;
  $('fill-choice').hidden = !mine;
  $('fill-wait').hidden = s.status !== 'fill' || mine;
  $('fill-wait').textContent = s.engine === winner ? t('end.wait_engine') : t('end.wait', { name: nameOf(s, winner) });
  $('over-actions').hidden = s.status !== 'over';
  // The previews are drawn once per state and side: a redraw under a press
  // would swallow the click that follows it.
  const key = `${s.n}:${play.flipped}:${document.body.classList.contains('symbols')}`;
  if (mine && s.fill_preview && play.previews !== key) {
    play.previews = key;
    drawBoard($('preview-left'), { towers: s.fill_preview.left || [], flipped: play.flipped });
    drawBoard($('preview-right'), { towers: s.fill_preview.right || [], flipped: play.flipped });
  }
}

function renderBoard() {
  const s = play.state;
  if (!s) return;
  useLayout(s.layout);
  const svg = $('board');
  drawBoard(svg, {
    towers: s.towers,
    flipped: play.flipped,
    last: s.last ? parseMove(s.last) : null,
    forced: s.status === 'playing' ? s.forced : null,
    selected: play.selected,
    targets: play.selected ? movesFrom(play.selected) : [],
    cursor: document.activeElement === svg ? play.cursor : null,
    hint: play.hint,
  });
  svg.dataset.n = s.n;
  svg.dataset.status = s.status;
  svg.dataset.myturn = myTurn() ? '1' : '0';
  svg.dataset.pending = play.pending ? '1' : '0';
}

function canUndo(s) {
  // Against the engine and on one screen a move can be taken back until
  // the next round starts, also the move that ended the round or the match;
  // a resignation cannot be.
  if (!mySides().length || s.mode === 'friend' || s.n === 0) return false;
  return !(s.last_round && s.last_round.end === 'resignation' && s.status === 'over');
}

function render() {
  const s = play.state;
  if (!s) return;
  renderBoard();
  renderPlayer($('bottom-player'), play.flipped ? 'w' : 'b');
  renderPlayer($('top-player'), play.flipped ? 'b' : 'w');
  $('score').textContent = s.target === 1 ? t('game.single') : t('game.score', { b: s.score.b, w: s.score.w, target: s.target });
  const rules = s.rules && s.rules !== 'standard' ? t('game.rules', { rules: t(`lobby.${s.rules}`) }) : '';
  const board = s.board && s.board !== '8x8' ? t('game.board', { board: s.board.replace('x', '×') }) : '';
  const info = [s.target === 1 ? '' : t('game.round', { round: s.round }), rules, board].filter(Boolean);
  $('round-info').textContent = info.length ? `· ${info.join(', ')}` : '';
  let status = describeStatus(s);
  if (s.takeback && s.takeback === play.seat) status += t('status.offered');
  $('status').textContent = status;
  const last = s.notes.length ? s.notes[s.notes.length - 1] : null;
  $('explain').textContent = last ? noteText(last) : t('game.first_note');
  $('notes').replaceChildren(...s.notes.map((n) => html('li', noteText(n))));
  renderMoves($('moves'), s.rounds);
  const seated = mySides().length > 0;
  $('pass').hidden = !(myTurn() && s.legal.includes('pass'));
  $('hint').hidden = !(seated && s.mode !== 'friend' && myTurn());
  $('undo').hidden = !canUndo(s);
  $('takeback').hidden = !(seated && s.mode === 'friend' && s.status !== 'over' && s.n > 0 && !s.takeback);
  $('resign').hidden = !(seated && s.status !== 'over');
  $('resign').textContent = play.resignArmed ? t('game.resign_sure') : t('game.resign');
  for (const id of ['undo', 'takeback', 'resign', 'pass', 'hint']) $(id).disabled = Boolean(play.pending);
  $('type-move').hidden = !seated || s.status !== 'playing';
  const offer = s.takeback && seated && play.seat !== 'both' && s.takeback !== play.seat;
  $('takeback-offer').hidden = !offer;
  if (s.takeback) $('takeback-text').textContent = t('status.offer', { name: s.names[s.takeback] });
  const mine = play.seat === 'b' || play.seat === 'w';
  $('name-card').hidden = !(s.mode === 'friend' && mine);
  if (mine && document.activeElement !== $('my-name')) $('my-name').value = s.names[play.seat];
  // The invite is needed until the friend has taken their seat.
  $('invite-card').hidden = !(play.invite && mine && !s.joined[other(play.seat)]);
  renderHint();
  renderOverlay();
}

function renderHint() {
  const h = play.hint;
  if (!h) return;
  const line = h.line.length > 1 ? t('hint.then', { line: h.line.slice(1, 5).join(' ') }) : '';
  $('hint-text').textContent = `${t('hint.text', { mv: h.text, value: valueWords(h.value) })}${line}`;
  $('hint-text').hidden = false;
}

function answered(msg) {
  const waiting = play.pending;
  if (waiting && (msg.of === waiting.t || msg.of === null)) {
    play.pending = null;
    settle();
    return true;
  }
  if (play.hintAsked && msg.of === 'hint') {
    play.hintAsked = null;
    settle();
    $('hint-text').hidden = true;
    return true;
  }
  return false;
}

function connect() {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const ws = new WebSocket(`${proto}//${location.host}/api/games/${play.id}/ws`);
  play.ws = ws;
  ws.addEventListener('open', () => {
    play.retry = 0;
    ws.send(JSON.stringify({ t: 'join', key: play.key }));
    document.body.dataset.connected = '1';
  });
  ws.addEventListener('message', (ev) => {
    let msg;
    try { msg = JSON.parse(ev.data); } catch (e) { return; }
    switch (msg.t) {
      case 'welcome':
        if (play.seat === null && msg.seat === 'w' && !play.flipChosen) play.flipped = true;
        play.seat = msg.seat;
        if (msg.seat) {
          const entry = myGames().find((g) => g.id === play.id);
          if (entry && entry.seat !== msg.seat) saveGame({ ...entry, seat: msg.seat });
        }
        render();
        break;
      case 'state': {
        const changed = !play.state || play.state.n !== msg.n;
        play.state = msg;
        if (changed) { play.selected = null; play.resignArmed = false; }
        if (changed && play.hint && play.hint.n !== msg.n) { play.hint = null; $('hint-text').hidden = true; }
        render();
        break;
      }
      case 'ack':
        answered(msg);
        showError('');
        render();
        break;
      case 'error':
        answered(msg);
        showError(msg.reason);
        render();
        break;
      case 'hint':
        if (play.hintAsked) { play.hintAsked = null; settle(); }
        play.hint = { ...parseMove(msg.mv), n: msg.n, value: msg.value, line: msg.line };
        render();
        break;
      default: break;
    }
  });
  ws.addEventListener('close', () => {
    document.body.dataset.connected = '0';
    if (play.ws !== ws) return;
    // An action in flight is answered by the state the new connection brings.
    if (play.pending || play.hintAsked) { play.pending = null; play.hintAsked = null; settle(); }
    play.retry = Math.min(play.retry + 1, 5);
    setTimeout(connect, 400 * play.retry);
  });
}

function showGame(id) {
  $('play').hidden = false;
  play.id = id;
  const hash = new URLSearchParams(location.hash.slice(1));
  const stored = myGames().find((g) => g.id === id);
  if (hash.get('seat')) {
    play.key = hash.get('seat');
    saveGame({ id, key: play.key, seat: null, mode: 'friend', invited: true, at: Date.now() });
    history.replaceState(null, '', `/g/${id}`);
  } else if (stored) {
    play.key = stored.key;
  }
  if (stored && stored.seat === 'w') play.flipped = true;
  const watch = `${location.origin}/g/${id}`;
  $('watch-link-out').textContent = watch;
  $('watch-link-out').href = watch;
  $('download').href = `/api/games/${id}/record`;
  if (stored && stored.invite) {
    play.invite = stored.invite;
    $('invite-link').value = `${location.origin}/g/${id}#seat=${stored.invite}`;
  }
  $('copy-invite').addEventListener('click', () => {
    $('invite-link').select();
    if (navigator.clipboard) navigator.clipboard.writeText($('invite-link').value).catch(() => {});
  });
  $('pass').addEventListener('click', () => playMove('pass'));
  $('hint').addEventListener('click', askHint);
  $('undo').addEventListener('click', () => act({ t: 'undo', n: play.state.n }));
  $('takeback').addEventListener('click', () => act({ t: 'takeback', n: play.state.n }));
  $('takeback-accept').addEventListener('click', () => act({ t: 'takeback_reply', accept: true }));
  $('takeback-decline').addEventListener('click', () => act({ t: 'takeback_reply', accept: false }));
  $('resign').addEventListener('click', () => {
    if (!play.resignArmed) { play.resignArmed = true; render(); return; }
    play.resignArmed = false;
    act({ t: 'resign', n: play.state.n });
  });
  $('flip').addEventListener('click', () => { play.flipped = !play.flipped; play.flipChosen = true; render(); });
  $('fill-left').addEventListener('click', () => act({ t: 'fill', n: play.state.n, fill: 'left' }));
  $('fill-right').addEventListener('click', () => act({ t: 'fill', n: play.state.n, fill: 'right' }));
  $('close-overlay').addEventListener('click', () => { play.overlayClosed = play.state.n; render(); });
  $('type-move').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const text = $('move-input').value.trim();
    if (!text) return;
    $('move-input').value = '';
    playMove(text);
  });
  $('to-analysis').addEventListener('click', async () => {
    const res = await fetch(`/api/games/${id}/record`);
    const text = await res.text();
    try { sessionStorage.setItem('kamisado.analyse', text); } catch (e) { /* */ }
    location.href = '/analysis';
  });
  $('name-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    act({ t: 'name', name: $('my-name').value });
    $('my-name').blur();
  });
  onLanguage.push(render);
  setupBoardInput();
  connect();
}

// ---------- the analysis board ----------

const ana = { data: null, at: 0, flipped: false };

function analysisPosition() {
  const d = ana.data;
  if (!d) return null;
  return ana.at === 0 ? d.start : d.steps[ana.at - 1].after;
}

function valueBar(v) {
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
  drawBoard($('a-board'), {
    towers: pos.towers,
    flipped: ana.flipped,
    last: step ? parseMove(step.mv) : null,
    forced: pos.forced,
    hint: next && next.best ? parseMove(next.best) : null,
  });
  $('a-where').textContent = `${ana.at} / ${d.steps.length}`;
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
  const list = $('a-steps');
  list.replaceChildren();
  d.steps.forEach((st, i) => {
    const li = html('li');
    const b = html('button', `${st.mv}`, 'step');
    b.addEventListener('click', () => { ana.at = i + 1; renderAnalysis(); });
    if (i + 1 === ana.at) b.classList.add('current');
    li.appendChild(html('span', `${side(st.side)} `, `chip-text side-${st.side}`));
    li.appendChild(b);
    li.appendChild(valueBar(st.value));
    li.appendChild(html('span', ` ${valueWords(st.value)}`, 'value'));
    if (st.best && st.best !== st.mv) li.appendChild(html('span', t('ana.best', { mv: st.best, value: valueWords(st.best_value) }), 'muted'));
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

function showAnalysis() {
  $('analysis').hidden = false;
  const text = $('a-text');
  try {
    const saved = sessionStorage.getItem('kamisado.analyse');
    if (saved) { text.value = saved; sessionStorage.removeItem('kamisado.analyse'); }
  } catch (e) { /* */ }
  useLayout([]);
  drawBoard($('a-board'), { towers: [] });
  $('a-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    $('a-error').hidden = true;
    $('a-busy').hidden = false;
    $('a-go').disabled = true;
    try {
      const res = await fetch('/api/analysis', {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: text.value }),
      });
      const data = await res.json();
      if (!res.ok) throw new Error(data.error || res.statusText);
      ana.data = data;
      ana.at = data.steps.length;
      renderAnalysis();
      $('a-board').dataset.ready = '1';
    } catch (e) {
      $('a-error').textContent = e.message;
      $('a-error').hidden = false;
    } finally {
      $('a-busy').hidden = true;
      $('a-go').disabled = false;
    }
  });
  const go = (f) => () => { if (ana.data) { ana.at = Math.max(0, Math.min(ana.data.steps.length, f(ana.at))); renderAnalysis(); } };
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
  onLanguage.push(renderAnalysis);
  if (text.value) $('a-form').requestSubmit();
}

// ---------- start ----------

// What to redraw when the language changes.
const onLanguage = [];

function start() {
  setLanguage(initialLanguage());
  const select = $('lang');
  select.value = language();
  select.addEventListener('change', () => {
    setLanguage(select.value);
    for (const f of onLanguage) f();
  });
  let symbols = false;
  try { symbols = localStorage.getItem('kamisado.symbols') === '1'; } catch (e) { /* */ }
  setSymbols(symbols);
  $('symbols').addEventListener('change', (ev) => {
    setSymbols(ev.target.checked);
    if (play.state) render();
  });
  const path = location.pathname;
  const game = path.match(/^\/g\/([0-9a-zA-Z]+)$/);
  if (game) showGame(game[1]);
  else if (path === '/analysis') showAnalysis();
  else showLobby();
}

start();
