// Whether a move costs the page more as the game grows (a benchmark, not a
// timed test): a match to 15 on one screen, played by clicking, 225 plies
// or to its end, each move chosen among the legal ones by a fixed seed. For
// every move it reads, inside the page, the time from the click on the
// target to the board showing the move (`data-n` raised), and prints the
// median of the first 50 moves and of the last 50, their ratio, and the
// page's element count at the end.
//
//   E2E_SERVER=target/release/kamisado-serverd node bench/move-cost.mjs [PLIES] [SEED]
import { startServer, launchBrowser, DESKTOP, gameState, squareCentre } from '../tests/helpers.mjs';

const plies = Number(process.argv[2] || 225);
let seed = Number(process.argv[3] || 7);
/** A small fixed-seed generator (xorshift), so every run plays the same game. */
const next = () => {
  seed ^= seed << 13; seed >>>= 0;
  seed ^= seed >>> 17;
  seed ^= seed << 5; seed >>>= 0;
  return seed;
};

const server = await startServer();
const browser = await launchBrowser();
const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
await page.goto(`${server.url}/`);
await page.check('input[name=mode][value=local]');
await page.selectOption('#target', '15');
await page.click('#start');
await page.waitForURL(/\/g\/[0-9a-f]{16}$/);
await page.waitForSelector('#board .tower');
// The clock inside the page: the last press of a target, and each raise of data-n after it.
await page.evaluate(() => {
  window.costs = [];
  const board = () => document.querySelector('#board');
  let pressed = null;
  document.addEventListener('pointerdown', (e) => {
    if (board()?.contains(e.target)) pressed = { at: performance.now(), n: board().dataset.n };
  }, true);
  new MutationObserver(() => {
    if (pressed !== null && board().dataset.n !== pressed.n) {
      window.costs.push(performance.now() - pressed.at);
      pressed = null;
    }
  }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-n'] });
});

const moves = [];
let played = 0;
while (played < plies) {
  const s = await gameState(page);
  if (s.status === 'over') break;
  await page.waitForFunction((n) => document.querySelector('#board').dataset.n === String(n), s.n);
  if (s.legal.length === 0) {
    // The round is over: the fill, from the left.
    await page.click('#fill-left');
    await page.waitForFunction((n) => Number(document.querySelector('#board').dataset.n) > n, s.n);
    continue;
  }
  const mv = s.legal[next() % s.legal.length];
  if (mv === 'pass') {
    await page.click('#pass');
  } else {
    // The tower picked outside the timed part; the target clicked inside it.
    const [from, to] = mv.split(/[->]/);
    await page.locator('#board').scrollIntoViewIfNeeded();
    const a = await squareCentre(page, from);
    await page.mouse.click(a.x, a.y);
    await page.waitForSelector(`#board .target[data-sq="${to}"]`, { state: 'attached' });
    const b = await squareCentre(page, to);
    await page.mouse.click(b.x, b.y);
    moves.push(mv);
  }
  await page.waitForFunction((n) => Number(document.querySelector('#board').dataset.n) > n, s.n);
  played++;
}
const costs = await page.evaluate(() => window.costs);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const first = median(costs.slice(0, 50));
const last = median(costs.slice(-50));
const nodes = await page.evaluate(() => document.getElementsByTagName('*').length);
console.log(`${played} plies (${costs.length} moves clicked), ${nodes} elements at the end`);
console.log(`click to move shown, median: first 50 moves ${first.toFixed(1)} ms, last 50 ${last.toFixed(1)} ms, ratio ${(last / first).toFixed(2)}`);
await browser.close();
await server.stop();
