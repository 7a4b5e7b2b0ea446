// A player's rating history as an SVG plot drawn here: one line per pool
// over their rated games in order (each point's deviation in its title), from
// the start (1500, also a dashed line); the ratings on the left, the last
// game's date below.
import { t, poolWords, dateWords } from './i18n.js';


const SVG = 'http://www.w3.org/2000/svg';
// Every player starts at this rating.
const START = 1500;
const PAD = { left: 48, right: 14, top: 12, bottom: 28 };

function node(tag, attrs, text) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text !== undefined) el.textContent = text;
  return el;
}

/** A step for the rating axis: about four lines across `span` points. */
function step(span) {
  for (const s of [25, 50, 100, 200, 250, 500]) if (span / s <= 5) return s;
  return 1000;
}

/** Draws `history` ({pool: [{at_ms, rating, deviation, game}]}) into `svg`; the legend into `legend`. */
export function drawHistory(svg, legend, history) {
  svg.replaceChildren();
  legend.replaceChildren();
  // One unit a pixel, so that the labels read the same on a phone.
  const W = Math.round(Math.max(280, Math.min(960, svg.clientWidth || 640)));
  const H = Math.round(Math.max(190, Math.min(300, W * 0.4)));
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  const pools = Object.entries(history || {}).filter(([, points]) => points.length > 0);
  const all = pools.flatMap(([, points]) => points);
  if (all.length === 0) {
    svg.appendChild(node('text', { x: W / 2, y: H / 2, class: 'plot-empty' }, t('player.no_history')));
    return;
  }
  // Across: the rated games in their order, all pools together, from the
  // start (0) to the last; each pool's line starts at 1500 just before its first game.
  const order = [...all].sort((a, b) => a.at_ms - b.at_ms);
  const index = new Map(order.map((p, i) => [p, i + 1]));
  const ratings = all.map((p) => p.rating).concat([START]);
  const s = step(Math.max(...ratings) - Math.min(...ratings));
  const r0 = Math.floor(Math.min(...ratings) / s) * s - (Math.min(...ratings) % s === 0 ? s : 0);
  const r1 = Math.ceil(Math.max(...ratings) / s) * s + (Math.max(...ratings) % s === 0 ? s : 0);
  const x = (i) => PAD.left + (i / order.length) * (W - PAD.left - PAD.right);
  const y = (r) => PAD.top + (1 - (r - r0) / (r1 - r0)) * (H - PAD.top - PAD.bottom);
  for (let r = r0; r <= r1; r += s) {
    svg.appendChild(node('line', { x1: PAD.left, x2: W - PAD.right, y1: y(r), y2: y(r), class: 'plot-grid' }));
    svg.appendChild(node('text', { x: PAD.left - 6, y: y(r) + 4, class: 'plot-label plot-y' }, String(r)));
  }
  svg.appendChild(node('line', { x1: PAD.left, x2: W - PAD.right, y1: y(START), y2: y(START), class: 'plot-start' }));
  svg.appendChild(node('text', { x: PAD.left, y: H - 8, class: 'plot-label plot-x-first' }, t('player.start')));
  svg.appendChild(node('text', { x: W - PAD.right, y: H - 8, class: 'plot-label plot-x-last' }, dateWords(order[order.length - 1].at_ms)));
  pools.forEach(([pool, points], i) => {
    const series = `series-${i % 4}`;
    const sorted = [...points].sort((a, b) => a.at_ms - b.at_ms);
    const first = index.get(sorted[0]) - 1;
    const line = [`${x(first)},${y(START)}`].concat(sorted.map((p) => `${x(index.get(p))},${y(p.rating)}`));
    svg.appendChild(node('polyline', { points: line.join(' '), class: `plot-line ${series}` }));
    for (const p of sorted) {
      const dot = node('circle', { cx: x(index.get(p)), cy: y(p.rating), r: 4, class: `plot-dot ${series}` });
      dot.appendChild(node('title', {}, `${poolWords(pool)}: ${Math.round(p.rating)} ± ${Math.round(p.deviation)}, ${dateWords(p.at_ms)}`));
      svg.appendChild(dot);
    }
    const item = document.createElement('span');
    item.className = 'legend-item';
    const swatch = document.createElement('span');
    swatch.className = `swatch ${series}`;
    item.appendChild(swatch);
    item.appendChild(document.createTextNode(poolWords(pool)));
    legend.appendChild(item);
  });
  svg.setAttribute('aria-label', t('player.history_label'));
}
