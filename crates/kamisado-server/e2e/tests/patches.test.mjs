// After the whole state on connecting, the page receives each change as a
// patch and shows exactly the game the server has: after moves, after a
// reload, and after a patch that never arrived (the page asks for the whole
// state with `sync` and plays on).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer, launchBrowser, withScreenshots, watchErrors, gameState, waitForN, clickMove,
} from './helpers.mjs';

let server;
let browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

async function newGame(page, { mode, level = '1', target = '3' }) {
  await page.goto(`${server.url}/?seed=42`);
  await page.check(`input[name=mode][value=${mode}]`);
  if (mode === 'engine') {
    await page.selectOption('#level', level);
    await page.check('input[name=colour][value=black]');
  }
  await page.selectOption('#target', target);
  await page.click('#start');
  await page.waitForURL(/\/g\/[0-9a-f]{16}$/);
  await page.waitForSelector('#board .tower');
}

/** Plays the first legal move by clicking once it is the page's turn; returns the count after it. */
async function playNext(page) {
  await page.waitForFunction(() => document.querySelector('#board').dataset.myturn === '1');
  const s = await gameState(page);
  await clickMove(page, s.legal[0]);
  await waitForN(page, s.n + 1);
  return s.n + 1;
}

/** Checks that the page shows the game as the server has it: towers, record and notes. */
async function showsServedGame(page) {
  const s = await gameState(page);
  await waitForN(page, s.n);
  const shown = await page.evaluate(() => ({
    n: Number(document.querySelector('#board').dataset.n),
    towers: [...document.querySelectorAll('#board .tower')].map((t) => `${t.dataset.sq}`).sort(),
    moves: document.querySelectorAll('#moves li').length,
    notes: document.querySelectorAll('#notes li').length,
  }));
  assert.deepEqual(shown, {
    n: s.n,
    towers: s.towers.map((t) => t.sq).sort(),
    moves: s.rounds.reduce((sum, r) => sum + r.moves.length, 0),
    notes: s.notes.length,
  });
}

/**
 * Records the kinds and sizes of the messages each game WebSocket of the
 * page receives (not the lobby's, which a guest's lobby opens too).
 */
function recordFrames(page) {
  const sockets = [];
  page.on('websocket', (ws) => {
    if (!new URL(ws.url()).pathname.startsWith('/api/games/')) return;
    const frames = [];
    sockets.push(frames);
    ws.on('framereceived', ({ payload }) => {
      const text = String(payload);
      frames.push({ t: JSON.parse(text).t, bytes: Buffer.byteLength(text) });
    });
  });
  return sockets;
}

test('moves arrive as patches after one whole state, for a player and a watcher, and after a reload', async () => {
  const page = await (await browser.newContext()).newPage();
  const watcher = await (await browser.newContext()).newPage();
  const errors = [];
  for (const p of [page, watcher]) watchErrors(p, errors);
  const played = recordFrames(page);
  const watched = recordFrames(watcher);
  await withScreenshots('patches', () => [page, watcher], async () => {
    await newGame(page, { mode: 'local' });
    await watcher.goto(page.url());
    await watcher.waitForSelector('#board .tower');
    let n = 0;
    for (let i = 0; i < 6; i += 1) n = await playNext(page);
    await waitForN(watcher, n);
    for (const p of [page, watcher]) await showsServedGame(p);
    for (const [who, frames] of [['player', played[0]], ['watcher', watched[0]]]) {
      const kinds = frames.map((f) => f.t).filter((t) => t === 'state' || t === 'patch');
      assert.equal(kinds[0], 'state', `${who}: the whole state first`);
      // A player is sent the state again as its seat sees it (its moves and
      // rights) once it has joined; a watcher keeps the first.
      const wholes = who === 'player' ? 2 : 1;
      assert.deepEqual(kinds.slice(0, wholes), Array(wholes).fill('state'), `${who}: whole states first`);
      assert.equal(kinds.filter((t) => t === 'state').length, wholes, `${who}: then patches only`);
      assert.ok(kinds.filter((t) => t === 'patch').length >= 6, `${who}: a patch per move`);
    }

    // A reload brings the whole state, shown as the server has it, and play goes on.
    await page.reload();
    await page.waitForSelector('#board .tower');
    await showsServedGame(page);
    n = await playNext(page);
    await waitForN(watcher, n);
    const again = played[1].filter((f) => f.t === 'state' || f.t === 'patch');
    assert.deepEqual([again[0].t, again[1].t], ['state', 'state'], 'the state on connecting, then as the seat sees it');
    assert.ok(again.slice(2).every((f) => f.t === 'patch'));
    for (const p of [page, watcher]) await showsServedGame(p);
    const patches = watched[0].filter((f) => f.t === 'patch');
    const average = Math.round(patches.reduce((sum, f) => sum + f.bytes, 0) / patches.length);
    console.log(`after ${n} moves: a state of ${again[0].bytes} bytes, patches of ${average} bytes on average`);
    assert.ok(average < again[0].bytes);
    assert.deepEqual(errors, []);
  });
});

test('a patch that never arrives: the page asks for the whole state and plays on', async () => {
  const page = await (await browser.newContext()).newPage();
  const errors = [];
  watchErrors(page, errors);
  // Every message passes between the page and the server, but the patch
  // that makes action number `drop` (its note the action's), which is kept
  // from the page.
  const seen = { sent: [], dropped: [] };
  let drop = null;
  await page.routeWebSocket(/\/api\/games\/[0-9a-f]+\/ws$/, (ws) => {
    const upstream = ws.connectToServer();
    let notesSeen = 0;
    ws.onMessage((m) => { seen.sent.push(JSON.parse(m).t); upstream.send(m); });
    upstream.onMessage((m) => {
      const msg = JSON.parse(m);
      // The notes the page has after each message: a patch adds one `note`
      // or sets a tail of `notes`.
      if (msg.t === 'state') notesSeen = msg.notes.length;
      const before = notesSeen;
      if (msg.t === 'patch' && msg.note) notesSeen += 1;
      else if (msg.t === 'patch' && msg.notes) notesSeen = msg.notes.from + msg.notes.items.length;
      if (msg.t === 'patch' && notesSeen !== before && notesSeen === drop) {
        drop = null;
        seen.dropped.push(msg);
        return;
      }
      ws.send(m);
    });
  });
  await withScreenshots('patches-missed', () => [page], async () => {
    await newGame(page, { mode: 'engine' });
    await playNext(page);
    await waitForN(page, 2);
    // The patch of the player's move is lost; the engine's answer comes as a
    // patch that does not apply, and the page asks for the whole state.
    await page.waitForFunction(() => document.querySelector('#board').dataset.myturn === '1');
    const s = await gameState(page);
    drop = s.n + 1;
    await clickMove(page, s.legal[0]);
    await waitForN(page, s.n + 2);
    assert.equal(seen.dropped.length, 1);
    assert.equal(seen.sent.filter((t) => t === 'sync').length, 1);
    await showsServedGame(page);
    // The next move is played by clicking and answered by the engine.
    const n = await playNext(page);
    await waitForN(page, n + 1);
    await showsServedGame(page);
    assert.equal(seen.sent.filter((t) => t === 'sync').length, 1, 'no other sync');
    assert.equal(await page.locator('#error').isHidden(), true);
    assert.deepEqual(errors, []);
  });
});

test('a move in flight when the connection drops is sent again on the next connection, once', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const errors = [];
  watchErrors(page, errors);
  const sent = [];
  let cut = false;
  await page.routeWebSocket(/\/api\/games\/[0-9a-f]+\/ws$/, (ws) => {
    const upstream = ws.connectToServer();
    ws.onMessage((m) => {
      const msg = JSON.parse(m);
      sent.push(msg.t);
      // The first move never reaches the server: the connection drops with it.
      if (msg.t === 'move' && !cut) {
        cut = true;
        ws.close();
        upstream.close();
        return;
      }
      upstream.send(m);
    });
    upstream.onMessage((m) => ws.send(m));
  });
  await withScreenshots('resend-after-drop', () => [page], async () => {
    await newGame(page, { mode: 'local' });
    const s = await gameState(page);
    await clickMove(page, s.legal[0]);
    // The page joins again, sends the move again, and the game goes on from it.
    await waitForN(page, s.n + 1);
    const after = await gameState(page);
    assert.equal(after.n, s.n + 1);
    assert.equal(after.last, s.legal[0]);
    assert.equal(sent.filter((t) => t === 'move').length, 2);
    assert.equal(sent.filter((t) => t === 'join').length, 2);
    // And the next move is played as usual.
    await clickMove(page, after.legal[0]);
    await waitForN(page, s.n + 2);
    assert.equal(await page.textContent('#error'), '');
  });
  assert.deepEqual(errors, []);
  await context.close();
});
