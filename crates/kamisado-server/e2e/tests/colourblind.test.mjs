// The colour-blind mode: a symbol for each colour on every square and tower,
// shapes or the colours' kanji, remembered.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer, launchBrowser, withScreenshots, watchErrors, clickMove, waitForN, contextIn, DESKTOP, PHONE, shot, pngPixels,
} from './helpers.mjs';

let server;
let browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

const visibleSymbols = (page, where) => page.evaluate((sel) => [...document.querySelectorAll(sel)]
  .filter((n) => getComputedStyle(n).display !== 'none').length, where);

test('colour symbols on every square and tower, remembered across visits', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  watchErrors(page, errors);
  await withScreenshots('colourblind', () => [page], async () => {
    await page.goto(`${server.url}/`);
    await page.check('input[name=mode][value=local]');
    await page.click('#start');
    await page.waitForSelector('#board .tower');
    assert.equal(await visibleSymbols(page, '#board .on-square'), 0);
    await page.selectOption('#symbols', 'shapes');
    assert.equal(await visibleSymbols(page, '#board .on-square'), 64);
    assert.equal(await visibleSymbols(page, '#board .on-tower'), 16);
    // Each colour has its own symbol: eight different shapes on the squares.
    const shapes = await page.evaluate(() => new Set([...document.querySelectorAll('#board .square')]
      .map((g) => `${g.querySelector('title').textContent.split(', ')[1]}:${g.querySelector('.sym').innerHTML}`)).size);
    assert.equal(shapes, 8);
    await page.reload();
    await page.waitForSelector('#board .tower');
    assert.equal(await page.inputValue('#symbols'), 'shapes');
    assert.equal(await visibleSymbols(page, '#board .on-square'), 64);
    await page.goto(`${server.url}/`);
    assert.equal(await page.inputValue('#symbols'), 'shapes');
    assert.deepEqual(errors, []);
  });
  await context.close();
});

test('the 10×10 board: a hundred squares in ten colours, each with its own symbol', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  watchErrors(page, errors);
  await withScreenshots('board-10x10', () => [page], async () => {
    await page.goto(`${server.url}/`);
    await page.check('input[name=mode][value=local]');
    await page.selectOption('#board-size', '10x10');
    await page.click('#start');
    await page.waitForSelector('#board .tower');
    await page.selectOption('#symbols', 'shapes');
    assert.equal(await page.locator('#board .square').count(), 100);
    assert.equal(await visibleSymbols(page, '#board .on-tower'), 20);
    const colours = await page.evaluate(() => [...document.querySelectorAll('#board .square')]
      .map((g) => `${g.querySelector('title').textContent.split(', ')[1]}:${g.querySelector('.sym').innerHTML}`));
    assert.equal(new Set(colours).size, 10);
    assert.ok(colours.some((c) => c.startsWith('ivory:')) && colours.some((c) => c.startsWith('charcoal:')));
    // A move to the tenth rank, played by clicking, as on the standard board.
    await clickMove(page, 'a1-a9');
    await waitForN(page, 1);
    assert.match(await page.textContent('#round-info'), /10×10 board/);
    assert.deepEqual(errors, []);
  });
  await context.close();
});

// The page's colours, top to bottom of the lobby's colour list, and their kanji as the edition prints them.
const KANJI = {
  orange: '橙', blue: '青', purple: '紫', pink: '桃', yellow: '黄', red: '赤', green: '緑', brown: '茶',
};

for (const [lang, viewport, size] of [['en', DESKTOP, 'desktop'], ['ru', PHONE, 'phone'], ['ru', DESKTOP, 'desktop'], ['en', PHONE, 'phone']]) {
  test(`the colours' kanji on every square and tower, chosen beside the shapes and remembered (${lang}, ${size})`, async () => {
    const context = await contextIn(browser, lang, viewport);
    const page = await context.newPage();
    const errors = [];
    watchErrors(page, errors);
    await withScreenshots(`kanji-${lang}-${size}`, () => [page], async () => {
      await page.goto(`${server.url}/`);
      await page.check('input[name=mode][value=local]');
      await page.click('#start');
      await page.waitForSelector('#board .tower');
      // On a phone the choice is under the menu's button.
      if (size === 'phone') await page.click('#menu');
      const label = lang === 'ru' ? 'Иероглифы' : 'Kanji';
      assert.deepEqual(await page.$$eval('#symbols option', (os) => os.map((o) => o.value)), ['none', 'shapes', 'kanji']);
      assert.equal(await page.textContent('#symbols option[value=kanji]'), label);
      await page.selectOption('#symbols', 'kanji');
      await page.reload();
      await page.waitForSelector('#board .tower');
      assert.equal(await page.inputValue('#symbols'), 'kanji');
      // The kanji alone show: no shape.
      assert.equal(await visibleSymbols(page, '#board .sym'), 0);
      assert.equal(await visibleSymbols(page, '#board .kanji-mark.on-square'), 64);
      assert.equal(await visibleSymbols(page, '#board .kanji-mark.on-tower'), 16);
      // Each square and tower bears its own colour's kanji.
      const marks = await page.evaluate(() => [...document.querySelectorAll('#board .square, #board .tower')]
        .map((g) => [g.dataset.colour, g.querySelector('.kanji-text').textContent]));
      assert.equal(marks.length, 80);
      for (const [colour, kanji] of marks) assert.equal(kanji, KANJI[colour], colour);
      assert.equal(new Set(marks.map(([, k]) => k)).size, 8);
      // The characters are drawn: a square's corner holds the ink of its kanji (the font has them).
      if (size === 'phone') await page.click('#menu');
      await shot(page, `kanji-${lang}-${size}`);
      const box = await page.locator('#board .square[data-sq="a1"] .kanji-text').boundingBox();
      assert.ok(box && box.width > 4 && box.height > 4, 'the kanji has a size');
      const png = pngPixels(await page.screenshot({ clip: box }));
      let light = 0;
      for (let y = 0; y < png.height; y++) {
        for (let x = 0; x < png.width; x++) if (png.at(x, y).every((c) => c > 200)) light++;
      }
      assert.ok(light > 4, `the kanji's strokes show: ${light} light pixels`);
      await page.goto(`${server.url}/`);
      assert.equal(await page.inputValue('#symbols'), 'kanji');
      assert.deepEqual(errors, []);
    });
    await context.close();
  });
}
