// A variation on the analysis board: a record opened, a move back, a move
// other than the record's played by clicking (its legal moves the
// server's), the variation listed beside the main line with the new
// position on the board, a second move in it, the way back to the main
// line, into the variation again by its list and the arrow keys, and a
// variation played by keyboard on the board's cells; axe
// finds nothing serious with the variation shown. In
// English and Russian, at 1280×800 and 390×844.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import AxeBuilder from '@axe-core/playwright';
import {
  startServer, launchBrowser, withScreenshots, watchErrors, contextIn, DESKTOP, PHONE, shot, WIN_17,
} from './helpers.mjs';

let server;
let browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

// The first six moves of Black's 17-ply win, as a record.
const RECORD = `[Event "Test"]
[Date "2026.01.01"]
[Black "Ann"]
[White "Ben"]
[Rules "standard"]
[Target "1"]
[Result "*"]

round 1
${WIN_17.slice(0, 6).map((mv, i) => `${i + 1}. ${mv}`).join(' ')}
`;

const WORDS = {
  en: { title: 'Variation after move 4', where: (n) => `Variation: move ${n}`, played: /^Variation: Black plays c1-\w\d; / },
  ru: { title: 'Вариант после хода 4', where: (n) => `Вариант: ход ${n}`, played: /^Вариант: Чёрные — c1-\w\d; / },
};

const boardTowers = (page) => page.$$eval('#a-board .tower', (ts) => ts
  .map((t) => `${t.dataset.sq}:${t.dataset.side}:${t.dataset.colour}:${t.dataset.teeth}`).sort());

/** Clicks the centre of a square of the analysis board. */
async function clickSquare(page, sq) {
  const box = await page.locator(`#a-board .square[data-sq="${sq}"] > rect`).boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** Picks the tower on `from` and waits for its targets: their squares. */
async function targets(page, from) {
  await clickSquare(page, from);
  await page.waitForSelector('#a-board .target', { state: 'attached' });
  return page.$$eval('#a-board .target', (ts) => ts.map((t) => t.dataset.sq));
}

/** Moves the analysis board's keyboard cursor (the board focused, not turned) to `sq`. */
async function cursorTo(page, sq) {
  for (;;) {
    const at = await page.getAttribute('#a-board', 'data-cursor');
    if (at === sq) return;
    const df = sq.charCodeAt(0) - at.charCodeAt(0);
    const dr = Number(sq.slice(1)) - Number(at.slice(1));
    if (df !== 0) await page.keyboard.press(df > 0 ? 'ArrowRight' : 'ArrowLeft');
    else await page.keyboard.press(dr > 0 ? 'ArrowUp' : 'ArrowDown');
  }
}

const where = (page, text) => page.waitForFunction((w) => document.querySelector('#a-where').textContent === w, text);

for (const [lang, viewport, size] of [['en', DESKTOP, 'desktop'], ['ru', PHONE, 'phone'], ['ru', DESKTOP, 'desktop'], ['en', PHONE, 'phone']]) {
  test(`a variation played on the analysis board beside the main line (${lang}, ${size})`, async () => {
    const context = await contextIn(browser, lang, viewport);
    const page = await context.newPage();
    const errors = [];
    watchErrors(page, errors);
    const words = WORDS[lang];
    await withScreenshots(`variation-${lang}-${size}`, () => [page], async () => {
      await page.goto(`${server.url}/analysis`);
      await page.fill('#a-text', RECORD);
      await page.click('#a-go');
      await page.waitForSelector('#a-board[data-ready="1"]', { timeout: 90000 });
      await where(page, '6 / 6');

      // Two moves back: Black must move the red tower on c1 (h2 is red); the record played c1-c7.
      await page.click('#a-prev');
      await page.click('#a-prev');
      await where(page, '4 / 6');
      const main = await boardTowers(page);
      assert.equal(await page.isHidden('#a-line-box'), true);
      const squares = await targets(page, 'c1');
      assert.ok(squares.includes('c7'), `c1-c7 is among ${squares}`);
      const to = squares.includes('c5') ? 'c5' : squares.find((sq) => sq !== 'c7');
      await clickSquare(page, to);

      // The variation: listed beside the main line, its position on the board, said.
      await page.waitForSelector('#a-board[data-line="1"]');
      assert.equal(await page.locator('#a-line li').count(), 1);
      assert.equal(await page.textContent('#a-line-title'), words.title);
      assert.match(await page.textContent('#a-line li'), new RegExp(`c1-${to}`));
      assert.equal(await page.textContent('#a-where'), words.where(5));
      assert.equal(await page.getAttribute(`#a-board .tower[data-sq="${to}"]`, 'data-colour'), 'red');
      assert.equal(await page.locator('#a-board .tower[data-sq="c1"]').count(), 0);
      assert.match(await page.$$eval('#a-announce p', (ps) => ps[ps.length - 1].textContent), words.played);
      assert.equal(await page.getAttribute('#a-steps li[data-step="4"]', 'class'), 'branch');
      assert.equal(await page.locator('#a-steps li').count(), 6, 'the main line is kept');

      // Gold's answer in the variation, its forced tower's first move.
      const forced = await page.getAttribute('#a-board .tower.is-forced', 'data-sq');
      const answers = await targets(page, forced);
      await clickSquare(page, answers[0]);
      await page.waitForSelector('#a-board[data-line="2"]');
      assert.equal(await page.locator('#a-line li').count(), 2);
      assert.equal(await page.textContent('#a-where'), words.where(6));
      assert.equal(await page.locator(`#a-board .tower[data-sq="${answers[0]}"][data-side="w"]`).count(), 1);
      if (size === 'phone') await page.locator('#a-line-box').scrollIntoViewIfNeeded();
      await shot(page, `variation-${lang}-${size}`);
      // No serious or critical finding of axe with the variation shown.
      const audit = await new AxeBuilder({ page }).analyze();
      assert.deepEqual(audit.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), []);

      // Back to the main line: its position again, the variation kept.
      await page.click('#a-main');
      await where(page, '4 / 6');
      assert.equal(await page.getAttribute('#a-board', 'data-line'), '');
      assert.deepEqual(await boardTowers(page), main);
      assert.equal(await page.locator('#a-line li').count(), 2);
      assert.equal(await page.isHidden('#a-main'), true);

      // Into the variation again by its list, and on with →.
      await page.click('#a-line li[data-step="1"] button');
      await page.waitForSelector('#a-board[data-line="1"]');
      await page.evaluate(() => document.activeElement && document.activeElement.blur());
      await page.keyboard.press('ArrowRight');
      await page.waitForSelector('#a-board[data-line="2"]');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await page.waitForSelector('#a-board[data-line="0"]');
      assert.deepEqual(await boardTowers(page), main, 'the variation leaves the main line here');
      await page.keyboard.press('ArrowLeft');
      await where(page, '3 / 6');

      // By keyboard on the board: c1 picked (told), then c3 played, a new variation after move 4.
      await page.click('#a-next');
      await where(page, '4 / 6');
      await page.focus('#a-board');
      await cursorTo(page, 'c1');
      const heard = await page.locator('#a-announce p').count();
      await page.keyboard.press('Enter');
      await page.waitForFunction((n) => document.querySelectorAll('#a-announce p').length > n, heard);
      assert.match(await page.$$eval('#a-announce p', (ps) => ps[ps.length - 1].textContent), /c1/);
      await cursorTo(page, 'c3');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.querySelector('#a-line li')?.textContent.includes('c1-c3'));
      assert.equal(await page.locator('#a-line li').count(), 1);
      assert.equal(await page.getAttribute('#a-board', 'data-line'), '1');
      assert.deepEqual(errors, []);
    });
    await context.close();
  });
}
