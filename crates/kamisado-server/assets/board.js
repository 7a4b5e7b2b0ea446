// The board drawn in SVG: squares in the colours of the layout a state or
// an analysis brings, towers with their dragon's teeth, marks for the last
// move, the forced tower, a selection, targets, a hint and the keyboard
// cursor, and the colour symbols for colour-blind players: shapes or the
// colours' kanji.
import {
  t as say, tower, side, colour, squareWords,
} from './i18n.js';
import { $ } from './dom.js';

const SVG = 'http://www.w3.org/2000/svg';
const COLOURS = {
  orange: '#f28c28', blue: '#2f6fdb', purple: '#7d3fa6', pink: '#ef7fb5',
  yellow: '#f3d13a', red: '#d8322e', green: '#2f9e4a', brown: '#7b4a27',
  ivory: '#efe9d6', charcoal: '#37373c',
};
export const MARGIN = 20;
// The board being drawn: its colours (top rank first), its size and the
// size of a square, so that every board fills the same 840-unit frame.
let LAYOUT = [];
let SIZE = 8;
let CELL = 100;

// Every state and analysis brings its board's layout (R1 lives in the rules crate).
export function useLayout(layout) {
  LAYOUT = layout || [];
  SIZE = LAYOUT.length || 8;
  CELL = 800 / SIZE;
}


// ---------- small helpers ----------

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (parent) parent.appendChild(node);
  return node;
}


function squareColour(sq) {
  const file = sq.charCodeAt(0) - 97;
  const rank = Number(sq.slice(1)) - 1;
  return LAYOUT[SIZE - 1 - rank][file];
}

export function squareName(file, rank) {
  return String.fromCharCode(97 + file) + String(rank + 1);
}

export function parseMove(text) {
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

// The colours' kanji, as the edition's towers and squares bear them; the
// 10×10 board's two more colours get white and ink.
const KANJI = {
  orange: '橙', blue: '青', purple: '紫', pink: '桃', yellow: '黄', red: '赤', green: '緑', brown: '茶',
  ivory: '白', charcoal: '墨',
};

// A colour's kanji, centred on 0,0 in a 20×20 box like the shapes, outlined so that it reads on any colour.
function symbolKanji(colour, parent, fill, stroke) {
  const text = el('text', {
    class: 'kanji-text', fill, stroke, 'stroke-width': 2.4, 'paint-order': 'stroke', 'font-size': 20, y: 7, lang: 'ja',
  }, parent);
  text.textContent = KANJI[colour] || '';
  return text;
}

/** The symbol sets a player may choose: none, the shapes, or the kanji. */
export const SYMBOL_SETS = ['none', 'shapes', 'kanji'];

/** The symbol set chosen before (`shapes` for the old on, '1'), or none. */
export function savedSymbols() {
  let saved = null;
  try { saved = localStorage.getItem('kamisado.symbols'); } catch (e) { /* private mode */ }
  if (saved === '1') return 'shapes';
  return SYMBOL_SETS.includes(saved) ? saved : 'none';
}

/** Shows the symbol set `set` on every board and remembers it. */
export function setSymbols(set) {
  const chosen = SYMBOL_SETS.includes(set) ? set : 'none';
  document.body.classList.toggle('symbols', chosen === 'shapes');
  document.body.classList.toggle('kanji', chosen === 'kanji');
  $('symbols').value = chosen;
  try { localStorage.setItem('kamisado.symbols', chosen); } catch (e) { /* private mode */ }
}

// ---------- the board ----------

// Where a square is drawn: Black at the bottom unless the board is flipped.
export function place(sq, flipped) {
  const file = sq.charCodeAt(0) - 97;
  const rank = Number(sq.slice(1)) - 1;
  const col = flipped ? SIZE - 1 - file : file;
  const row = flipped ? rank : SIZE - 1 - rank;
  return { x: MARGIN + col * CELL, y: MARGIN + row * CELL };
}

export function squareAt(point, flipped) {
  const col = Math.floor((point.x - MARGIN) / CELL);
  const row = Math.floor((point.y - MARGIN) / CELL);
  if (col < 0 || col >= SIZE || row < 0 || row >= SIZE) return null;
  const file = flipped ? SIZE - 1 - col : col;
  const rank = flipped ? row : SIZE - 1 - row;
  return squareName(file, rank);
}

function drawTower(parent, t, x, y, extra = '', pushed = false) {
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
  title.textContent = `${side(t.side)}: ${tower(t)}, ${t.sq}${pushed ? ` — ${say('board.push_title')}` : ''}`;
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
  const [ink, edge] = t.side === 'b' ? ['#fff', '#111'] : ['#111', '#fff'];
  symbolShape(t.colour, g, 1, ink, edge).classList.add('on-tower');
  const kanji = el('g', { class: 'kanji-mark on-tower', transform: 'scale(1.3)' }, g);
  symbolKanji(t.colour, kanji, ink, edge);
  return g;
}

// What a square holds for its name to a screen reader: its colour, its
// tower, and the marks drawn on it.
function squareInfo(opts) {
  const { towers = [], last = null, forced = null, selected = null, targets = [], hint = null, danger = [] } = opts;
  const info = new Map();
  const at = (sq) => {
    if (!info.has(sq)) info.set(sq, {});
    return info.get(sq);
  };
  for (const t of towers) at(t.sq).tower = t;
  if (last && !last.pass) { at(last.from).last = 'from'; at(last.to).last = 'to'; }
  if (hint && !hint.pass) { at(hint.from).hint = 'from'; at(hint.to).hint = 'to'; }
  if (forced) at(forced).forced = true;
  if (selected) at(selected).selected = true;
  for (const mv of targets) at(mv.to).target = mv.push ? 'push' : 'move';
  for (const d of danger) at(d.to).danger = { verdict: d.verdict, plies: d.plies };
  return info;
}

/** The id of a board's cell for `sq`, which `aria-activedescendant` names. */
export function cellId(svg, sq) { return `${svg.id}-${sq}`; }

// The squares as the rows of a grid, top of the screen first, each cell
// named in words ("c6, blue square, Gold's pink sumo") for a screen reader.
function drawSquares(svg, opts) {
  const flipped = Boolean(opts.flipped);
  const info = squareInfo(opts);
  const squares = el('g', { class: 'squares', role: 'rowgroup' }, svg);
  for (let row = 0; row < SIZE; row++) {
    const rank = flipped ? row + 1 : SIZE - row;
    const line = el('g', { role: 'row', 'aria-label': say('board.rank', { rank }) }, squares);
    for (let col = 0; col < SIZE; col++) {
      const sq = squareName(flipped ? SIZE - 1 - col : col, flipped ? row : SIZE - 1 - row);
      const { x, y } = place(sq, flipped);
      const colourName = LAYOUT.length ? squareColour(sq) : null;
      const label = squareWords({ sq, colour: colourName, ...(info.get(sq) || {}) });
      const g = el('g', {
        class: 'square', 'data-sq': sq, 'data-colour': colourName || '', role: 'gridcell', 'aria-label': label,
      }, line);
      if (svg.id) g.id = cellId(svg, sq);
      if (opts.selected === sq) g.setAttribute('aria-selected', 'true');
      const title = el('title', {}, g);
      const where = colourName ? `${sq}, ${colour(colourName)}` : sq;
      title.textContent = (info.get(sq) || {}).target === 'push' ? `${where} — ${say('board.push_title')}` : where;
      el('rect', { x, y, width: CELL, height: CELL, fill: COLOURS[colourName] || '#d9cfbd' }, g);
      if (!colourName) continue;
      const sym = symbolShape(colourName, g, 0.75, 'rgba(255,255,255,0.85)', 'rgba(0,0,0,0.55)');
      sym.setAttribute('transform', `translate(${x + 0.15 * CELL},${y + 0.15 * CELL}) scale(${0.0075 * CELL})`);
      sym.classList.add('on-square');
      const kanji = el('g', {
        class: 'kanji-mark on-square', 'aria-hidden': 'true',
        transform: `translate(${x + 0.16 * CELL},${y + 0.16 * CELL}) scale(${0.011 * CELL})`,
      }, g);
      symbolKanji(colourName, kanji, 'rgba(255,255,255,0.92)', 'rgba(0,0,0,0.6)');
    }
  }
}

// Draws a whole board: squares, coordinates, towers and marks. The squares
// are the cells of a grid, which say in words all that the marks and the
// towers show; every other layer is hidden from screen readers.
export function drawBoard(svg, opts) {
  const { towers = [], flipped = false, last = null, forced = null, selected = null,
    targets = [], cursor = null, hint = null, danger = [], spots = [] } = opts;
  svg.replaceChildren();
  if (!svg.getAttribute('role')) svg.setAttribute('role', 'grid');
  const hidden = { 'aria-hidden': 'true' };
  el('rect', { x: 0, y: 0, width: 840, height: 840, class: 'frame', rx: 14, ...hidden }, svg);
  drawSquares(svg, opts);
  // Coordinates along the frame.
  const coords = el('g', { class: 'coords', ...hidden }, svg);
  for (let i = 0; i < SIZE; i++) {
    const file = flipped ? SIZE - 1 - i : i;
    const rank = flipped ? i : SIZE - 1 - i;
    el('text', { x: MARGIN + i * CELL + CELL / 2, y: 836, class: 'coord' }, coords).textContent = String.fromCharCode(97 + file);
    el('text', { x: 10, y: MARGIN + i * CELL + CELL / 2 + 5, class: 'coord' }, coords).textContent = String(rank + 1);
  }
  const marks = el('g', { class: 'marks', ...hidden }, svg);
  const mark = (sq, cls) => {
    if (!sq) return;
    const { x, y } = place(sq, flipped);
    el('rect', { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, class: cls, rx: 6 }, marks);
  };
  if (last && !last.pass) { mark(last.from, 'last-from'); mark(last.to, 'last-to'); }
  if (hint && !hint.pass) { mark(hint.from, 'hint-from'); mark(hint.to, 'hint-to'); }
  for (const sq of spots) mark(sq, 'spot');
  if (forced) mark(forced, 'forced');
  if (selected) mark(selected, 'selected');
  const pieces = el('g', { class: 'pieces', ...hidden }, svg);
  // A push's target says so: its tower's title, and a word under its ring (a tap shows no title).
  const pushes = new Set(targets.filter((mv) => mv.push).map((mv) => mv.to));
  for (const t of towers) {
    const { x, y } = place(t.sq, flipped);
    drawTower(pieces, t, x, y, t.sq === forced ? 'is-forced' : '', pushes.has(t.sq));
  }
  const dots = el('g', { class: 'targets', ...hidden }, svg);
  for (const mv of targets) {
    const { x, y } = place(mv.to, flipped);
    if (mv.push) {
      el('circle', { cx: x + CELL / 2, cy: y + CELL / 2, r: 0.44 * CELL, class: 'target push', 'data-sq': mv.to }, dots);
      el('text', {
        x: x + CELL / 2, y: y + 0.95 * CELL, class: 'push-word', 'font-size': 0.2 * CELL, 'data-sq': mv.to,
      }, dots).textContent = say('board.push_word');
    } else {
      el('circle', { cx: x + CELL / 2, cy: y + CELL / 2, r: 0.14 * CELL, class: 'target', 'data-sq': mv.to }, dots);
    }
  }
  drawDanger(svg, danger, flipped);
  if (cursor) {
    const { x, y } = place(cursor, flipped);
    el('rect', { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, class: 'cursor', rx: 4, ...hidden }, svg);
    if (svg.id) svg.setAttribute('aria-activedescendant', cellId(svg, cursor));
  } else {
    svg.removeAttribute('aria-activedescendant');
  }
}


// The danger view's marks: a ring on each target square in the colour of
// its verdict (safe, loses at once, lost in N, wins), and a badge that says
// the verdict without its colour: a tick, a cross, N, a star. The reason in
// words is the square's tooltip; the square's cell names the verdict.
const VERDICT_GLYPHS = {
  safe: 'M-5,0 L-1.5,4 L5.5,-4.5',
  loses_at_once: 'M-4.5,-4.5 L4.5,4.5 M4.5,-4.5 L-4.5,4.5',
  wins: 'M0,-6.5 L1.9,-2.2 L6.2,-2 L2.9,0.9 L4,5.5 L0,3 L-4,5.5 L-2.9,0.9 L-6.2,-2 L-1.9,-2.2 Z',
};

function drawDanger(svg, danger, flipped) {
  if (!danger.length) return;
  const layer = el('g', { class: 'dangers', 'aria-hidden': 'true' }, svg);
  for (const d of danger) {
    const { x, y } = place(d.to, flipped);
    const g = el('g', { class: `danger danger-${d.verdict}`, 'data-sq': d.to, 'data-verdict': d.verdict }, layer);
    el('title', {}, g).textContent = d.title || '';
    el('rect', { x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, rx: 8, class: 'danger-area' }, g);
    el('circle', { cx: x + CELL / 2, cy: y + CELL / 2, r: 0.36 * CELL, class: 'danger-halo' }, g);
    el('circle', { cx: x + CELL / 2, cy: y + CELL / 2, r: 0.36 * CELL, class: 'danger-ring' }, g);
    const bx = x + 0.8 * CELL;
    const by = y + 0.2 * CELL;
    if (d.verdict === 'lost' && d.plies) {
      el('circle', { cx: bx, cy: by, r: 0.15 * CELL, class: 'danger-badge' }, g);
      el('text', { x: bx, y: by + 0.06 * CELL, class: 'danger-n', 'font-size': 0.18 * CELL }, g)
        .textContent = String(d.plies);
    } else if (VERDICT_GLYPHS[d.verdict]) {
      el('circle', { cx: bx, cy: by, r: 0.15 * CELL, class: 'danger-badge' }, g);
      el('path', { d: VERDICT_GLYPHS[d.verdict], class: 'danger-glyph', transform: `translate(${bx},${by}) scale(${CELL / 100 * 1.6})` }, g);
    }
    if (d.focus) el('rect', { x: x + 6, y: y + 6, width: CELL - 12, height: CELL - 12, rx: 6, class: 'danger-focus' }, g);
  }
}

/** The point of a pointer event in the board's own units. */
export function svgPoint(svg, ev) {
  const pt = svg.createSVGPoint();
  pt.x = ev.clientX;
  pt.y = ev.clientY;
  return pt.matrixTransform(svg.getScreenCTM().inverse());
}

/**
 * Slides the tower that a move brought to its square from where it came,
 * on a board just drawn with the position after the move (not when the
 * reader asks for less motion).
 */
export function animateMove(svg, mv, flipped) {
  if (!mv || mv.pass || !mv.from || !mv.to) return;
  if (window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  const node = svg.querySelector(`.tower[data-sq="${mv.to}"]`);
  if (!node || !node.animate) return;
  const a = place(mv.from, flipped);
  const b = place(mv.to, flipped);
  const at = (p) => `translate(${p.x + CELL / 2}px, ${p.y + CELL / 2}px) scale(${CELL / 100})`;
  node.animate([{ transform: at(a) }, { transform: at(b) }], { duration: 380, easing: 'ease-out' });
}

/** The size of the board being drawn, in squares. */
export function boardSize() { return SIZE; }

/**
 * Keyboard play on a board: Tab reaches it, the arrow keys move a cursor
 * over the squares (as the board is seen: `flipped()` tells), Enter or Space
 * acts on the cursor's square (`pick(sq)`), Escape drops a pick (`drop()`),
 * and each letter of `keys` does what it maps to. `moved(sq)` follows an
 * arrow; `redraw()` draws the board with the cursor while the board has the
 * focus. Returns the cursor: `at()` its square, `set(sq)` puts it there
 * (a click), `shown()` whether it is drawn.
 */
export function keyboardBoard(svg, {
  flipped = () => false, pick, drop, moved = () => {}, redraw, keys = {}, start = 'd4',
}) {
  let cursor = start;
  // The cursor's square is also the board's `data-cursor`, for tools and tests.
  const put = (sq) => { cursor = sq; svg.dataset.cursor = sq; };
  put(start);
  svg.setAttribute('tabindex', '0');
  if (!svg.hasAttribute('aria-describedby') && document.getElementById('board-help')) {
    svg.setAttribute('aria-describedby', 'board-help');
  }
  svg.addEventListener('keydown', (ev) => {
    const file = cursor.charCodeAt(0) - 97;
    const rank = Number(cursor.slice(1)) - 1;
    const dir = flipped() ? -1 : 1;
    const arrows = { ArrowUp: [0, dir], ArrowDown: [0, -dir], ArrowLeft: [-dir, 0], ArrowRight: [dir, 0] };
    const letter = ev.key.length === 1 && !ev.ctrlKey && !ev.metaKey && !ev.altKey ? keys[ev.key.toLowerCase()] : null;
    if (arrows[ev.key]) {
      const [df, dr] = arrows[ev.key];
      const clamp = (n) => Math.min(SIZE - 1, Math.max(0, n));
      put(squareName(clamp(file + df), clamp(rank + dr)));
      ev.preventDefault();
      moved(cursor);
      redraw();
    } else if (ev.key === 'Enter' || ev.key === ' ') {
      ev.preventDefault();
      pick(cursor);
    } else if (ev.key === 'Escape') {
      drop();
    } else if (letter) {
      ev.preventDefault();
      letter();
    }
  });
  // Focus only shows or hides the cursor: the board alone is drawn again,
  // but not under a press (a redraw between a press and its release would
  // swallow the click).
  let pressed = false;
  svg.addEventListener('pointerdown', () => { pressed = true; }, true);
  svg.addEventListener('pointerup', () => { pressed = false; }, true);
  svg.addEventListener('focus', () => {
    if (!pressed) redraw();
    pressed = false;
  });
  svg.addEventListener('blur', () => redraw());
  return {
    at: () => cursor,
    set: (sq) => { if (sq) put(sq); },
    shown: () => document.activeElement === svg,
  };
}
