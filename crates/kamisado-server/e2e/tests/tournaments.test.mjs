// Tournaments in the browser: a Swiss made from the form with an engine
// level, entered by two accounts (one on a phone, in Russian), each taken
// to the board by the lobby's socket when a round pairs them, a move
// clicked and the game resigned, the standings moving and the next round
// starting, to the end.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer, launchBrowser, watchErrors, gameState, clickMove, shot, DESKTOP, PHONE, contextIn,
} from './helpers.mjs';

let server;
let browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

/** Creates an account from the lobby's form; the lobby comes back signed in. */
async function signUp(page, name) {
  await page.goto(`${server.url}/`);
  await page.click('#tab-sign-up');
  await page.fill('#sign-up-name', name);
  await page.fill('#sign-up-password', `${name.toLowerCase()}-secret-1`);
  await page.click('#sign-up-go');
  await page.waitForFunction((n) => document.querySelector('#account-name')?.textContent === n, name);
}

/** The tournament as the server tells it, asked from the page. */
async function tournament(page, id) {
  return page.evaluate(async (tid) => (await fetch(`/api/tournaments/${tid}`)).json(), id);
}

/** On the board of a tournament game: a move clicked if it is the player's turn, then the resignation. */
async function playAndResign(page, me) {
  await page.waitForSelector('#board[data-ready="1"], #board .square', { state: 'attached' });
  const state = await gameState(page);
  const mine = state.names.b === me ? 'b' : 'w';
  if (state.status === 'playing' && state.to_act === mine && state.legal && state.legal.length) {
    await clickMove(page, state.legal[0]);
    await page.waitForFunction((n) => fetch(`/api/games/${location.pathname.split('/')[2]}`)
      .then((r) => r.json()).then((s) => s.n > n), state.n);
  }
  await page.click('#resign');
  await page.click('#resign');
  await page.waitForFunction(() => fetch(`/api/games/${location.pathname.split('/')[2]}`)
    .then((r) => r.json()).then((s) => s.status === 'over'));
}

test('a Swiss with an engine level: made, entered, paired, played by clicking, to the end', async () => {
  const annCtx = await contextIn(browser, 'en', DESKTOP);
  const borisCtx = await contextIn(browser, 'ru', PHONE);
  const ann = await annCtx.newPage();
  const boris = await borisCtx.newPage();
  const errors = [];
  watchErrors(ann, errors);
  watchErrors(boris, errors);
  try {
    await signUp(ann, 'Ann');
    await signUp(boris, 'Boris');

    // Ann makes it from the form, with the engine at level 1.
    await ann.goto(`${server.url}/tournaments`);
    await ann.waitForSelector('#tournaments[data-ready="1"]');
    await ann.fill('#tl-name', 'Evening Swiss');
    await ann.fill('#tl-rounds', '2');
    await ann.check('#tl-form input[name=engine][value="1"]');
    await shot(ann, 'tournaments-form-desktop', true);
    await ann.click('#tl-form button[type=submit]');
    await ann.waitForURL(/\/tournaments\/[0-9a-zA-Z]+$/);
    const id = ann.url().split('/').pop();
    await ann.waitForSelector('#tournament[data-ready="1"]');
    assert.match(await ann.textContent('#to-stage'), /Taking entries/);
    assert.match(await ann.textContent('#to-when'), /Starts in/);

    // Both enter; Boris from his phone, in Russian.
    await ann.click('#to-join');
    await ann.waitForSelector('#to-join', { state: 'hidden' });
    await boris.goto(`${server.url}/tournaments/${id}`);
    await boris.waitForSelector('#tournament[data-ready="1"]');
    assert.match(await boris.textContent('#to-stage'), /Идёт запись/);
    await boris.click('#to-join');
    await boris.waitForFunction(() => /Boris/.test(document.querySelector('#to-players').textContent));
    await shot(boris, 'tournament-open-phone-ru', true);

    // The creator brings the start forward: in 2 s, no pause between rounds.
    const moved = await ann.evaluate(async (tid) => (await fetch(`/api/tournaments/${tid}/settings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Evening Swiss', rounds: 2, starts_in_s: 2, pause_s: 0 }),
    })).status, id);
    assert.equal(moved, 200);

    for (const round of [1, 2]) {
      // Each page waits on the tournament; those paired are taken to their board.
      await ann.goto(`${server.url}/tournaments/${id}`);
      await boris.goto(`${server.url}/tournaments/${id}`);
      await ann.waitForFunction((r) => Number(document.querySelector('#tournament')?.dataset.round) >= r
        || location.pathname.startsWith('/g/'), round);
      const t = await tournament(ann, id);
      assert.equal(t.round, round);
      const games = t.pairings[round - 1].pairings.flatMap((p) => p.games).filter((g) => g.game);
      const number = (name) => t.players.find((p) => p.name === name).number;
      for (const [page, name] of [[ann, 'Ann'], [boris, 'Boris']]) {
        const game = games.find((g) => g.black === number(name) || g.white === number(name));
        if (!game) continue;
        // Taken to the board by the lobby's socket, or (paired before the
        // page listened) by its "Your game" link.
        await page.waitForFunction(() => location.pathname.startsWith('/g/')
          || document.querySelector('#to-yours')?.hidden === false);
        if (!page.url().includes('/g/')) await page.click('#to-yours-link');
        await page.waitForURL(new RegExp(`/g/${game.game}$`));
      }
      for (const [page, name] of [[ann, 'Ann'], [boris, 'Boris']]) {
        if (!page.url().includes('/g/')) continue;
        const state = await gameState(page);
        if (state.status !== 'over') {
          await shot(page, `tournament-game-r${round}-${name.toLowerCase()}`);
          await playAndResign(page, name);
        }
      }
      // The standings move: every pairing of the round has its result.
      await ann.goto(`${server.url}/tournaments/${id}`);
      await ann.waitForFunction((r) => {
        const x = document.querySelector('#tournament');
        return x?.dataset.ready === '1' && (Number(x.dataset.round) > r || x.dataset.stage === 'finished');
      }, round, { timeout: 30000 }).catch(async () => {
        assert.fail(`round ${round} did not end: ${JSON.stringify(await tournament(ann, id))}`);
      });
    }

    await ann.waitForSelector('#tournament[data-stage="finished"]');
    assert.match(await ann.textContent('#to-stage'), /Finished/);
    const rows = await ann.$$eval('#to-standings tbody tr', (trs) => trs.map((tr) => tr.textContent));
    assert.equal(rows.length, 3);
    const t = await tournament(ann, id);
    const total = t.standings.reduce((sum, s) => sum + Number(s.points), 0);
    assert.equal(total, 4, 'two rounds of one game and a bye');
    await shot(ann, 'tournament-finished-desktop', true);
    await boris.goto(`${server.url}/tournaments/${id}`);
    await boris.waitForSelector('#tournament[data-stage="finished"]');
    assert.match(await boris.textContent('#to-stage'), /Завершён/);
    await shot(boris, 'tournament-finished-phone-ru', true);
    // The list shows it among the finished.
    await boris.goto(`${server.url}/tournaments`);
    await boris.waitForSelector('#tournaments[data-ready="1"]');
    assert.match(await boris.textContent('#tl-done'), /Evening Swiss/);
    assert.deepEqual(errors, []);
  } finally {
    await annCtx.close();
    await borisCtx.close();
  }
});
