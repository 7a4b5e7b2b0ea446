// The game's sounds: none before the player has pressed anything, a move's
// sound once they have, none while muted; the mute button remembered across
// a reload; a round's and a match's end heard; and which sound each new
// state makes (sound.js needs no browser for that).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer, launchBrowser, withScreenshots, watchErrors, waitForN, clickMove, contextIn, DESKTOP, PHONE, shot,
  winRoundOne, WIN_17,
} from './helpers.mjs';
import { soundOf } from '../../assets/sound.js';

let server;
let browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

const sounds = (page) => page.evaluate(() => Number(document.body.dataset.sounds || 0));
const lastSound = (page) => page.evaluate(() => document.body.dataset.sound || '');

/** A new game of two players on one screen, from the lobby, to `target` points. */
async function localGame(page, target = '3') {
  await page.goto(`${server.url}/?seed=7`);
  await page.check('input[name=mode][value=local]');
  await page.selectOption('#target', target);
  await page.click('#start');
  await page.waitForURL(/\/g\/[0-9a-f]{16}$/);
  await page.waitForSelector('#board .tower');
  await page.waitForFunction(() => document.querySelector('#board').dataset.myturn === '1');
}

for (const [lang, viewport, name, label] of [
  ['en', DESKTOP, 'desktop', 'Sound'], ['ru', PHONE, 'phone', 'Звук'],
  ['en', PHONE, 'phone', 'Sound'], ['ru', DESKTOP, 'desktop', 'Звук'],
]) {
  test(`a move sounds once pressed, not when muted, and the mute is remembered (${lang}, ${name})`, async () => {
    const context = await contextIn(browser, lang, viewport);
    const page = await context.newPage();
    const errors = [];
    watchErrors(page, errors);
    await withScreenshots(`sound-${lang}-${name}`, () => [page], async () => {
      await localGame(page);
      const button = page.getByRole('button', { name: label, exact: true });
      assert.equal(await button.getAttribute('aria-pressed'), 'true');
      // Nothing has sounded: the game's arrival makes no sound.
      assert.equal(await sounds(page), 0);
      await clickMove(page, WIN_17[0]);
      await waitForN(page, 1);
      await page.waitForFunction(() => document.body.dataset.sounds === '1');
      assert.equal(await lastSound(page), 'move');
      await button.click();
      assert.equal(await button.getAttribute('aria-pressed'), 'false');
      await shot(page, `sound-muted-${lang}-${name}`);
      await page.waitForFunction(() => document.querySelector('#board').dataset.myturn === '1');
      await clickMove(page, WIN_17[1]);
      await waitForN(page, 2);
      assert.equal(await sounds(page), 1, 'a muted page plays nothing');
      await page.reload();
      await page.waitForSelector('#board .tower');
      assert.equal(await button.getAttribute('aria-pressed'), 'false', 'the mute is remembered');
      await button.click();
      assert.equal(await button.getAttribute('aria-pressed'), 'true');
      await page.waitForFunction(() => document.querySelector('#board').dataset.myturn === '1');
      await clickMove(page, WIN_17[2]);
      await waitForN(page, 3);
      await page.waitForFunction(() => document.body.dataset.sounds === '1');
      await page.reload();
      await page.waitForSelector('#board .tower');
      assert.equal(await button.getAttribute('aria-pressed'), 'true', 'sound on is remembered too');
      await shot(page, `sound-on-${lang}-${name}`);
      assert.deepEqual(errors, []);
    });
    await context.close();
  });
}

test('a round won and a match won each have their sound', async () => {
  const context = await contextIn(browser, 'en', DESKTOP);
  const page = await context.newPage();
  const errors = [];
  watchErrors(page, errors);
  await withScreenshots('sound-ends', () => [page], async () => {
    await localGame(page, '3');
    await winRoundOne(page);
    await page.waitForFunction(() => document.body.dataset.sound === 'round');
    assert.equal(await sounds(page), WIN_17.length, 'a sound for each move, the last the round\'s');
    await page.click('#fill-left');
    await waitForN(page, WIN_17.length + 1);
    assert.equal(await lastSound(page), 'move');
    await page.click('#resign');
    await page.click('#resign');
    await page.waitForFunction(() => document.querySelector('#board').dataset.status === 'over');
    await page.waitForFunction(() => document.body.dataset.sound === 'match');
    assert.deepEqual(errors, []);
  });
  await context.close();
});

test('which sound a new state makes', () => {
  const state = (n, status, kind) => ({ n, status, notes: kind ? [{ act: { kind } }] : [] });
  assert.equal(soundOf(null, state(0, 'playing')), null, 'arriving is silent');
  assert.equal(soundOf(state(3, 'playing', 'step'), state(3, 'playing', 'step')), null, 'the same state again is silent');
  assert.equal(soundOf(state(1, 'playing', 'step'), state(2, 'playing', 'step')), 'move');
  assert.equal(soundOf(state(1, 'playing', 'step'), state(2, 'playing', 'push')), 'push');
  assert.equal(soundOf(state(1, 'playing', 'step'), state(2, 'playing', 'pass')), 'move');
  assert.equal(soundOf(state(1, 'playing', 'step'), state(2, 'fill', 'step')), 'round');
  assert.equal(soundOf(state(1, 'playing', 'step'), state(2, 'over', 'step')), 'match');
  assert.equal(soundOf(state(1, 'fill', 'step'), state(2, 'over', 'concession')), 'match');
  assert.equal(soundOf(state(2, 'playing', 'step'), state(1, 'playing', 'step')), null, 'an undo is silent');
});
