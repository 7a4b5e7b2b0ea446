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

// Between two people the server asks the other player: Ben offers from the
// sheet, Ann declines (Ben is told), Ben offers again and Ann accepts; both
// pages go to the new game, where each holds the other colour, and each
// plays a move by clicking.
test('a rematch with a friend: offered, declined, offered again, accepted, and played', async () => {
  const annContext = await contextIn(browser, 'en', DESKTOP);
  const benContext = await contextIn(browser, 'ru', PHONE);
  const ann = await annContext.newPage();
  const ben = await benContext.newPage();
  const errors = [];
  watchErrors(ann, errors);
  watchErrors(ben, errors);
  await withScreenshots('rematch-friend', () => [ann, ben], async () => {
    await ann.goto(`${server.url}/`);
    await ann.check('input[name=mode][value=friend]');
    await ann.check('input[name=colour][value=black]');
    await ann.fill('#name', 'Ann');
    await ann.click('#start');
    await ann.waitForURL(/\/g\/[0-9a-f]{16}$/);
    await ann.waitForSelector('#invite-card:not([hidden])');
    const first = gameId(ann);
    await ben.goto(await ann.inputValue('#invite-link'));
    await ben.waitForSelector('#board .tower');
    await ben.fill('#my-name', 'Ben');
    await ben.press('#my-name', 'Enter');
    await ann.waitForFunction(() => document.querySelector('#top-player').textContent.includes('Ben'));
    // No rematch while the match is on.
    assert.equal(await ann.isVisible('#rematch'), false);
    await ann.click('#resign');
    await ann.click('#resign');
    for (const page of [ann, ben]) await page.waitForSelector('#over-actions:not([hidden]) #rematch-over:not([hidden])');
    // Ben offers; Ann is told and declines; Ben is told.
    await ben.click('#rematch-over');
    await ann.waitForSelector('#rematch-over-text:not([hidden])');
    assert.equal(await ann.textContent('#rematch-over-text'), 'Ben offers a rematch, with the colours swapped.');
    assert.equal(await ann.textContent('#rematch-over'), 'Accept the rematch');
    await ben.waitForSelector('#rematch-over-decline:not([hidden])');
    assert.match(await ben.textContent('#rematch-over-text'), /^Вы предложили реванш/);
    assert.equal(await ben.isVisible('#rematch-over'), false, 'no second offer while one waits');
    await shot(ann, 'rematch-friend-offered-en-desktop');
    await shot(ben, 'rematch-friend-offered-ru-phone');
    await ann.click('#rematch-over-decline');
    await ben.waitForFunction(() => document.querySelector('#rematch-over-text').textContent === 'Ann: предложение реванша отклонено.');
    await ann.waitForSelector('#rematch-over-text', { state: 'hidden' });
    // Offered again, and accepted: both pages go to the rematch.
    await ben.click('#rematch-over');
    await ann.waitForFunction(() => document.querySelector('#rematch-over').textContent === 'Accept the rematch');
    await ann.click('#rematch-over');
    for (const page of [ann, ben]) {
      await page.waitForURL((url) => /\/g\/[0-9a-f]{16}$/.test(url.pathname) && !url.pathname.endsWith(first));
      await page.waitForSelector('#board .tower');
    }
    assert.equal(gameId(ann), gameId(ben));
    const s = await gameState(ann);
    assert.equal(s.mode, 'friend');
    assert.deepEqual([s.names.b, s.names.w], ['Ben', 'Ann']);
    // Ben holds Black now and moves first; then Ann, on Gold.
    await myTurn(ben);
    await clickMove(ben, s.legal[0]);
    await waitForN(ann, 1);
    await myTurn(ann);
    const next = await gameState(ann);
    assert.equal(next.to_act, 'w');
    await clickMove(ann, next.legal[0]);
    await waitForN(ben, 2);
    assert.equal((await gameState(ben)).rounds[0].moves[1], next.legal[0]);
    await shot(ann, 'rematch-friend-new-en-desktop');
    await shot(ben, 'rematch-friend-new-ru-phone');
    // The finished game names its rematch, with a link to it.
    await ann.goto(`${server.url}/g/${first}`);
    await ann.waitForSelector('#rematch-told:not([hidden]) a');
    assert.equal(await ann.getAttribute('#rematch-told a', 'href'), `/g/${s.id}`);
    assert.deepEqual(errors, []);
  });
  await annContext.close();
  await benContext.close();
});
