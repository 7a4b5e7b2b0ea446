// Two accounts in two browser contexts: each is created from the lobby's
// form; one creates a rated challenge with a clock, the other sees it appear
// live and accepts it; both pages go to the game, which they play to its end
// by clicking while the clock of the side to move is seen running; then
// both player pages, the leaderboard and the replay show the result.
// Also: signing out and in again (a wrong password refused with its reason),
// a guest's game claimed by the account it creates, a challenge cancelled,
// the loss on time told in both languages, and the pages on a phone; an
// account managed from its card, and an abandoned untimed game claimed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer, launchBrowser, withScreenshots, watchErrors, gameState, waitForN, clickMove,
  DESKTOP, PHONE, shot, chooseLanguage
} from './helpers.mjs';


let server;
let browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

/** Creates an account from the lobby's form; the lobby comes back signed in. */
async function signUp(page, name, password, base = server.url) {
  await page.goto(`${base}/`);
  await page.click('#tab-sign-up');
  await page.fill('#sign-up-name', name);
  await page.fill('#sign-up-password', password);
  await page.click('#sign-up-go');
  await page.waitForFunction((n) => document.querySelector('#account-name')?.textContent === n, name);
}

/** A clock's figures ("2:59", "0:09.4") in milliseconds. */
function clockMs(text) {
  const parts = text.trim().split(':').map(Number);
  return parts.reduce((acc, p) => acc * 60 + p, 0) * 1000;
}

/** Waits until the clock of `side` on `page` shows less than `text` did. */
async function seeClockRun(page, side) {
  const sel = `#clock-${side}`;
  await page.waitForSelector(`${sel}.running`);
  const first = await page.textContent(sel);
  await page.waitForFunction(([s, was]) => {
    const now = document.querySelector(s)?.textContent;
    return now && now !== was;
  }, [sel, first]);
  const second = await page.textContent(sel);
  assert.ok(clockMs(second) < clockMs(first), `${side}'s clock runs down: ${first}, then ${second}`);
}

/**
 * The move to play: one that reaches the far row if there is one, else the
 * one that goes furthest forward (so that the round ends soon).
 */
function pickMove(s) {
  const size = s.layout.length;
  const home = s.to_act === 'b' ? size : 1;
  const moves = s.legal.filter((m) => m !== 'pass');
  if (moves.length === 0) return 'pass';
  const rank = (m) => Number(m.split(/[->]/)[1].slice(1));
  const win = moves.find((m) => rank(m) === home);
  if (win) return win;
  const ahead = (m) => (s.to_act === 'b' ? rank(m) : -rank(m));
  return moves.reduce((best, m) => (ahead(m) > ahead(best) ? m : best));
}

/** The rating and games of the pool `standard 8x8` on a player page. */
async function poolRow(page, name) {
  await page.goto(`${server.url}/p/${name}`);
  await page.waitForSelector('#player[data-ready="1"]');
  const row = page.locator('#p-ratings tr[data-pool="standard 8x8"]');
  return {
    rating: Number((await row.locator('.col-rating').textContent()).replace(/[^0-9]/g, '')),
    games: Number(await row.locator('.col-games').textContent()),
  };
}

test('a rated challenge with a clock, accepted live, played to its end; the ratings change', async () => {
  const annContext = await browser.newContext({ viewport: DESKTOP });
  const benContext = await browser.newContext({ viewport: DESKTOP });
  const ann = await annContext.newPage();
  const ben = await benContext.newPage();
  const errors = [];
  for (const p of [ann, ben]) watchErrors(p, errors);
  await withScreenshots('players', () => [ann, ben], async () => {
    await signUp(ann, 'Ann', 'ann-secret-1');
    await signUp(ben, 'Ben', 'ben-secret-1');
    assert.equal(await ann.textContent('#nav-me'), 'Ann');
    // Ben's lobby listens for challenges before Ann makes hers.
    await ben.waitForSelector('#ch-card[data-live="1"]');
    assert.equal(await ben.locator('#ch-list .challenge').count(), 0);

    // Ann: a rated single round, 3 minutes + 2 seconds, she plays Black.
    await ann.click('#ch-new summary');
    await ann.selectOption('#ch-target', '1');
    await ann.check('input[name=ch-colour][value=black]');
    await ann.check('#ch-rated');
    await ann.check('input[name=ch-time][value=clock]');
    await ann.fill('#ch-min', '3');
    await ann.fill('#ch-sec', '0');
    await ann.fill('#ch-inc', '2');
    await ann.click('#ch-create');
    await ann.waitForSelector('#ch-list .challenge.own .ch-cancel');
    await ann.evaluate(() => window.scrollTo(0, 0));
    await shot(ann, 'lobby-challenge-desktop');

    // Ben sees it come, without reloading, and accepts it.
    const row = ben.locator('#ch-list .challenge', { hasText: 'Ann' });
    await row.waitFor();
    const terms = await row.textContent();
    for (const words of [/1500/, /Single round/, /Ann plays Black/, /\brated\b/, /3\+2/]) assert.match(terms, words);
    await row.locator('.ch-accept').click();
    await ben.waitForURL(/\/g\/[0-9a-f]{16}$/);
    const id = new URL(ben.url()).pathname.split('/')[2];
    // Ann's lobby hears that her challenge was taken and goes to the game.
    await ann.waitForURL(`${server.url}/g/${id}`);
    for (const p of [ann, ben]) await p.waitForSelector('#board .tower');
    await ann.waitForFunction(() => document.querySelector('#board').dataset.myturn === '1');

    // The game between accounts: names linking to their pages, rated, the
    // clock, and no hint, undo or takeback.
    let s = await gameState(ann);
    assert.equal(s.mode, 'challenge');
    assert.deepEqual(s.players, { b: 'Ann', w: 'Ben' });
    assert.equal(s.rated, true);
    assert.equal(s.clock.initial_ms, 180000);
    assert.equal(s.clock.running, null);
    assert.equal(await ann.getAttribute('#bottom-player a.name', 'href'), '/p/Ann');
    assert.equal(await ben.getAttribute('#bottom-player a.name', 'href'), '/p/Ben', 'Gold sees the board turned');
    assert.match(await ann.textContent('#round-info'), /rated.*3\+2/);
    for (const p of [ann, ben]) {
      for (const button of ['#hint', '#undo', '#takeback']) assert.equal(await p.locator(button).isHidden(), true, button);
      // No clock runs before the first move.
      assert.equal(await p.textContent('#clock-b'), '3:00');
      assert.equal(await p.textContent('#clock-w'), '3:00');
    }

    // They play by clicking; the clock of the side to move is seen running
    // on each side's first turn (so the loser's is, whoever loses).
    const page = { b: ann, w: ben };
    const seen = new Set();
    for (;;) {
      s = await gameState(ann);
      if (s.status !== 'playing') break;
      const mover = page[s.to_act];
      await mover.waitForFunction((n) => {
        const board = document.querySelector('#board');
        return Number(board.dataset.n) === n && board.dataset.myturn === '1';
      }, s.n);
      if (s.n > 0 && !seen.has(s.to_act)) {
        seen.add(s.to_act);
        await seeClockRun(mover, s.to_act);
        await seeClockRun(page[s.to_act === 'b' ? 'w' : 'b'], s.to_act);
        if (s.to_act === 'w') await shot(ben, 'game-clock-desktop');
      }
      await clickMove(mover, pickMove(s));
      for (const p of [ann, ben]) await waitForN(p, s.n + 1);
    }
    assert.equal(s.status, 'over');
    assert.equal(seen.size, 2, 'both clocks were seen running');
    const winner = s.winner === 'b' ? 'Ann' : 'Ben';
    const loser = s.winner === 'b' ? 'Ben' : 'Ann';
    for (const p of [ann, ben]) {
      await p.waitForSelector('#round-end:not([hidden])');
      assert.equal(await p.textContent('#round-end-title'), `${winner} wins the round`);
      // The clocks stop with the match.
      await p.waitForFunction(() => document.querySelectorAll('.clock.running').length === 0);
    }

    // Both player pages show the new ratings.
    const won = await poolRow(ann, winner);
    const lost = await poolRow(ben, loser);
    assert.ok(won.rating > 1500, `the winner's rating ${won.rating} is above 1500`);
    assert.ok(lost.rating < 1500, `the loser's rating ${lost.rating} is below 1500`);
    assert.equal(won.games, 1);
    assert.equal(lost.games, 1);
    // The archive: the game, its opponent's page, a replay and its record.
    const game = ann.locator(`#p-games tr[data-id="${id}"]`);
    assert.equal(await game.locator('.col-result').textContent(), 'Won');
    assert.equal(await game.locator('.col-opponent a').getAttribute('href'), `/p/${loser}`);
    assert.equal(await game.locator('.col-how').textContent(), 'home row');
    assert.equal(await game.locator('a.replay').getAttribute('href'), `/analysis?game=${id}`);
    assert.equal(await game.locator('a.record').getAttribute('href'), `/api/games/${id}/record`);
    assert.ok(await ann.locator('#p-plot circle').count() >= 1, 'the history is plotted');
    await shot(ann, 'player-desktop', true);
    // The replay loads the game's record on the analysis board.
    await game.locator('a.replay').click();
    await ann.waitForURL(`${server.url}/analysis?game=${id}`);
    await ann.waitForSelector('#a-board[data-ready="1"]', { timeout: 60000 });
    assert.equal(await ann.textContent('#a-where'), `${s.rounds[0].moves.length} / ${s.rounds[0].moves.length}`);

    // The leaderboard lists both, provisional after one game.
    await ben.goto(`${server.url}/leaderboard`);
    await ben.waitForSelector('#leaderboard[data-ready="1"]');
    assert.equal(await ben.inputValue('#lb-pool'), 'standard 8x8');
    const names = await ben.locator('#lb-players tbody tr').evaluateAll((rows) => rows.map((r) => r.dataset.name));
    assert.deepEqual(names, [winner, loser]);
    assert.equal(await ben.locator('#lb-players tr.provisional').count(), 2);
    await shot(ben, 'leaderboard-desktop', true);

    // Ann's lobby lists the game among hers, finished.
    await ann.goto(`${server.url}/`);
    await ann.waitForSelector(`#acc-games li[data-id="${id}"].finished`);

    // Signing out and in again; a wrong password is refused with its reason.
    await ann.click('#sign-out');
    await ann.waitForSelector('#sign-in:not([hidden])');
    assert.equal(await ann.locator('#nav-me').isHidden(), true);
    await ann.fill('#sign-in-name', 'ann');
    await ann.fill('#sign-in-password', 'not-her-password');
    await ann.click('#sign-in-go');
    await ann.waitForSelector('#sign-in .error:not([hidden])');
    assert.match(await ann.textContent('#sign-in .error'), /wrong name or password/);
    await ann.fill('#sign-in-password', 'ann-secret-1');
    await ann.click('#sign-in-go');
    // The name keeps the case it was created with.
    await ann.waitForFunction(() => document.querySelector('#account-name')?.textContent === 'Ann');
    await ann.waitForSelector(`#acc-games li[data-id="${id}"]`);
    assert.deepEqual(errors.filter((e) => !/status of 401/.test(e)), []);
  });
  await annContext.close();
  await benContext.close();
});

test('a guest game claimed by a new account; a challenge cancelled; a loss on time told in both languages', async () => {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  const errors = [];
  watchErrors(page, errors);
  await withScreenshots('players-phone', () => [page], async () => {
    // A game started as a guest becomes the new account's.
    await page.goto(`${server.url}/?seed=42`);
    await page.click('#start');
    await page.waitForURL(/\/g\/[0-9a-f]{16}$/);
    const guestGame = new URL(page.url()).pathname.split('/')[2];
    await page.waitForSelector('#board .tower');
    await signUp(page, 'Cleo', 'cleo-secret-1');
    const claimed = await page.evaluate(async (id) => (await (await fetch(`/api/games/${id}`)).json()).players, guestGame);
    assert.deepEqual(claimed, { b: 'Cleo', w: null });
    await page.click('#ch-new summary');
    await page.check('input[name=ch-time][value=days]');
    await page.selectOption('#ch-days', '3');
    await page.click('#ch-create');
    const mine = page.locator('#ch-list .challenge.own');
    await mine.waitFor();
    assert.match(await mine.textContent(), /3 days per move/);
    await chooseLanguage(page, 'ru');
    assert.match(await mine.textContent(), /3 дня на ход/);
    await shot(page, 'lobby-phone-ru-signed-in', true);
    let width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= PHONE.width, `no sideways scroll in the lobby (${width})`);
    await mine.locator('.ch-cancel').click();
    await page.waitForSelector('#ch-none:not([hidden])');

    // The concession on time, as the server tells it, in both languages.
    const told = await page.evaluate(async () => {
      const i18n = await import('/assets/i18n.js');
      const note = { act: { kind: 'concession', side: 'w', how: 'time', winner: 'b' }, next: null };
      const words = {};
      for (const lang of ['en', 'ru']) {
        await i18n.setLanguage(lang);
        words[lang] = [i18n.noteText(note, { target: 3 }), i18n.endWords('time', 'b')];
      }
      return words;
    });
    assert.deepEqual(told.en, ['Gold ran out of time: Black wins the match.', 'Gold ran out of time']);
    assert.deepEqual(told.ru, ['У Золотых кончилось время: победа Чёрных.', 'У Золотых кончилось время']);

    // Her page on a phone, in Russian, before any game.
    await page.goto(`${server.url}/p/Cleo`);
    await page.waitForSelector('#player[data-ready="1"]');
    assert.equal(await page.textContent('#p-name'), 'Cleo');
    assert.equal(await page.isVisible('#p-no-games'), true);
    width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= PHONE.width, `no sideways scroll on the player page (${width})`);
    await page.goto(`${server.url}/leaderboard`);
    await page.waitForSelector('#leaderboard[data-ready="1"]');
    await shot(page, 'leaderboard-phone-ru', true);
    width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= PHONE.width, `no sideways scroll on the leaderboard (${width})`);
    assert.deepEqual(errors, []);
  });
  await context.close();
});

/** Signs in from the lobby's form; the lobby comes back signed in as `name`. */
async function signIn(page, name, password) {
  await page.goto(`${server.url}/`);
  await page.fill('#sign-in-name', name);
  await page.fill('#sign-in-password', password);
  await page.click('#sign-in-go');
  await page.waitForFunction((n) => document.querySelector('#account-name')?.textContent === n, name);
}

/** Opens the account card's actions. */
async function openManage(page) {
  await page.goto(`${server.url}/`);
  await page.waitForSelector('#account-in:not([hidden])');
  await page.click('#account-manage summary');
}

/** Changes the password on the account card; the answer's words. */
async function changePassword(page, old, neu) {
  await page.fill('#password-old', old);
  await page.fill('#password-new', neu);
  await page.click('#password-change-go');
  await page.waitForSelector('#password-change .done:not([hidden]), #password-change .error:not([hidden])');
  const box = (await page.isVisible('#password-change .done')) ? 'done' : 'error';
  return page.textContent(`#password-change .${box}`);
}

test('an account managed from its card: a new password, signing out everywhere, deleting it', async () => {
  const laptop = await browser.newContext({ viewport: DESKTOP });
  const phone = await browser.newContext({ viewport: PHONE });
  const a = await laptop.newPage();
  const b = await phone.newPage();
  const errors = [];
  watchErrors(a, errors);
  watchErrors(b, errors);
  await withScreenshots('account-manage', () => [a, b], async () => {
    await signUp(a, 'Dora', 'dora-secret-1');
    await signIn(b, 'Dora', 'dora-secret-1');

    // A wrong password now and a short new one are refused, in both languages.
    await openManage(a);
    assert.match(await changePassword(a, 'not-her-password', 'dora-secret-2'),
      /The password was not changed: the password is wrong/);
    await chooseLanguage(a, 'ru');
    assert.match(await changePassword(a, 'dora-secret-1', 'short'), /Пароль не изменён: в пароле 5 символов, а нужно не меньше 8$/);
    await chooseLanguage(a, 'en');
    assert.match(await changePassword(a, 'dora-secret-1', 'dora-secret-2'),
      /The password is changed; 1 other session signed out/);
    // The phone was signed out; the new password signs it in again.
    await b.reload();
    await b.waitForSelector('#sign-in:not([hidden])');
    await signIn(b, 'Dora', 'dora-secret-2');
    await shot(a, 'account-manage-desktop');

    // Signing out everywhere signs out both.
    await openManage(b);
    await b.click('#sign-out-everywhere');
    await b.waitForSelector('#sign-in:not([hidden])');
    await a.reload();
    await a.waitForSelector('#sign-in:not([hidden])');

    // Deleting: a wrong password is refused; then the account is gone.
    await signIn(a, 'Dora', 'dora-secret-2');
    await openManage(a);
    await a.fill('#delete-password', 'not-her-password');
    await a.click('#account-delete-go');
    await a.waitForSelector('#account-delete .error:not([hidden])');
    assert.match(await a.textContent('#account-delete .error'),
      /The account was not deleted: the password is wrong/);
    await a.fill('#delete-password', 'dora-secret-2');
    await a.click('#account-delete-go');
    await a.waitForSelector('#sign-in:not([hidden])');
    await a.fill('#sign-in-name', 'Dora');
    await a.fill('#sign-in-password', 'dora-secret-2');
    await a.click('#sign-in-go');
    await a.waitForSelector('#sign-in .error:not([hidden])');
    assert.match(await a.textContent('#sign-in .error'), /wrong name or password/);
    const page = await a.evaluate(async () => (await fetch('/api/players/Dora')).status);
    assert.equal(page, 404);
    assert.deepEqual(errors.filter((e) => !/status of (400|401|403|404)/.test(e)), []);
  });
  await laptop.close();
  await phone.close();
});

test('an untimed game claimed by the player not to move, refused before the time', async () => {
  // A server whose untimed games may be claimed after 4 s without a move.
  const quick = await startServer({ args: ['--claim-after-ms', '4000'] });
  const annContext = await browser.newContext({ viewport: DESKTOP });
  const benContext = await browser.newContext({ viewport: DESKTOP });
  const ann = await annContext.newPage();
  const ben = await benContext.newPage();
  const errors = [];
  for (const p of [ann, ben]) watchErrors(p, errors);
  try {
    await withScreenshots('claim', () => [ann, ben], async () => {
      await signUp(ann, 'Ann', 'ann-secret-1', quick.url);
      await signUp(ben, 'Ben', 'ben-secret-1', quick.url);
      await ann.click('#ch-new summary');
      await ann.check('input[name=ch-colour][value=black]');
      await ann.check('input[name=ch-time][value=none]');
      await ann.click('#ch-create');
      const row = ben.locator('#ch-list .challenge', { hasText: 'Ann' });
      await row.waitFor();
      await row.locator('.ch-accept').click();
      await ben.waitForURL(/\/g\/[0-9a-f]{16}$/);
      const id = new URL(ben.url()).pathname.split('/')[2];
      await ann.waitForURL(`${quick.url}/g/${id}`);
      await ann.waitForFunction(() => document.querySelector('#board').dataset.myturn === '1');
      // Black's turn: no claim for her, nor for Gold, whose opponent is to move.
      assert.equal(await ann.locator('#claim').isHidden(), true);
      const s = await gameState(ann);
      await clickMove(ann, pickMove(s));
      await waitForN(ann, 1);
      await ann.waitForSelector('#claim:not([hidden])');
      assert.equal(await ben.locator('#claim').isHidden(), true, 'the player to move has no claim');
      // Too soon: refused with the time left, in English and in Russian.
      await ann.click('#claim');
      await ann.waitForSelector('#error:not([hidden])');
      assert.match(await ann.textContent('#error'),
        /The win cannot be claimed yet: Gold has [1-4] seconds? left to move: a win may be claimed once they have not moved for 4 seconds/);
      await chooseLanguage(ann, 'ru');
      await ann.click('#claim');
      await ann.waitForFunction(() => /Победу пока нельзя потребовать/.test(document.querySelector('#error').textContent));
      await chooseLanguage(ann, 'en');
      // After the time, the claim ends the match as Gold's loss on time.
      await new Promise((r) => setTimeout(r, 4200));
      await ann.click('#claim');
      await ann.waitForFunction(() => document.querySelector('#claim').hidden);
      const over = await gameState(ann);
      assert.equal(over.status, 'over');
      assert.equal(over.winner, 'b');
      assert.equal(over.notes[over.notes.length - 1].act.how, 'time');
      await ben.waitForFunction(() => /ran out of time/.test(document.querySelector('#status').textContent));
      assert.deepEqual(errors.filter((e) => !/status of (401|409)/.test(e)), []);
    });
  } finally {
    await annContext.close();
    await benContext.close();
    await quick.stop();
  }
});
