// Puzzles for a newcomer: a guest's first puzzle is of the easiest grade
// there is; a miss may be tried again, and a retry with the winning move
// solves it; on another puzzle "Show the answer" shows and plays it; a
// puzzle solved at the first try takes the guest a grade up, kept across a
// reload. In English and Russian, at both sizes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer, launchBrowser, withScreenshots, watchErrors, contextIn, DESKTOP, PHONE, shot,
} from './helpers.mjs';

let server;
let browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

async function api(method, url, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const res = await fetch(`${server.url}${url}`, init);
  return { status: res.status, data: await res.json().catch(() => null) };
}

/** Waits until the server has made its puzzle set (in the background, at its first start). */
async function puzzlesMade() {
  const deadline = Date.now() + 120000;
  for (;;) {
    const { status, data } = await api('GET', '/api/puzzles/next');
    if (status === 200) return;
    assert.ok(Date.now() < deadline, `no puzzle after two minutes: ${status} ${JSON.stringify(data)}`);
    await new Promise((r) => { setTimeout(r, 500); });
  }
}

/** A puzzle's winning move and a move that does not win, as a guest's attempt from the test tells them. */
async function movesOf(id) {
  const { data: puzzle } = await api('GET', `/api/puzzles/${id}`);
  const { status, data } = await api('POST', `/api/puzzles/${id}/attempt`, { mv: puzzle.legal[0] });
  assert.equal(status, 200, JSON.stringify(data));
  const wrong = puzzle.legal.find((mv) => mv !== data.best);
  assert.ok(wrong, `puzzle ${id} has a move that does not win`);
  return { best: data.best, wrong, grade: puzzle.grade };
}

async function clickSquare(page, sq) {
  const box = await page.locator(`#z-board .square[data-sq="${sq}"] > rect`).boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** Plays `mv` on the puzzle's board by clicking (or its Pass button). */
async function tryMove(page, mv) {
  if (mv === 'pass') { await page.click('#z-pass'); return; }
  const [from, to] = mv.split(/[->]/);
  await page.locator('#z-board').scrollIntoViewIfNeeded();
  await clickSquare(page, from);
  await page.waitForSelector(`#z-board .target[data-sq="${to}"]`, { state: 'attached' });
  await clickSquare(page, to);
}

const boardState = (page) => page.getAttribute('#z-board', 'data-state');
const shownPuzzle = (page) => page.getAttribute('#z-board', 'data-puzzle');

/** Waits for a puzzle other than `id` to be open on the board. */
async function nextShown(page, id) {
  await page.waitForFunction((old) => {
    const b = document.querySelector('#z-board');
    return b.dataset.puzzle && b.dataset.puzzle !== old && b.dataset.state === 'open';
  }, id);
  return shownPuzzle(page);
}

const WORDS = {
  en: {
    miss: (mv) => `Not this one: ${mv} does not win. Try again, or ask for the answer.`,
    right: (mv) => `Right: ${mv} is the winning move.`,
    wrong: (mv, best) => `Not this one: ${mv} does not win. The winning move is ${best}.`,
    show: 'Show the answer',
    level: (g) => `You are at grade ${g} of 5`,
    grade: (g) => `grade ${g}`,
  },
  ru: {
    miss: (mv) => `Не этот: ${mv} не выигрывает. Попробуйте ещё раз или посмотрите ответ.`,
    right: (mv) => `Верно: ${mv} — выигрывающий ход.`,
    wrong: (mv, best) => `Не этот: ${mv} не выигрывает. Выигрывает ${best}.`,
    show: 'Показать ответ',
    level: (g) => `Ваш уровень — ${g} из 5`,
    grade: (g) => `уровень ${g}`,
  },
};

for (const [lang, viewport, size] of [['en', DESKTOP, 'desktop'], ['ru', PHONE, 'phone'], ['ru', DESKTOP, 'desktop'], ['en', PHONE, 'phone']]) {
  test(`a guest starts at the easiest grade, tries a miss again, and may ask for the answer (${lang}, ${size})`, async () => {
    await puzzlesMade();
    // The grades of the set, as forty draws of a guest without a grade find them.
    const grades = [];
    for (let i = 0; i < 40; i++) grades.push((await api('GET', '/api/puzzles/next')).data.grade);
    const easiest = Math.min(...grades);
    const words = WORDS[lang];
    const context = await contextIn(browser, lang, viewport);
    const page = await context.newPage();
    const errors = [];
    watchErrors(page, errors);
    await withScreenshots(`puzzles-${lang}-${size}`, () => [page], async () => {
      await page.goto(`${server.url}/puzzles`);
      await page.waitForSelector('#z-board[data-state="open"]');
      const first = await shownPuzzle(page);
      const one = await movesOf(first);
      assert.ok(one.grade <= easiest, `the first puzzle is of grade ${one.grade}, the easiest there is ${easiest}`);
      assert.ok((await page.textContent('#z-meta')).includes(words.grade(one.grade)));
      assert.ok((await page.textContent('#z-rating')).includes(words.level(1)));
      // A miss: told, the board open again, no solution played, the answer offered.
      await tryMove(page, one.wrong);
      await page.waitForSelector('#z-board[data-state="retry"]');
      assert.equal(await page.textContent('#z-result'), words.miss(one.wrong));
      assert.ok(await page.isVisible('#z-why'), 'why the move does not win');
      assert.equal(await page.isVisible('#z-steps'), false, 'the solution is not shown yet');
      assert.equal(await page.isVisible('#z-next'), false);
      assert.ok(await page.getByRole('button', { name: words.show, exact: true }).isVisible());
      await shot(page, `puzzle-retry-${lang}-${size}`);
      // The retry with the winning move solves it.
      await tryMove(page, one.best);
      await page.waitForSelector('#z-board[data-state="solved"]');
      assert.equal(await page.textContent('#z-result'), words.right(one.best));
      assert.equal(await page.isVisible('#z-show'), false);
      // A solve after a miss keeps the guest's grade.
      assert.ok((await page.textContent('#z-rating')).includes(words.level(1)));

      // Another puzzle: a miss, then "Show the answer" shows it and plays the solution.
      await page.click('#z-next');
      const second = await nextShown(page, first);
      const two = await movesOf(second);
      await tryMove(page, two.wrong);
      await page.waitForSelector('#z-board[data-state="retry"]');
      await page.getByRole('button', { name: words.show, exact: true }).click();
      await page.waitForSelector('#z-board[data-state="missed"]');
      assert.equal(await page.textContent('#z-result'), words.wrong(two.wrong, two.best));
      await page.waitForFunction(() => document.querySelector('#z-board').dataset.at !== '0');
      assert.ok(await page.isVisible('#z-steps'));
      await shot(page, `puzzle-answer-${lang}-${size}`);

      // A third, solved at the first try: the guest climbs a grade, kept across a reload.
      await page.click('#z-next');
      const third = await nextShown(page, second);
      const three = await movesOf(third);
      await tryMove(page, three.best);
      await page.waitForSelector('#z-board[data-state="solved"]');
      assert.equal(await page.evaluate(() => localStorage.getItem('kamisado.puzzle_grade')), '2');
      await page.reload();
      await page.waitForSelector('#z-board[data-state="open"]');
      assert.ok((await page.textContent('#z-rating')).includes(words.level(2)));
      assert.deepEqual(errors, []);
    });
    await context.close();
  });
}
