// Looking back through a game on its page: a move of the move list clicked
// shows the position after it (the server's, compared with the state the
// game had after that move), the arrow keys step, the board offers no move
// meanwhile, a move made elsewhere is still applied to the game, and "Back
// to the game" returns to it, where a move is played. In English and
// Russian, at 1280×800 and 390×844.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer, launchBrowser, withScreenshots, watchErrors, gameState, waitForN, clickMove, contextIn,
  squareCentre, DESKTOP, PHONE, shot, WIN_17,
} from './helpers.mjs';

let server;
let browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

const WORDS = {
  en: {
    after: (i, side, mv) => `Looking back: the position after move ${i} of round 1, ${side}'s ${mv}.`,
    start: 'Looking back: the position at the start of the game.',
    sides: { b: 'Black', w: 'Gold' },
    since: '1 new move since you looked back.',
    back: /^Back to the game\. /,
  },
  ru: {
    after: (i, side, mv) => `Просмотр: позиция после хода ${i} в раунде 1 (${side}: ${mv}).`,
    start: 'Просмотр: начальная позиция партии.',
    sides: { b: 'Чёрные', w: 'Золотые' },
    since: 'С начала просмотра — 1 новый ход.',
    back: /^Снова партия\. /,
  },
};

/** The towers a board shows, as text: square, side, colour, teeth. */
const boardTowers = (page) => page.$$eval('#board .tower', (ts) => ts
  .map((t) => `${t.dataset.sq}:${t.dataset.side}:${t.dataset.colour}:${t.dataset.teeth}`).sort());
const stateTowers = (s) => s.towers.map((t) => `${t.sq}:${t.side}:${t.colour}:${t.teeth}`).sort();

/** The last announcement of the live region. */
const lastSaid = (page) => page.$$eval('#announce p', (ps) => (ps.length ? ps[ps.length - 1].textContent : ''));

/** Waits until the board shows the position after `ply` moves ('' for the game). */
const viewing = (page, ply) => page.waitForFunction((v) => document.querySelector('#board').dataset.view === v, String(ply));

for (const [lang, viewport, size] of [['en', DESKTOP, 'desktop'], ['ru', PHONE, 'phone'], ['ru', DESKTOP, 'desktop'], ['en', PHONE, 'phone']]) {
  test(`looking back through a game while it goes on (${lang}, ${size})`, async () => {
    const context = await contextIn(browser, lang, viewport);
    const page = await context.newPage();
    const errors = [];
    watchErrors(page, errors);
    const words = WORDS[lang];
    await withScreenshots(`lookback-${lang}-${size}`, () => [page], async () => {
      await page.goto(`${server.url}/`);
      await page.check('input[name=mode][value=local]');
      await page.selectOption('#target', '3');
      await page.click('#start');
      await page.waitForURL(/\/g\/[0-9a-f]{16}$/);
      await page.waitForSelector('#board .tower');
      // Six moves on one screen, and the game's state after each.
      const states = [await gameState(page)];
      for (const [i, mv] of WIN_17.slice(0, 6).entries()) {
        await page.waitForFunction((n) => document.querySelector('#board').dataset.myturn === '1'
          && document.querySelector('#board').dataset.n === String(n), i);
        await clickMove(page, mv);
        await waitForN(page, i + 1);
        states.push(await gameState(page));
      }
      assert.equal(await page.locator('#moves button.ply').count(), 6);
      assert.equal(await page.isHidden('#look'), true);

      // The second move clicked: its position, said and shown in the bar.
      await page.click('#moves button.ply[data-ply="2"]');
      await viewing(page, 2);
      assert.deepEqual(await boardTowers(page), stateTowers(states[2]));
      assert.notDeepEqual(stateTowers(states[2]), stateTowers(states[6]));
      const line = words.after(2, words.sides.w, WIN_17[1]);
      assert.equal(await page.textContent('#look-text'), line);
      await page.waitForFunction((l) => [...document.querySelectorAll('#announce p')].some((p) => p.textContent === l), line);
      assert.equal(await page.getAttribute('#moves button.ply[data-ply="2"]', 'aria-current'), 'true');
      assert.ok(await page.locator('#board .last-to').count() === 1, 'the move that led there is marked');
      // The board offers no move: the live forced tower picked shows no target.
      assert.equal(await page.getAttribute('#board', 'data-myturn'), '0');
      assert.equal(await page.isHidden('#type-move'), true);
      const forced = states[6].forced;
      const at = await squareCentre(page, forced);
      await page.mouse.click(at.x, at.y);
      assert.equal(await page.locator('#board .target').count(), 0);
      assert.equal(await page.locator('#board .selected').count(), 0);
      // The board's position is the older one, framed apart; the bar over the side.
      await page.locator('#board').scrollIntoViewIfNeeded();
      await shot(page, `lookback-${lang}-${size}`);

      // The arrow keys step (the focus on the move list's move).
      await page.focus('#moves button.ply[data-ply="2"]');
      await page.keyboard.press('ArrowLeft');
      await viewing(page, 1);
      assert.deepEqual(await boardTowers(page), stateTowers(states[1]));
      assert.equal(await page.textContent('#look-text'), words.after(1, words.sides.b, WIN_17[0]));
      assert.equal(await page.evaluate(() => document.activeElement.dataset.ply), '1', 'the focus follows the move shown');
      await page.keyboard.press('ArrowRight');
      await viewing(page, 2);
      assert.deepEqual(await boardTowers(page), stateTowers(states[2]));
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await viewing(page, 0);
      assert.deepEqual(await boardTowers(page), stateTowers(states[0]));
      assert.equal(await page.textContent('#look-text'), words.start);
      assert.equal(await lastSaid(page), words.start);
      assert.equal(await page.isDisabled('#look-prev'), true);
      await page.click('#look-next');
      await viewing(page, 1);

      // A move made meanwhile (the same seat on another page) is applied to
      // the game; the position shown stays until the player asks.
      const other = await context.newPage();
      watchErrors(other, errors);
      await other.goto(page.url());
      await other.waitForFunction(() => document.querySelector('#board').dataset.myturn === '1');
      await clickMove(other, WIN_17[6]);
      await waitForN(page, 7);
      await page.waitForSelector('#look-since:not([hidden])');
      assert.equal(await page.textContent('#look-since'), words.since);
      assert.equal(await page.getAttribute('#board', 'data-view'), '1');
      assert.deepEqual(await boardTowers(page), stateTowers(states[1]));
      assert.equal(await page.locator('#moves button.ply').count(), 7);
      await other.close();

      // Back to the game: the live position, said with where it stands, and a move played.
      await page.click('#look-back');
      await viewing(page, '');
      const live = await gameState(page);
      assert.equal(live.n, 7);
      assert.deepEqual(await boardTowers(page), stateTowers(live));
      assert.equal(await page.isHidden('#look'), true);
      assert.match(await lastSaid(page), words.back);
      await page.waitForFunction(() => document.querySelector('#board').dataset.myturn === '1');
      await clickMove(page, WIN_17[7]);
      await waitForN(page, 8);
      assert.equal((await gameState(page)).rounds[0].moves[7], WIN_17[7]);

      // From the game, ← shows the position before the last move, and → is the game again.
      await page.evaluate(() => document.activeElement && document.activeElement.blur());
      await page.keyboard.press('ArrowLeft');
      await viewing(page, 7);
      assert.deepEqual(await boardTowers(page), stateTowers(live));
      await page.keyboard.press('ArrowRight');
      await viewing(page, '');
      assert.equal(await page.isHidden('#look'), true);
      assert.deepEqual(errors, []);
    });
    await context.close();
  });
}
