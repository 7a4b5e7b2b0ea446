// A game being played: the state the server sends (whole on connecting,
// then patches), the board's input, the socket and its answers, and
// everything the page shows about the game.
import {
  t, side, sideGen, other, tower, valueWords, noteText, roundOver, onLanguageChange, rulesWords, language,
  nameWords, moveWords, typedMove, plural, refusalWords, resultWords,
} from './i18n.js';
import { $, html, ruleLinked } from './dom.js';
import {
  useLayout, drawBoard, parseMove, place, squareAt, svgPoint, keyboardBoard,
} from './board.js';
import { myGames, saveGame } from './games.js';
import { Danger, dangerOn, setDangerOn } from './danger.js';
import { playerHref, botTag } from './account.js';
import { request } from './http.js';
import {
  controlWords, clockFigures, durationWords, isLow,
} from './clock.js';
import { announce, tellPick, tellMoves } from './speech.js';
import {
  armSound, playSound, soundOf, soundOn, setSoundOn,
} from './sound.js';
import { LookBack, pliesOf } from './replay.js';
import { patched, movedTowers } from './patch.js';


// How long a page waits for the answer to what it sent before it gives up
// on it, says so and fetches the game afresh; a hint may search for 10 s.
const ANSWER_MS = 6000;
const HINT_MS = 16000;

export const play = {
  id: null, key: null, seat: null, state: null, ws: null, flipped: false,
  selected: null, keys: null, pending: null, timer: null, hint: null, hintAsked: null, retry: 0,
  overlayClosed: -1, drag: null, resignArmed: false, flipChosen: false, previews: null,
  syncing: null, offset: 0, danger: null, lowSaid: { b: false, w: false }, sheetOpen: false,
  look: null, sumo: null, rematchKept: null, rematching: false,
};

// Whether the player is looking back at an older position (replay.js): the
// board then offers no moves.
function looking() {
  return Boolean(play.look && play.look.on);
}

// The one side this page's seat holds (none for a watcher or both seats).
function mySide() {
  return play.seat === 'b' || play.seat === 'w' ? play.seat : null;
}

// Whether two offers' answers (`takeback_answer`, `rematch_answer`) are the same one.
function sameAnswer(a, b) {
  return Boolean(a && b && a.by === b.by && a.how === b.how);
}

function mySides() {
  if (play.seat === 'both') return ['b', 'w'];
  if (play.seat === 'b' || play.seat === 'w') return [play.seat];
  return [];
}

function myTurn() {
  const s = play.state;
  return s && s.status === 'playing' && !play.pending && mySides().includes(s.to_act) && s.engine !== s.to_act;
}

function legalMoves() {
  return myTurn() && !looking() ? play.state.legal.map(parseMove) : [];
}

function movesFrom(sq) {
  return legalMoves().filter((m) => m.from === sq);
}

// Whether the player is at the keyboard: the focus goes back to the board
// after a sheet's or an offer's button only then (a mouse leaves it be).
let byKeys = false;

function backToBoard() {
  if (byKeys) $('board').focus();
}

function showError(reason) {
  const box = $('error');
  if (reason && box.textContent !== reason) announce(reason);
  box.textContent = reason;
  box.hidden = !reason;
}

// The actions sent again after a dropped connection.
const RESENT = ['move', 'fill', 'resign'];

function send(msg) {
  if (play.ws && play.ws.readyState === WebSocket.OPEN) {
    play.ws.send(JSON.stringify(msg));
    return true;
  }
  showError(t('net.offline'));
  return false;
}

// The page waits for no answer for ever: past its time, it says so and
// reconnects, which brings the game as it stands.
function noAnswer() {
  play.pending = null;
  play.hintAsked = null;
  play.timer = null;
  showError(t('net.no_answer'));
  if (play.ws) play.ws.close();
  render();
}

function armTimer(ms) {
  clearTimeout(play.timer);
  play.timer = setTimeout(noAnswer, ms);
}

function settle() {
  clearTimeout(play.timer);
  play.timer = null;
}

// Sends an action and holds further actions until its answer (ack or error) comes.
function act(msg) {
  if (play.pending) return;
  showError('');
  play.pending = msg;
  play.hint = null;
  $('hint-text').hidden = true;
  armTimer(ANSWER_MS);
  send(msg);
  render();
}

function askHint() {
  if (play.hintAsked || play.pending) return;
  play.hintAsked = { t: 'hint', n: play.state.n };
  armTimer(HINT_MS);
  send(play.hintAsked);
  $('hint-text').textContent = '…';
  $('hint-text').hidden = false;
}

function playMove(text) {
  if (!play.state) return;
  play.selected = null;
  act({ t: 'move', n: play.state.n, mv: text });
}

// What this seat may do now, as the server decides it for the state (the
// turn, the round, whether there is a move to take back): `rights` holds an
// entry per seat (b, w, both); a watcher may do nothing.
function may(action) {
  const s = play.state;
  const mine = s && s.rights && play.seat ? s.rights[play.seat] : null;
  return Boolean(mine && mine[action]);
}

function dangerShown() {
  return may('danger') && dangerOn() && Boolean(play.selected);
}

// Points the danger view's line at the move to `sq` (hover, tap or cursor);
// true when that changed what it shows.
function focusDanger(sq) {
  if (!dangerShown() || !play.danger.moveTo(sq) || play.danger.focus === sq) return false;
  play.danger.focus = sq;
  return true;
}

function clickSquare(sq, touch = false) {
  if (!sq) return;
  play.keys.set(sq);
  if (play.selected) {
    const mv = movesFrom(play.selected).find((m) => m.to === sq);
    // On a touch screen the danger view's first tap on a target tells its
    // reason; a second tap plays it.
    if (mv && touch && focusDanger(sq)) { renderBoard(); return; }
    if (mv) { playMove(mv.text); return; }
  }
  play.selected = movesFrom(sq).length > 0 && play.selected !== sq ? sq : null;
  renderBoard();
}

// Enter on a square, as a click, and what it did said in words: the tower
// picked and its moves, or why nothing was (a move played is told by its note).
function keyPick(sq) {
  if (looking()) { announce(t('look.no_moves')); return; }
  const before = play.selected;
  if (before && movesFrom(before).some((m) => m.to === sq)) { clickSquare(sq); return; }
  clickSquare(sq);
  const s = play.state;
  if (!s) return;
  if (!play.selected && before !== sq && !myTurn()) {
    announce(s.status === 'playing' ? t('say.not_yours') : describeStatus(s));
    return;
  }
  tellPick({
    sq, before, after: play.selected, moves: movesFrom, position: s,
  });
}

// The letters the board answers: the picked tower's moves, the clocks, the move box.
const KEYS = {
  t: () => tellMoves({ picked: play.selected, moves: movesFrom, position: play.state }),
  c: () => announce(clocksWords()),
  m: () => { if (!$('type-move').hidden) $('move-input').focus(); },
};

// Both clocks in words, as they stand now.
function clocksWords() {
  const s = play.state;
  const c = s && s.clock;
  if (!c || c.days) {
    return c && c.deadline_ms ? t('clock.move_left', { time: durationWords(c.deadline_ms - Date.now() - play.offset) }) : t('say.no_clock');
  }
  const now = Date.now() + play.offset;
  return t('say.clocks', {
    b: side('b'), bt: clockFigures(timeLeft(c, 'b', now)), w: side('w'), wt: clockFigures(timeLeft(c, 'w', now)),
  });
}

function setupBoardInput() {
  // The keyboard cursor's square, for assistive tools and tests.
  window.kamisadoCursor = () => play.keys.at();
  const svg = $('board');
  svg.addEventListener('pointerdown', (ev) => {
    const p = svgPoint(svg, ev);
    const sq = squareAt(p, play.flipped);
    if (!sq) return;
    if (movesFrom(sq).length > 0) {
      const node = svg.querySelector(`.tower[data-sq="${sq}"]`);
      play.drag = { sq, node, start: p, moved: false };
      svg.setPointerCapture(ev.pointerId);
    }
  });
  svg.addEventListener('pointermove', (ev) => {
    const d = play.drag;
    if (!d) return;
    const p = svgPoint(svg, ev);
    if (!d.moved && Math.hypot(p.x - d.start.x, p.y - d.start.y) > 12) {
      d.moved = true;
      play.selected = d.sq;
      render();
      d.node = svg.querySelector(`.tower[data-sq="${d.sq}"]`);
      if (d.node) d.node.classList.add('dragging');
    }
    if (d.moved && d.node) {
      const origin = place(d.sq, play.flipped);
      d.node.setAttribute('transform', `translate(${p.x},${p.y})`);
      d.node.dataset.ox = origin.x;
    }
  });
  const end = (ev) => {
    const d = play.drag;
    play.drag = null;
    const p = svgPoint(svg, ev);
    const sq = squareAt(p, play.flipped);
    if (d && d.moved) {
      const mv = movesFrom(d.sq).find((m) => m.to === sq);
      if (mv) playMove(mv.text); else render();
      return;
    }
    clickSquare(sq, ev.pointerType === 'touch');
  };
  svg.addEventListener('pointerup', end);
  svg.addEventListener('pointermove', (ev) => {
    if (play.drag || ev.pointerType === 'touch') return;
    if (focusDanger(squareAt(svgPoint(svg, ev), play.flipped))) renderBoard();
  });
  svg.addEventListener('pointercancel', () => { play.drag = null; render(); });
  // The keyboard: arrows, Enter, Escape and the letters; focus only shows
  // the cursor, so the board alone is redrawn (a press elsewhere, a fill
  // preview, is not undone by a redraw under it).
  play.keys = keyboardBoard(svg, {
    flipped: () => play.flipped,
    pick: keyPick,
    drop: () => { play.selected = null; announce(t('say.dropped')); render(); },
    moved: focusDanger,
    redraw: renderBoard,
    keys: KEYS,
  });
}

// The engine is named in the reader's language; players by their own
// names, the server's default names in the reader's language.
function nameOf(s, who) {
  return s.engine === who && s.level ? t('engine.name', { level: s.level }) : nameWords(s.names[who]);
}

// Whether each account seen in a game is a bot, from its page, asked once.
const botAccounts = new Map();

/** Whether `account` is a bot: undefined until its page has answered (then `box` is drawn again). */
function isBot(account, box, who) {
  if (!botAccounts.has(account)) {
    botAccounts.set(account, undefined);
    request('GET', `/api/players/${encodeURIComponent(account)}`)
      .then((p) => { botAccounts.set(account, Boolean(p.bot)); if (p.bot && play.state) renderPlayer(box, who); })
      .catch(() => botAccounts.set(account, false));
  }
  return botAccounts.get(account);
}

function renderPlayer(box, who) {
  const s = play.state;
  box.replaceChildren();
  box.appendChild(html('span', '', `chip side-${who}`));
  const account = s.players && s.players[who];
  if (account) {
    const link = html('a', account, 'name');
    link.href = playerHref(account);
    box.appendChild(link);
    if (isBot(account, box, who)) box.append(' ', botTag());
  } else {
    box.appendChild(html('span', nameOf(s, who), 'name'));
  }
  const tags = [];
  if ((account || nameOf(s, who)) !== side(who)) tags.push(side(who));
  if (s.engine === who) tags.push(t('tag.engine'));
  if (mySides().includes(who) && play.seat !== 'both') tags.push(t('tag.you'));
  box.appendChild(html('span', tags.length ? ` · ${tags.join(' · ')}` : '', 'muted'));
  if (s.clock) {
    const clock = html('span', '', 'clock');
    clock.id = `clock-${who}`;
    box.appendChild(clock);
  }
  box.appendChild(html('span', String(s.score[who]), 'points'));
  box.classList.toggle('to-act', s.to_act === who);
}

// A side's time left now: the stored time, less what has run since
// `since_ms` if its clock runs (`play.offset` puts this page's clock on the
// server's).
function timeLeft(c, who, now) {
  const stored = c[`${who}_ms`] ?? 0;
  return c.running === who ? stored - (now - c.since_ms) : stored;
}

// Sets both clocks' figures, often enough for a smooth count: a clock shows
// the side's time (red when low); correspondence the time left for the move.
function tickClocks() {
  const c = play.state && play.state.clock;
  if (!c) return;
  const now = Date.now() + play.offset;
  for (const who of ['b', 'w']) {
    const el = $(`clock-${who}`);
    if (!el) continue;
    let text = '';
    let low = false;
    if (c.days) {
      if (c.running === who && c.deadline_ms) text = t('clock.move_left', { time: durationWords(c.deadline_ms - now) });
    } else {
      const left = timeLeft(c, who, now);
      text = clockFigures(left);
      low = isLow(left, c.initial_ms);
      // Said once as a running clock turns low.
      if (low && c.running === who && !play.lowSaid[who]) {
        play.lowSaid[who] = true;
        announce(t('say.low', { side: side(who), time: text }));
        if (!mySides().length || mySides().includes(who)) playSound('low');
      }
      if (!low) play.lowSaid[who] = false;
    }
    if (el.textContent !== text) el.textContent = text;
    el.classList.toggle('low', low);
    el.classList.toggle('running', c.running === who);
    el.classList.toggle('days', Boolean(c.days));
  }
}

// The move list: each move a button that shows the position after it
// (replay.js). What a new state changes is all that is drawn: the moves
// added to a round, a round's result, a round begun; a round whose moves
// changed otherwise (a takeback) is drawn again, and the whole list when the
// language changes. So a move costs the same late in a match as early, and
// the focus stays on the move it was on.
function renderMoves(container, rounds) {
  const lang = language();
  if (container.drawn?.lang !== lang) {
    container.replaceChildren();
    container.drawn = { lang, rounds: [] };
  }
  const drawn = container.drawn.rounds;
  const focused = container.contains(document.activeElement) ? document.activeElement.dataset.ply : null;
  let ply = 0;
  let grew = false;
  rounds.forEach((r, i) => {
    const had = drawn[i];
    if (!had || had.r.round !== r.round || had.r.fill !== r.fill) {
      for (const old of drawn.splice(i)) old.section.remove();
      drawn.push(drawRound(container, r));
      grew = true;
    }
    grew = updateRound(drawn[i], r, ply) || grew;
    ply += r.moves.length;
  });
  for (const old of drawn.splice(rounds.length)) old.section.remove();
  if (grew && !looking()) container.scrollTop = container.scrollHeight;
  const again = focused && !container.contains(document.activeElement)
    && container.querySelector(`button.ply[data-ply="${focused}"]`);
  if (again) again.focus();
  markPly(container);
}

// A round's part of the move list: its heading and an empty list.
function drawRound(container, r) {
  const section = html('div', undefined, 'round-moves');
  const fill = r.fill ? ` — ${t(r.fill === 'left' ? 'game.fill_left' : 'game.fill_right')}` : '';
  section.appendChild(html('div', `${t('game.round_head', { round: r.round })}${fill}`, 'round-head'));
  const ol = html('ol', undefined, 'movelist');
  section.appendChild(ol);
  container.appendChild(section);
  return { section, ol, result: null, r: { round: r.round, fill: r.fill, moves: [], result: null } };
}

// Brings a drawn round to `r` (its first move the list's ply `before` + 1):
// the moves added are appended; moves that changed are drawn again. Whether
// anything was added.
function updateRound(d, r, before) {
  const held = d.r.moves;
  let same = 0;
  while (same < held.length && same < r.moves.length && held[same] === r.moves[same]) same++;
  const items = d.ol.children;
  while (items.length > same) items[items.length - 1].remove();
  for (let i = same; i < r.moves.length; i++) d.ol.appendChild(moveItem(r.moves[i], i, before + i + 1));
  if (d.r.result !== r.result) {
    d.result?.remove();
    d.result = r.result ? d.section.appendChild(html('div', resultWords(r.result), 'round-result')) : null;
  }
  const grew = r.moves.length > same || d.r.result !== r.result;
  d.r = { round: r.round, fill: r.fill, moves: r.moves.slice(), result: r.result };
  return grew;
}

function moveItem(m, i, ply) {
  const li = html('li');
  li.value = i + 1;
  li.className = i % 2 === 0 ? 'first-mover' : '';
  const button = html('button', moveWords(m), 'ply');
  button.type = 'button';
  button.tabIndex = -1;
  button.dataset.ply = String(ply);
  button.setAttribute('aria-describedby', 'look-help');
  li.appendChild(button);
  return li;
}

// Marks the move whose position is shown; the list is one stop for Tab,
// at that move (the last one while the game is shown), kept in sight. Only
// the buttons whose mark changes are touched.
function markPly(container) {
  const buttons = container.getElementsByClassName('ply');
  const current = looking() ? play.look.ply : null;
  const stop = current === null ? buttons.length : Math.max(1, current);
  const marked = container.marked || {};
  for (const b of [marked.currentButton, marked.stopButton]) {
    if (!b) continue;
    b.classList.remove('current');
    b.removeAttribute('aria-current');
    b.tabIndex = -1;
  }
  const shown = current ? buttons[current - 1] : null;
  if (shown) {
    shown.classList.add('current');
    shown.setAttribute('aria-current', 'true');
  }
  const stopButton = buttons[stop - 1] || null;
  if (stopButton) stopButton.tabIndex = 0;
  container.marked = { currentButton: shown, stopButton };
  if (shown && (shown.offsetTop < container.scrollTop
    || shown.offsetTop + shown.offsetHeight > container.scrollTop + container.clientHeight)) {
    container.scrollTop = shown.offsetTop - container.clientHeight / 2;
  }
}

// The bar over the side panel while an older position is shown: which, the
// moves made since, and the way back.
function renderLook() {
  const s = play.state;
  const on = looking();
  $('look').hidden = !on;
  $('play').classList.toggle('looking', on);
  if (!on) return;
  $('look-text').textContent = play.look.words(s);
  const since = play.look.since(s);
  $('look-since').textContent = since ? t('look.since', { n: since, moves: plural(since, 'new_move') }) : '';
  $('look-since').hidden = !since;
  $('look-prev').disabled = play.look.ply === 0;
}

// Says the position shown once the server has given it.
function sayLook() {
  const news = play.look.news(play.state);
  if (news) announce(news);
}

// Shows the position after `ply` moves (from a click on the move list).
function lookAt(ply) {
  if (!play.state) return;
  const was = looking();
  play.selected = null;
  if (!play.look.show(play.state, ply)) { if (was) backToGame(); return; }
  render();
  sayLook();
}

// One move back or on (the arrow keys, the bar's buttons); on past the last
// move is the game again.
function stepLook(by) {
  if (!play.state) return;
  const was = looking();
  const onPly = document.activeElement && document.activeElement.classList.contains('ply');
  play.selected = null;
  if (!play.look.step(play.state, by)) return;
  if (was && !looking()) backToGame();
  else { render(); sayLook(); }
  if (onPly) {
    const stop = $('moves').querySelector('button.ply[tabindex="0"]');
    if (stop) stop.focus();
  }
}

// The live game again, said with where it stands.
function backToGame() {
  const inBar = $('look').contains(document.activeElement);
  play.look.stop();
  render();
  announce(t('look.back_said', { status: describeStatus(play.state) }));
  if (inBar) backToBoard();
}

// A rematch of a finished game against the engine or on one screen, held
// by this page: the game the lobby would make with the same settings and
// the colours swapped (null when there is none to offer). Against the
// engine the player takes the other towers; on one screen the two names
// change sides (a name the server gave, Black or Gold, stays its side's).
function rematchBody(s) {
  if (s.status !== 'over' || !play.seat) return null;
  const body = { mode: s.mode, target: s.target, rules: s.rules, board: s.board };
  if (s.mode === 'engine' && (play.seat === 'b' || play.seat === 'w')) {
    const mine = play.seat;
    // An account plays under its own name.
    const name = s.players && s.players[mine] ? '' : s.names[mine];
    return { ...body, level: s.level, colour: mine === 'b' ? 'white' : 'black', name };
  }
  if (s.mode === 'local' && play.seat === 'both') {
    return { ...body, name: s.names.w === 'Gold' ? '' : s.names.w, opponent: s.names.b === 'Black' ? '' : s.names.b };
  }
  return null;
}

// A rematch between two people (with a friend, between accounts), as the
// server tells it: an offer and its answer, each in words for this seat;
// the buttons it allows; and once made, the new game, where this seat's
// key opens the other colour (the page goes there; a watcher gets a link).
function rematchWords(s) {
  const mine = mySide();
  if (s.rematch_game) return t('rematch.made');
  if (s.rematch && mine) {
    return s.rematch === mine ? t('rematch.offered', { name: nameOf(s, other(mine)) }) : t('rematch.offer', { name: nameOf(s, s.rematch) });
  }
  const a = s.rematch_answer;
  return mine && a && a.by !== mine ? t(`told.rematch_${a.how}`, { name: nameOf(s, a.by) }) : '';
}

function renderRematch(s) {
  const own = rematchBody(s);
  const theirs = s.rematch && s.rematch !== play.seat;
  for (const id of ['rematch', 'rematch-over']) {
    $(id).hidden = !own && !may('rematch');
    $(id).textContent = theirs ? t('game.rematch_accept') : t('game.rematch');
    $(id).disabled = Boolean(play.pending || play.rematching);
  }
  const declines = may('decline_rematch');
  for (const id of ['rematch-decline', 'rematch-over-decline']) {
    $(id).hidden = !declines;
    $(id).textContent = theirs ? t('game.decline') : t('rematch.withdraw');
    $(id).disabled = Boolean(play.pending);
  }
  const words = rematchWords(s);
  $('rematch-text').textContent = words;
  $('rematch-offer').hidden = !words || !declines;
  $('rematch-told').hidden = !words || declines;
  $('rematch-told').replaceChildren(words);
  if (s.rematch_game) {
    const seated = Boolean(mySide());
    const link = html('a', t(seated ? 'rematch.to_board' : 'rematch.watch'));
    link.href = `/g/${s.rematch_game}`;
    $('rematch-told').replaceChildren(`${words} `, link);
  }
  $('rematch-over-text').textContent = words;
  $('rematch-over-text').hidden = !words;
}

// Once the rematch is made, a seated page keeps its seat there (its key
// opens the other colour) and, when it saw the rematch agreed, goes to it.
function followRematch(before, s) {
  const mine = mySide();
  if (!mine || !s.rematch_game) return;
  if (play.rematchKept !== s.rematch_game) {
    play.rematchKept = s.rematch_game;
    saveGame({ id: s.rematch_game, key: play.key, seat: other(mine), mode: s.mode, at: Date.now() });
  }
  if (before && !before.rematch_game) location.href = `/g/${s.rematch_game}`;
}

// What became of a rematch offer, said once to the seat that did not end it.
function tellRematch(before, s) {
  const mine = mySide();
  if (!mine) return;
  if (s.rematch && s.rematch !== mine && before.rematch !== s.rematch) announce(rematchWords(s));
  const a = s.rematch_answer;
  const was = before.rematch_answer;
  if (a && a.by !== mine && !sameAnswer(was, a)) announce(rematchWords(s));
}

// Makes the rematch through POST /api/games, as the lobby makes a game, and goes to it.
async function rematch() {
  const body = rematchBody(play.state);
  // With a friend or between accounts the server asks the other player.
  if (!body) { if (may('rematch')) act({ t: 'rematch', accept: true }); return; }
  play.rematching = true;
  renderRematch(play.state);
  $('rematch-error').hidden = true;
  try {
    const data = await request('POST', '/api/games', body);
    saveGame({
      id: data.id, key: data.key, seat: data.seat, mode: body.mode, level: body.level, invite: data.invite || null, at: Date.now(),
    });
    location.href = `/g/${data.id}`;
  } catch (e) {
    play.rematching = false;
    renderRematch(play.state);
    const reason = t('game.rematch_failed', { reason: e.message });
    $('rematch-error').textContent = reason;
    $('rematch-error').hidden = false;
    announce(reason);
  }
}

// The match's end in words: a single round is a round won, a resignation is said as one.
function overWords(s) {
  const r = s.last_round;
  if (r && (r.end === 'resignation' || r.end === 'time')) {
    const loser = other(r.winner);
    return t(r.end === 'time' ? 'over.time' : 'over.conceded', {
      loser: side(loser), loserGen: sideGen(loser), winner: side(r.winner), winnerGen: sideGen(r.winner),
    });
  }
  if (s.target === 1) return t('over.round', { side: side(s.winner) });
  return t('over.match', { side: side(s.winner), b: s.score.b, w: s.score.w });
}

function describeStatus(s) {
  if (s.status === 'over') return overWords(s);
  if (s.status === 'fill') {
    if (s.engine === s.to_act) return t('status.engine_fill');
    return t('status.fill', { side: side(s.to_act) });
  }
  let status;
  if (s.thinking) status = t('status.thinking');
  else if (mySides().includes(s.to_act) && s.engine !== s.to_act) {
    status = play.seat === 'both' ? t('status.to_move', { side: side(s.to_act), sideGen: sideGen(s.to_act) }) : t('status.your_move');
  } else if (s.engine === s.to_act) status = t('status.engine_to_move');
  else status = t('status.to_move', { side: side(s.to_act), sideGen: sideGen(s.to_act) });
  if (!s.forced) return `${t('status.any', { status })}.`;
  const forced = s.towers.find((x) => x.sq === s.forced);
  let text = forced ? t('status.forced', { status, tower: tower(forced), sq: s.forced }) : status;
  // Only the side to move is sent its moves: the others learn of a blocked
  // tower from the last action's story.
  const told = s.notes[s.notes.length - 1];
  const blocked = (s.legal.length === 1 && s.legal[0] === 'pass')
    || Boolean(told && told.next && told.next.kind === 'forced' && told.next.blocked);
  if (blocked) text += t('status.blocked');
  return `${text}.`;
}

function renderOverlay() {
  const s = play.state;
  const box = $('round-end');
  const show = (s.status === 'fill' || s.status === 'over') && play.overlayClosed !== s.n && !looking();
  box.hidden = !show;
  const opened = show && !play.sheetOpen;
  if (!show && play.sheetOpen && box.contains(document.activeElement)) backToBoard();
  play.sheetOpen = show;
  if (!show) { play.previews = null; return; }
  const r = s.last_round;
  const winner = s.status === 'over' ? s.winner : s.to_act;
  let title;
  const conceded = r && (r.end === 'resignation' || r.end === 'time');
  if (conceded) title = t('end.title_win', { name: nameOf(s, winner) });
  else if (s.status === 'over' && s.target !== 1) title = t('end.title_match', { name: nameOf(s, winner) });
  else if (s.target === 1) title = t('end.title_single', { name: nameOf(s, winner) });
  else title = t('end.title_round', { name: nameOf(s, winner), round: s.round });
  $('round-end-title').textContent = title;
  // The round's end as the move that ended it tells it; a resignation in words of its own.
  const told = s.notes.length ? s.notes[s.notes.length - 1].next : null;
  let why = '';
  if (told && told.kind === 'round_over') why = roundOver(told);
  else if (r) why = overWords(s);
  const score = s.target === 1 ? '' : ` ${t('end.score', { b: s.score.b, w: s.score.w, target: s.target })}`;
  $('round-end-text').textContent = `${why}${score}`;
  const mine = s.status === 'fill' && mySides().includes(winner) && s.engine !== winner;
  $('fill-choice').hidden = !mine;
  $('fill-wait').hidden = s.status !== 'fill' || mine;
  $('fill-wait').textContent = s.engine === winner ? t('end.wait_engine') : t('end.wait', { name: nameOf(s, winner) });
  $('over-actions').hidden = s.status !== 'over';
  // The previews are drawn once per state and side: a redraw under a press
  // would swallow the click that follows it.
  const key = `${s.n}:${play.flipped}:${document.body.classList.contains('symbols')}`;
  if (mine && s.fill_preview && play.previews !== key) {
    play.previews = key;
    const filled = (moves) => movedTowers(s.towers, moves || [], s.board);
    drawBoard($('preview-left'), { towers: filled(s.fill_preview.left), flipped: play.flipped });
    drawBoard($('preview-right'), { towers: filled(s.fill_preview.right), flipped: play.flipped });
  }
  // An opened sheet takes the focus: its first choice, or the sheet itself.
  if (opened) {
    const first = [$('fill-left'), $('again')].find((b) => !b.closest('[hidden]'));
    (first || box).focus();
  }
}

function renderBoard() {
  const s = play.state;
  if (!s) return;
  // The server reads the position and the rules from the game; the action
  // count tells a new position's answer from the last one's (a selection
  // does not outlive a change of it, so no two positions share it).
  if (dangerShown() && myTurn()) play.danger.ask({ game: play.id, from: play.selected }, String(s.n));
  else play.danger.clear();
  useLayout(s.layout);
  const svg = $('board');
  // An older position (until it comes, the live one) with its move and no more.
  const old = looking() ? play.look.position(s) || { towers: s.towers, mv: s.last } : null;
  drawBoard(svg, old ? {
    towers: old.towers,
    flipped: play.flipped,
    last: old.mv ? parseMove(old.mv) : null,
    cursor: play.keys.shown() ? play.keys.at() : null,
  } : {
    towers: s.towers,
    flipped: play.flipped,
    last: s.last ? parseMove(s.last) : null,
    forced: s.status === 'playing' ? s.forced : null,
    selected: play.selected,
    targets: play.selected ? movesFrom(play.selected) : [],
    cursor: play.keys.shown() ? play.keys.at() : null,
    hint: play.hint,
    danger: dangerShown() ? play.danger.marks(s.to_act) : [],
  });
  const line = $('danger-line');
  const on = may('danger') && dangerOn();
  line.textContent = !on ? '' : dangerShown() ? play.danger.line(s.to_act) : t('danger.pick');
  line.hidden = !line.textContent;
  $('danger-legend').hidden = !on;
  $('play').classList.toggle('danger-on', on);
  svg.dataset.n = s.n;
  svg.dataset.status = s.status;
  svg.dataset.myturn = myTurn() && !looking() ? '1' : '0';
  svg.dataset.view = looking() && play.look.position(s) ? String(play.look.ply) : '';
  svg.dataset.pending = play.pending ? '1' : '0';
}

export function render() {
  const s = play.state;
  if (!s) return;
  renderBoard();
  renderPlayer($('bottom-player'), play.flipped ? 'w' : 'b');
  renderPlayer($('top-player'), play.flipped ? 'b' : 'w');
  tickClocks();
  $('score').textContent = s.target === 1 ? t('game.single') : t('game.score', { b: s.score.b, w: s.score.w, target: s.target });
  const rules = s.rules && s.rules !== 'standard' ? t('game.rules', { rules: rulesWords(s.rules) }) : '';
  const board = s.board && s.board !== '8x8' ? t('game.board', { board: s.board.replace('x', '×') }) : '';
  const rated = s.rated ? t('game.rated') : '';
  const control = s.clock ? controlWords(s.clock) : '';
  const info = [s.target === 1 ? '' : t('game.round', { round: s.round }), rules, board, rated, control].filter(Boolean);
  $('round-info').textContent = info.length ? `· ${info.join(', ')}` : '';
  let status = describeStatus(s);
  if (s.takeback && s.takeback === play.seat) status += t('status.offered');
  $('status').textContent = status;
  const last = s.notes.length ? s.notes[s.notes.length - 1] : null;
  // Each rule a note cites links to it on the rules page.
  const linked = (text) => ruleLinked(text, (rule) => t('rules.link_title', { rule }));
  $('explain').replaceChildren(...linked(last ? noteText(last, { target: s.target }) : t('game.first_note')));
  renderNotes($('notes'), s.notes, (n) => {
    const li = html('li');
    li.append(...linked(noteText(n, { target: s.target })));
    return li;
  });
  renderMoves($('moves'), s.rounds);
  const seated = mySides().length > 0;
  $('pass').hidden = !(myTurn() && s.legal.includes('pass')) || looking();
  // The actions the server grants this seat now, and no others.
  $('hint').hidden = !may('hint');
  $('undo').hidden = !may('undo');
  $('takeback').hidden = !may('takeback');
  $('resign').hidden = !may('resign');
  $('resign').textContent = play.resignArmed ? t('game.resign_sure') : t('game.resign');
  // An untimed game between accounts: the player not to move may claim it
  // after the stated time without a move (the server says when).
  const side = mySide();
  $('claim').hidden = !(s.mode === 'challenge' && !s.clock && s.status !== 'over'
    && side && s.to_act && s.to_act !== side);
  for (const id of ['undo', 'takeback', 'resign', 'pass', 'hint']) $(id).disabled = Boolean(play.pending);
  $('type-move').hidden = !seated || s.status !== 'playing' || looking();
  $('danger-row').hidden = !may('danger');
  $('review').hidden = s.status !== 'over';
  renderRematch(s);
  $('takeback-offer').hidden = !may('answer_takeback');
  $('takeback-mine').hidden = !may('withdraw_takeback');
  $('takeback-withdraw').disabled = Boolean(play.pending);
  for (const id of ['takeback-accept', 'takeback-decline']) $(id).disabled = Boolean(play.pending);
  $('takeback-text').textContent = s.takeback ? t('status.offer', { name: nameOf(s, s.takeback) }) : '';
  const mine = play.seat === 'b' || play.seat === 'w';
  $('name-card').hidden = !may('rename');
  if (mine && document.activeElement !== $('my-name')) $('my-name').value = nameWords(s.names[play.seat]);
  // The invite is needed until the friend has taken their seat.
  $('invite-card').hidden = !(play.invite && mine && !s.joined[other(play.seat)]);
  renderHint();
  renderTakebackTold();
  renderOverlay();
  renderLook();
  renderSumo();
}

// The notes' list, kept as drawn: the notes a state shares with the last
// one drawn (a patch keeps them) stay, the rest are drawn by `item`; all of
// them again when the language changes.
function renderNotes(list, notes, item) {
  const lang = language();
  if (list.drawn?.lang !== lang) { list.replaceChildren(); list.drawn = { lang, notes: [] }; }
  const held = list.drawn.notes;
  let same = 0;
  while (same < held.length && same < notes.length && held[same] === notes[same]) same++;
  while (list.children.length > same) list.lastElementChild.remove();
  for (let i = same; i < notes.length; i++) list.appendChild(item(notes[i]));
  list.drawn.notes = notes.slice();
}

// The first time a sumo is on a game's board, a line says what it can do
// and links the lesson: once per game in this browser (the games told are
// kept under `kamisado.sumo_told`), until the player closes it.
const SUMO_TOLD = 'kamisado.sumo_told';

function sumoTold() {
  try { return JSON.parse(localStorage.getItem(SUMO_TOLD) || '[]'); } catch (e) { return []; }
}

function sumoWords(s) {
  return t(String(s.rules).startsWith('zvezda') ? 'sumo.note_zvezda' : 'sumo.note');
}

function renderSumo() {
  const s = play.state;
  if (play.sumo === null) play.sumo = sumoTold().includes(play.id) ? 'told' : 'waiting';
  if (play.sumo === 'waiting' && s.towers.some((x) => x.teeth > 0)) {
    play.sumo = 'shown';
    try { localStorage.setItem(SUMO_TOLD, JSON.stringify([...sumoTold(), play.id].slice(-50))); } catch (e) { /* private mode */ }
    announce(sumoWords(s));
  }
  $('sumo-note').hidden = play.sumo !== 'shown';
  if (play.sumo === 'shown') $('sumo-text').replaceChildren(...ruleLinked(sumoWords(s), (rule) => t('rules.link_title', { rule })));
}

function renderHint() {
  const h = play.hint;
  if (!h) return;
  const line = h.line.length > 1 ? t('hint.then', { line: h.line.slice(1, 5).join(' ') }) : '';
  $('hint-text').textContent = `${t('hint.text', { mv: h.text, value: valueWords(h.value) })}${line}`;
  $('hint-text').hidden = false;
}

function answered(msg) {
  const waiting = play.pending;
  if (waiting && (msg.of === waiting.t || msg.of === null)) {
    play.pending = null;
    settle();
    return true;
  }
  if (play.hintAsked && msg.of === 'hint') {
    play.hintAsked = null;
    settle();
    $('hint-text').hidden = true;
    return true;
  }
  return false;
}

// Asks for the whole state after a missed patch; patches are ignored until it
// comes. An action waiting for its answer keeps waiting: the answer to the
// sync names `sync`. Without the state in time, the page reconnects, which
// brings it.
function resync() {
  if (play.syncing) return;
  const ws = play.ws;
  play.syncing = setTimeout(() => { if (play.ws === ws) ws.close(); }, ANSWER_MS);
  send({ t: 'sync' });
}

function synced() {
  clearTimeout(play.syncing);
  play.syncing = null;
}

// What a screen reader is told of a new state: each action since the last
// as its note tells it (the last three at most), where the game stands
// after an undo or on arriving, and a takeback asked of this seat.
function tell(before, s) {
  if (!before) { announce(describeStatus(s)); return; }
  const actions = s.n - before.n;
  if (actions > 0) {
    for (const note of s.notes.slice(-Math.min(actions, 3))) announce(noteText(note, { target: s.target }));
  } else if (actions < 0) {
    announce(describeStatus(s));
  }
  if (s.takeback && s.takeback !== before.takeback && may('answer_takeback')) {
    announce(t('status.offer', { name: nameOf(s, s.takeback) }));
  }
  tellTakeback(before, s);
  tellRematch(before, s);
}

// What became of a takeback offer, as the server says (`takeback_answer`,
// kept until the next action or offer): the seat that did not end it is
// told it was accepted, declined or withdrawn, in every tab it has open.
function takebackTold(s) {
  const mine = mySide();
  const a = s && s.takeback_answer;
  return mine && a && a.by !== mine ? t(`told.${a.how}`, { name: nameOf(s, a.by) }) : '';
}

function tellTakeback(before, s) {
  const told = takebackTold(s);
  const was = before.takeback_answer;
  const now = s.takeback_answer;
  if (told && !sameAnswer(was, now)) announce(told);
}

function renderTakebackTold() {
  const line = $('takeback-told');
  line.textContent = takebackTold(play.state);
  line.hidden = !line.textContent;
}

function showState(state) {
  const before = play.state;
  const changed = !before || before.n !== state.n;
  play.state = state;
  // A move taken back under the position shown: the game again.
  if (looking() && play.look.ply > pliesOf(state).length) play.look.stop();
  if (looking()) play.look.fetch(state);
  if (changed) { play.selected = null; play.resignArmed = false; }
  if (changed && play.hint && play.hint.n !== state.n) { play.hint = null; $('hint-text').hidden = true; }
  render();
  tell(before, state);
  followRematch(before, state);
  const sound = soundOf(before, state);
  if (sound) playSound(sound);
}

function connect() {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const ws = new WebSocket(`${proto}//${location.host}/api/games/${play.id}/ws`);
  play.ws = ws;
  ws.addEventListener('open', () => {
    play.retry = 0;
    ws.send(JSON.stringify({ t: 'join', key: play.key }));
    document.body.dataset.connected = '1';
  });
  ws.addEventListener('message', (ev) => {
    let msg;
    try { msg = JSON.parse(ev.data); } catch (e) { return; }
    switch (msg.t) {
      case 'welcome':
        if (typeof msg.now_ms === 'number') play.offset = msg.now_ms - Date.now();
        if (play.seat === null && msg.seat === 'w' && !play.flipChosen) play.flipped = true;
        play.seat = msg.seat;
        if (msg.seat) {
          const entry = myGames().find((g) => g.id === play.id);
          if (entry && entry.seat !== msg.seat) saveGame({ ...entry, seat: msg.seat });
        }
        if (play.pending) { armTimer(ANSWER_MS); send(play.pending); }
        render();
        break;
      case 'state':
        synced();
        showState(msg);
        break;
      case 'patch': {
        // While a sync is under way, or for a change the state already has.
        if (play.syncing || (play.state && msg.seq <= play.state.seq)) break;
        const next = patched(play.state, msg);
        if (next) showState(next); else resync();
        break;
      }
      case 'ack':
        // The state a sync brings came before its answer.
        if (msg.of === 'sync') break;
        answered(msg);
        showError('');
        render();
        break;
      case 'error':
        // A sync refused (over the rate): the new connection brings the state.
        if (msg.of === 'sync') { ws.close(); break; }
        // In the reader's words; a move the rules forbid names the rule it breaks.
        showError(refusalWords(msg));
        answered(msg);
        render();
        break;
      case 'hint':
        if (play.hintAsked) { play.hintAsked = null; settle(); }
        play.hint = { ...parseMove(msg.mv), n: msg.n, value: msg.value, line: msg.line };
        render();
        break;
      default: break;
    }
  });
  ws.addEventListener('close', (ev) => {
    document.body.dataset.connected = '0';
    if (play.ws !== ws) return;
    // 1001: the server is restarting; the next connection brings the game.
    if (ev.code === 1001) showError(t('net.restarting'));
    synced();
    settle();
    play.hintAsked = null;
    // A move, fill or resignation in flight is sent again once the new
    // connection has joined (its number makes a second arrival a duplicate);
    // anything else in flight is answered by the state the new connection brings.
    if (play.pending && !RESENT.includes(play.pending.t)) play.pending = null;
    play.retry = Math.min(play.retry + 1, 5);
    setTimeout(connect, 400 * play.retry);
  });
}

// Looking back: a move of the list clicked, the bar's buttons, and the
// arrow keys anywhere but in a form's field or on the board (whose arrows
// move its cursor).
function setupLook(id) {
  play.look = new LookBack(id, () => { if (looking()) { render(); sayLook(); } });
  $('moves').addEventListener('click', (ev) => {
    const button = ev.target.closest('button.ply');
    if (!button) return;
    lookAt(Number(button.dataset.ply));
    // On a phone the board is above the list: brought into sight.
    const area = $('board').closest('.board-area').getBoundingClientRect();
    if (ev.detail > 0 && (area.top < 0 || area.bottom > window.innerHeight)) {
      $('board').closest('.board-area').scrollIntoView({ block: 'start' });
    }
  });
  $('look-prev').addEventListener('click', () => stepLook(-1));
  $('look-next').addEventListener('click', () => stepLook(1));
  $('look-back').addEventListener('click', () => { if (looking()) backToGame(); });
  document.addEventListener('keydown', (ev) => {
    if (ev.key !== 'ArrowLeft' && ev.key !== 'ArrowRight') return;
    if (ev.altKey || ev.ctrlKey || ev.metaKey || ev.shiftKey) return;
    if (ev.target.closest && ev.target.closest('input, textarea, select, [contenteditable], #board, .overlay')) return;
    ev.preventDefault();
    stepLook(ev.key === 'ArrowLeft' ? -1 : 1);
  });
}

export function showGame(id) {
  $('play').hidden = false;
  play.id = id;
  const hash = new URLSearchParams(location.hash.slice(1));
  const stored = myGames().find((g) => g.id === id);
  if (hash.get('seat')) {
    play.key = hash.get('seat');
    saveGame({ id, key: play.key, seat: null, mode: 'friend', invited: true, at: Date.now() });
    history.replaceState(null, '', `/g/${id}`);
  } else if (stored) {
    play.key = stored.key;
  }
  if (stored && stored.seat === 'w') play.flipped = true;
  const watch = `${location.origin}/g/${id}`;
  $('watch-link-out').textContent = watch;
  $('watch-link-out').href = watch;
  $('download').href = `/api/games/${id}/record`;
  if (stored && stored.invite) {
    play.invite = stored.invite;
    $('invite-link').value = `${location.origin}/g/${id}#seat=${stored.invite}`;
  }
  $('copy-invite').addEventListener('click', () => {
    $('invite-link').select();
    if (navigator.clipboard) navigator.clipboard.writeText($('invite-link').value).catch(() => {});
  });
  $('pass').addEventListener('click', () => { playMove('pass'); backToBoard(); });
  $('sumo-close').addEventListener('click', () => { play.sumo = 'told'; render(); backToBoard(); });
  play.danger = new Danger(() => renderBoard());
  $('danger-on').checked = dangerOn();
  $('danger-on').addEventListener('change', (ev) => { setDangerOn(ev.target.checked); renderBoard(); });
  for (const link of [$('review'), $('review-over')]) link.href = `/analysis?game=${encodeURIComponent(id)}`;
  // A tournament's game links back to its tournament.
  import('./tournament-link.js').then((m) => m.showTournamentLink(id));
  $('hint').addEventListener('click', askHint);
  for (const id of ['rematch', 'rematch-over']) $(id).addEventListener('click', rematch);
  for (const id of ['rematch-decline', 'rematch-over-decline']) {
    $(id).addEventListener('click', () => act({ t: 'rematch', accept: false }));
  }
  $('undo').addEventListener('click', () => act({ t: 'undo', n: play.state.n }));
  $('takeback').addEventListener('click', () => act({ t: 'takeback', n: play.state.n }));
  // The reply of this page: what becomes of the offer is not told back to it.
  const reply = (accept) => { act({ t: 'takeback_reply', accept }); backToBoard(); };
  $('takeback-accept').addEventListener('click', () => reply(true));
  $('takeback-decline').addEventListener('click', () => reply(false));
  $('takeback-withdraw').addEventListener('click', () => reply(false));
  $('resign').addEventListener('click', () => {
    if (!play.resignArmed) { play.resignArmed = true; render(); announce(t('say.resign_armed')); return; }
    play.resignArmed = false;
    act({ t: 'resign', n: play.state.n });
  });
  $('claim').addEventListener('click', async () => {
    try {
      await request('POST', `/api/games/${encodeURIComponent(id)}/claim`);
      showError('');
    } catch (e) {
      showError(t('game.claim_refused', { reason: e.message }));
    }
  });
  const showSound = () => $('sound').setAttribute('aria-pressed', String(soundOn()));
  showSound();
  armSound();
  $('sound').addEventListener('click', () => { setSoundOn(!soundOn()); showSound(); });
  $('flip').addEventListener('click', () => { play.flipped = !play.flipped; play.flipChosen = true; render(); });
  $('fill-left').addEventListener('click', () => { act({ t: 'fill', n: play.state.n, fill: 'left' }); backToBoard(); });
  $('fill-right').addEventListener('click', () => { act({ t: 'fill', n: play.state.n, fill: 'right' }); backToBoard(); });
  $('close-overlay').addEventListener('click', () => { play.overlayClosed = play.state.n; render(); backToBoard(); });
  $('round-end').addEventListener('keydown', (ev) => {
    if (ev.key === 'Escape' && play.state.status === 'over') $('close-overlay').click();
  });
  $('type-move').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const text = typedMove($('move-input').value);
    if (!text) return;
    $('move-input').value = '';
    playMove(text);
  });
  $('to-analysis').addEventListener('click', async () => {
    const res = await fetch(`/api/games/${id}/record`);
    const text = await res.text();
    try { sessionStorage.setItem('kamisado.analyse', text); } catch (e) { /* */ }
    location.href = '/analysis';
  });
  $('name-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    act({ t: 'name', name: $('my-name').value });
    $('my-name').blur();
  });
  onLanguageChange(render);
  document.addEventListener('keydown', () => { byKeys = true; }, true);
  document.addEventListener('pointerdown', () => { byKeys = false; }, true);
  setupBoardInput();
  setupLook(id);
  setInterval(tickClocks, 100);
  connect();
}
