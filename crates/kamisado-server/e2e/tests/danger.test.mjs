// The danger view on one screen follows the game: after each move, and
// after an undo and another move, its marks are the targets of the tower
// that must move in the new position (the page's state patched, its
// answer asked again for each new state).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer, launchBrowser, withScreenshots, watchErrors, gameState, waitForN, clickMove,
  squareCentre, DESKTOP,
} from './helpers.mjs';

let server;
let browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

test('the danger marks follow each new position, after an undo too', async () => {
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  const errors = [];
  watchErrors(page, errors);
  await withScreenshots('danger-follows', () => [page], async () => {
    await page.goto(`${server.url}/`);
    await page.check('input[name=mode][value=local]');
    await page.click('#start');
    await page.waitForURL(/\/g\/[0-9a-f]{16}$/);
    await page.waitForSelector('#board .tower');
    await page.check('#danger-on');
    const marks = () => page.evaluate(() => [...document.querySelectorAll('#board .danger')]
      .map((d) => d.dataset.sq).sort().join(' '));
    const moveOn = async (k) => {
      const s = await gameState(page);
      await clickMove(page, s.legal[k % s.legal.length]);
      await waitForN(page, s.n + 1);
    };
    // Selects the forced tower, reads its marks, and lets it go again.
    const marksOfForced = async () => {
      const s = await gameState(page);
      const at = await squareCentre(page, s.forced);
      await page.mouse.click(at.x, at.y);
      const targets = s.legal.filter((mv) => mv.startsWith(s.forced))
        .map((mv) => mv.split(/[->]/)[1]).sort().join(' ');
      await page.waitForFunction(() => document.querySelectorAll('#board .danger').length > 0);
      await page.waitForFunction((want) => [...document.querySelectorAll('#board .danger')]
        .map((d) => d.dataset.sq).sort().join(' ') === want, targets);
      const seen = await marks();
      await page.mouse.click(at.x, at.y);
      await page.waitForFunction(() => document.querySelectorAll('#board .target').length === 0);
      return seen;
    };
    await moveOn(0);
    const first = await marksOfForced();
    await moveOn(2);
    const second = await marksOfForced();
    assert.notEqual(second, first);
    await page.click('#undo');
    await page.waitForFunction(() => document.querySelector('#board').dataset.n === '1');
    assert.equal(await marksOfForced(), first, 'after the undo, the first position\'s marks');
    await moveOn(3);
    const third = await marksOfForced();
    assert.notEqual(third, first);
    assert.deepEqual(errors, []);
  });
});
