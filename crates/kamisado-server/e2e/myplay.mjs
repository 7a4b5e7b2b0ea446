// A person's walk through accounts and a rated clocked challenge: screenshots.
import fs from 'node:fs';
import { startServer, launchBrowser, gameState, clickMove, waitForN } from './tests/helpers.mjs';
const out = '/work/shots/p14';
fs.mkdirSync(out, { recursive: true });
const server = await startServer();
const browser = await launchBrowser();
try {
  const ctxA = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const ctxB = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const a = await ctxA.newPage(); const b = await ctxB.newPage();
  for (const p of [a, b]) p.on('pageerror', (e) => console.log('PAGE ERROR', e.message));
  async function signUp(page, name) {
    await page.goto(`${server.url}/`);
    await page.click('#tab-sign-up');
    await page.fill('#sign-up-name', name);
    await page.fill('#sign-up-password', 'secret-pass');
    await page.click('#sign-up-go');
    await page.waitForFunction((n) => document.querySelector('#account-name')?.textContent === n, name);
  }
  await signUp(a, 'Ann'); await signUp(b, 'Борис');
  await b.selectOption('#lang', 'ru');
  // Ann: a rated 1+2 match to 1, Black.
  await a.click('#ch-new summary');
  await a.selectOption('#ch-target', '1');
  await a.check('input[name="ch-colour"][value="black"]');
  await a.fill('#ch-min', '1'); await a.fill('#ch-inc', '2');
  await a.click('#ch-create');
  await b.waitForSelector('#ch-list li button');
  await b.screenshot({ path: `${out}/2-lobby-phone-ru.png`, fullPage: true });
  await a.screenshot({ path: `${out}/1-lobby-desktop.png` });
  await b.click('#ch-list li button');
  await a.waitForURL(/\/g\//); await b.waitForURL(/\/g\//);
  await a.waitForSelector('#clock-b'); await b.waitForSelector('#clock-w');
  let n = 0;
  for (;;) {
    const s = await gameState(a);
    if (s.status === 'over') break;
    const page = s.to_act === 'b' ? a : b;
    await waitForN(page, n);
    const home = s.legal.find((m) => /[-]..?[18]$/.test(m) && m !== 'pass') ;
    const mv = s.legal.includes('pass') ? 'pass' : (s.legal[s.legal.length - 1]);
    await clickMove(page, mv);
    n += 1;
    await waitForN(a, n); await waitForN(b, n);
    if (n === 3) {
      await a.screenshot({ path: `${out}/3-game-desktop.png` });
      await b.screenshot({ path: `${out}/4-game-phone-ru.png` });
    }
    if (n > 200) break;
  }
  await a.screenshot({ path: `${out}/5-over-desktop.png` });
  await b.screenshot({ path: `${out}/6-over-phone-ru.png` });
  // Reload and the next move is refused politely: the game is over; pages show ratings.
  await a.reload(); await a.waitForSelector('#board');
  await a.goto(`${server.url}/p/Ann`); await a.waitForSelector('svg');
  await a.screenshot({ path: `${out}/7-player-desktop.png`, fullPage: true });
  await b.goto(`${server.url}/leaderboard`); await b.waitForTimeout(500);
  await b.screenshot({ path: `${out}/8-leaderboard-phone-ru.png`, fullPage: true });
  await b.goto(`${server.url}/p/${encodeURIComponent('Борис')}`); await b.waitForTimeout(500);
  await b.screenshot({ path: `${out}/9-player-phone-ru.png`, fullPage: true });
  console.log('moves', n);
} finally {
  await browser.close(); await server.stop();
}
