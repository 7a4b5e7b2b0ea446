// Tournaments (Swiss, all-play-all, arena): /tournaments lists them
// (upcoming, running, finished) with a form to make one; /tournaments/ID shows one: its players, the standings,
// the crosstable, each round's games, "your game" and a countdown. The
// lobby's socket says when it changed and when a round paired the viewer,
// who is then taken to the board.
import { t, onLanguageChange, dateWords, rulesWords } from './i18n.js';
import { $, html } from './dom.js';
import { request } from './http.js';
import { currentAccount, playerHref } from './account.js';
import { controlWords } from './clock.js';

const page = { me: null, list: null, one: null, error: null, id: null, ws: null, tick: null };

// The time controls offered, as the challenge form offers them.
const CLOCKS = {
  '3+2': { clock: { initial_s: 180, increment_s: 2 } },
  '5+3': { clock: { initial_s: 300, increment_s: 3 } },
  '15+0': { clock: { initial_s: 900, increment_s: 0 } },
  'd3': { days: 3 },
};

function cell(text, label, cls) {
  const td = html('td', text, cls);
  td.dataset.label = label;
  return td;
}

/** An entrant's name in the page's language (an engine's by its level). */
function entrantName(p) {
  if (!p) return '?';
  if (!p.engine) return p.name;
  const n = p.name.match(/\((\d+)\)$/);
  return t('engine.name', { level: p.engine }) + (n ? ` (${n[1]})` : '');
}

function entrant(t0, number) { return t0.players.find((p) => p.number === number); }

function formatWords(f) { return t({ swiss: 'tour.swiss', arena: 'tour.arena' }[f] || 'tour.robin'); }

function stageWords(x) {
  if (x.stage === 'running' && x.format === 'arena') {
    return x.ends_ms > Date.now() ? t('tour.arena_ends', { in: countdown(x.ends_ms) }) : t('tour.arena_last');
  }
  if (x.stage === 'running') return t('tour.round_of', { round: x.round, rounds: x.rounds });
  return t(`tour.stage.${x.stage}`);
}

/** "in 4:05", "in 2 h 10 min", for a countdown. */
function countdown(ms) {
  const s = Math.max(0, Math.round((ms - Date.now()) / 1000));
  if (s >= 3600) return t('tour.in_hours', { h: Math.floor(s / 3600), m: Math.floor((s % 3600) / 60) });
  return t('tour.in', { time: `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}` });
}

// ---------- the list ----------

function renderList() {
  $('tl-error').hidden = !page.error;
  $('tl-error').textContent = page.error || '';
  $('tl-form').hidden = !page.me;
  $('tl-guest').hidden = Boolean(page.me);
  const list = page.list;
  if (!list) return;
  for (const group of ['running', 'open', 'done']) {
    const body = $(`tl-${group}`).querySelector('tbody');
    body.replaceChildren();
    const rows = list.tournaments.filter((x) => (group === 'done'
      ? x.stage === 'finished' || x.stage === 'cancelled' : x.stage === group));
    $(`tl-${group}-card`).hidden = rows.length === 0;
    for (const x of rows) {
      const tr = html('tr');
      const name = cell('', t('tour.name'), 'col-name');
      const a = html('a', x.name);
      a.href = `/tournaments/${x.id}`;
      name.appendChild(a);
      tr.append(name,
        cell(`${formatWords(x.format)}, ${controlWords(x.clock, x.days)}`, t('tour.format')),
        cell(String(x.players), t('tour.players')),
        cell(x.stage === 'open' ? countdown(x.starts_ms) : stageWords(x), t('tour.when')));
      body.appendChild(tr);
    }
  }
  $('tl-none').hidden = list.tournaments.length > 0;
  $('tournaments').dataset.ready = '1';
}

async function loadList() {
  try {
    page.list = await request('GET', '/api/tournaments');
    page.error = null;
  } catch (e) {
    page.error = t('tour.failed', { reason: e.message });
  }
  renderList();
}

async function create(ev) {
  ev.preventDefault();
  const f = ev.target;
  const engines = [...f.querySelectorAll('input[name=engine]:checked')].map((i) => Number(i.value));
  const body = {
    name: f.elements.name.value,
    format: f.elements.format.value,
    double_round: f.elements.double.checked,
    starts_in_s: Number(f.elements.starts.value),
    engines,
    ...CLOCKS[f.elements.time.value],
  };
  if (f.elements.format.value === 'swiss') body.rounds = Number(f.elements.rounds.value);
  if (f.elements.format.value === 'arena') {
    body.length_s = Number(f.elements.length.value);
    delete body.double_round;
  }
  $('tl-form-error').hidden = true;
  try {
    const made = await request('POST', '/api/tournaments', body);
    location.href = `/tournaments/${made.id}`;
  } catch (e) {
    $('tl-form-error').textContent = e.message;
    $('tl-form-error').hidden = false;
  }
}

// ---------- one tournament ----------

function myLiveGame(x) {
  if (!page.me) return null;
  const mine = x.players.find((p) => !p.engine && p.name === page.me);
  if (!mine) return null;
  // The round's game; in an arena, whichever pairing it came from.
  for (const p of x.pairings.flatMap((r) => r.pairings)) {
    for (const g of p.games) {
      if (g.game && !g.winner && (g.black === mine.number || g.white === mine.number)) return g.game;
    }
  }
  return null;
}

function renderStatus(x) {
  let when = '';
  if (x.stage === 'open') when = t('tour.starts', { in: countdown(x.starts_ms) });
  else if (x.stage === 'running' && x.next_round_ms && x.round < x.rounds) when = t('tour.next', { in: countdown(x.next_round_ms) });
  $('to-when').textContent = when;
  $('to-when').hidden = !when;
  if (x.format === 'arena') $('to-stage').textContent = stageWords(x);
}

function renderActions(x) {
  const entered = page.me && x.players.some((p) => !p.engine && p.name === page.me && p.withdrawn == null);
  $('to-join').hidden = !x.can_join;
  $('to-withdraw').hidden = !entered || x.stage === 'finished' || x.stage === 'cancelled';
  const creator = page.me === x.creator && x.stage === 'open';
  $('to-cancel').hidden = !creator;
  const me = page.me && x.players.find((p) => !p.engine && p.name === page.me && p.withdrawn == null);
  const arenaOn = x.format === 'arena' && (x.stage === 'open' || (x.stage === 'running' && x.ends_ms > Date.now()));
  $('to-pause').hidden = !(me && arenaOn && !me.paused);
  $('to-resume').hidden = !(me && arenaOn && me.paused);
  $('to-engine-row').hidden = !(page.me === x.creator && (x.stage === 'open'));
  $('to-guest').hidden = Boolean(page.me) || !(x.stage === 'open' || x.stage === 'running');
  const game = myLiveGame(x);
  $('to-yours').hidden = !game;
  if (game) $('to-yours-link').href = `/g/${game}`;
}

function renderStandings(x) {
  const body = $('to-standings').querySelector('tbody');
  body.replaceChildren();
  const head = $('to-standings').querySelector('thead tr');
  head.querySelectorAll('.col-round').forEach((th) => th.remove());
  const arena = x.format === 'arena';
  const columns = arena ? Math.max(0, ...x.standings.map((s) => s.rounds.length)) : x.round;
  for (let r = 1; r <= columns; r += 1) head.appendChild(html('th', String(r), 'col-round'));
  head.querySelectorAll('.col-tb').forEach((th) => { th.hidden = arena; });
  for (const s of x.standings) {
    const p = entrant(x, s.number);
    const tr = html('tr');
    const name = cell('', t('tour.player'), 'col-name');
    if (p && !p.engine) {
      const a = html('a', p.name);
      a.href = playerHref(p.name);
      name.appendChild(a);
    } else name.textContent = entrantName(p);
    if (p && p.withdrawn != null) name.appendChild(html('span', ` ${t('tour.withdrew')}`, 'muted'));
    const points = cell(s.points, t('tour.points'));
    if (s.streak >= 2) {
      const fire = html('span', ' ×2', 'fire');
      fire.title = t('tour.fire');
      fire.setAttribute('aria-label', t('tour.fire'));
      fire.setAttribute('role', 'img');
      points.appendChild(fire);
    }
    tr.append(cell(String(s.rank), '#'), cell(`${s.number}`, t('tour.number')), name, points);
    if (!arena) {
      tr.append(cell(s.buchholz, t('tour.buchholz'), 'col-tb'),
        cell(s.buchholz_cut1, t('tour.bh1'), 'col-tb'), cell(s.sonneborn_berger, t('tour.sb'), 'col-tb'));
    }
    s.rounds.forEach((r, i) => tr.appendChild(cell(r, t('tour.round', { n: i + 1 }), 'col-round')));
    body.appendChild(tr);
  }
  $('to-standings').hidden = x.standings.length === 0;
}

function gameLink(g, x) {
  const label = `${entrantName(entrant(x, g.black))} – ${entrantName(entrant(x, g.white))}`;
  const result = g.winner ? ` (${g.winner === 'b' ? '1-0' : '0-1'})` : '';
  if (g.game) {
    const a = html('a', label + result);
    a.href = `/g/${g.game}`;
    return a;
  }
  if (g.record) {
    const a = html('a', label + result);
    a.href = `/analysis#record=${encodeURIComponent(g.record)}`;
    return a;
  }
  return html('span', label + result);
}

function renderRounds(x) {
  const box = $('to-rounds');
  box.replaceChildren();
  for (const r of [...x.pairings].reverse()) {
    const section = html('section', undefined, 'tour-round');
    section.appendChild(html('h3', t(x.format === 'arena' ? 'tour.wave' : 'tour.round', { n: r.number })));
    const ol = html('ol');
    for (const p of r.pairings) {
      const li = html('li');
      li.dataset.board = String(p.board);
      const games = html('span');
      p.games.forEach((g, i) => { if (i) games.append(', '); games.appendChild(gameLink(g, x)); });
      li.append(games);
      if (p.result) li.append(html('strong', ` ${p.result}`));
      ol.appendChild(li);
    }
    section.appendChild(ol);
    if (r.bye) section.appendChild(html('p', t('tour.bye', { name: entrantName(entrant(x, r.bye)) }), 'muted'));
    box.appendChild(section);
  }
}

function renderOne() {
  $('to-error').hidden = !page.error;
  $('to-error').textContent = page.error || '';
  const x = page.one;
  if (!x) return;
  $('to-name').textContent = x.name;
  document.title = `${x.name} · Kamisado`;
  $('to-stage').textContent = stageWords(x);
  $('to-settings').textContent = [formatWords(x.format),
    x.format === 'swiss' ? t('tour.rounds', { n: x.rounds }) : '',
    x.double_round ? t('tour.double') : '', controlWords(x.clock, x.days), rulesWords(x.rules), x.board,
    t('tour.by', { name: x.creator }), dateWords(x.starts_ms)].filter(Boolean).join(' · ');
  $('to-notes').replaceChildren(...x.notes.map((n) => html('li', n)));
  $('to-notes').hidden = x.notes.length === 0;
  $('to-players').textContent = x.players.length
    ? x.players.map((p) => `${p.number}. ${entrantName(p)}`).join(', ') : t('tour.nobody');
  renderStatus(x);
  renderActions(x);
  renderStandings(x);
  renderRounds(x);
  $('to-rounds-title').textContent = t(x.format === 'arena' ? 'tour.games_title' : 'tour.rounds_title');
  // An arena has no rounds to report in a TRF.
  $('to-trf-item').hidden = x.format === 'arena';
  $('tournament').dataset.ready = '1';
  $('tournament').dataset.round = String(x.round);
  $('tournament').dataset.stage = x.stage;
}

async function loadOne() {
  try {
    page.one = await request('GET', `/api/tournaments/${page.id}`);
    page.error = null;
  } catch (e) {
    page.error = t('tour.failed', { reason: e.message });
  }
  renderOne();
}

async function act(path, body) {
  $('to-act-error').hidden = true;
  try {
    page.one = await request('POST', `/api/tournaments/${page.id}/${path}`, body);
    renderOne();
  } catch (e) {
    $('to-act-error').textContent = e.message;
    $('to-act-error').hidden = false;
  }
}

// The lobby's socket: a change reloads; a game paired for the viewer opens its board.
function listen() {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const ws = new WebSocket(`${proto}//${location.host}/api/lobby/ws`);
  page.ws = ws;
  ws.addEventListener('message', (ev) => {
    let msg;
    try { msg = JSON.parse(ev.data); } catch (e) { return; }
    if (msg.t === 'paired' && page.me && (msg.black === page.me || msg.white === page.me)) {
      location.href = `/g/${msg.game}`;
    } else if (msg.t === 'tournament' && page.id && msg.id === page.id) {
      loadOne();
    } else if (msg.t === 'tournament' && !page.id) {
      loadList();
    }
  });
  ws.addEventListener('close', () => { if (page.ws === ws) setTimeout(listen, 2000); });
}

/** Shows the tournaments' list, or one tournament when `id` is given. */
export async function showTournaments(id) {
  page.me = await currentAccount();
  page.id = id || null;
  onLanguageChange(() => (page.id ? renderOne() : renderList()));
  if (page.id) {
    $('tournament').hidden = false;
    $('to-join').addEventListener('click', () => act('join'));
    $('to-withdraw').addEventListener('click', () => act('withdraw'));
    $('to-cancel').addEventListener('click', () => act('cancel'));
    $('to-pause').addEventListener('click', () => act('pause'));
    $('to-resume').addEventListener('click', () => act('resume'));
    $('to-engine').addEventListener('click', () => act('join', { engine: Number($('to-engine-level').value) }));
    $('to-trf').href = `/api/tournaments/${page.id}/trf`;
    await loadOne();
    page.tick = setInterval(() => page.one && renderStatus(page.one), 1000);
  } else {
    $('tournaments').hidden = false;
    $('tl-form').addEventListener('submit', create);
    $('tl-format').addEventListener('change', () => {
      const format = $('tl-format').value;
      $('tl-rounds-row').hidden = format !== 'swiss';
      $('tl-length-row').hidden = format !== 'arena';
      $('tl-double-row').hidden = format === 'arena';
    });
    await loadList();
    page.tick = setInterval(() => page.list && renderList(), 1000);
  }
  listen();
}
