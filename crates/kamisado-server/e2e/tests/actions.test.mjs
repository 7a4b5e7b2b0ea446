// After every action a player can take — undo, hint, a reload, a server
// restart, resignation, takeback offers (withdrawn, declined and accepted), the fill
// (first click, mouse and touch) — the next move is played by clicking and
// seen applied: the page never freezes waiting for an answer.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {
  startServer, launchBrowser, withScreenshots, watchErrors, gameState, waitForN, clickMove, SHOTS,
  WIN_17, winRoundOne, chooseLanguage
} from './helpers.mjs';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

let server;
let browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

/** Saves a screenshot that a person looks at (named in the closing note of a change). */
async function shot(page, name) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/**
 * Waits until it is the page's player's move, plays the first legal move by
 * clicking, sees it applied, and returns the number of actions after it.
 */
async function playNext(page) {
  await page.waitForFunction(() => document.querySelector('#board').dataset.myturn === '1');
  const s = await gameState(page);
  await clickMove(page, s.legal[0]);
  await waitForN(page, s.n + 1);
  const after = await gameState(page);
  const round = s.rounds.length - 1;
  assert.equal(after.rounds[round].moves[s.rounds[round].moves.length], s.legal[0], 'the move was applied');
  return s.n + 1;
}

async function newGame(page, { mode = 'engine', level = '3', target = '1', colour = 'black', name = 'Tester' } = {}) {
  await page.goto(`${server.url}/?seed=42`);
  await page.check(`input[name=mode][value=${mode}]`);
  if (mode === 'engine') await page.selectOption('#level', level);
  if (mode !== 'local') await page.check(`input[name=colour][value=${colour}]`);
  await page.selectOption('#target', target);
  await page.fill('#name', name);
  await page.click('#start');
  await page.waitForURL(/\/g\/[0-9a-f]{16}$/);
  await page.waitForSelector('#board .tower');
}

test('undo and hint against the engine, each followed by a move', async () => {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const errors = [];
  watchErrors(page, errors);
  await withScreenshots('actions-engine', () => [page], async () => {
    await newGame(page);
    await shot(page, 'game-desktop');
    // Every square of the board and both player bars are on the screen.
    for (const sel of ['#top-player', '#bottom-player', '#board']) {
      const box = await page.locator(sel).boundingBox();
      assert.ok(box.y >= 0 && box.y + box.height <= DESKTOP.height, `${sel} is visible without scrolling`);
    }
    await clickMove(page, 'd1-d3');
    await waitForN(page, 2);

    // Undo takes back the move and the engine's answer; the next move goes through.
    await page.click('#undo');
    await page.waitForFunction(() => document.querySelector('#board').dataset.n === '0');
    await clickMove(page, 'e1-e4');
    await waitForN(page, 1);
    assert.equal((await gameState(page)).rounds[0].moves[0], 'e1-e4');
    await waitForN(page, 2);

    // A hint names a move and its value in words, never "cp"; the hinted move is played.
    await page.click('#hint');
    await page.waitForFunction(() => /Hint: \S+ — /.test(document.querySelector('#hint-text').textContent));
    const hint = await page.textContent('#hint-text');
    assert.doesNotMatch(hint, /\bcp\b/);
    const hinted = hint.match(/Hint: (\S+) — /)[1];
    await clickMove(page, hinted);
    await waitForN(page, 3);
    assert.equal((await gameState(page)).rounds[0].moves[2], hinted);
    await waitForN(page, 4);
    await shot(page, 'game-desktop-played');
    assert.deepEqual(errors, []);
  });
  await context.close();
});

test('a reload, a server restart and a resignation on one screen, each followed by a move', async () => {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const errors = [];
  watchErrors(page, errors);
  await withScreenshots('actions-local', () => [page], async () => {
    await newGame(page, { mode: 'local' });
    const step = async (i) => {
      await page.waitForFunction((n) => document.querySelector('#board').dataset.myturn === '1'
        && document.querySelector('#board').dataset.n === String(n), i);
      await clickMove(page, WIN_17[i]);
      await waitForN(page, i + 1);
    };
    await step(0);
    await step(1);

    // A reload keeps the seats and the game.
    await page.reload();
    await page.waitForSelector('#board .tower');
    await step(2);

    // The server restarts on the same address and database: the page reconnects.
    // SIGTERM: the server closes the page's socket saying it restarts (1001),
    // and the page tries again until it is back; the tries refused while it
    // is down are the browser's to log, not errors of the page.
    const port = new URL(server.url).port;
    const before = errors.length;
    await server.stop(true);
    await page.waitForFunction(() => document.body.dataset.connected === '0');
    assert.match(await page.textContent('#error'), /server is restarting/);
    server = await startServer({ dir: server.dir, addr: `127.0.0.1:${port}` });
    await page.waitForFunction(() => document.body.dataset.connected === '1');
    const down = errors.splice(before);
    assert.deepEqual(down.filter((e) => !e.includes('ERR_CONNECTION_REFUSED')), []);
    await step(3);
    assert.deepEqual((await gameState(page)).rounds[0].moves, WIN_17.slice(0, 4));

    // Resignation ends the game with words that say so; a new game starts and plays.
    await page.click('#resign');
    await page.click('#resign');
    await page.waitForSelector('#round-end:not([hidden])');
    assert.match(await page.textContent('#round-end-text'), /Black resigned: Gold wins/);
    assert.match(await page.textContent('#status'), /Black resigned: Gold wins/);
    await page.click('#again');
    await page.waitForSelector('#new-game');
    await newGame(page, { level: '1' });
    await playNext(page);
    assert.deepEqual(errors, []);
  });
  await context.close();
});

test('the fill is chosen by the first click, with a mouse and with a touch, and the next round plays', async () => {
  for (const [how, options] of [
    ['mouse', { viewport: DESKTOP }],
    ['touch', { viewport: PHONE, hasTouch: true, isMobile: true }],
  ]) {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    const errors = [];
    watchErrors(page, errors);
    await withScreenshots(`actions-fill-${how}`, () => [page], async () => {
      await newGame(page, { mode: 'local', target: '3' });
      await winRoundOne(page);
      // Undo stays available after the round-ending move, until the fill is chosen.
      await page.click('#undo');
      await page.waitForFunction((n) => document.querySelector('#board').dataset.myturn === '1'
        && document.querySelector('#board').dataset.n === String(n), WIN_17.length - 1);
      await clickMove(page, WIN_17[WIN_17.length - 1]);
      await page.waitForSelector('#fill-choice:not([hidden])');
      await shot(page, `fill-${how === 'touch' ? 'phone' : 'desktop'}`);
      const fill = how === 'touch' ? '#fill-right' : '#fill-left';
      const box = await page.locator(fill).boundingBox();
      assert.ok(box.y + box.height <= options.viewport.height, 'the fill choice fits the screen');
      // One press, as a person makes it: pointer down, then up, then the click.
      if (how === 'touch') await page.tap(fill);
      else await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await waitForN(page, WIN_17.length + 1);
      const s = await gameState(page);
      assert.equal(s.status, 'playing');
      assert.equal(s.round, 2);
      assert.equal(s.rounds[1].fill, how === 'touch' ? 'right' : 'left');
      // Gold, who lost the round, moves first in the next one.
      assert.equal(s.to_act, 'w');
      await playNext(page);
      assert.deepEqual(errors, []);
    });
    await context.close();
  }
});

test('takeback offers withdrawn, declined and accepted in a friend game, each told, each followed by a move', async () => {
  const annContext = await browser.newContext({ viewport: DESKTOP });
  const benContext = await browser.newContext({ viewport: PHONE });
  const ann = await annContext.newPage();
  const ben = await benContext.newPage();
  const errors = [];
  watchErrors(ann, errors);
  watchErrors(ben, errors);
  await withScreenshots('actions-takeback', () => [ann, ben], async () => {
    await newGame(ann, { mode: 'friend', name: 'Ann' });
    await ann.waitForSelector('#name-card:not([hidden])');
    assert.equal(await ann.inputValue('#my-name'), 'Ann');
    await ann.waitForSelector('#invite-card:not([hidden])');
    const invite = await ann.inputValue('#invite-link');
    await ben.goto(invite);
    await ben.waitForSelector('#board .tower');
    // Once the friend has joined, the invite is no longer offered.
    await ann.waitForSelector('#invite-card', { state: 'hidden' });

    await playNext(ann);
    // Each player has the game open in a second tab too: what the server
    // says of the offer reaches every tab, each told as its seat is.
    const ann2 = await annContext.newPage();
    const ben2 = await benContext.newPage();
    watchErrors(ann2, errors);
    watchErrors(ben2, errors);
    for (const [tab, of] of [[ann2, ann], [ben2, ben]]) {
      await tab.goto(of.url());
      await tab.waitForSelector('#board .tower');
    }
    // Ann asks, then withdraws: Ben is told, and the offer is gone from his page.
    await ann.click('#takeback');
    await ben.waitForSelector('#takeback-offer:not([hidden])');
    await ann.click('#takeback-withdraw');
    for (const tab of [ben, ben2]) {
      await tab.waitForSelector('#takeback-offer', { state: 'hidden' });
      await tab.waitForSelector('#takeback-told:not([hidden])');
      assert.equal(await tab.textContent('#takeback-told'), 'Ann withdrew the takeback offer.');
    }
    await ann2.waitForSelector('#takeback-mine', { state: 'hidden' });
    for (const tab of [ann, ann2]) {
      assert.equal(await tab.isHidden('#takeback-told'), true, 'the one who withdrew is not told, in either tab');
    }
    // Ann asks again; Ben declines, and Ann is told in both tabs; Ben's other tab is told nothing.
    await ann.click('#takeback');
    await ben.waitForSelector('#takeback-offer:not([hidden])');
    await ben.click('#takeback-decline');
    await ben.waitForSelector('#takeback-offer', { state: 'hidden' });
    for (const tab of [ann, ann2]) {
      await tab.waitForSelector('#takeback-told:not([hidden])');
      assert.match(await tab.textContent('#takeback-told'), /^.+ declined the takeback\.$/);
    }
    await ben2.waitForSelector('#takeback-offer', { state: 'hidden' });
    for (const tab of [ben, ben2]) {
      assert.equal(await tab.isHidden('#takeback-told'), true, 'the one who declined is not told, in either tab');
    }
    await ann2.close();
    await ben2.close();
    await shot(ann, 'takeback-declined-desktop');
    await shot(ben, 'takeback-declined-phone');
    await playNext(ben);
    const n = await playNext(ann);

    await ann.click('#takeback');
    await ben.waitForSelector('#takeback-offer:not([hidden])');
    await ben.click('#takeback-accept');
    await ann.waitForFunction((k) => document.querySelector('#board').dataset.n === String(k), n - 1);
    await ann.waitForSelector('#takeback-told:not([hidden])');
    assert.match(await ann.textContent('#takeback-told'), /accepted the takeback/);
    // The player whose move was taken back plays again, by clicking.
    await playNext(ann);
    await playNext(ben);
    assert.deepEqual(errors, []);
  });
  await annContext.close();
  await benContext.close();
});

test('the page in Russian: chosen from the browser, a move told in Russian, the choice remembered', async () => {
  const context = await browser.newContext({ viewport: PHONE, locale: 'ru-RU' });
  const page = await context.newPage();
  const errors = [];
  watchErrors(page, errors);
  await withScreenshots('actions-russian', () => [page], async () => {
    await page.goto(`${server.url}/?seed=42`);
    // The page's fixed words are told once the reader's language has loaded.
    await page.waitForSelector('#lobby[data-ready="1"]');
    assert.equal(await page.textContent('#lobby h1'), 'Новая партия');
    await shot(page, 'lobby-phone-ru');
    await page.click('#start');
    await page.waitForURL(/\/g\/[0-9a-f]{16}$/);
    await page.waitForSelector('#board .tower');
    await clickMove(page, 'd1-d3');
    await waitForN(page, 2);
    await page.waitForFunction(() => document.querySelector('#board').dataset.myturn === '1');
    const told = await page.textContent('#explain');
    assert.match(told, /башн/);
    assert.match(await page.textContent('#status'), /Ваш ход/);
    // On a phone, whose move it is and what must move are on screen with the board.
    for (const sel of ['#status', '#explain', '#board']) {
      const box = await page.locator(sel).boundingBox();
      assert.ok(box.y + box.height <= PHONE.height, `${sel} is visible without scrolling`);
    }
    await shot(page, 'game-phone-ru');
    await playNext(page);
    await chooseLanguage(page, 'en');
    assert.match(await page.textContent('#explain'), /tower/);
    await page.reload();
    await page.waitForSelector('#board .tower');
    assert.equal(await page.textContent('#undo'), 'Undo');
    assert.deepEqual(errors, []);
  });
  await context.close();
});

test('the analysis board proves the start as a hint does: Black wins in 17, in words', async () => {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const errors = [];
  watchErrors(page, errors);
  await withScreenshots('actions-analysis', () => [page], async () => {
    await page.goto(`${server.url}/analysis`);
    await page.fill('#a-text', 'obvpyrgn/8/8/8/8/8/8/NGRYPVBO b -');
    await page.click('#a-go');
    await page.waitForSelector('#a-board[data-ready="1"]', { timeout: 60000 });
    assert.equal(await page.textContent('#a-verdict'), 'Black wins in 17');
    assert.match(await page.textContent('#a-moves li:first-child'), /^g1-g7 Black wins in 17/);
    assert.doesNotMatch(await page.textContent('#a-moves'), /\bcp\b/);
    await shot(page, 'analysis-desktop');
    // A board from the analysis is a board to play from: the page goes on.
    await page.click('#nav-lobby');
    await page.waitForSelector('#new-game');
    assert.deepEqual(errors, []);
  });
  await context.close();
});
