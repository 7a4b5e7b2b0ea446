// "Your games" for a signed-in player: their games between accounts, as
// GET /api/my/games lists them (unfinished first, their turn first), each
// with the time left for the move.
import {
  t, side, onLanguageChange, poolWords, targetWords, nameWords,
} from './i18n.js';
import { $, html } from './dom.js';
import { request } from './http.js';
import { controlWords, durationWords } from './clock.js';


const mine = { games: null, error: null };

function statusWords(g) {
  if (g.status === 'over') {
    const result = g.winner === g.colour ? t('mine.won') : t('mine.lost');
    return g.score ? `${result} ${g.score[g.colour]}–${g.score[g.colour === 'b' ? 'w' : 'b']}` : result;
  }
  const whose = g.your_turn ? t('mine.your_turn') : t('mine.their_turn');
  if (!g.deadline_ms) return whose;
  return `${whose} · ${t('mine.left', { time: durationWords(g.deadline_ms - Date.now()) })}`;
}

function render() {
  const list = $('acc-games');
  list.replaceChildren();
  $('acc-error').hidden = !mine.error;
  $('acc-error').textContent = mine.error ? t('mine.failed', { reason: mine.error }) : '';
  if (!mine.games) return;
  $('acc-none').hidden = mine.games.length > 0;
  for (const g of mine.games) {
    const li = html('li', undefined, 'acc-game');
    li.dataset.id = g.id;
    if (g.status !== 'over' && g.your_turn) li.classList.add('your-turn');
    if (g.status === 'over') li.classList.add('finished');
    const game = html('a', t('mine.against', { name: g.opponent ? nameWords(g.opponent) : '?' }), 'acc-link');
    game.href = `/g/${g.id}`;
    li.appendChild(game);
    li.appendChild(html('span', ` (${side(g.colour)})`, `chip-text side-${g.colour}`));
    li.appendChild(html('div', statusWords(g), 'acc-status'));
    const terms = [poolWords(`${g.rules} ${g.board}`), targetWords(g.target),
      g.rated ? t('ch.rated') : t('ch.unrated'), controlWords(g.clock, g.days)];
    li.appendChild(html('div', terms.join(' · '), 'muted small'));
    list.appendChild(li);
  }
}

/** Fetches the list again and redraws it. */
export async function refreshAccountGames() {
  try {
    const data = await request('GET', '/api/my/games');
    mine.games = data.games || [];
    mine.error = null;
  } catch (e) {
    mine.error = e.message;
  }
  render();
}

/** Shows the signed-in player's games, fetched now and every half minute. */
export function showAccountGames() {
  $('acc-card').hidden = false;
  onLanguageChange(render);
  refreshAccountGames();
  setInterval(refreshAccountGames, 30000);
  document.addEventListener('visibilitychange', () => { if (!document.hidden) refreshAccountGames(); });
}
