// The leaderboard, /leaderboard?pool=…: a pool's players by rating (the
// provisional ones marked, after the others) and the engine's levels with
// their ratings from matches between the levels (the engine's ladder).
import { t, onLanguageChange, poolWords } from './i18n.js';
import { $, html } from './dom.js';
import { request } from './http.js';
import { playerHref, botTag, challengeLink } from './account.js';


const board = { data: null, error: null };

function cell(text, label, cls) {
  const td = html('td', text, cls);
  td.dataset.label = label;
  return td;
}

function render() {
  $('lb-error').hidden = !board.error;
  $('lb-error').textContent = board.error ? t('lb.failed', { reason: board.error }) : '';
  const d = board.data;
  if (!d) return;
  const select = $('lb-pool');
  select.replaceChildren();
  const pools = d.pools && d.pools.length ? d.pools : [d.pool];
  for (const pool of pools) {
    const option = html('option', poolWords(pool));
    option.value = pool;
    select.appendChild(option);
  }
  select.value = d.pool;
  const body = $('lb-players').querySelector('tbody');
  body.replaceChildren();
  $('lb-none').hidden = d.players.length > 0;
  $('lb-players').hidden = d.players.length === 0;
  d.players.forEach((p, i) => {
    const provisional = Boolean(p.provisional);
    const tr = html('tr', undefined, provisional ? 'provisional' : '');
    tr.dataset.name = p.name;
    tr.appendChild(cell(String(i + 1), '#', 'col-rank'));
    const name = cell('', t('lb.player'), 'col-name');
    const a = html('a', p.name);
    a.href = playerHref(p.name);
    name.appendChild(a);
    // A bot is marked, and challenged from here.
    if (p.bot) {
      tr.classList.add('bot');
      name.append(' ', botTag(), ' ', challengeLink(p.name));
    }
    tr.appendChild(name);
    // A provisional rating is marked as on the player page: "1662 ?".
    const rating = cell(String(Math.round(p.rating)), t('player.rating'), 'col-rating');
    if (provisional) rating.appendChild(html('span', ` ${t('lb.provisional_tag')}`, 'muted'));
    tr.appendChild(rating);
    tr.appendChild(cell(`± ${Math.round(p.deviation)}`, t('player.deviation'), 'col-deviation'));
    tr.appendChild(cell(String(p.games), t('player.games'), 'col-games'));
    body.appendChild(tr);
  });
  const engine = $('lb-engine').querySelector('tbody');
  engine.replaceChildren();
  for (const e of d.engine || []) {
    const tr = html('tr');
    tr.appendChild(cell(t('engine.name', { level: e.level }), t('lb.level'), 'col-level'));
    tr.appendChild(cell(String(Math.round(e.rating)), t('player.rating'), 'col-rating'));
    engine.appendChild(tr);
  }
  $('lb-engine-card').hidden = !(d.engine && d.engine.length);
  $('leaderboard').dataset.ready = '1';
}

async function load(pool) {
  $('leaderboard').dataset.ready = '0';
  try {
    board.data = await request('GET', `/api/leaderboard${pool ? `?pool=${encodeURIComponent(pool)}` : ''}`);
    board.error = null;
    const url = `/leaderboard?pool=${encodeURIComponent(board.data.pool)}`;
    if (location.pathname + location.search !== url) history.replaceState(null, '', url);
  } catch (e) {
    board.error = e.message;
  }
  render();
}

/** Shows the leaderboard of the pool the address names (the server's first by default). */
export function showLeaderboard() {
  $('leaderboard').hidden = false;
  $('lb-pool').addEventListener('change', () => load($('lb-pool').value));
  onLanguageChange(render);
  load(new URLSearchParams(location.search).get('pool'));
}
