// A game against the engine, played to its end by clicking, then its record downloaded.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import {
  startServer, launchBrowser, withScreenshots, watchErrors, gameState, waitForN, clickMove,
} from './helpers.mjs';

let server;
let browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

test('a single round against the engine, played by clicking, and its record downloaded', async () => {
  const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  watchErrors(page, errors);
  await withScreenshots('engine', () => [page], async () => {
    await page.goto(`${server.url}/?seed=42`);
    await page.check('input[name=mode][value=engine]');
    await page.selectOption('#level', '1');
    await page.check('input[name=colour][value=black]');
    await page.selectOption('#target', '1');
    await page.fill('#name', 'Tester');
    await page.click('#start');
    await page.waitForURL(/\/g\/[0-9a-f]{16}$/);
    await page.waitForSelector('#board .tower');

    for (let turn = 0; turn < 200; turn++) {
      // Wait until it is our move or the game is over.
      await page.waitForFunction(() => {
        const b = document.querySelector('#board');
        return b.dataset.status === 'over' || b.dataset.myturn === '1';
      });
      const s = await gameState(page);
      if (s.status === 'over') break;
      // The page offers the forced tower's moves; the test picks the first legal one.
      const mv = s.legal[0];
      await clickMove(page, mv);
      await waitForN(page, s.n + 1);
    }
    const s = await gameState(page);
    assert.equal(s.status, 'over');
    await page.waitForSelector('#round-end:not([hidden])');
    const title = await page.textContent('#round-end-title');
    // A single round is a round won, not a match "playing to 1".
    assert.match(title, /wins the round/);
    const explained = await page.textContent('#explain');
    assert.match(explained, /wins/);
    // The move list shows every move in notation.
    const listed = await page.locator('#moves .movelist li').count();
    assert.equal(listed, s.rounds[0].moves.length);

    await page.click('#close-overlay');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
    const file = await download.path();
    const text = fs.readFileSync(file, 'utf8');
    assert.match(text, /\[Black "Tester"\]/);
    assert.match(text, /\[Result "(1-0|0-1)"\]/);
    assert.ok(text.includes(s.rounds[0].moves[0]));
    assert.deepEqual(errors, []);
  });
  await context.close();
});
