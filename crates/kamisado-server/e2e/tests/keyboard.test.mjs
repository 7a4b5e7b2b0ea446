// A round played by keyboard alone, as a blind player would play it: the
// board reached by Tab, towers picked and played with the arrows and Enter,
// the moves of a picked tower and the clocks asked for by letter, and after
// each move the live region read: it names the move, the engine's answer and
// the tower that must move next, in English and in Russian. Then the fill
// sheet, the resignation's confirmation and the match's end by keyboard,
// focus coming back to the board after each.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer, launchBrowser, withScreenshots, watchErrors, gameState, waitForN, DESKTOP, PHONE, shot,
  contextIn, WIN_17,
} from './helpers.mjs';

let server;
let browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

const context = (lang, viewport) => contextIn(browser, lang, viewport);

/** Everything the live region holds, one announcement a line. */
async function said(page, log = '#announce') {
  return page.$$eval(`${log} p`, (lines) => lines.map((p) => p.textContent));
}

/** Waits for an announcement that `test` accepts among those after the first `from`. */
async function hear(page, from, pattern, log = '#announce') {
  try {
    await page.waitForFunction(([n, source, sel]) => [...document.querySelectorAll(`${sel} p`)]
      .some((p) => Number(p.dataset.n) > n && new RegExp(source).test(p.textContent)), [from, pattern.source, log], { timeout: 10000 });
  } catch (e) {
    throw new Error(`not heard ${pattern} after ${from}: ${(await said(page, log)).join(' | ')}`);
  }
}

/** The number of the last announcement made. */
async function count(page) { return page.evaluate(() => Number(document.querySelector('#announce').dataset.said || 0)); }

/** Whether the board (`#board`, or the one `board` names) has the keyboard's focus. */
async function boardFocused(page, board = '#board') {
  return page.evaluate((sel) => document.activeElement === document.querySelector(sel), board);
}

/** Presses Tab until the board has the focus, as a keyboard user reaches it. */
async function tabToBoard(page, board = '#board') {
  for (let i = 0; i < 60 && !(await boardFocused(page, board)); i++) await page.keyboard.press('Tab');
  assert.ok(await boardFocused(page, board), 'Tab reaches the board');
}

/** Moves the keyboard cursor to `sq` with the arrow keys (on a board seen as `flipped` tells), then presses Enter. */
async function keyTo(page, sq, board = '#board', flipped = false) {
  assert.ok(await boardFocused(page, board), 'the board has the focus');
  const cursor = () => page.getAttribute(board, 'data-cursor');
  for (let i = 0; i < 20; i++) {
    const at = await cursor();
    if (at === sq) break;
    const sign = flipped ? -1 : 1;
    const df = (sq.charCodeAt(0) - at.charCodeAt(0)) * sign;
    const dr = (Number(sq.slice(1)) - Number(at.slice(1))) * sign;
    if (df !== 0) await page.keyboard.press(df > 0 ? 'ArrowRight' : 'ArrowLeft');
    else await page.keyboard.press(dr > 0 ? 'ArrowUp' : 'ArrowDown');
  }
  assert.equal(await cursor(), sq);
  await page.keyboard.press('Enter');
}

/** The move that goes furthest forward, or one that reaches the far row. */
function pickMove(s) {
  const moves = s.legal.filter((m) => m !== 'pass');
  if (moves.length === 0) return 'pass';
  const rank = (m) => Number(m.split(/[->]/)[1].slice(1));
  const ahead = (m) => (s.to_act === 'b' ? rank(m) : -rank(m));
  return moves.reduce((best, m) => (ahead(m) > ahead(best) ? m : best));
}

/** A tower in the page's words ("pink sumo", «розовое сумо»). */
async function towerWords(page, tw) {
  // The page's own instance of the module: the one beside its app.js.
  return page.evaluate(async (x) => {
    const app = document.querySelector('script[type=module]').src;
    return (await import(app.replace(/app\.js$/, 'i18n.js'))).tower(x);
  }, tw);
}

// A move's squares as a pattern, whatever dash the language writes.
const movePattern = (mv) => new RegExp(`${mv.slice(0, 2)}[-–>]${mv.slice(3)}`);
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const WORDS = {
  en: { picked: /Picked the .+ on \w\d: \d+ moves?\. T lists them\./, can: /can go to/, clocks: /no clock/, start: /Black to move/ },
  ru: { picked: /Выбрано: .+ на \w\d, \d+ ход/, can: /может пойти на/, clocks: /нет часов/, start: /Ход Чёрных|Ходят Чёрные/ },
};

for (const lang of ['en', 'ru']) {
  test(`a round against the engine by keyboard alone, told by the live region, in ${lang}`, async () => {
    const ctx = await context(lang, lang === 'en' ? DESKTOP : PHONE);
    const page = await ctx.newPage();
    const errors = [];
    watchErrors(page, errors);
    const words = WORDS[lang];
    await withScreenshots(`keyboard-${lang}`, () => [page], async () => {
      await page.goto(`${server.url}/?seed=42`);
      await page.selectOption('#level', '1');
      await page.focus('#start');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/g\/[0-9a-f]{16}$/);
      await page.waitForSelector('#board .tower');
      // Arriving, the reader hears where the game stands.
      await hear(page, 0, words.start);
      await tabToBoard(page);

      // C tells the clocks (none here); T before a pick says how to pick.
      let from = await count(page);
      await page.keyboard.press('c');
      await hear(page, from, words.clocks);

      let s = await gameState(page);
      let plies = 0;
      while (s.status === 'playing') {
        await page.waitForFunction(() => document.querySelector('#board').dataset.myturn === '1'
          || document.querySelector('#board').dataset.status !== 'playing');
        s = await gameState(page);
        if (s.status !== 'playing') break;
        const mv = pickMove(s);
        from = await count(page);
        if (mv === 'pass') {
          await page.focus('#pass');
          await page.keyboard.press('Enter');
        } else {
          const [a, b] = mv.split(/[->]/);
          await keyTo(page, a);
          await hear(page, from, words.picked);
          await page.keyboard.press('t');
          await hear(page, from, new RegExp(`${escape(words.can.source)}.*${b}`));
          await keyTo(page, b);
        }
        // The move is told, then the engine's answer and the tower it forces.
        await waitForN(page, s.n + 1);
        if (mv !== 'pass') await hear(page, from, movePattern(mv));
        const after = await gameState(page);
        if (after.status === 'playing' && after.to_act === 'w') {
          await page.waitForFunction((n) => Number(document.querySelector('#board').dataset.n) > n
            || document.querySelector('#board').dataset.status !== 'playing', s.n + 1);
        }
        const now = await gameState(page);
        for (const reply of now.rounds[0].moves.slice(s.rounds[0].moves.length + 1)) {
          if (reply !== 'pass') await hear(page, from, movePattern(reply));
        }
        if (now.status === 'playing' && now.forced) {
          const forced = now.towers.find((x) => x.sq === now.forced);
          const name = await towerWords(page, forced);
          await hear(page, from, new RegExp(`${escape(name)}.*${now.forced}`));
        }
        s = now;
        plies += 2;
        assert.ok(plies < 120, 'the round ends');
      }

      // The round's end is told; the sheet takes the focus; Escape gives it back to the board.
      s = await gameState(page);
      assert.equal(s.status, 'over');
      await page.waitForSelector('#round-end:not([hidden])');
      const lines = await said(page);
      assert.ok(lines.some((line) => /R6|R8|R7/.test(line)), `the round's end is told: ${lines.slice(-3).join(' | ')}`);
      assert.ok(await page.evaluate(() => document.querySelector('#round-end').contains(document.activeElement)), 'the sheet has the focus');
      await shot(page, `keyboard-over-${lang}`);
      await page.keyboard.press('Escape');
      await page.waitForSelector('#round-end', { state: 'hidden' });
      assert.ok(await boardFocused(page), 'the focus is back on the board');
      assert.deepEqual(errors, []);
    });
    await ctx.close();
  });
}

test('the fill, a refused pick and the resignation by keyboard, the focus back on the board after each', async () => {
  const ctx = await context('en', DESKTOP);
  const page = await ctx.newPage();
  const errors = [];
  watchErrors(page, errors);
  await withScreenshots('keyboard-fill', () => [page], async () => {
    await page.goto(`${server.url}/?seed=42`);
    await page.check('input[name=mode][value=local]');
    await page.selectOption('#target', '3');
    await page.click('#start');
    await page.waitForSelector('#board .tower');
    await tabToBoard(page);

    // A tower that may not move is refused in words that say which must.
    await keyTo(page, 'a1');
    assert.match((await said(page)).at(-1), /Picked the brown tower on a1: 12 moves/);
    await keyTo(page, 'a1');
    assert.equal((await said(page)).at(-1), 'Nothing picked.');
    await keyTo(page, 'g1');
    await keyTo(page, 'g7');
    await waitForN(page, 1);
    let from = await count(page);
    await keyTo(page, 'a8');
    await hear(page, from, /The orange tower on a8 cannot move now: the \w+ tower on h8 must move\./);
    await page.keyboard.press('Escape');

    for (const [i, mv] of WIN_17.entries()) {
      if (i === 0) continue;
      await page.waitForFunction((n) => document.querySelector('#board').dataset.n === String(n)
        && document.querySelector('#board').dataset.myturn === '1', i);
      const [a, b] = mv.split(/[->]/);
      // Gold's moves too: the board stays as Black sees it.
      await keyTo(page, a);
      await keyTo(page, b);
    }
    await waitForN(page, WIN_17.length);
    // The fill sheet takes the focus on its first choice: Enter fills from the left.
    await page.waitForSelector('#fill-choice:not([hidden])');
    await hear(page, 0, /Black wins the round: \d points?/);
    assert.equal(await page.evaluate(() => document.activeElement.id), 'fill-left');
    from = await count(page);
    await page.keyboard.press('Enter');
    await waitForN(page, WIN_17.length + 1);
    await hear(page, from, /fills from the left/);
    assert.ok(await boardFocused(page), 'the focus is back on the board after the fill');
    assert.equal((await gameState(page)).rounds[1].fill, 'left');

    // The next move, by keyboard.
    const s = await gameState(page);
    const [a, b] = s.legal[0].split(/[->]/);
    await keyTo(page, a);
    await keyTo(page, b);
    await waitForN(page, s.n + 1);

    // Resign asks again, in words; the match's end takes the focus; Escape shows the board.
    await page.focus('#resign');
    from = await count(page);
    await page.keyboard.press('Enter');
    await hear(page, from, /Press Resign again to resign/);
    await page.keyboard.press('Enter');
    await page.waitForSelector('#over-actions:not([hidden])');
    await hear(page, from, /resigned/);
    assert.equal(await page.evaluate(() => document.activeElement.id), 'again');
    await page.keyboard.press('Escape');
    await page.waitForSelector('#round-end', { state: 'hidden' });
    assert.ok(await boardFocused(page), 'the focus is back on the board after the sheet');
    assert.deepEqual(errors, []);
  });
  await ctx.close();
});

test('a lesson and a puzzle by keyboard, the picks told in words', async () => {
  const ctx = await context('en', PHONE);
  const page = await ctx.newPage();
  const errors = [];
  watchErrors(page, errors);
  await withScreenshots('keyboard-learning', () => [page], async () => {
    await page.goto(`${server.url}/learn`);
    await page.waitForSelector('#l-board .tower');
    // The first lesson's right move, found by trying each from the test.
    const right = await page.evaluate(async () => {
      const { lessons } = await (await fetch('/api/lessons')).json();
      for (const mv of lessons[0].legal) {
        const res = await fetch(`/api/lessons/${lessons[0].id}/try`, {
          method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mv }),
        });
        if ((await res.json()).passed) return mv;
      }
      return null;
    });
    assert.ok(right, 'the first lesson has a right move');
    await tabToBoard(page, '#l-board');
    const [a, b] = right.split(/[->]/);
    await keyTo(page, a, '#l-board');
    await hear(page, 0, /Picked the .+ on \w\d: \d+ moves?\./, '#l-announce');
    await page.keyboard.press('t');
    await hear(page, 0, new RegExp(`can go to .*${b}`), '#l-announce');
    await keyTo(page, b, '#l-board');
    await page.waitForSelector('#l-board[data-state="passed"]');
    assert.equal(await page.textContent('#l-result'), 'Right: the task is done.');

    // A puzzle: a tower picked and tried by keyboard gets its answer.
    await page.goto(`${server.url}/puzzles`);
    await page.waitForSelector('#z-board .tower');
    await tabToBoard(page, '#z-board');
    const start = await page.evaluate(async () => {
      const id = location.pathname.split('/')[2];
      return (await (await fetch(`/api/puzzles/${id}`)).json());
    });
    const mv = start.legal.find((m) => m !== 'pass');
    const flipped = (start.side || start.start.to_act) === 'w';
    const [c, d] = mv.split(/[->]/);
    await keyTo(page, c, '#z-board', flipped);
    await hear(page, 0, /Picked the /, '#z-announce');
    await keyTo(page, d, '#z-board', flipped);
    await page.waitForSelector('#z-result:not([hidden])');
    await shot(page, 'keyboard-puzzle-phone');
    assert.deepEqual(errors, []);
  });
  await ctx.close();
});

test('a takeback asked and answered by keyboard in a friend game, told to the one asked', async () => {
  const annContext = await context('en', DESKTOP);
  const benContext = await context('ru', PHONE);
  const ann = await annContext.newPage();
  const ben = await benContext.newPage();
  const errors = [];
  watchErrors(ann, errors);
  watchErrors(ben, errors);
  await withScreenshots('keyboard-takeback', () => [ann, ben], async () => {
    await ann.goto(`${server.url}/?seed=42`);
    await ann.check('input[name=mode][value=friend]');
    await ann.fill('#name', 'Ann');
    await ann.click('#start');
    await ann.waitForSelector('#invite-card:not([hidden])');
    await ben.goto(await ann.inputValue('#invite-link'));
    await ben.waitForSelector('#board .tower');
    await ann.waitForSelector('#invite-card', { state: 'hidden' });

    // Ann plays and asks for her move back, all by keyboard.
    await tabToBoard(ann);
    await keyTo(ann, 'd1');
    await keyTo(ann, 'd4');
    await waitForN(ann, 1);
    let back = 0;
    for (const [answer, button] of [['declined', '#takeback-decline'], ['accepted', '#takeback-accept']]) {
      const heard = await count(ben);
      back = await count(ann);
      await ann.focus('#takeback');
      await ann.keyboard.press('Enter');
      // Ben hears the question in his language; he answers from the keyboard.
      await ben.waitForSelector('#takeback-offer:not([hidden])');
      await hear(ben, heard, /Ann просит вернуть/);
      await ben.focus(button);
      await ben.keyboard.press('Enter');
      await ben.waitForSelector('#takeback-offer', { state: 'hidden' });
      assert.ok(await boardFocused(ben), `the focus is back on the board after the takeback is ${answer}`);
    }
    // Taken back: Ann moves again, by keyboard.
    await ann.waitForFunction(() => document.querySelector('#board').dataset.n === '0');
    await hear(ann, back, /Your move: any tower may move/);
    await ann.focus('#board');
    await keyTo(ann, 'e1');
    await keyTo(ann, 'e3');
    await waitForN(ann, 1);
    assert.equal((await gameState(ann)).rounds[0].moves[0], 'e1-e3');
    assert.deepEqual(errors, []);
  });
  await annContext.close();
  await benContext.close();
});
