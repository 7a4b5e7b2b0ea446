// The lobby: the account box, and for a signed-in player the open
// challenges and their games; the new-game form, this browser's games and a
// game to watch.
import {
  t, side, sideGen, other, dateWords, onLanguageChange, nameWords, refusalWords,
} from './i18n.js';
import { $, html } from './dom.js';
import { myGames, saveGame, forgetGame } from './games.js';
import { showAccountBox } from './account.js';
import { showChallenges } from './challenges.js';
import { showAccountGames, refreshAccountGames } from './account-games.js';


// A game of this browser named by its opponent: the engine's level, the
// friend's name once the game's state has told it, or two on one screen.
function gameLabel(g, state) {
  if (g.mode === 'engine') return t('lobby.vs_engine', { level: g.level || '?' });
  if (g.mode === 'local') return t('lobby.vs_local');
  const seat = g.seat === 'b' || g.seat === 'w' ? g.seat : null;
  if (state && seat) return t('lobby.vs_named', { name: nameWords(state.names[other(seat)]) });
  return g.invited ? t('lobby.vs_invited') : t('lobby.vs_friend');
}

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

// Whether a signed-in player holds the form: their account names them.
let signedIn = false;

async function showAccount() {
  const me = await showAccountBox();
  // A guest sees the open challenges too, and is asked to sign in to accept one.
  if (!me) { showChallenges(null, null); return; }
  signedIn = true;
  $('new-game').dispatchEvent(new Event('change'));
  // The games held by this browser are told apart from the account's.
  const title = $('browser-games-title');
  title.dataset.i18n = 'lobby.browser';
  title.textContent = t('lobby.browser');
  showChallenges(me, () => refreshAccountGames());
  showAccountGames();
}

export function showLobby() {
  $('lobby').hidden = false;
  showAccount();
  const form = $('new-game');
  const sync = () => {
    const mode = form.mode.value;
    $('level-row').hidden = mode !== 'engine';
    $('colour-row').hidden = mode === 'local';
    $('opponent-row').hidden = mode !== 'local';
    $('name-label').textContent = mode === 'local' ? t('lobby.black_name') : t('lobby.name');
    // The placeholders are the names the server gives when none is typed, in the reader's words.
    $('name').placeholder = nameWords(mode === 'local' ? 'Black' : 'Player');
    $('opponent').placeholder = nameWords('Gold');
    // An account plays under its own name; on one screen the names are the two players'.
    $('name-row').hidden = signedIn && mode !== 'local';
  };
  form.addEventListener('change', sync);
  sync();
  onLanguageChange(sync);
  // The form speaks the reader's language from here on.
  $('lobby').dataset.ready = '1';
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const mode = form.mode.value;
    const body = {
      mode,
      target: Number($('target').value),
      rules: $('rules').value + ($('opening-limits').checked ? '+opening-limits' : ''),
      board: $('board-size').value,
      name: $('name-row').hidden ? '' : $('name').value,
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
        referrerPolicy: 'strict-origin', // so that the server sees its own Origin (http.js)
      });
      const data = await res.json();
      if (!res.ok) throw new Error(refusalWords(data) || res.statusText);
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
      a.textContent = cap(t('lobby.game', { who: gameLabel(g, state), date: dateWords(g.at) }));
      label.textContent = '';
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
  onLanguageChange(() => draw.forEach((f) => f()));
}
