// A bot on the site: an account made a bot with an API token from its
// account card, driven by
// `kamisado bot` (the bridge) with our own engine at level 1. A player
// finds it on its page (marked BOT), challenges it with the page's
// Challenge button, which opens the lobby's form aimed at it, and plays it
// by clicking to the end (the bot marked on the game page); the bot's page and the leaderboard then show it
// rated and marked, on a desktop and on a phone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  startServer, launchBrowser, withScreenshots, watchErrors, gameState, waitForN, clickMove,
  DESKTOP, PHONE, shot, chooseLanguage
} from './helpers.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const workspace = path.resolve(here, '..', '..', '..', '..');
const target = process.env.CARGO_TARGET_DIR || path.join(workspace, 'target');
/** The `kamisado` binary: the bridge and the engine (run.sh builds it). */
const KAMISADO = process.env.E2E_KAMISADO || path.join(target, 'debug', 'kamisado');

let server;
let browser;
let bridge;
let dir;
before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kamisado-e2e-bot-'));
});
after(async () => {
  bridge?.kill('SIGKILL');
  await browser?.close();
  await server?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * Makes the bot account `name` from the account card: signed up, made a
 * bot, a token made and read where it is shown once; the token's file.
 */
async function makeBot(name) {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await signUp(page, name, 'bot-secret-1');
  await page.click('#account-manage summary');
  await page.click('#become-bot');
  await page.waitForSelector('#become-bot', { state: 'hidden' });
  await page.fill('#token-name', 'bridge');
  await page.click('#token-make-go');
  await page.waitForSelector('#token-new:not([hidden])');
  const token = await page.textContent('#token-secret');
  assert.match(token, /^kamisado_[0-9a-f]{64}$/);
  await page.waitForSelector('#token-list li .token-revoke');
  await shot(page, 'bot-tokens-desktop');
  await context.close();
  const file = path.join(dir, `${name}.token`);
  fs.writeFileSync(file, token);
  return file;
}

/** Starts the bridge; resolves once it listens. `lines` gathers its log. */
function startBridge(tokenFile, lines) {
  bridge = spawn(KAMISADO, [
    'bot', '--server', server.url, '--token-file', tokenFile,
    '--engine', `${KAMISADO} engine --level 1`, '--accept', 'rated=yes', '--max-games', '1',
  ], { stdio: ['ignore', 'ignore', 'pipe'] });
  const exited = new Promise((resolve) => bridge.once('exit', resolve));
  const listening = new Promise((resolve, reject) => {
    let out = '';
    bridge.stderr.on('data', (chunk) => {
      out += chunk;
      lines.push(...String(chunk).split('\n').filter(Boolean));
      if (out.includes('listening for challenges')) resolve();
    });
    bridge.once('exit', (code) => reject(new Error(`the bridge exited with ${code}: ${out}`)));
  });
  return { listening, exited };
}

/** Creates an account from the lobby's form; the lobby comes back signed in. */
async function signUp(page, name, password) {
  await page.goto(`${server.url}/`);
  await page.click('#tab-sign-up');
  await page.fill('#sign-up-name', name);
  await page.fill('#sign-up-password', password);
  await page.click('#sign-up-go');
  await page.waitForFunction((n) => document.querySelector('#account-name')?.textContent === n, name);
}

/** The move that goes furthest forward (so that the round ends soon). */
function pickMove(s) {
  const moves = s.legal.filter((m) => m !== 'pass');
  if (moves.length === 0) return 'pass';
  const rank = (m) => Number(m.split(/[->]/)[1].slice(1));
  return moves.reduce((best, m) => (rank(m) > rank(best) ? m : best));
}

test('a player challenges a bot from its page and plays it by clicking', async () => {
  const log = [];
  const { listening, exited } = startBridge(await makeBot('Robo'), log);
  await listening;
  const context = await browser.newContext({ viewport: DESKTOP });
  const ann = await context.newPage();
  const errors = [];
  watchErrors(ann, errors);
  await withScreenshots('bots', () => [ann], async () => {
    await signUp(ann, 'Ann', 'ann-secret-1');
    // The bot's page: its name marked, and a button that challenges it.
    await ann.goto(`${server.url}/p/Robo`);
    await ann.waitForSelector('#player[data-ready="1"]');
    assert.equal(await ann.textContent('#p-name .bot-tag'), 'BOT');
    await ann.click('#p-name a.challenge-link');
    await ann.waitForURL(`${server.url}/?challenge=Robo`);
    await ann.waitForSelector('#ch-card[data-live="1"]');
    assert.equal(await ann.inputValue('#ch-opponent'), 'Robo');
    assert.equal(await ann.locator('#ch-new').getAttribute('open'), '');
    // A rated single round, 5 minutes, Ann plays Black.
    await ann.selectOption('#ch-target', '1');
    await ann.check('input[name=ch-colour][value=black]');
    await ann.check('#ch-rated');
    await ann.check('input[name=ch-time][value=clock]');
    await ann.fill('#ch-min', '5');
    await ann.fill('#ch-sec', '0');
    await ann.fill('#ch-inc', '0');
    await ann.click('#ch-create');
    // The bridge accepts it; Ann's lobby hears the game start and goes to it.
    await ann.waitForURL(/\/g\/[0-9a-f]{16}$/);
    await ann.waitForSelector('#board .tower');
    let s = await gameState(ann);
    assert.deepEqual(s.players, { b: 'Ann', w: 'Robo' });
    assert.equal(s.rated, true);
    // The bot is marked by its name on the game page too.
    await ann.waitForSelector('#top-player .bot-tag');
    assert.equal(await ann.locator('#bottom-player .bot-tag').count(), 0);
    await shot(ann, 'bot-game-desktop');
    // Ann clicks her moves; the bot answers through the bridge.
    for (;;) {
      s = await gameState(ann);
      if (s.status !== 'playing') break;
      if (s.to_act !== 'b') {
        await waitForN(ann, s.n + 1);
        continue;
      }
      await ann.waitForFunction((n) => {
        const board = document.querySelector('#board');
        return Number(board.dataset.n) === n && board.dataset.myturn === '1';
      }, s.n);
      await clickMove(ann, pickMove(s));
      await waitForN(ann, s.n + 1);
    }
    assert.equal(s.status, 'over');
    await ann.waitForSelector('#round-end:not([hidden])');
    // --max-games 1: the bridge logs the result and exits.
    assert.equal(await exited, 0, log.join('\n'));
    assert.ok(log.some((l) => l.includes(`game ${s.id}: over`)), log.join('\n'));

    // The bot rated and marked on its page and the leaderboard, on both screens.
    for (const [viewport, size] of [[DESKTOP, 'desktop'], [PHONE, 'phone']]) {
      await ann.setViewportSize(viewport);
      await ann.goto(`${server.url}/p/Robo`);
      await ann.waitForSelector('#player[data-ready="1"]');
      await ann.waitForSelector('#p-ratings tr[data-pool="standard 8x8"]');
      await shot(ann, `bot-player-${size}`, true);
      await ann.goto(`${server.url}/leaderboard`);
      await ann.waitForSelector('#leaderboard[data-ready="1"]');
      const row = ann.locator('#lb-players tr[data-name="Robo"]');
      assert.equal(await row.locator('.bot-tag').textContent(), 'BOT');
      assert.equal(await row.locator('a.challenge-link').getAttribute('href'), '/?challenge=Robo');
      assert.equal(await ann.locator('#lb-players tr[data-name="Ann"] .bot-tag').count(), 0);
      await shot(ann, `bot-leaderboard-${size}`, true);
    }
    // In Russian, the mark and the button speak Russian.
    await chooseLanguage(ann, 'ru');
    const row = ann.locator('#lb-players tr[data-name="Robo"]');
    await ann.waitForFunction(() => document.querySelector('#lb-players .bot-tag')?.textContent === 'БОТ');
    assert.equal(await row.locator('a.challenge-link').textContent(), 'Вызвать');
    await chooseLanguage(ann, 'en');
    assert.deepEqual(errors, []);
  });
  await context.close();
});
