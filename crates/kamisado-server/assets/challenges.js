// Open challenges in the lobby: the list, live over the lobby's WebSocket
// (reconnecting with a growing pause when it drops), accepting and
// cancelling, and the form that creates one. A challenge of this player's
// that is accepted takes the page to its game.
import {
  t, plural, onLanguageChange, poolWords, targetWords,
} from './i18n.js';
import { $, html } from './dom.js';
import { request } from './http.js';
import { saveGame } from './games.js';
import { playerHref, botTag } from './account.js';
import { controlWords } from './clock.js';


const lobby = {
  me: null, challenges: [], mine: new Set(), ws: null, retry: 0, leaving: false, onStarted: null,
};

const same = (a, b) => Boolean(a && b) && a.toLowerCase() === b.toLowerCase();

function goToGame(id) {
  if (lobby.leaving) return;
  lobby.leaving = true;
  location.href = `/g/${id}`;
}

function showListError(reason) {
  $('ch-list-error').textContent = reason;
  $('ch-list-error').hidden = !reason;
}

async function accept(c, button) {
  button.disabled = true;
  showListError('');
  try {
    const data = await request('POST', `/api/challenges/${c.id}/accept`);
    saveGame({ id: data.id, key: data.key, seat: data.seat, mode: 'challenge', at: Date.now() });
    goToGame(data.id);
  } catch (e) {
    button.disabled = false;
    showListError(t('ch.accept_failed', { reason: e.message }));
  }
}

async function cancel(c, button) {
  button.disabled = true;
  showListError('');
  try {
    await request('DELETE', `/api/challenges/${c.id}`);
    // The socket brings the list without it; until then it is gone here.
    lobby.challenges = lobby.challenges.filter((x) => x.id !== c.id);
    renderChallenges();
  } catch (e) {
    button.disabled = false;
    showListError(t('ch.cancel_failed', { reason: e.message }));
  }
}

/** A challenge's terms in words: rules and board, length, colours, rated, clock. */
function terms(c) {
  const colour = c.colour === 'random' ? t('ch.colour_random') : t(`ch.plays_${c.colour}`, { name: c.creator });
  const parts = [
    poolWords(`${c.rules} ${c.board}`), targetWords(c.target), colour,
    c.rated ? t('ch.rated') : t('ch.unrated'), controlWords(c.clock, c.days),
  ];
  if (c.opponent) parts.push(same(c.opponent, lobby.me) ? t('ch.for_you') : t('ch.for', { name: c.opponent }));
  return parts.join(' · ');
}

function renderChallenges() {
  const list = $('ch-list');
  list.replaceChildren();
  $('ch-none').hidden = lobby.challenges.length > 0;
  for (const c of lobby.challenges) {
    const own = same(c.creator, lobby.me);
    if (own) lobby.mine.add(c.id);
    const li = html('li', undefined, own ? 'challenge own' : 'challenge');
    li.dataset.id = c.id;
    const who = html('div', undefined, 'ch-who');
    const link = html('a', c.creator, 'ch-creator');
    link.href = playerHref(c.creator);
    who.appendChild(link);
    if (c.creator_bot) who.append(' ', botTag());
    who.appendChild(html('span', ` ${Math.round(c.rating)}`, 'ch-rating muted'));
    li.appendChild(who);
    li.appendChild(html('div', terms(c), 'ch-terms'));
    if (!lobby.me) {
      const button = html('button', t('ch.sign_in_to_accept'), 'ch-sign-in');
      button.addEventListener('click', askToSignIn);
      li.appendChild(button);
      list.appendChild(li);
      continue;
    }
    const button = html('button', own ? t('ch.cancel') : t('ch.accept'), own ? 'ch-cancel' : 'ch-accept primary');
    button.addEventListener('click', () => (own ? cancel(c, button) : accept(c, button)));
    li.appendChild(button);
    list.appendChild(li);
  }
}

// A guest who wants a challenge is taken to the account's form.
function askToSignIn() {
  const name = $('sign-in-name');
  name.scrollIntoView({ block: 'center' });
  name.focus();
}

function setConnected(on) {
  $('ch-conn').hidden = on;
  $('ch-card').dataset.live = on ? '1' : '0';
}

function connect() {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const ws = new WebSocket(`${proto}//${location.host}/api/lobby/ws`);
  lobby.ws = ws;
  ws.addEventListener('open', () => { lobby.retry = 0; setConnected(true); });
  ws.addEventListener('message', (ev) => {
    let msg;
    try { msg = JSON.parse(ev.data); } catch (e) { return; }
    if (msg.t === 'challenges') {
      lobby.challenges = msg.challenges || [];
      renderChallenges();
    } else if (msg.t === 'started') {
      if (lobby.mine.has(msg.challenge)) goToGame(msg.game);
      else if (lobby.onStarted) lobby.onStarted(msg);
    } else if (msg.t === 'paired' && lobby.me && (same(msg.black, lobby.me) || same(msg.white, lobby.me))) {
      // A tournament's round paired this player: to the board.
      goToGame(msg.game);
    }
  });
  ws.addEventListener('close', () => {
    if (lobby.ws !== ws || lobby.leaving) return;
    setConnected(false);
    // 0.5 s, 1 s, 2 s … up to 15 s between tries.
    const pause = Math.min(15000, 500 * 2 ** lobby.retry);
    lobby.retry += 1;
    setTimeout(connect, pause);
  });
}

// The create form: the time control's own fields show for the kind chosen.
function setupForm() {
  const form = $('ch-form');
  const sync = () => {
    const kind = form.querySelector('input[name=ch-time]:checked').value;
    $('ch-clock-row').hidden = kind !== 'clock';
    $('ch-days-row').hidden = kind !== 'days';
  };
  form.addEventListener('change', sync);
  sync();
  // A "Challenge" button elsewhere (a bot's page, the leaderboard) opens
  // the form aimed at its player.
  const aimed = new URLSearchParams(location.search).get('challenge');
  if (aimed) {
    $('ch-opponent').value = aimed;
    $('ch-new').open = true;
  }
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const body = {
      rules: $('ch-rules').value + ($('ch-opening-limits').checked ? '+opening-limits' : ''),
      board: $('ch-board').value,
      target: Number($('ch-target').value),
      colour: form.querySelector('input[name=ch-colour]:checked').value,
      rated: $('ch-rated').checked,
    };
    const kind = form.querySelector('input[name=ch-time]:checked').value;
    if (kind === 'clock') {
      body.clock = {
        initial_s: Number($('ch-min').value || 0) * 60 + Number($('ch-sec').value || 0),
        increment_s: Number($('ch-inc').value || 0),
      };
    } else if (kind === 'days') {
      body.days = Number($('ch-days').value);
    }
    const opponent = $('ch-opponent').value.trim();
    if (opponent) body.opponent = opponent;
    $('ch-error').hidden = true;
    $('ch-create').disabled = true;
    try {
      const c = await request('POST', '/api/challenges', body);
      listMine(c);
      $('ch-new').open = false;
    } catch (e) {
      $('ch-error').textContent = t('ch.create_failed', { reason: e.message });
      $('ch-error').hidden = false;
    } finally {
      $('ch-create').disabled = false;
    }
  });
}

// Shows a new challenge of this player's at once (the lobby's socket also brings it).
function listMine(c) {
  lobby.mine.add(c.id);
  if (!lobby.challenges.some((x) => x.id === c.id)) {
    lobby.challenges = [c, ...lobby.challenges];
    renderChallenges();
  }
}

// The quick pairing's presets: each press makes an open challenge at once
// (a rated match to 3, standard rules, 8×8, colours by lot) with its time
// control; a guest is asked to sign in. Each button's name says its control in words.
const QUICK = { rules: 'standard', board: '8x8', target: 3, colour: 'random', rated: true };

function quickControl(b) {
  return b.dataset.days ? { days: Number(b.dataset.days) }
    : { clock: { initial_s: Number(b.dataset.initial), increment_s: Number(b.dataset.increment) } };
}

function labelQuick() {
  for (const b of document.querySelectorAll('#ch-quick .quick-btn')) {
    const control = quickControl(b);
    const words = controlWords(control.clock, control.days);
    b.textContent = words;
    if (control.clock) {
      const m = control.clock.initial_s / 60;
      const s = control.clock.increment_s;
      b.setAttribute('aria-label', t(s ? 'ch.quick_clock' : 'ch.quick_clock0', {
        control: words, m, minutes: plural(m, 'minute'), s, seconds: plural(s, 'second'),
      }));
    }
  }
}

function quickSaid(box, text) {
  $(box).textContent = text;
  $(box).hidden = !text;
}

async function quick(b) {
  quickSaid('ch-quick-error', '');
  quickSaid('ch-quick-said', '');
  if (!lobby.me) { quickSaid('ch-quick-said', t('ch.quick_guest')); askToSignIn(); return; }
  const buttons = [...document.querySelectorAll('#ch-quick .quick-btn')];
  for (const x of buttons) x.disabled = true;
  const control = quickControl(b);
  try {
    const c = await request('POST', '/api/challenges', { ...QUICK, ...control });
    listMine(c);
    quickSaid('ch-quick-said', t('ch.quick_made', { control: controlWords(control.clock, control.days) }));
  } catch (e) {
    quickSaid('ch-quick-error', t('ch.create_failed', { reason: e.message }));
  } finally {
    for (const x of buttons) x.disabled = false;
  }
}

function setupQuick() {
  for (const b of document.querySelectorAll('#ch-quick .quick-btn')) b.addEventListener('click', () => quick(b));
  labelQuick();
  onLanguageChange(labelQuick);
}

/** The open challenges for the signed-in `me`; `onStarted` hears of other games started. */
export function showChallenges(me, onStarted) {
  lobby.me = me;
  lobby.onStarted = onStarted;
  $('ch-card').hidden = false;
  // A guest only looks: no form to make a challenge.
  $('ch-new').hidden = !me;
  $('ch-none').dataset.i18n = me ? 'ch.none' : 'ch.none_guest';
  $('ch-none').textContent = t($('ch-none').dataset.i18n);
  if (me) setupForm();
  setupQuick();
  renderChallenges();
  onLanguageChange(renderChallenges);
  connect();
}
