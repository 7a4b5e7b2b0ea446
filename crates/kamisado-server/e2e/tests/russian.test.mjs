// The page's own words in Russian: the one plural helper (i18n.js) for
// both languages; a Russian game against the engine and one with a friend
// that show no Latin word outside the move notation in the status, the
// names, the move list, the notes and the hint, the server's default names
// (Player, Friend, Engine, level N) and a typed pass in Russian; the page
// for a link to nothing in the reader's language alone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer, launchBrowser, withScreenshots, watchErrors, gameState, waitForN, clickMove, contextIn,
  DESKTOP, PHONE, shot, winRoundOne,
} from './helpers.mjs';
import { plural, pluralForm, loadLanguage } from '../../assets/i18n.js';

await loadLanguage('ru');

let server;
let browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

test('one plural helper for both languages', () => {
  const en = (n, unit) => `${n} ${plural(n, unit, 'en')}`;
  const ru = (n, unit) => `${n} ${plural(n, unit, 'ru')}`;
  assert.deepEqual([1, 2, 5].map((n) => en(n, 'point')), ['1 point', '2 points', '5 points']);
  assert.deepEqual([0, 1, 17].map((n) => en(n, 'ply')), ['0 plies', '1 ply', '17 plies']);
  assert.deepEqual([1, 2, 5, 11, 21, 22, 25, 104, 111].map((n) => ru(n, 'point')),
    ['1 очко', '2 очка', '5 очков', '11 очков', '21 очко', '22 очка', '25 очков', '104 очка', '111 очков']);
  assert.deepEqual([1, 2, 5, 12, 31].map((n) => ru(n, 'character')),
    ['1 символ', '2 символа', '5 символов', '12 символов', '31 символ']);
  assert.deepEqual([1, 3, 17].map((n) => ru(n, 'ply')), ['1 полуход', '3 полухода', '17 полуходов']);
  // A fraction takes `other`; a word the language lacks is itself.
  assert.equal(pluralForm(1.5, { one: 'очко', few: 'очка', many: 'очков', other: 'очка' }, 'ru'), 'очка');
  assert.equal(plural(3, 'unknown', 'ru'), 'unknown');
});

// Notation: a move (c1-c6, d5>d6, c1–c6, d5→d6), a square, a rule number.
const NOTATION = /\b[a-j](?:10|[1-9])(?:[-–>→][a-j](?:10|[1-9]))?\b|\bR\d+\b/g;

/** The texts of the game page a player reads, each with any Latin word left once the notation is taken out. */
async function latinLeft(page) {
  const texts = await page.evaluate(() => ['#status', '#explain', '#top-player', '#bottom-player', '#moves', '#notes', '#score', '#round-info']
    .map((sel) => {
      // Each text node on its own, as it is read (a list's items apart).
      const walk = document.createTreeWalker(document.querySelector(sel), NodeFilter.SHOW_TEXT);
      const parts = [];
      while (walk.nextNode()) parts.push(walk.currentNode.textContent);
      return [sel, parts.join(' ')];
    }));
  return texts.filter(([, text]) => /[A-Za-z]/.test(text.replace(NOTATION, '')));
}

/** Plays Black's first legal move and waits for it (and, against the engine, its answer). */
async function playFirst(page, n) {
  await page.waitForFunction(() => document.querySelector('#board').dataset.myturn === '1');
  const s = await gameState(page);
  await clickMove(page, s.legal[0]);
  await waitForN(page, n);
}

for (const [viewport, size] of [[DESKTOP, 'desktop'], [PHONE, 'phone']]) {
  test(`a Russian game against the engine shows no Latin word outside the notation (${size})`, async () => {
    const context = await contextIn(browser, 'ru', viewport);
    const page = await context.newPage();
    const errors = [];
    watchErrors(page, errors);
    await withScreenshots(`russian-engine-${size}`, () => [page], async () => {
      await page.goto(`${server.url}/?seed=5`);
      await page.check('input[name=mode][value=engine]');
      await page.selectOption('#level', '1');
      await page.check('input[name=colour][value=black]');
      await page.click('#start');
      await page.waitForURL(/\/g\/[0-9a-f]{16}$/);
      await page.waitForSelector('#board .tower');
      const s = await gameState(page);
      assert.deepEqual([s.names.b, s.names.w], ['Player', 'Engine, level 1'], 'the server gives its default names');
      assert.equal(await page.textContent('#bottom-player .name'), 'Игрок');
      assert.equal(await page.textContent('#top-player .name'), 'Движок, уровень 1');
      assert.equal(await page.getAttribute('#move-input', 'placeholder'), 'c1-c6, d4>d5, пропуск');
      // The hint values the start in words: a win in 17 plies, the word in full.
      await page.click('#hint');
      await page.waitForFunction(() => /полуходов/.test(document.querySelector('#hint-text').textContent));
      await playFirst(page, 2);
      await playFirst(page, 4);
      assert.deepEqual(await latinLeft(page), []);
      assert.equal(await page.textContent('#nav-learn'), 'Обучение');
      await shot(page, `russian-engine-${size}`, true);
      assert.deepEqual(errors, []);
    });
    await context.close();
  });
}

test('a Russian friend game: the default names, a typed pass word, no Latin word outside the notation', async () => {
  const host = await contextIn(browser, 'ru', DESKTOP);
  const guest = await contextIn(browser, 'ru', PHONE);
  const ann = await host.newPage();
  const ben = await guest.newPage();
  const errors = [];
  for (const p of [ann, ben]) watchErrors(p, errors);
  await withScreenshots('russian-friend', () => [ann, ben], async () => {
    await ann.goto(`${server.url}/`);
    await ann.check('input[name=mode][value=friend]');
    await ann.check('input[name=colour][value=black]');
    await ann.click('#start');
    await ann.waitForSelector('#invite-card:not([hidden])');
    await ben.goto(await ann.inputValue('#invite-link'));
    await ben.waitForSelector('#board .tower');
    const s = await gameState(ann);
    assert.deepEqual([s.names.b, s.names.w], ['Player', 'Friend']);
    await ann.waitForFunction(() => document.querySelector('#top-player .name').textContent === 'Друг');
    assert.equal(await ann.textContent('#bottom-player .name'), 'Игрок');
    assert.equal(await ben.textContent('#top-player .name'), 'Игрок');
    // A pass typed in Russian is a pass: refused here, in Russian words.
    await ann.fill('#move-input', 'пропуск');
    await ann.press('#move-input', 'Enter');
    await ann.waitForSelector('#error:not([hidden])');
    assert.equal(await ann.textContent('#error'),
      'пропустить ход нельзя: пропуск — только для обязанной башни, которой некуда идти, а сейчас ходить может любая башня');
    await clickMove(ann, 'd1-d6');
    for (const p of [ann, ben]) await waitForN(p, 1);
    const next = await gameState(ben);
    await clickMove(ben, next.legal[0]);
    for (const p of [ann, ben]) await waitForN(p, 2);
    for (const p of [ann, ben]) assert.deepEqual(await latinLeft(p), []);
    await shot(ann, 'russian-friend-desktop');
    await shot(ben, 'russian-friend-phone', true);
    assert.deepEqual(errors, []);
  });
  await host.close();
  await guest.close();
});

test('a Russian game on one screen: the default names offered, the round\'s result in the move list', async () => {
  const context = await contextIn(browser, 'ru', DESKTOP);
  const page = await context.newPage();
  const errors = [];
  watchErrors(page, errors);
  await withScreenshots('russian-result', () => [page], async () => {
    await page.goto(`${server.url}/`);
    await page.waitForSelector('#lobby[data-ready="1"]');
    // The names the server gives when none is typed, as the game will show them.
    assert.equal(await page.getAttribute('#name', 'placeholder'), 'Игрок');
    await page.check('input[name=mode][value=local]');
    assert.equal(await page.getAttribute('#name', 'placeholder'), 'Чёрные');
    assert.equal(await page.getAttribute('#opponent', 'placeholder'), 'Золотые');
    await page.selectOption('#target', '3');
    await page.click('#start');
    await page.waitForURL(/\/g\/[0-9a-f]{16}$/);
    await winRoundOne(page);
    assert.equal(await page.textContent('#moves .round-result'), '1-0, домашний ряд');
    assert.deepEqual(await latinLeft(page), []);
    assert.deepEqual(errors, []);
  });
  await context.close();
});

for (const [lang, viewport, size, shown, hidden] of [
  ['ru', PHONE, 'phone', 'Такой страницы нет', 'There is no such page'],
  ['en', DESKTOP, 'desktop', 'There is no such page', 'Такой страницы нет'],
  ['ru', DESKTOP, 'desktop', 'Здесь нет партии', 'There is no game here'],
]) {
  test(`the page for a link to nothing speaks the reader's language alone (${lang}, ${size})`, async () => {
    const context = await contextIn(browser, lang, viewport);
    const page = await context.newPage();
    const errors = [];
    watchErrors(page, errors);
    const address = shown.includes('парти') ? '/g/0000000000000000' : '/no/such/page';
    const answer = await page.goto(`${server.url}${address}`);
    assert.equal(answer.status(), 404);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    const text = await page.evaluate(() => document.querySelector('main').innerText);
    assert.ok(text.includes(shown), text);
    assert.ok(!text.includes(hidden), text);
    if (lang === 'ru') assert.ok(!/[A-Za-z]/.test(text), `no English on the Russian page: ${text}`);
    assert.equal(await page.title(), `Kamisado: ${shown}`);
    await shot(page, `missing-${lang}-${size}`);
    assert.deepEqual(errors.filter((e) => !/404/.test(e)), []);
    await context.close();
  });
}
