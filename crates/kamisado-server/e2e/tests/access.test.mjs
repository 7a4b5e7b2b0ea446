// Every page passes an accessibility audit (axe-core) at both sizes and in
// both languages, with no violation of serious or critical impact: the
// lobby (a guest's and an account's), a game in each mode during play, at a
// round's end with the fill sheet open, at the match's end and looked back at, the analysis
// board, lessons, puzzles, a player page, the leaderboard and the tournaments. The board's
// accessibility tree names every square and every tower.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import AxeBuilder from '@axe-core/playwright';
import {
  startServer, launchBrowser, withScreenshots, watchErrors, waitForN, clickMove, DESKTOP, PHONE, shot,
  winRoundOne, contextIn, WIN_17,
} from './helpers.mjs';

let server;
let browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

const context = (lang, viewport) => contextIn(browser, lang, viewport);

/**
 * Audits the page as it stands; returns the violations of serious or
 * critical impact, one line each, named by `where`.
 */
async function audit(page, where) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.impact} ${v.id} (${v.nodes.length}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
}

/** Starts a game from the lobby's form; resolves when its board is drawn. */
async function newGame(page, { mode = 'engine', target = '1' } = {}) {
  await page.goto(`${server.url}/?seed=42`);
  await page.check(`input[name=mode][value=${mode}]`);
  await page.selectOption('#target', target);
  await page.click('#start');
  await page.waitForURL(/\/g\/[0-9a-f]{16}$/);
  await page.waitForSelector('#board .tower');
}

/** Creates an account through the API from `page`'s origin, which then holds its session. */
async function account(page, name) {
  await page.goto(`${server.url}/leaderboard`);
  const status = await page.evaluate(async (n) => {
    const res = await fetch('/api/accounts', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: n, password: `${n}-secret-1` }),
    });
    return res.status;
  }, name);
  assert.ok(status < 300, `the account ${name} is made (${status})`);
}

for (const lang of ['en', 'ru']) {
  test(`every page passes the audit at both sizes, in ${lang}`, async () => {
    const found = [];
    for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
      const ctx = await context(lang, viewport);
      const page = await ctx.newPage();
      const errors = [];
      watchErrors(page, errors);
      await withScreenshots(`access-${lang}-${size}`, () => [page], async () => {
        const at = (where) => `${lang} ${size} ${where}`;
        await page.goto(`${server.url}/`);
        await page.waitForSelector('#account-guest:not([hidden])');
        found.push(...await audit(page, at('the lobby')));

        // Against the engine, after a move.
        await newGame(page);
        await clickMove(page, 'd1-d3');
        await waitForN(page, 2);
        found.push(...await audit(page, at('a game against the engine')));
        const engineGame = page.url();

        // A friend's game, its invite card showing.
        await newGame(page, { mode: 'friend' });
        await page.waitForSelector('#invite-card:not([hidden])');
        found.push(...await audit(page, at('a game with a friend')));

        // On one screen: during play, at the round's end with the fill
        // sheet open, and at the match's end.
        await newGame(page, { mode: 'local', target: '3' });
        found.push(...await audit(page, at('a game on one screen')));
        await winRoundOne(page);
        found.push(...await audit(page, at('the fill sheet')));
        await page.click('#fill-left');
        await waitForN(page, WIN_17.length + 1);
        await page.click('#resign');
        await page.click('#resign');
        await page.waitForSelector('#over-actions:not([hidden])');
        found.push(...await audit(page, at('the match\'s end')));
        if (lang === 'en') await shot(page, `access-over-${size}`);
        // The finished match looked back at, a move of its list clicked.
        await page.click('#moves button.ply[data-ply="3"]');
        await page.waitForFunction(() => document.querySelector('#board').dataset.view === '3');
        found.push(...await audit(page, at('a game looked back at')));

        await page.goto(`${server.url}/analysis?game=${new URL(engineGame).pathname.split('/')[2]}`);
        await page.waitForSelector('#a-steps li');
        found.push(...await audit(page, at('the analysis board')));
        await page.goto(`${server.url}/learn`);
        await page.waitForSelector('#l-board .tower');
        found.push(...await audit(page, at('the lessons')));
        await page.goto(`${server.url}/puzzles`);
        await page.waitForSelector('#z-board .tower');
        found.push(...await audit(page, at('the puzzles')));

        // Two accounts in a game of their own, and the pages of accounts.
        const name = `${lang}${size}`;
        await account(page, name);
        const other = await ctx.browser().newContext({ viewport });
        const rival = await other.newPage();
        await account(rival, `${name}2`);
        const id = await rival.evaluate(async () => {
          const res = await fetch('/api/challenges', {
            method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ target: 1, colour: 'white' }),
          });
          return (await res.json()).id;
        });
        await page.goto(`${server.url}/`);
        await page.waitForSelector('#account-in:not([hidden])');
        await page.waitForSelector(`#ch-list .challenge .ch-accept`);
        found.push(...await audit(page, at('an account\'s lobby')));
        assert.ok(id, 'the challenge is made');
        await page.locator('#ch-list .challenge .ch-accept').first().click();
        await page.waitForURL(/\/g\/[0-9a-f]{16}$/);
        await page.waitForFunction(() => document.querySelector('#board').dataset.myturn === '1');
        found.push(...await audit(page, at('a game between accounts')));
        await other.close();
        await page.goto(`${server.url}/p/${name}`);
        await page.waitForSelector('#player[data-ready="1"]');
        found.push(...await audit(page, at('a player page')));
        await page.goto(`${server.url}/leaderboard`);
        await page.waitForSelector('#lb-pool option', { state: 'attached' });
        found.push(...await audit(page, at('the leaderboard')));
        // The tournaments: the list with its form, and one with its standings.
        await page.goto(`${server.url}/tournaments`);
        await page.waitForSelector('#tournaments[data-ready="1"]');
        found.push(...await audit(page, at('the tournaments')));
        const tid = await page.evaluate(async () => {
          const res = await fetch('/api/tournaments', {
            method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Audit', engines: [1, 2] }),
          });
          return (await res.json()).id;
        });
        await page.goto(`${server.url}/tournaments/${tid}`);
        await page.waitForSelector('#tournament[data-ready="1"]');
        found.push(...await audit(page, at('a tournament')));
        assert.deepEqual(errors, []);
      });
      await ctx.close();
    }
    assert.deepEqual(found, []);
  });
}

test('the board\'s accessibility tree names every square and every tower, in both languages', async () => {
  const expected = {
    en: { d1: 'd1, yellow square, Black\'s yellow tower', e8: 'e8, yellow square, Gold\'s yellow tower', c7: 'c7, pink square, empty' },
    ru: { d1: 'd1, жёлтая клетка, жёлтая башня Чёрных', e8: 'e8, жёлтая клетка, жёлтая башня Золотых', c7: 'c7, розовая клетка, пусто' },
  };
  for (const lang of ['en', 'ru']) {
    const ctx = await context(lang, DESKTOP);
    const page = await ctx.newPage();
    await withScreenshots(`access-tree-${lang}`, () => [page], async () => {
      await newGame(page);
      const tree = await page.locator('#board').ariaSnapshot();
      const cells = tree.split('\n').filter((line) => line.trim().startsWith('- gridcell'));
      assert.equal(cells.length, 64, 'a cell for every square');
      const files = 'abcdefgh';
      for (let f = 0; f < 8; f++) {
        for (let r = 1; r <= 8; r++) {
          const sq = `${files[f]}${r}`;
          const cell = cells.find((line) => line.includes(`"${sq}, `));
          assert.ok(cell, `${lang}: ${sq} is named`);
          if (r === 1 || r === 8) assert.match(cell, lang === 'en' ? /(Black|Gold)'s \w+ tower/ : /башня (Чёрных|Золотых)/, `${lang}: ${sq} names its tower`);
        }
      }
      for (const [sq, name] of Object.entries(expected[lang])) {
        assert.ok(cells.some((line) => line.includes(`"${name}"`)), `${lang}: ${sq} is "${name}"`);
      }
      assert.match(tree, lang === 'en' ? /grid "Board"/ : /grid "Доска"/);
    });
    await ctx.close();
  }
});
