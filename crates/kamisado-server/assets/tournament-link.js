// On a game's page: the tournament it was paired in, with a link back to
// it (its standings and the next round).
import { t } from './i18n.js';
import { $ } from './dom.js';
import { request } from './http.js';

/** Shows "Tournament: NAME" above the game's status when game `id` has one. */
export async function showTournamentLink(id) {
  let answer;
  try { answer = await request('GET', `/api/games/${id}/tournament`); } catch (e) { return; }
  const x = answer && answer.tournament;
  if (!x) return;
  $('g-tournament-link').href = `/tournaments/${x.id}`;
  $('g-tournament-link').textContent = x.name;
  $('g-tournament-label').textContent = t('tour.of_game');
  $('g-tournament').hidden = false;
}
