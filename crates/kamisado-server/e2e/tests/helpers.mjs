// Shared by the browser tests: a server on a loopback port with a temporary
// database, headless Chromium, and a screenshot when a test fails.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const crate = path.resolve(here, '..', '..');
const workspace = path.resolve(crate, '..', '..');
export const SHOTS = path.resolve(here, '..', 'screenshots');

/**
 * Starts the e2e server; resolves to { url, dir, stop(keep) }. `dir` and
 * `addr` restart a stopped server on the same database and address.
 */
export async function startServer({ dir: reuse, addr = '127.0.0.1:0', args: extra = [] } = {}) {
  const dir = reuse || fs.mkdtempSync(path.join(os.tmpdir(), 'kamisado-e2e-'));
  const db = `sqlite://${path.join(dir, 'games.db')}`;
  const target = process.env.CARGO_TARGET_DIR || path.join(workspace, 'target');
  const binary = process.env.E2E_SERVER || path.join(target, 'debug', 'kamisado-serverd');
  // A small puzzle set, made in the background at the first start.
  const args = ['--addr', addr, '--db', db, '--puzzles', process.env.E2E_PUZZLES || '6', ...extra];
  // The server's log shows warnings and errors only, unless KAMISADO_LOG asks for more.
  const env = { ...process.env, KAMISADO_LOG: process.env.KAMISADO_LOG || 'warn' };
  const child = fs.existsSync(binary)
    ? spawn(binary, args, { stdio: ['ignore', 'pipe', 'inherit'], env })
    : spawn('cargo', ['run', '-q', '-p', 'kamisado-server', '--bin', 'kamisado-serverd', '--', ...args],
      { cwd: workspace, stdio: ['ignore', 'pipe', 'inherit'], env });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const m = out.match(/listening on (http:\/\/\S+)/);
      if (m) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
  return {
    url,
    dir,
    /** Stops the server; its database is removed unless `keep`. */
    async stop(keep = false) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      if (!keep) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Launches Debian's Chromium headless, with no network beyond loopback. */
export async function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
}

/** Runs `body(page)`; on failure saves a screenshot of every page under screenshots/. */
export async function withScreenshots(name, pages, body) {
  try {
    await body();
  } catch (e) {
    fs.mkdirSync(SHOTS, { recursive: true });
    for (const [i, page] of pages().entries()) {
      const file = path.join(SHOTS, `${name}-${i}.png`);
      await page.screenshot({ path: file, fullPage: true }).catch(() => {});
      console.error(`screenshot: ${file}`);
    }
    throw e;
  }
}

/** Fails the test on any error in the page. */
export function watchErrors(page, errors) {
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
}

/** The game's state as the server gives it. */
export async function gameState(page) {
  return page.evaluate(async () => {
    const id = location.pathname.split('/')[2];
    const res = await fetch(`/api/games/${id}`);
    return res.json();
  });
}

/** Waits until the board shows at least `n` actions. */
export async function waitForN(page, n) {
  await page.waitForFunction((want) => Number(document.querySelector('#board')?.dataset.n) >= want, n);
}

/**
 * The centre of a square on the screen. A board drawn anew as its box is
 * read (an answer of the danger view coming) leaves no box: it is read
 * again from the square drawn in its place.
 */
export async function squareCentre(page, sq) {
  const square = page.locator(`#board .square[data-sq="${sq}"] > rect`);
  for (let tries = 0; tries < 50; tries++) {
    const box = await square.boundingBox();
    if (box) return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  }
  throw new Error(`the square ${sq} is not drawn`);
}

/** Plays a move by clicking its tower, then its target. */
export async function clickMove(page, mv) {
  if (mv === 'pass') {
    await page.click('#pass');
    return;
  }
  // A button pressed below the board may have scrolled it away.
  await page.locator('#board').scrollIntoViewIfNeeded();
  const [from, to] = mv.split(/[->]/);
  const a = await squareCentre(page, from);
  await page.mouse.click(a.x, a.y);
  await page.waitForSelector(`#board .target[data-sq="${to}"]`, { state: 'attached' });
  const b = await squareCentre(page, to);
  await page.mouse.click(b.x, b.y);
}

/** Plays a move by dragging its tower to the target. */
export async function dragMove(page, mv) {
  const [from, to] = mv.split(/[->]/);
  const a = await squareCentre(page, from);
  const b = await squareCentre(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
}

/** Plays a move with the keyboard: arrows to the tower, Enter, arrows to the target, Enter. */
export async function keyboardMove(page, mv, flipped = false) {
  const [from, to] = mv.split(/[->]/);
  await page.focus('#board');
  for (const sq of [from, to]) {
    for (;;) {
      const cursor = await page.evaluate(() => document.querySelector('#board .cursor') && window.kamisadoCursor());
      if (cursor === sq) break;
      const df = sq.charCodeAt(0) - cursor.charCodeAt(0);
      const dr = Number(sq[1]) - Number(cursor[1]);
      const sign = flipped ? -1 : 1;
      let key;
      if (df !== 0) key = df * sign > 0 ? 'ArrowRight' : 'ArrowLeft';
      else key = dr * sign > 0 ? 'ArrowUp' : 'ArrowDown';
      await page.keyboard.press(key);
    }
    await page.keyboard.press('Enter');
  }
}

/** The two screens every page is checked at. */
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** Saves a screenshot that a person looks at, under screenshots/. */
export async function shot(page, name, fullPage = false) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}

/** Best play from the start: Black wins in 17 plies (`kamisado solve`). */
export const WIN_17 = 'g1-g7 h8-h3 b1-b2 h3-h2 c1-c7 d8-d5 h1-g2 a8-c6 g2-h3 g8-h7 f1-f7 e8-e4 h3-h4 d5-c4 b2-b4 f8-c5 g7-f8'.split(' ');

/** Plays Black's 17-ply win on one screen by clicking, up to the fill choice. */
export async function winRoundOne(page) {
  for (const [i, mv] of WIN_17.entries()) {
    await page.waitForFunction((n) => document.querySelector('#board').dataset.myturn === '1'
      && document.querySelector('#board').dataset.n === String(n), i);
    await clickMove(page, mv);
  }
  await waitForN(page, WIN_17.length);
  await page.waitForSelector('#fill-choice:not([hidden])');
}

/** A new context of `browser` at `viewport` with the page's language set to `lang`. */
/**
 * Chooses `lang` from the page's language menu and waits until the page
 * speaks it (the page loads a language's words when it is first chosen).
 */
export async function chooseLanguage(page, lang) {
  await page.selectOption('#lang', lang);
  await page.waitForFunction((l) => document.documentElement.lang === l, lang);
}

export async function contextIn(browser, lang, viewport) {
  const ctx = await browser.newContext({ viewport });
  await ctx.addInitScript((l) => localStorage.setItem('kamisado.lang', l), lang);
  return ctx;
}

/**
 * The pixels of a PNG screenshot (8-bit RGB or RGBA, not interlaced, as
 * Chromium writes them): { width, height, at(x, y) → [r, g, b] }.
 */
export function pngPixels(png) {
  let at = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const chunks = [];
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      if (body[8] !== 8 || body[12] !== 0) throw new Error('only 8-bit, non-interlaced PNGs are read');
      channels = { 2: 3, 6: 4 }[body[9]];
      if (!channels) throw new Error(`PNG colour type ${body[9]} is not read`);
    } else if (type === 'IDAT') {
      chunks.push(body);
    }
    at += 12 + length;
  }
  const raw = zlib.inflateSync(Buffer.concat(chunks));
  const stride = width * channels;
  const out = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let i = 0; i < stride; i++) {
      const left = i >= channels ? out[y * stride + i - channels] : 0;
      const up = y > 0 ? out[(y - 1) * stride + i] : 0;
      const corner = y > 0 && i >= channels ? out[(y - 1) * stride + i - channels] : 0;
      let value = line[i];
      if (filter === 1) value += left;
      else if (filter === 2) value += up;
      else if (filter === 3) value += Math.floor((left + up) / 2);
      else if (filter === 4) {
        const p = left + up - corner;
        const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - corner)];
        value += pa <= pb && pa <= pc ? left : pb <= pc ? up : corner;
      }
      out[y * stride + i] = value & 255;
    }
  }
  return {
    width,
    height,
    at: (x, y) => [...out.subarray(y * stride + x * channels, y * stride + x * channels + 3)],
  };
}

/** Creates the account `name` from the lobby's form at `base`; the lobby comes back signed in. */
export async function signUp(page, base, name) {
  await page.goto(`${base}/`);
  await page.click('#tab-sign-up');
  await page.fill('#sign-up-name', name);
  await page.fill('#sign-up-password', `${name.toLowerCase()}-secret-1`);
  await page.click('#sign-up-go');
  await page.waitForFunction((n) => document.querySelector('#account-name')?.textContent === n, name);
}
