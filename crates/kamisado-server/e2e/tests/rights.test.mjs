// The server decides what a seat may do; the page shows exactly that. A
// stand-in for the game's WebSocket feeds the page a game state for each
// mode, seat and status with chosen `rights`, and the test checks that each
// granted action is shown and every other one hidden: undo, hint, offer
// takeback, the answer to an offer, resign, the danger view and the name card.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer, launchBrowser, withScreenshots, watchErrors, clickMove,
} from './helpers.mjs';

let server;
let browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

// Each right and the element that shows it.
const SHOWN = {
  undo: '#undo', hint: '#hint', takeback: '#takeback', answer_takeback: '#takeback-offer',
  resign: '#resign', danger: '#danger-row', rename: '#name-card',
};
const RIGHTS = Object.keys(SHOWN);

const grant = (granted) => Object.fromEntries(RIGHTS.map((r) => [r, granted.includes(r)]));

/**
 * The rights of every seat: `granted` for `seat`, the others the opposite,
 * so that a page that reads another seat's entry shows the wrong actions.
 */
function rightsFor(seat, granted) {
  const rest = RIGHTS.filter((r) => !granted.includes(r));
  const rights = { b: grant(rest), w: grant(rest), both: grant(rest) };
  if (seat) rights[seat] = grant(granted);
  return rights;
}

/** A real game's state, to dress as each case needs. */
async function baseState() {
  const res = await fetch(`${server.url}/api/games`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mode: 'local', target: 3 }),
  });
  const game = await res.json();
  const state = await (await fetch(`${server.url}/api/games/${game.id}`)).json();
  return { id: game.id, state };
}

// The sets of rights each mode and seat is tried with: none, all, each alone,
// and each but one.
const SETS = [[], RIGHTS, ...RIGHTS.map((r) => [r]), ...RIGHTS.map((r) => RIGHTS.filter((x) => x !== r))];

const CASES = [
  { mode: 'engine', seat: 'b', engine: 'w', level: 2 },
  { mode: 'local', seat: 'both' },
  { mode: 'friend', seat: 'w' },
  { mode: 'challenge', seat: 'b' },
  { mode: 'friend', seat: null },
];

for (const c of CASES) {
  test(`the page shows exactly the granted actions: ${c.mode}, seat ${c.seat ?? 'none (watching)'}`, async () => {
    const { id, state } = await baseState();
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = [];
    watchErrors(page, errors);
    let socket = null;
    let joined;
    const join = new Promise((resolve) => { joined = resolve; });
    await page.routeWebSocket(/\/api\/games\/[0-9a-f]+\/ws$/, (ws) => {
      socket = ws;
      ws.onMessage((text) => {
        const msg = JSON.parse(text);
        if (msg.t === 'join') {
          ws.send(JSON.stringify({ t: 'welcome', seat: c.seat, now_ms: Date.now() }));
          joined();
        }
      });
    });
    await withScreenshots(`rights-${c.mode}-${c.seat}`, () => [page], async () => {
      await page.goto(`${server.url}/g/${id}`);
      await join;
      let n = 0;
      for (const granted of SETS) {
        // Each state on its turn, whoever is to act and whatever the status
        // says: the rights alone decide.
        for (const toAct of ['b', 'w']) {
          n += 1;
          const s = {
            ...state,
            t: 'state',
            seq: n,
            n,
            mode: c.mode,
            engine: c.engine ?? null,
            level: c.level ?? null,
            to_act: toAct,
            takeback: granted.includes('answer_takeback') ? (c.seat === 'w' ? 'b' : 'w') : null,
            rights: rightsFor(c.seat, granted),
          };
          socket.send(JSON.stringify(s));
          await page.waitForSelector(`#board[data-n="${n}"]`, { state: 'attached' });
          const shown = [];
          for (const right of RIGHTS) if (await page.isVisible(SHOWN[right])) shown.push(right);
          const want = c.seat ? granted : [];
          assert.deepEqual(shown, want, `granted ${JSON.stringify(granted)} to ${c.seat}, ${toAct} to act`);
        }
      }
      assert.deepEqual(errors, []);
    });
    await context.close();
  });
}

/** The rights shown by the page, as a list in the order of RIGHTS. */
async function shownRights(page) {
  const shown = [];
  for (const right of RIGHTS) if (await page.isVisible(SHOWN[right])) shown.push(right);
  return shown;
}

test('against the real server, the page shows the rights it sends, and undo and hint work', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  watchErrors(page, errors);
  // The rights each state the page receives carries for its seat.
  const seen = [];
  page.on('websocket', (ws) => ws.on('framereceived', ({ payload }) => {
    const msg = JSON.parse(payload);
    const rights = msg.t === 'state' ? msg.rights : msg.t === 'patch' && msg.set ? msg.set.rights : null;
    if (rights) seen.push(rights);
  }));
  await withScreenshots('rights-real', () => [page], async () => {
    await page.goto(`${server.url}/?seed=7`);
    await page.check('input[name=mode][value=engine]');
    await page.selectOption('#level', '1');
    await page.check('input[name=colour][value=black]');
    await page.click('#start');
    await page.waitForURL(/\/g\/[0-9a-f]{16}$/);
    await page.waitForSelector('#board[data-myturn="1"]');
    const state = async () => (await page.evaluate(async () => (await fetch(`/api/games/${location.pathname.split('/')[2]}`)).json()));
    const granted = (rights) => RIGHTS.filter((r) => rights.b[r]);
    let s = await state();
    assert.ok(s.rights, 'the state carries rights');
    assert.deepEqual(await shownRights(page), granted(s.rights));
    assert.equal(await page.isVisible('#undo'), false, 'nothing to take back at the start');
    // A move by clicking, the engine's answer, then the rights of the new state shown.
    await clickMove(page, s.legal[0]);
    await page.waitForFunction((n) => Number(document.querySelector('#board').dataset.n) >= n + 2
      && document.querySelector('#board').dataset.myturn === '1', s.n);
    s = await state();
    assert.deepEqual(await shownRights(page), granted(s.rights));
    assert.ok(s.rights.b.undo && s.rights.b.hint, 'undo and hint granted on Black\'s turn after a move');
    // The hint answers; undo takes the move and the engine's answer back.
    await page.click('#hint');
    await page.waitForFunction(() => /Hint: \S+ — /.test(document.querySelector('#hint-text').textContent));
    await page.click('#undo');
    await page.waitForFunction(() => document.querySelector('#board').dataset.n === '0'
      && document.querySelector('#board').dataset.myturn === '1');
    s = await state();
    assert.deepEqual(await shownRights(page), granted(s.rights));
    assert.equal(await page.isVisible('#undo'), false, 'nothing to take back after the undo');
    assert.ok(seen.length >= 2, 'rights came with the state and its patches');
    assert.deepEqual(errors, []);
  });
  await context.close();
});
