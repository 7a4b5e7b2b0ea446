// A rematch from a finished game, against the engine and on one screen:
// the same settings with the colours swapped, a new game made as the lobby
// makes it, which takes a move; and the Review button once a game is over.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer, launchBrowser, withScreenshots, watchErrors, gameState, waitForN, clickMove, contextIn,
  DESKTOP, PHONE, shot, WIN_17,
} from './helpers.mjs';

let server;
let browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

const gameId = (page) => new URL(page.url()).pathname.split('/')[2];

const LABELS = { en: { rematch: 'Rematch', review: 'Review' }, ru: { rematch: 'Реванш', review: 'Разбор' } };

/** Waits until it is this page's move. */
const myTurn = (page) => page.waitForFunction(() => document.querySelector('#board').dataset.myturn === '1');

for (const [lang, viewport, size] of [['en', DESKTOP, 'desktop'], ['ru', PHONE, 'phone']]) {
  test(`a rematch against the engine: the colours swapped, the rest the same, and it takes a move (${lang}, ${size})`, async () => {
    const context = await contextIn(browser, lang, viewport);
    const page = await context.newPage();
    const errors = [];
    watchErrors(page, errors);
    await withScreenshots(`rematch-engine-${lang}-${size}`, () => [page], async () => {
      await page.goto(`${server.url}/?seed=11`);
      await page.check('input[name=mode][value=engine]');
      await page.selectOption('#level', '2');
      await page.check('input[name=colour][value=black]');
      await page.selectOption('#target', '3');
      await page.selectOption('#rules', 'sumo-square');
      await page.click('#start');
      await page.waitForURL(/\/g\/[0-9a-f]{16}$/);
      await page.waitForSelector('#board .tower');
      const first = gameId(page);
      const before = await gameState(page);
      // No rematch while the game is on.
      assert.equal(await page.isVisible('#rematch'), false);
      await myTurn(page);
      await clickMove(page, before.legal[0]);
      await waitForN(page, 2);
      // The game ends: a resignation, asked twice.
      await page.click('#resign');
      await page.click('#resign');
      await page.waitForSelector('#round-end:not([hidden]) #over-actions:not([hidden])');
      const words = LABELS[lang];
      assert.ok(await page.getByRole('link', { name: words.review, exact: true }).first().isVisible(), 'Review once over');
      assert.equal(await page.getAttribute('#review-over', 'href'), `/analysis?game=${first}`);
      await shot(page, `rematch-offered-${lang}-${size}`);
      await page.locator('#round-end').getByRole('button', { name: words.rematch, exact: true }).click();
      await page.waitForURL((url) => /\/g\/[0-9a-f]{16}$/.test(url.pathname) && !url.pathname.endsWith(first));
      await page.waitForSelector('#board .tower');
      const s = await gameState(page);
      assert.equal(s.mode, 'engine');
      assert.equal(s.engine, 'b', 'the engine has the black towers now');
      assert.equal(s.level, 2);
      assert.equal(s.target, 3);
      assert.equal(s.rules, 'sumo-square');
      assert.equal(s.board, before.board);
      assert.deepEqual([s.names.b, s.names.w], [before.names.w, before.names.b]);
      // The page holds Gold's seat, and Gold's move is taken once the engine has moved.
      await myTurn(page);
      const mine = await gameState(page);
      assert.equal(mine.to_act, 'w');
      await clickMove(page, mine.legal[0]);
      await waitForN(page, mine.n + 1);
      const after = await gameState(page);
      assert.equal(after.rounds[0].moves[mine.n], mine.legal[0]);
      await shot(page, `rematch-new-${lang}-${size}`);
      assert.deepEqual(errors, []);
    });
    await context.close();
  });
}

for (const [lang, viewport, size] of [['ru', DESKTOP, 'desktop'], ['en', PHONE, 'phone']]) {
  test(`a rematch on one screen after Black's 17-ply win: the names swap sides (${lang}, ${size})`, async () => {
    const context = await contextIn(browser, lang, viewport);
    const page = await context.newPage();
    const errors = [];
    watchErrors(page, errors);
    await withScreenshots(`rematch-local-${lang}-${size}`, () => [page], async () => {
      await page.goto(`${server.url}/`);
      await page.check('input[name=mode][value=local]');
      await page.selectOption('#target', '1');
      await page.fill('#name', 'Ann');
      await page.fill('#opponent', 'Ben');
      await page.click('#start');
      await page.waitForURL(/\/g\/[0-9a-f]{16}$/);
      await page.waitForSelector('#board .tower');
      const first = gameId(page);
      for (const [i, mv] of WIN_17.entries()) {
        await page.waitForFunction((n) => document.querySelector('#board').dataset.myturn === '1'
          && document.querySelector('#board').dataset.n === String(n), i);
        await clickMove(page, mv);
      }
      await page.waitForFunction(() => document.querySelector('#board').dataset.status === 'over');
      // "Show the board" closes the sheet: the rematch and the review stay among the game's buttons.
      await page.click('#close-overlay');
      const words = LABELS[lang];
      assert.ok(await page.locator('#review').isVisible());
      await page.locator('.controls').getByRole('button', { name: words.rematch, exact: true }).click();
      await page.waitForURL((url) => /\/g\/[0-9a-f]{16}$/.test(url.pathname) && !url.pathname.endsWith(first));
      await page.waitForSelector('#board .tower');
      const s = await gameState(page);
      assert.equal(s.mode, 'local');
      assert.equal(s.target, 1);
      assert.deepEqual([s.names.b, s.names.w], ['Ben', 'Ann']);
      await myTurn(page);
      await clickMove(page, WIN_17[0]);
      await waitForN(page, 1);
      assert.equal((await gameState(page)).rounds[0].moves[0], WIN_17[0]);
      await shot(page, `rematch-local-${lang}-${size}`);
      assert.deepEqual(errors, []);
    });
    await context.close();
  });
}
