// The analysis board: a pasted record or position, every move with the
// engine's value, and the position's verdict.
import { t, side, valueWords, blackShare, noteText, onLanguageChange } from './i18n.js';
import { $, html } from './dom.js';
import { useLayout, drawBoard, parseMove } from './board.js';


const ana = { data: null, at: 0, flipped: false };

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

export function showAnalysis() {
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
  onLanguageChange(renderAnalysis);
  const game = new URLSearchParams(location.search).get('game');
  if (game) loadGame(game);
  else if (text.value) $('a-form').requestSubmit();
}

// /analysis?game=ID replays that game: its record is fetched into the form and analysed.
async function loadGame(id) {
  const text = $('a-text');
  $('a-busy').hidden = false;
  try {
    let res;
    try {
      res = await fetch(`/api/games/${encodeURIComponent(id)}/record`);
    } catch (e) {
      throw new Error(t('net.unreachable'));
    }
    if (!res.ok) {
      let reason = `${res.status} ${res.statusText}`;
      try { reason = (await res.json()).error || reason; } catch (e) { /* not JSON */ }
      throw new Error(t('ana.no_game', { reason }));
    }
    text.value = await res.text();
  } catch (e) {
    $('a-busy').hidden = true;
    $('a-error').textContent = e.message;
    $('a-error').hidden = false;
    return;
  }
  $('a-form').requestSubmit();
}
