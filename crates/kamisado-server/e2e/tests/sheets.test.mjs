// The round's-end sheet is opaque over a dimmed page, at both sizes: a
// pixel of the sheet where the board or the panel lies under it is the
// sheet's own colour. A phone opens the lobby on the new game: "Start the
// game" is above the fold for a guest and for an account, under a header
// of one row whose links fold away under a menu; an account is not asked
// its name, and the lobby lists a game by its opponent and date.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer, launchBrowser, withScreenshots, watchErrors, winRoundOne, DESKTOP, PHONE, shot, pngPixels, gameState,
} from './helpers.mjs';

let server;
let browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

// The sheet's colour (--card) and how far a pixel may stray from it.
const CARD = [255, 253, 248];
const NEAR = 3;

for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  test(`the fill sheet is opaque over a dimmed page on the ${size}`, async () => {
    const ctx = await browser.newContext({ viewport });
    const page = await ctx.newPage();
    const errors = [];
    watchErrors(page, errors);
    await withScreenshots(`sheets-${size}`, () => [page], async () => {
      await page.goto(`${server.url}/?seed=42`);
      await page.check('input[name=mode][value=local]');
      await page.selectOption('#target', '3');
      await page.click('#start');
      await page.waitForSelector('#board .tower');
      await winRoundOne(page);
      await page.mouse.move(0, 0);
      const png = await page.screenshot();
      await shot(page, `sheet-${size}`);
      const pixels = pngPixels(png);
      const box = await page.locator('#round-end').boundingBox();
      // A strip along the sheet's inner edge, inside its padding, where
      // nothing of the sheet is drawn: only the sheet's colour may show.
      const y = Math.round(box.y + 8);
      const odd = [];
      for (let x = Math.round(box.x + 16); x < box.x + box.width - 16; x += 3) {
        const px = pixels.at(x, y);
        if (px.some((c, i) => Math.abs(c - CARD[i]) > NEAR)) odd.push(`${x},${y}: ${px}`);
      }
      assert.deepEqual(odd, [], 'the sheet is its own colour all along its top');
      // Beside the sheet (above it on a phone, where it spans the width), the
      // page is dimmed: darker than its own background (#f3efe6).
      const beside = box.x > 8 ? pixels.at(4, Math.round(box.y + box.height / 2)) : pixels.at(4, Math.round(box.y - 10));
      assert.ok(beside.every((c) => c < 200), `the page is dimmed beside the sheet: ${beside}`);
      assert.deepEqual(errors, []);
    });
    await ctx.close();
  });
}

test('a phone opens the lobby on the new game under a one-row header, for a guest and for an account', async () => {
  const ctx = await browser.newContext({ viewport: PHONE });
  const page = await ctx.newPage();
  await withScreenshots('sheets-lobby', () => [page], async () => {
    const startShown = async (who) => {
      const box = await page.locator('#start').boundingBox();
      assert.ok(box.y + box.height <= PHONE.height, `${who}: Start (${Math.round(box.y + box.height)} px) is above the fold`);
      const form = await page.locator('#new-game').boundingBox();
      const account = await page.locator('#account-card').boundingBox();
      assert.ok(form.y < account.y, `${who}: the new game comes before the account`);
    };
    await page.goto(`${server.url}/`);
    await page.waitForSelector('#account-guest:not([hidden])');
    await startShown('a guest');
    await shot(page, 'lobby-phone-guest');
    // The header is one row; its links fold away under the menu's button.
    const header = await page.locator('header.top').boundingBox();
    assert.ok(header.height <= 56, `the header is one row (${header.height} px)`);
    assert.equal(await page.isHidden('#nav-learn'), true);
    assert.equal(await page.getAttribute('#menu', 'aria-expanded'), 'false');
    await page.click('#menu');
    assert.equal(await page.getAttribute('#menu', 'aria-expanded'), 'true');
    await shot(page, 'lobby-phone-menu');
    await page.click('#nav-learn');
    await page.waitForURL(`${server.url}/learn`);
    await page.goto(`${server.url}/`);
    await page.waitForSelector('#account-guest:not([hidden])');
    const status = await page.evaluate(async () => (await fetch('/api/accounts', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Phoebe', password: 'phoebe-secret-1' }),
    })).status);
    assert.ok(status < 300);
    await page.reload();
    await page.waitForSelector('#account-in:not([hidden])');
    await startShown('an account');
    await shot(page, 'lobby-phone-account');
    // Signed in, the form asks for no name: the game goes by the account's.
    await page.waitForSelector('#name-row', { state: 'hidden' });
    await page.check('input[name=mode][value=local]');
    assert.equal(await page.isVisible('#name-row'), true, 'on one screen the two names are asked');
    await page.check('input[name=mode][value=engine]');
    await page.waitForSelector('#name-row', { state: 'hidden' });
    await page.click('#start');
    await page.waitForURL(/\/g\/[0-9a-f]{16}$/);
    await page.waitForSelector('#board .tower');
    const s = await gameState(page);
    assert.equal(s.names.b, 'Phoebe');
    // The game is listed in the lobby by its opponent and its date, not by an id.
    await page.goto(`${server.url}/`);
    const listed = await page.locator('#my-games li a').first().textContent();
    assert.match(listed, /^Against the engine, level 3, \d{1,2} \w{3} \d{4}$/);
  });
  await ctx.close();
});

test('a guest sees the open challenges live and is asked to sign in to accept one', async () => {
  const ctx = await browser.newContext({ viewport: PHONE });
  const guest = await ctx.newPage();
  const other = await browser.newContext({ viewport: DESKTOP });
  const maker = await other.newPage();
  const errors = [];
  watchErrors(guest, errors);
  await withScreenshots('sheets-guest-challenges', () => [guest, maker], async () => {
    await guest.goto(`${server.url}/`);
    await guest.waitForSelector('#ch-card[data-live="1"]');
    assert.equal(await guest.isHidden('#ch-new'), true, 'a guest has no form to make a challenge');
    assert.match(await guest.textContent('#ch-none'), /sign in to create one/);
    // Cleo makes a challenge; the guest's lobby shows it without a reload.
    await maker.goto(`${server.url}/leaderboard`);
    const made = await maker.evaluate(async () => {
      const account = await fetch('/api/accounts', {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Cleo', password: 'cleo-secret-1' }),
      });
      const challenge = await fetch('/api/challenges', {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ target: 1 }),
      });
      return [account.status, challenge.status];
    });
    assert.ok(made.every((status) => status < 300), `the account and its challenge are made: ${made}`);
    const row = guest.locator('#ch-list .challenge', { hasText: 'Cleo' });
    await row.waitFor();
    await shot(guest, 'lobby-phone-guest-challenges', true);
    // Accepting asks the guest to sign in: the sign-in form takes the focus.
    await row.locator('.ch-sign-in').click();
    assert.equal(await guest.evaluate(() => document.activeElement.id), 'sign-in-name');
    assert.deepEqual(errors, []);
  });
  await ctx.close();
  await other.close();
});
