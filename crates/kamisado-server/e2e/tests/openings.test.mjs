// The World Championship's opening limits from the lobby: the first move
// offers only the squares one step away, a move typed beyond the limit is
// refused with the rule's words, and the game page names the rule set.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer, launchBrowser, withScreenshots, watchErrors, gameState, waitForN, clickMove,
  squareCentre, shot, DESKTOP, PHONE,
} from './helpers.mjs';

let server;
let browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  test(`a game under the opening limits, chosen in the lobby (${size})`, async () => {
    const page = await (await browser.newContext({ viewport })).newPage();
    const errors = [];
    watchErrors(page, errors);
    await withScreenshots(`openings-${size}`, () => [page], async () => {
      await page.goto(`${server.url}/`);
      await page.check('input[name=mode][value=local]');
      await page.check('#opening-limits');
      await page.click('#start');
      await page.waitForSelector('#board .tower');
      let s = await gameState(page);
      assert.equal(s.rules, 'standard+opening-limits');
      // Every first move goes one square.
      assert.ok(s.legal.length > 0);
      for (const mv of s.legal) {
        const [from, to] = mv.split('-');
        assert.equal(Math.abs(Number(to.slice(1)) - Number(from.slice(1))), 1, mv);
      }
      assert.match(await page.textContent('#play'), /Standard, opening limits rules/);
      // The tower on d1 is offered only its three one-step squares.
      await page.locator('#board').scrollIntoViewIfNeeded();
      const d1 = await squareCentre(page, 'd1');
      await page.mouse.click(d1.x, d1.y);
      await page.waitForSelector('#board .target', { state: 'attached' });
      const offered = await page.$$eval('#board .target', (els) => els.map((e) => e.dataset.sq).sort());
      assert.deepEqual(offered, ['c2', 'd2', 'e2']);
      await page.keyboard.press('Escape');
      // A typed move beyond the limit is refused, saying why.
      await page.fill('#move-input', 'd1-d6');
      await page.click('#type-move button');
      await page.waitForSelector('#error:not([hidden])');
      assert.match(await page.textContent('#error'), /1 square/);
      await shot(page, `openings-${size}`);
      // The game goes on: one step, then the second ply moves up to three.
      await clickMove(page, 'd1-d2');
      await waitForN(page, 1);
      s = await gameState(page);
      const far = Math.max(...s.legal.map((mv) => {
        const [from, to] = mv.split('-');
        return Math.abs(Number(to.slice(1)) - Number(from.slice(1)));
      }));
      assert.ok(far <= 3, `the second ply moves at most 3 squares: ${s.legal}`);
      await clickMove(page, s.legal[0]);
      await waitForN(page, 2);
      assert.deepEqual(errors, []);
    });
  });
}
