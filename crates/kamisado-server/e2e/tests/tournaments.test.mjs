// Tournaments in the browser: a Swiss made from the form with an engine
// level, entered by two accounts (one on a phone, in Russian), each taken
// to the board by the lobby's socket when a round pairs them, a move
// clicked and the game resigned, the standings moving and the next round
// starting, to the end.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer, launchBrowser, watchErrors, gameState, clickMove, shot, DESKTOP, PHONE, contextIn,
  signUp,
} from './helpers.mjs';

let server;
let browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

/**
 * Opens `url`; the lobby's socket may take the page to a board meanwhile
 * (a round paired it), which is where the test goes next anyway. A page
 * taken elsewhere more than once in a row (a game ended and the next was
 * paired at once) is waited for until it rests on a board or on `url`.
 */
async function visit(page, url) {
  for (let tries = 0; ; tries += 1) {
    try {
      await page.goto(url);
      return;
    } catch (e) {
      // The page's own navigation won: Playwright says it interrupted or aborted this one.
      if (tries >= 5 || !/interrupted by another navigation|ERR_ABORTED|frame was detached/.test(e.message)) throw e;
    }
    try {
      await page.waitForURL(/\/g\//);
      await page.waitForLoadState('load');
      return;
    } catch (e) {
      if (!/interrupted by another navigation|ERR_ABORTED|frame was detached/.test(e.message)) throw e;
    }
  }
}

/** The tournament as the server tells it (asked beside the pages, which may be navigating). */
async function tournament(_page, id) {
  return (await fetch(`${server.url}/api/tournaments/${id}`)).json();
}

/**
 * On the board of a tournament game: a move clicked if it is the player's
 * turn, then the resignation. A game that ended meanwhile, or one the page
 * went on to, is looked at again.
 */
async function playAndResign(page, me) {
  for (let look = 0; look < 10; look += 1) {
    await page.waitForSelector('#board[data-ready="1"], #board .square', { state: 'attached' });
    const state = await gameState(page);
    if (state.status === 'over') return;
    const mine = state.names.b === me ? 'b' : 'w';
    if (state.status === 'playing' && state.to_act === mine && state.legal && state.legal.length) {
      await clickMove(page, state.legal[0]);
      await page.waitForFunction((n) => fetch(`/api/games/${location.pathname.split('/')[2]}`)
        .then((r) => r.json()).then((s) => s.n > n), state.n);
    }
    const shown = await page.waitForSelector('#resign:not([hidden])', { timeout: 5000 })
      .then(() => true, () => false);
    if (!shown) continue;
    const id = page.url().split('/').pop();
    await page.click('#resign');
    await page.click('#resign');
    await page.waitForFunction((game) => fetch(`/api/games/${game}`)
      .then((r) => r.json()).then((s) => s.status === 'over'), id);
    return;
  }
  throw new Error(`${me} was never offered Resign on ${page.url()}`);
}

test('a Swiss with an engine level: made, entered, paired, played by clicking, to the end', async () => {
  const annCtx = await contextIn(browser, 'en', DESKTOP);
  const borisCtx = await contextIn(browser, 'ru', PHONE);
  const ann = await annCtx.newPage();
  const boris = await borisCtx.newPage();
  const errors = [];
  watchErrors(ann, errors);
  watchErrors(boris, errors);
  try {
    await signUp(ann, server.url, 'Ann');
    await signUp(boris, server.url, 'Boris');

    // Ann makes it from the form, with the engine at level 1.
    await ann.goto(`${server.url}/tournaments`);
    await ann.waitForSelector('#tournaments[data-ready="1"]');
    await ann.fill('#tl-name', 'Evening Swiss');
    await ann.fill('#tl-rounds', '2');
    await ann.check('#tl-form input[name=engine][value="1"]');
    await shot(ann, 'tournaments-form-desktop', true);
    await ann.click('#tl-form button[type=submit]');
    await ann.waitForURL(/\/tournaments\/[0-9a-zA-Z]+$/);
    const id = ann.url().split('/').pop();
    await ann.waitForSelector('#tournament[data-ready="1"]');
    assert.match(await ann.textContent('#to-stage'), /Taking entries/);
    assert.match(await ann.textContent('#to-when'), /Starts in/);

    // Both enter; Boris from his phone, in Russian.
    await ann.click('#to-join');
    await ann.waitForSelector('#to-join', { state: 'hidden' });
    await boris.goto(`${server.url}/tournaments/${id}`);
    await boris.waitForSelector('#tournament[data-ready="1"]');
    assert.match(await boris.textContent('#to-stage'), /Идёт запись/);
    await boris.click('#to-join');
    await boris.waitForFunction(() => /Boris/.test(document.querySelector('#to-players').textContent));
    await shot(boris, 'tournament-open-phone-ru', true);

    // The creator brings the start forward: in 2 s, no pause between rounds.
    const moved = await ann.evaluate(async (tid) => (await fetch(`/api/tournaments/${tid}/settings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Evening Swiss', rounds: 2, starts_in_s: 2, pause_s: 0 }),
    })).status, id);
    assert.equal(moved, 200);

    for (const round of [1, 2]) {
      // Each page waits on the tournament; those paired are taken to their board.
      await visit(ann, `${server.url}/tournaments/${id}`);
      await visit(boris, `${server.url}/tournaments/${id}`);
      await ann.waitForFunction((r) => Number(document.querySelector('#tournament')?.dataset.round) >= r
        || location.pathname.startsWith('/g/'), round);
      const t = await tournament(ann, id);
      assert.equal(t.round, round);
      const games = t.pairings[round - 1].pairings.flatMap((p) => p.games).filter((g) => g.game);
      const number = (name) => t.players.find((p) => p.name === name).number;
      for (const [page, name] of [[ann, 'Ann'], [boris, 'Boris']]) {
        const game = games.find((g) => g.black === number(name) || g.white === number(name));
        if (!game) continue;
        // Taken to the board by the lobby's socket, or (paired before the
        // page listened) by its "Your game" link.
        await page.waitForFunction(() => location.pathname.startsWith('/g/')
          || document.querySelector('#to-yours')?.hidden === false);
        if (!page.url().includes('/g/')) await page.click('#to-yours-link');
        await page.waitForURL(new RegExp(`/g/${game.game}$`));
      }
      for (const [page, name] of [[ann, 'Ann'], [boris, 'Boris']]) {
        const game = games.find((g) => g.black === number(name) || g.white === number(name));
        if (!game) continue;
        if (!page.url().endsWith(`/g/${game.game}`)) await visit(page, `${server.url}/g/${game.game}`);
        const state = await gameState(page);
        // The game's page links back to its tournament.
        await page.waitForSelector('#g-tournament:not([hidden])');
        assert.equal(await page.textContent('#g-tournament-link'), 'Evening Swiss');
        assert.equal(await page.getAttribute('#g-tournament-link', 'href'), `/tournaments/${id}`);
        if (state.status !== 'over') {
          await shot(page, `tournament-game-r${round}-${name.toLowerCase()}`);
          await playAndResign(page, name);
        }
      }
      // The standings move: every pairing of the round has its result.
      await visit(ann, `${server.url}/tournaments/${id}`);
      await ann.waitForFunction((r) => {
        const x = document.querySelector('#tournament');
        return x?.dataset.ready === '1' && (Number(x.dataset.round) > r || x.dataset.stage === 'finished');
      }, round, { timeout: 30000 }).catch(async () => {
        assert.fail(`round ${round} did not end: ${JSON.stringify(await tournament(ann, id))}`);
      });
    }

    await ann.waitForSelector('#tournament[data-stage="finished"]');
    assert.match(await ann.textContent('#to-stage'), /Finished/);
    const rows = await ann.$$eval('#to-standings tbody tr', (trs) => trs.map((tr) => tr.textContent));
    assert.equal(rows.length, 3);
    const t = await tournament(ann, id);
    const total = t.standings.reduce((sum, s) => sum + Number(s.points), 0);
    assert.equal(total, 4, 'two rounds of one game and a bye');
    await shot(ann, 'tournament-finished-desktop', true);
    await boris.goto(`${server.url}/tournaments/${id}`);
    await boris.waitForSelector('#tournament[data-stage="finished"]');
    assert.match(await boris.textContent('#to-stage'), /Завершён/);
    await shot(boris, 'tournament-finished-phone-ru', true);
    // The list shows it among the finished.
    await boris.goto(`${server.url}/tournaments`);
    await boris.waitForSelector('#tournaments[data-ready="1"]');
    assert.match(await boris.textContent('#tl-done'), /Evening Swiss/);
    assert.deepEqual(errors, []);
  } finally {
    await annCtx.close();
    await borisCtx.close();
  }
});

test('an arena: made from the form, each player paired again as a game ends, a pause and a resume', async () => {
  const cleoCtx = await contextIn(browser, 'en', DESKTOP);
  const dimaCtx = await contextIn(browser, 'ru', PHONE);
  const cleo = await cleoCtx.newPage();
  const dima = await dimaCtx.newPage();
  const errors = [];
  watchErrors(cleo, errors);
  watchErrors(dima, errors);
  try {
    await signUp(cleo, server.url, 'Cleo');
    await signUp(dima, server.url, 'Dima');
    await cleo.goto(`${server.url}/tournaments`);
    await cleo.waitForSelector('#tournaments[data-ready="1"]');
    await cleo.fill('#tl-name', 'Lunch arena');
    await cleo.selectOption('#tl-format', 'arena');
    assert.ok(await cleo.isVisible('#tl-length'), 'an arena asks for its length');
    assert.ok(await cleo.isHidden('#tl-rounds'), 'and not for rounds');
    await cleo.selectOption('#tl-length', '600');
    await cleo.check('#tl-form input[name=engine][value="1"]');
    await cleo.click('#tl-form button[type=submit]');
    await cleo.waitForURL(/\/tournaments\/[0-9a-zA-Z]+$/);
    const id = cleo.url().split('/').pop();
    await cleo.waitForSelector('#tournament[data-ready="1"]');
    await cleo.click('#to-join');
    await dima.goto(`${server.url}/tournaments/${id}`);
    await dima.waitForSelector('#tournament[data-ready="1"]');
    await dima.click('#to-join');
    await dima.waitForSelector('#to-pause:not([hidden])');
    const moved = await cleo.evaluate(async (tid) => (await fetch(`/api/tournaments/${tid}/settings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Lunch arena', format: 'arena', length_s: 600, starts_in_s: 1 }),
    })).status, id);
    assert.equal(moved, 200);

    // Each player's game, once it ends, is followed by another at once:
    // whoever of the two has a game goes to its board, moves and resigns,
    // until Cleo has played two.
    const played = (x, name) => {
      const me = x.players.find((p) => p.name === name);
      return x.standings.find((s) => s.number === me.number)?.rounds.length || 0;
    };
    for (;;) {
      const x = await tournament(cleo, id);
      if (played(x, 'Cleo') >= 2) break;
      const live = x.pairings.flatMap((r) => r.pairings).flatMap((p) => p.games).filter((g) => g.game && !g.winner);
      let acted = false;
      for (const [page, name] of [[cleo, 'Cleo'], [dima, 'Dima']]) {
        const me = x.players.find((p) => p.name === name).number;
        const game = live.find((g) => g.black === me || g.white === me);
        if (!game) continue;
        if (!page.url().endsWith(`/g/${game.game}`)) {
          await visit(page, `${server.url}/g/${game.game}`);
          await page.waitForURL(new RegExp(`/g/${game.game}$`));
        }
        await playAndResign(page, name);
        acted = true;
      }
      // The engine's own games end by themselves; the next pairing follows within a second.
      if (!acted) await cleo.waitForTimeout(200);
    }
    // Dima pauses from his phone, then resumes.
    await visit(dima, `${server.url}/tournaments/${id}`);
    if (dima.url().includes('/g/')) await visit(dima, `${server.url}/tournaments/${id}`);
    await dima.waitForSelector('#tournament[data-ready="1"]');
    assert.match(await dima.textContent('#to-stage'), /Арена: конец через/);
    await dima.click('#to-pause');
    await dima.waitForSelector('#to-resume:not([hidden])');
    await shot(dima, 'arena-paused-phone-ru', true);
    await dima.click('#to-resume');
    await dima.waitForSelector('#to-pause:not([hidden])');
    const t = await tournament(cleo, id);
    const cleoRow = t.standings.find((s) => t.players.find((p) => p.number === s.number).name === 'Cleo');
    assert.ok(cleoRow.rounds.length >= 2, JSON.stringify(t.standings));
    await cleo.goto(`${server.url}/tournaments/${id}`);
    await cleo.waitForSelector('#tournament[data-ready="1"]');
    assert.ok(await cleo.isHidden('#to-standings th.col-tb'), 'no tiebreaks in an arena');
    await shot(cleo, 'arena-desktop', true);
    assert.deepEqual(errors, []);
  } finally {
    await cleoCtx.close();
    await dimaCtx.close();
  }
});
