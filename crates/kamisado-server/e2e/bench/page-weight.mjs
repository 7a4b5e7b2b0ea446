// What the page costs a visitor, read from Chromium's performance API (not
// a timed test): the bytes on the wire and the requests of a first visit
// to the lobby (empty cache; in English, then in Russian), of a second page (the leaderboard, cache
// warm), and of a game's page; and the time from navigation to the first
// board drawn on a game's page, as medians over RUNS runs.
//
//   E2E_SERVER=target/release/kamisado-serverd node bench/page-weight.mjs [RUNS]
import { startServer, launchBrowser, contextIn, DESKTOP } from '../tests/helpers.mjs';

const runs = Number(process.argv[2] || 5);
const server = await startServer();
const browser = await launchBrowser();

/** The bytes and requests of what the page loaded since it was opened. */
async function weight(page) {
  return page.evaluate(() => {
    const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')];
    // A resource answered from the cache has no transfer; a revalidation (304) its headers.
    const wire = entries.reduce((sum, e) => sum + (e.transferSize || 0), 0);
    return { bytes: wire, requests: entries.filter((e) => e.transferSize > 0).length, body: entries.reduce((s, e) => s + (e.decodedBodySize || 0), 0) };
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows = { first: [], firstRu: [], second: [], game: [], board: [] };
for (let i = 0; i < runs; i++) {
  const ctx = await browser.newContext({ viewport: DESKTOP });
  const page = await ctx.newPage();
  await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
  rows.first.push(await weight(page));
  await page.goto(`${server.url}/leaderboard`, { waitUntil: 'networkidle' });
  rows.second.push(await weight(page));
  // A game's page, started from the lobby; then opened again, timed to its board.
  await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
  await page.click('#start');
  await page.waitForSelector('#board .tower');
  const url = page.url();
  await page.goto(url, { waitUntil: 'networkidle' });
  rows.game.push(await weight(page));
  const russian = await contextIn(browser, 'ru', DESKTOP);
  const reader = await russian.newPage();
  await reader.goto(`${server.url}/`, { waitUntil: 'networkidle' });
  rows.firstRu.push(await weight(reader));
  await russian.close();
  const cold = await browser.newContext({ viewport: DESKTOP });
  const fresh = await cold.newPage();
  await fresh.goto(url, { waitUntil: 'commit' });
  await fresh.waitForSelector('#board .tower');
  rows.board.push(await fresh.evaluate(() => performance.now()));
  await cold.close();
  await ctx.close();
}
const say = (name, xs) => console.log(`${name}: ${median(xs.map((x) => x.bytes))} B on the wire, ${median(xs.map((x) => x.requests))} requests, ${median(xs.map((x) => x.body))} B decoded`);
say('first visit (the lobby, empty cache)', rows.first);
say('first visit in Russian', rows.firstRu);
say('second page (the leaderboard)', rows.second);
say('a game\'s page, cache warm', rows.game);
console.log(`first board drawn on a game's page, empty cache: ${Math.round(median(rows.board))} ms (median of ${runs})`);
await browser.close();
await server.stop();
