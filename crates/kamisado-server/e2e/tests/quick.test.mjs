// The lobby's quick pairing: one press on a preset makes an open challenge
// at once (a rated match to 3, standard rules, 8×8, colours by lot, the
// preset's clock), which appears in the list with that clock, seen live by
// another player who accepts it, and both go to the game; a guest sees the
// presets and is asked to sign in. In English and Russian, at 1280×800 and
// 390×844.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer, launchBrowser, withScreenshots, watchErrors, gameState, contextIn, DESKTOP, PHONE, shot,
  signUp,
} from './helpers.mjs';

let server;
let browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

const WORDS = {
  en: {
    names: ['3+2', '5+3', '15+0', '3 days per move'],
    label53: '5+3: 5 minutes each, 3 seconds added a move',
    made: (c) => `Your ${c} challenge is open: waiting for an opponent.`,
    guest: 'Sign in, or create an account, to make a challenge.',
    terms: [/Standard 8×8/, /Match to 3 points/, /colours by lot/, /\brated\b/],
  },
  ru: {
    names: ['3+2', '5+3', '15+0', '3 дня на ход'],
    label53: '5+3: по 5 минут, плюс 3 секунды за ход',
    made: (c) => `Ваш вызов ${c} открыт: ждём соперника.`,
    guest: 'Чтобы создать вызов, войдите или создайте учётную запись.',
    terms: [/Стандартные 8×8/, /Матч до 3 очков/, /цвета по жребию/, /на рейтинг/],
  },
};

// Who presses which preset, in which language and size; who accepts.
const RUNS = [
  { maker: ['en', DESKTOP, 'desktop'], taker: ['ru', PHONE, 'phone'], preset: '5+3', clock: [300000, 3000] },
  { maker: ['ru', PHONE, 'phone'], taker: ['en', DESKTOP, 'desktop'], preset: '3 дня на ход', days: 3 },
];

for (const [n, run] of RUNS.entries()) {
  const [lang, viewport, size] = run.maker;
  test(`a quick pairing preset makes a challenge at once, accepted by another player (${lang}, ${size})`, async () => {
    const makerContext = await contextIn(browser, lang, viewport);
    const takerContext = await contextIn(browser, run.taker[0], run.taker[1]);
    const ann = await makerContext.newPage();
    const ben = await takerContext.newPage();
    const errors = [];
    for (const p of [ann, ben]) watchErrors(p, errors);
    const words = WORDS[lang];
    await withScreenshots(`quick-${lang}-${size}`, () => [ann, ben], async () => {
      const [annName, benName] = [`Ann${n}`, `Ben${n}`];
      await signUp(ann, server.url, annName);
      await signUp(ben, server.url, benName);
      await ben.waitForSelector('#ch-card[data-live="1"]');
      // The four presets, named in words.
      assert.deepEqual(await ann.$$eval('#ch-quick .quick-btn', (bs) => bs.map((b) => b.textContent)), words.names);
      assert.equal(await ann.getAttribute('#ch-quick .quick-btn:nth-child(2)', 'aria-label'), words.label53);

      // One press: the challenge is open, in Ann's list with its clock and in Ben's, live.
      await ann.locator('#ch-quick').getByRole('button', { name: run.preset }).click();
      const control = run.days ? words.names[3] : run.preset;
      await ann.waitForSelector('#ch-list .challenge.own .ch-cancel');
      assert.equal(await ann.textContent('#ch-quick-said'), words.made(control));
      const mine = await ann.textContent('#ch-list .challenge.own .ch-terms');
      assert.ok(mine.includes(control), `${mine} names ${control}`);
      for (const w of words.terms) assert.match(mine, w);
      await ann.locator('#ch-quick').scrollIntoViewIfNeeded();
      await shot(ann, `quick-${lang}-${size}`);
      const row = ben.locator('#ch-list .challenge', { hasText: annName });
      await row.waitFor();
      assert.ok((await row.textContent()).includes(run.days ? WORDS[run.taker[0]].names[3] : run.preset));

      // Ben accepts: both go to the game, whose clock is the preset's.
      await row.locator('.ch-accept').click();
      await ben.waitForURL(/\/g\/[0-9a-f]{16}$/);
      const id = new URL(ben.url()).pathname.split('/')[2];
      await ann.waitForURL(`${server.url}/g/${id}`);
      const s = await gameState(ben);
      assert.equal(s.mode, 'challenge');
      assert.equal(s.rated, true);
      assert.equal(s.target, 3);
      assert.equal(s.rules, 'standard');
      assert.equal(s.board, '8x8');
      assert.deepEqual([s.players.b, s.players.w].sort(), [annName, benName].sort());
      if (run.days) assert.equal(s.clock.days, run.days);
      else assert.deepEqual([s.clock.initial_ms, s.clock.increment_ms], run.clock);
      assert.deepEqual(errors, []);
    });
    await makerContext.close();
    await takerContext.close();
  });
}

for (const [lang, viewport, size] of [['ru', DESKTOP, 'desktop'], ['en', PHONE, 'phone']]) {
  test(`a guest sees the presets and is asked to sign in (${lang}, ${size})`, async () => {
    const context = await contextIn(browser, lang, viewport);
    const page = await context.newPage();
    const errors = [];
    watchErrors(page, errors);
    const words = WORDS[lang];
    await withScreenshots(`quick-guest-${lang}-${size}`, () => [page], async () => {
      await page.goto(`${server.url}/`);
      await page.waitForSelector('#account-guest:not([hidden])');
      const before = await page.evaluate(async () => (await (await fetch('/api/challenges')).json()).challenges.length);
      await page.locator('#ch-quick').getByRole('button', { name: '3+2' }).click();
      assert.equal(await page.textContent('#ch-quick-said'), words.guest);
      assert.equal(await page.evaluate(() => document.activeElement.id), 'sign-in-name');
      const after = await page.evaluate(async () => (await (await fetch('/api/challenges')).json()).challenges.length);
      assert.equal(after, before, 'no challenge is made');
      await page.locator('#ch-quick').scrollIntoViewIfNeeded();
      await shot(page, `quick-guest-${lang}-${size}`);
      assert.deepEqual(errors, []);
    });
    await context.close();
  });
}
