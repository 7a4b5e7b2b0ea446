// The colour-blind mode: a symbol for each colour on every square and tower, remembered.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, withScreenshots, watchErrors, clickMove, waitForN } from './helpers.mjs';

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
    await page.check('#symbols');
    assert.equal(await visibleSymbols(page, '#board .on-square'), 64);
    assert.equal(await visibleSymbols(page, '#board .on-tower'), 16);
    // Each colour has its own symbol: eight different shapes on the squares.
    const shapes = await page.evaluate(() => new Set([...document.querySelectorAll('#board .square')]
      .map((g) => `${g.querySelector('title').textContent.split(', ')[1]}:${g.querySelector('.sym').innerHTML}`)).size);
    assert.equal(shapes, 8);
    await page.reload();
    await page.waitForSelector('#board .tower');
    assert.equal(await page.isChecked('#symbols'), true);
    assert.equal(await visibleSymbols(page, '#board .on-square'), 64);
    await page.goto(`${server.url}/`);
    assert.equal(await page.isChecked('#symbols'), true);
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
    await page.check('#symbols');
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
