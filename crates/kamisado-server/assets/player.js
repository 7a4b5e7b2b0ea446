// A player's page, /p/{name}: their ratings per pool, the plot of their
// rating history, and the archive of their finished games, each with its
// review on the analysis board and its record.
import {
  t, side, onLanguageChange, poolWords, howWords, dateWords, nameWords,
} from './i18n.js';
import { $, html } from './dom.js';
import { request } from './http.js';
import { playerHref, botTag, challengeLink } from './account.js';
import { drawHistory } from './plot.js';


const page = { data: null, error: null, name: '' };

/** A table cell with its column's name for the narrow layout. */
function cell(text, label, cls) {
  const td = html('td', text, cls);
  td.dataset.label = label;
  return td;
}

function renderRatings(d) {
  const body = $('p-ratings').querySelector('tbody');
  body.replaceChildren();
  const pools = Object.entries(d.ratings || {});
  $('p-no-ratings').hidden = pools.length > 0;
  $('p-ratings').hidden = pools.length === 0;
  for (const [pool, r] of pools) {
    const tr = html('tr');
    tr.dataset.pool = pool;
    tr.appendChild(cell(poolWords(pool), t('player.pool'), 'col-pool'));
    const rating = cell(String(Math.round(r.rating)), t('player.rating'), 'col-rating');
    // The server says which ratings are provisional (too few games to settle), as on the leaderboard.
    if (r.provisional) {
      tr.classList.add('provisional');
      rating.appendChild(html('abbr', '?', 'prov-mark'));
      rating.lastChild.title = t('lb.provisional');
    }
    tr.appendChild(rating);
    tr.appendChild(cell(`± ${Math.round(r.deviation)}`, t('player.deviation'), 'col-deviation'));
    tr.appendChild(cell(String(r.games), t('player.games'), 'col-games'));
    body.appendChild(tr);
  }
}

function renderArchive(d) {
  const body = $('p-games').querySelector('tbody');
  body.replaceChildren();
  const games = d.games || [];
  $('p-no-games').hidden = games.length > 0;
  $('p-games').hidden = games.length === 0;
  for (const g of games) {
    const tr = html('tr', undefined, `result-${g.result}`);
    tr.dataset.id = g.id;
    const opp = cell('', t('player.opponent'), 'col-opponent');
    // A guest opponent has a name but no page.
    if (g.opponent && g.opponent_account !== false) {
      const a = html('a', g.opponent);
      a.href = playerHref(g.opponent);
      opp.appendChild(a);
    } else opp.textContent = g.opponent ? nameWords(g.opponent) : '—';
    tr.appendChild(opp);
    const colour = cell('', t('player.colour'), 'col-colour');
    colour.appendChild(html('span', side(g.colour), `chip-text side-${g.colour}`));
    tr.appendChild(colour);
    tr.appendChild(cell(t(`player.result.${g.result}`), t('player.result'), 'col-result'));
    tr.appendChild(cell(howWords(g.how), t('player.how'), 'col-how'));
    tr.appendChild(cell(g.score ? `${g.score.b}–${g.score.w}` : '', t('player.score'), 'col-score'));
    tr.appendChild(cell(String(g.moves ?? ''), t('player.moves'), 'col-moves'));
    tr.appendChild(cell(g.rated ? t('player.yes') : '—', t('player.rated'), 'col-rated'));
    tr.appendChild(cell(dateWords(g.finished_ms), t('player.date'), 'col-date'));
    const links = cell('', '', 'col-links');
    const replay = html('a', t('player.review'), 'replay');
    replay.href = `/analysis?game=${encodeURIComponent(g.id)}`;
    const record = html('a', t('player.record'), 'record');
    record.href = `/api/games/${encodeURIComponent(g.id)}/record`;
    record.setAttribute('download', '');
    links.append(replay, ' · ', record);
    tr.appendChild(links);
    body.appendChild(tr);
  }
}

function render() {
  const d = page.data;
  $('p-name').textContent = d ? d.name : page.name;
  // A bot is marked by its name, with a button that challenges it.
  if (d && d.bot) $('p-name').append(' ', botTag(), ' ', challengeLink(d.name));
  document.title = `${d ? d.name : page.name} — Kamisado`;
  $('p-error').hidden = !page.error;
  $('p-error').textContent = page.error ? page.error() : '';
  $('p-body').hidden = !d;
  if (!d) return;
  renderRatings(d);
  drawHistory($('p-plot'), $('p-legend'), d.history);
  renderArchive(d);
  $('player').dataset.ready = '1';
}

/** Shows the page of the player `name`. */
export async function showPlayer(name) {
  $('player').hidden = false;
  page.name = name;
  onLanguageChange(render);
  let width = 0;
  window.addEventListener('resize', () => {
    const now = $('p-plot').clientWidth;
    if (page.data && now !== width) { width = now; drawHistory($('p-plot'), $('p-legend'), page.data.history); }
  });
  try {
    page.data = await request('GET', `/api/players/${encodeURIComponent(name)}`);
  } catch (e) {
    // Said again in the language chosen later.
    page.error = () => (e.status === 404 ? t('player.unknown', { name }) : t('player.failed', { reason: e.message }));
  }
  render();
}
