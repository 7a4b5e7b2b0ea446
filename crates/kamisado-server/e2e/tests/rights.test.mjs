// The server decides what a seat may do; the page shows exactly that. A
// stand-in for the game's WebSocket feeds the page a game state for each
// mode, seat and status with chosen `rights`, and the test checks that each
// granted action is shown and every other one hidden: undo, hint, offer
// takeback, the answer to an offer, resign, the danger view and the name card.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, withScreenshots, watchErrors } from './helpers.mjs';

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
