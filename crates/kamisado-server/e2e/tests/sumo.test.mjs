// Sumos explained where they happen: the first time a sumo is on a game's
// board a line says what it can do, links the lesson and the rules, is told
// to a screen reader, and is not shown again for that game once seen; a
// push's target says "push" (a word under its ring, the titles of its tower
// and square, the cell's name). In English and Russian, at 1280×800 and
// 390×844.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer, launchBrowser, withScreenshots, watchErrors, contextIn, winRoundOne, waitForN, WIN_17,
  DESKTOP, PHONE, shot,
} from './helpers.mjs';

let server;
let browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

const WORDS = {
  en: {
    note: /^A sumo is on the board: a tower with a dragon's tooth, won with a round \(R10\)\. A sumo moves at most 5 squares, a double sumo 3 and a triple sumo 1 \(R11\)\. .*push.*\(R12, R13\)\.$/,
    lesson: 'The lesson: the sumo\'s push',
    word: 'push', title: 'push: the tower here goes back one square', cell: 'push here',
  },
  ru: {
    note: /^На доске сумо: башня с зубом дракона, полученным за выигранный раунд \(R10\)\. Сумо ходит не дальше чем на 5 клеток, двойное сумо — на 3, тройное — на 1 \(R11\)\. .*толкнуть.*\(R12, R13\)\.$/,
    lesson: 'Урок: толчок сумо',
    word: 'толчок', title: 'толчок: башня отсюда сдвинется на клетку назад', cell: 'сюда — толчок',
  },
};

const SIZES = [['en', DESKTOP, 'desktop'], ['ru', PHONE, 'phone'], ['ru', DESKTOP, 'desktop'], ['en', PHONE, 'phone']];

for (const [lang, viewport, size] of SIZES.slice(0, 2)) {
  test(`the first sumo of a game is explained once (${lang}, ${size})`, async () => {
    const context = await contextIn(browser, lang, viewport);
    const page = await context.newPage();
    const errors = [];
    watchErrors(page, errors);
    const words = WORDS[lang];
    await withScreenshots(`sumo-note-${lang}-${size}`, () => [page], async () => {
      await page.goto(`${server.url}/`);
      await page.check('input[name=mode][value=local]');
      await page.selectOption('#target', '3');
      await page.click('#start');
      await page.waitForURL(/\/g\/[0-9a-f]{16}$/);
      await page.waitForSelector('#board .tower');
      assert.equal(await page.isHidden('#sumo-note'), true, 'no sumo, no line');
      // Black wins round 1: the winning tower becomes a sumo.
      await winRoundOne(page);
      await page.click('#fill-left');
      await waitForN(page, WIN_17.length + 1);
      await page.waitForSelector('#sumo-note:not([hidden])');
      assert.equal(await page.locator('#board .tower[data-teeth="1"]').count(), 1);
      const text = await page.textContent('#sumo-text');
      assert.match(text, words.note);
      assert.deepEqual(await page.$$eval('#sumo-text a.rule-link', (as) => as.map((a) => a.getAttribute('href'))),
        ['/rules#R10', '/rules#R11', '/rules#R12', '/rules#R13']);
      assert.equal(await page.textContent('#sumo-lesson'), words.lesson);
      assert.equal(await page.getAttribute('#sumo-lesson', 'href'), '/learn?lesson=sumo');
      await page.waitForFunction((t) => [...document.querySelectorAll('#announce p')].some((p) => p.textContent === t), text);
      await page.locator('#sumo-note').scrollIntoViewIfNeeded();
      await shot(page, `sumo-note-${lang}-${size}`);
      // Closed, it is gone; and it is not shown again for this game.
      await page.click('#sumo-close');
      assert.equal(await page.isHidden('#sumo-note'), true);
      await page.reload();
      await page.waitForSelector('#board .tower[data-teeth="1"]');
      await waitForN(page, WIN_17.length + 1);
      assert.equal(await page.isHidden('#sumo-note'), true);
      assert.deepEqual(errors, []);
    });
    await context.close();
  });
}

for (const [lang, viewport, size] of SIZES) {
  test(`a push's target says "push" (${lang}, ${size})`, async () => {
    const context = await contextIn(browser, lang, viewport);
    const page = await context.newPage();
    const errors = [];
    watchErrors(page, errors);
    const words = WORDS[lang];
    await withScreenshots(`sumo-push-${lang}-${size}`, () => [page], async () => {
      // The lesson of the push: Black's sumo on d4 must move, Gold's tower on d5 in front of it.
      await page.goto(`${server.url}/learn?lesson=sumo`);
      await page.waitForSelector('#l-board .tower[data-sq="d4"][data-teeth="1"]');
      const box = await page.locator('#l-board .square[data-sq="d4"] > rect').boundingBox();
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await page.waitForSelector('#l-board .target.push[data-sq="d5"]', { state: 'attached' });
      assert.equal(await page.textContent('#l-board .push-word[data-sq="d5"]'), words.word);
      assert.equal(await page.locator('#l-board .push-word').count(), 1, 'only the push says so');
      assert.ok((await page.textContent('#l-board .tower[data-sq="d5"] > title')).endsWith(` — ${words.title}`));
      assert.ok((await page.textContent('#l-board .square[data-sq="d5"] > title')).endsWith(` — ${words.title}`));
      assert.ok((await page.getAttribute('#l-board .square[data-sq="d5"]', 'aria-label')).includes(words.cell));
      assert.ok(!(await page.textContent('#l-board .square[data-sq="c5"] > title')).includes(words.title));
      await page.locator('#l-board').scrollIntoViewIfNeeded();
      await shot(page, `sumo-push-${lang}-${size}`);
      assert.deepEqual(errors, []);
    });
    await context.close();
  });
}
