// Learning to play in the browser: two lessons completed by clicking (one
// after a wrong try, its reason read and tried again), the progress kept
// over a reload; a puzzle solved and another missed by clicking, the
// solution played out; the danger view on one screen marking a move that
// loses at once; and the review of that game, whose turning point the page
// jumps to and explains.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer, launchBrowser, withScreenshots, watchErrors, gameState, waitForN, clickMove, squareCentre,
  DESKTOP, PHONE, shot, chooseLanguage
} from './helpers.mjs';


let server;
let browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

/** A JSON request to the server from the test itself (not the page). */
async function api(method, url, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const res = await fetch(`${server.url}${url}`, init);
  const data = await res.json().catch(() => null);
  return { status: res.status, data };
}

/** Clicks a square of the board `board` (an svg's id). */
async function clickSquare(page, board, sq) {
  const box = await page.locator(`#${board} .square[data-sq="${sq}"] > rect`).boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** Plays `mv` on the board `board` by clicking its tower, then its target. */
async function clickOn(page, board, mv) {
  const [from, to] = mv.split(/[->]/);
  await page.locator(`#${board}`).scrollIntoViewIfNeeded();
  await clickSquare(page, board, from);
  await page.waitForSelector(`#${board} .target[data-sq="${to}"]`, { state: 'attached' });
  await clickSquare(page, board, to);
}

/** Each legal move of a lesson tried from the test: one that passes, and a wrong one with its answer. */
async function lessonAnswers(lesson) {
  let right = null;
  let wrong = null;
  for (const mv of lesson.legal) {
    const { status, data } = await api('POST', `/api/lessons/${lesson.id}/try`, { mv });
    assert.equal(status, 200, `trying ${mv} in ${lesson.id}: ${JSON.stringify(data)}`);
    if (data.passed && !right) right = mv;
    if (!data.passed && !wrong) wrong = { mv, answer: data };
    if (right && wrong) break;
  }
  return { right, wrong };
}

test('two lessons done by clicking, one after a wrong try; the progress survives a reload', async () => {
  const { data } = await api('GET', '/api/lessons');
  const ids = data.lessons.map((l) => l.id);
  assert.deepEqual(ids, ['move', 'forced', 'pass', 'home', 'safe', 'deadlock', 'sumo', 'points']);
  const [move, forced] = data.lessons;
  const first = await lessonAnswers(move);
  const second = await lessonAnswers(forced);
  assert.ok(first.right && second.right && second.wrong, 'each lesson has a right move, the second a wrong one');

  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const errors = [];
  watchErrors(page, errors);
  await withScreenshots('learning-lessons', () => [page], async () => {
    await page.goto(`${server.url}/`);
    await page.click('#nav-learn');
    await page.waitForURL(`${server.url}/learn`);
    await page.waitForSelector('#learn[data-ready="1"]');
    assert.equal(await page.textContent('#l-title'), 'Moving a tower');
    assert.equal(await page.textContent('#l-task'), `Move a tower to ${move.task.square}.`);
    assert.equal(await page.locator('#l-list li').count(), 8);
    await shot(page, 'learn-desktop');

    // The first lesson, right at once; the tower slides to its square.
    await clickOn(page, 'l-board', first.right);
    await page.waitForSelector('#l-board[data-state="passed"]');
    assert.equal(await page.textContent('#l-result'), 'Right: the task is done.');
    await page.waitForSelector('#l-list li[data-id="move"][data-passed="1"]');
    assert.equal(await page.textContent('#l-list li[data-id="move"] .tick'), '✓');
    await page.click('#l-next');

    // The second: a wrong try, its reason in words, then try again and pass.
    await page.waitForSelector('#l-board[data-lesson="forced"][data-state="open"]');
    assert.equal(await page.textContent('#l-title'), 'The forced colour');
    await clickOn(page, 'l-board', second.wrong.mv);
    await page.waitForSelector('#l-board[data-state="failed"]');
    const told = await page.textContent('#l-result');
    const expected = await page.evaluate(async ([reason, mover]) => {
      const i18n = await import('/assets/i18n.js');
      return i18n.reasonWords(reason, mover);
    }, [second.wrong.answer.reason, forced.start.to_act]);
    assert.equal(told, expected);
    assert.ok(told.length > 20, `a reason in words: ${told}`);
    const reason = second.wrong.answer.reason;
    if (reason.kind === 'hands_win') {
      assert.equal(told, `This hands Gold the ${reason.colour} tower on ${reason.square}, and it reaches your home row: ${reason.reply}.`);
    } else if (reason.kind === 'wrong_colour') {
      const an = /^[aeiou]/.test(reason.colour) ? 'an' : 'a';
      assert.equal(told, `That move lands on ${an} ${reason.colour} square: the task asks for another colour.`);
    }
    await shot(page, 'learn-wrong-desktop');
    // In Russian too.
    await chooseLanguage(page, 'ru');
    assert.equal(await page.textContent('#l-title'), 'Обязательный цвет');
    assert.notEqual(await page.textContent('#l-result'), told);
    assert.match(await page.textContent('#l-result'), /[а-я]/);
    await chooseLanguage(page, 'en');
    await page.click('#l-again');
    await page.waitForSelector('#l-board[data-state="open"]');
    assert.equal(await page.isHidden('#l-result'), true);
    await clickOn(page, 'l-board', second.right);
    await page.waitForSelector('#l-board[data-state="passed"]');
    await page.waitForSelector('#l-list li[data-id="forced"][data-passed="1"]');
    assert.equal(await page.textContent('#l-count'), '2 of 8 done');

    // A reload keeps both ticks and opens the first lesson not passed.
    await page.goto(`${server.url}/learn`);
    await page.waitForSelector('#learn[data-ready="1"]');
    const passed = await page.locator('#l-list li[data-passed="1"]').evaluateAll((lis) => lis.map((li) => li.dataset.id));
    assert.deepEqual(passed, ['move', 'forced']);
    assert.equal(await page.getAttribute('#l-board', 'data-lesson'), 'pass');
    assert.deepEqual(errors, []);
  });
  await context.close();

  // On a phone, in Russian: the task above the board, no sideways scroll.
  const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const small = await phone.newPage();
  await small.goto(`${server.url}/learn?lesson=forced`);
  await chooseLanguage(small, 'ru');
  await small.waitForSelector('#learn[data-ready="1"]');
  assert.equal(await small.textContent('#l-title'), 'Обязательный цвет');
  await shot(small, 'learn-phone-ru', true);
  const width = await small.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= PHONE.width, `no sideways scroll on the lessons (${width})`);
  await phone.close();
});

/** A puzzle, once the server has made its puzzles (in the background, at its first start). */
async function nextPuzzle(after = '') {
  const deadline = Date.now() + 120000;
  for (;;) {
    const { status, data } = await api('GET', `/api/puzzles/next${after ? `?after=${after}` : ''}`);
    if (status === 200) return data;
    assert.ok(Date.now() < deadline, `no puzzle after two minutes: ${status} ${JSON.stringify(data)}`);
    await new Promise((r) => { setTimeout(r, 500); });
  }
}

/** The winning move of a puzzle, as the server tells it after an attempt from the test. */
async function solutionOf(puzzle) {
  const { status, data } = await api('POST', `/api/puzzles/${puzzle.id}/attempt`, { mv: puzzle.legal[0] });
  assert.equal(status, 200, JSON.stringify(data));
  return data;
}

test('a puzzle solved by clicking and another missed; each solution is played out', async () => {
  const puzzle = await nextPuzzle();
  const known = await solutionOf(puzzle);
  const best = known.best;
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const errors = [];
  watchErrors(page, errors);
  await withScreenshots('learning-puzzles', () => [page], async () => {
    await page.goto(`${server.url}/`);
    await page.click('#nav-puzzles');
    await page.waitForSelector('#puzzles[data-ready="1"]');
    await page.goto(`${server.url}/puzzles/${puzzle.id}`);
    await page.waitForSelector(`#z-board[data-puzzle="${puzzle.id}"][data-state="open"]`);
    const mover = puzzle.side === 'w' ? 'Gold' : 'Black';
    assert.equal(await page.textContent('#z-prompt'), `${mover} to move and win.`);
    assert.match(await page.textContent('#z-meta'), new RegExp(`^Puzzle rating ${Math.round(puzzle.rating)} · grade ${puzzle.grade}`));
    assert.match(await page.textContent('#z-rating'), /^Sign in to have your puzzles rated\. You are at grade 1 of 5/);
    if (best === 'pass') await page.click('#z-pass');
    else await clickOn(page, 'z-board', best);
    await page.waitForSelector('#z-board[data-state="solved"]');
    assert.equal(await page.textContent('#z-result'), `Right: ${best} is the winning move.`);
    // The solution plays out to its end, a move at a time.
    const steps = known.solution.length;
    await page.waitForSelector(`#z-board[data-at="${steps}"]`);
    assert.equal(await page.textContent('#z-where'), `Move ${steps} of ${steps}`);
    await shot(page, 'puzzle-solved-desktop');
    await page.click('#z-prev');
    await page.waitForSelector(`#z-board[data-at="${steps - 1}"]`);
    await page.click('#z-first');
    await page.waitForSelector('#z-board[data-at="0"]');
    await page.click('#z-next-step');
    await page.waitForSelector('#z-board[data-at="1"]');

    // The next puzzle: a wrong move, told why; the answer asked for, then its solution.
    await page.click('#z-next');
    await page.waitForFunction((id) => {
      const b = document.querySelector('#z-board');
      return b.dataset.puzzle && b.dataset.puzzle !== id && b.dataset.state === 'open';
    }, puzzle.id);
    const second = await page.getAttribute('#z-board', 'data-puzzle');
    assert.equal(new URL(page.url()).pathname, `/puzzles/${second}`);
    const { data: other } = await api('GET', `/api/puzzles/${second}`);
    const secondBest = (await solutionOf(other)).best;
    const miss = other.legal.find((mv) => mv !== secondBest);
    assert.ok(miss, 'the second puzzle has a move that does not win');
    if (miss === 'pass') await page.click('#z-pass');
    else await clickOn(page, 'z-board', miss);
    await page.waitForSelector('#z-board[data-state="retry"]');
    assert.equal(await page.textContent('#z-result'), `Not this one: ${miss} does not win. Try again, or ask for the answer.`);
    assert.ok((await page.textContent('#z-why')).startsWith(miss), 'why the move does not win');
    await page.click('#z-show');
    await page.waitForSelector('#z-board[data-state="missed"]');
    assert.equal(await page.textContent('#z-result'), `Not this one: ${miss} does not win. The winning move is ${secondBest}.`);
    await page.waitForFunction(() => {
      const b = document.querySelector('#z-board');
      return b.dataset.at !== '0' && document.querySelector('#z-next-step').disabled;
    });
    await shot(page, 'puzzle-missed-desktop');
    assert.deepEqual(errors, []);
  });
  await context.close();

  const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const small = await phone.newPage();
  await small.goto(`${server.url}/puzzles/${puzzle.id}`);
  await chooseLanguage(small, 'ru');
  await small.waitForSelector(`#z-board[data-puzzle="${puzzle.id}"]`);
  assert.match(await small.textContent('#z-prompt'), /начинают и выигрывают/);
  await shot(small, 'puzzle-phone-ru', true);
  const width = await small.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= PHONE.width, `no sideways scroll on the puzzles (${width})`);
  await phone.close();
});

/** The danger of every move of the tower on `from` in the game state `s`, asked from the test. */
async function dangerOf(s, from) {
  const { status, data } = await api('POST', '/api/danger', { position: s.fen, from, rules: s.rules });
  assert.equal(status, 200, JSON.stringify(data));
  return data.moves;
}

/** How far forward a move goes, for the side that makes it. */
function reach(mv, sideCode) {
  const [from, to] = mv.split(/[->]/);
  const d = Number(to.slice(1)) - Number(from.slice(1));
  return sideCode === 'b' ? d : -d;
}

/**
 * Plays a game on one screen by clicking until the tower to move has both a
 * move that wins at once and one that loses at once, never playing a move
 * that wins or loses at once on the way; from a position where no such move
 * is left it takes moves back (undo) and tries the next one. Wins and losses
 * at once are found without the solver, so the game does not depend on its
 * budget. Returns that state and the tower's moves with their danger.
 */
async function playToAChoice(page) {
  // For each move played: the moves that could be played there, and which one was.
  const path = [];
  const undo = async () => {
    const { n } = await gameState(page);
    await page.click('#undo');
    await page.waitForFunction((want) => Number(document.querySelector('#board')?.dataset.n) === want, n - 1);
  };
  const play = async (mv) => {
    const { n } = await gameState(page);
    await page.waitForSelector('#board[data-myturn="1"]');
    await clickMove(page, mv);
    await waitForN(page, n + 1);
  };
  for (let step = 0; step < 400; step++) {
    const s = await gameState(page);
    let candidates = [];
    if (s.status === 'playing') {
      if (s.legal.length === 1 && s.legal[0] === 'pass') {
        candidates = ['pass'];
      } else {
        const froms = s.forced ? [s.forced] : [...new Set(s.legal.filter((m) => m !== 'pass').map((m) => m.split('-')[0]))];
        for (const from of froms) {
          const moves = await dangerOf(s, from);
          const verdicts = new Set(moves.map((m) => m.verdict));
          if (verdicts.has('wins') && verdicts.has('loses_at_once')) return { s, from, moves };
          const open = moves.filter((m) => m.verdict !== 'wins' && m.verdict !== 'loses_at_once');
          candidates = candidates.concat(open.map((m) => m.mv));
        }
        // The shortest first, then by name.
        candidates.sort((a, b) => reach(a, s.to_act) - reach(b, s.to_act) || (a < b ? -1 : 1));
      }
    }
    if (candidates.length > 0) {
      path.push({ candidates, i: 0 });
      await play(candidates[0]);
      continue;
    }
    // A dead end: back to the last move that had another choice.
    while (path.length > 0 && path[path.length - 1].i + 1 >= path[path.length - 1].candidates.length) {
      path.pop();
      await undo();
    }
    assert.ok(path.length > 0, 'some line reaches a tower with a winning and a losing move');
    const last = path[path.length - 1];
    last.i += 1;
    await undo();
    await play(last.candidates[last.i]);
  }
  throw new Error('no position with a winning and a losing move within 400 steps');
}

test('the danger view marks a move that loses at once; the review jumps to that turning point', async () => {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const errors = [];
  watchErrors(page, errors);
  await withScreenshots('learning-danger', () => [page], async () => {
    await page.goto(`${server.url}/`);
    await page.check('input[name=mode][value=local]');
    await page.selectOption('#target', '1');
    await page.click('#start');
    await page.waitForURL(/\/g\/[0-9a-f]{16}$/);
    await page.waitForSelector('#board .tower');
    const id = new URL(page.url()).pathname.split('/')[2];
    const { s, from, moves } = await playToAChoice(page);
    const losing = moves.find((m) => m.verdict === 'loses_at_once');
    const winning = moves.find((m) => m.verdict === 'wins');

    // The danger view: the tower selected, its targets marked, one red.
    assert.equal(await page.isVisible('#danger-row'), true);
    assert.equal(await page.isHidden('#danger-legend'), true);
    const boardBefore = await page.locator('#board').boundingBox();
    await page.check('#danger-on');
    // The legend says each verdict by its mark, in words; the board does not move.
    assert.equal(await page.textContent('#danger-legend'), '✓ green: safe · ✕ red: loses at once · N orange: lost in N plies · ★ gold: wins');
    const a = await squareCentre(page, from);
    await page.mouse.click(a.x, a.y);
    await page.waitForSelector(`#board .danger[data-sq="${losing.to}"][data-verdict="loses_at_once"]`, { state: 'attached' });
    assert.equal(await page.getAttribute(`#board .danger[data-sq="${winning.to}"]`, 'data-verdict'), 'wins');
    // Each verdict has its badge: a cross for the losing move, a star for the winning one.
    assert.equal(await page.locator(`#board .danger[data-sq="${losing.to}"] .danger-glyph`).count(), 1);
    assert.equal(await page.locator(`#board .danger[data-sq="${winning.to}"] .danger-glyph`).count(), 1);
    await page.waitForSelector('#danger-line:not([hidden])');
    assert.deepEqual(await page.locator('#board').boundingBox(), boardBefore, 'the board keeps its place and size with the danger view on');
    // The reason in words: the tooltip, and the line under the board on pointing at it.
    const mover = s.to_act === 'b' ? 'Black' : 'Gold';
    const opp = s.to_act === 'b' ? 'Gold' : 'Black';
    const words = `${losing.mv} hands ${opp} the ${losing.colour} tower on ${losing.tower}, which wins at once: ${losing.reply}.`;
    assert.equal(await page.textContent(`#board .danger[data-sq="${losing.to}"] title`), words);
    const b = await squareCentre(page, losing.to);
    await page.mouse.move(b.x, b.y);
    await page.waitForFunction((w) => document.querySelector('#danger-line').textContent === w, words);
    await shot(page, 'danger-desktop');
    // The toggle is remembered.
    assert.equal(await page.evaluate(() => localStorage.getItem('kamisado.danger')), '1');

    // The losing move is played, and the other side wins with the reply.
    await page.mouse.click(b.x, b.y);
    await waitForN(page, s.n + 1);
    await page.waitForSelector('#board[data-myturn="1"]');
    await clickMove(page, losing.reply);
    await page.waitForSelector('#board[data-status="over"]');
    await page.waitForSelector('#review-over:not([hidden])');
    assert.equal(await page.isVisible('#review'), true);

    // The review: the turning point marked, jumped to and explained.
    await page.click('#review-over');
    await page.waitForURL(`${server.url}/analysis?game=${id}`);
    await page.waitForSelector('#a-board[data-review="1"]', { timeout: 90000 });
    const turning = await page.locator('#a-steps li.turning').evaluateAll((lis) => lis.map((li) => Number(li.dataset.step)));
    assert.ok(turning.includes(s.n + 1), `the losing move ${s.n + 1} is a turning point: ${turning}`);
    await page.click('#a-turning');
    // "Turning point" shows the position before the first one's move.
    await page.waitForFunction((n) => document.querySelector('#a-where').textContent.startsWith(`${n} /`), turning[0] - 1);
    if (turning[0] !== s.n + 1) await page.click(`#a-steps li[data-step="${s.n + 1}"] button`);
    const explained = await page.textContent('#a-turn-text');
    const wins = moves.filter((m) => m.verdict === 'wins').map((m) => m.mv);
    const best = explained.match(/^(Black|Gold) could win in 1 with (\S+); (\S+) loses in 2\.$/);
    assert.ok(best, `the turning point explained: ${explained}`);
    assert.deepEqual([best[1], best[3]], [mover, losing.mv]);
    assert.ok(wins.includes(best[2]), `${best[2]} is one of the winning moves ${wins}`);
    await shot(page, 'review-desktop');
    await chooseLanguage(page, 'ru');
    assert.equal(await page.textContent('#a-turn-text'),
      `${mover === 'Black' ? 'Чёрные' : 'Золотые'} могли выиграть за 1 полуход ходом ${best[2]}; ${losing.mv} проигрывает за 2 полухода.`);
    await chooseLanguage(page, 'en');

    // "Try again from here": the turning point's position on the board, its
    // best move not shown, the player's own move asked (a guest has no puzzle of it).
    await page.click('#a-try');
    await page.waitForSelector('#a-board[data-line="0"]');
    assert.equal(await page.textContent('#a-turn-text'), `Your try: play ${mover}'s move on the board.`);
    assert.equal(await page.locator('#a-board .hint-from').count(), 0);
    assert.equal(await page.isHidden('#a-puzzle'), true);
    const towers = (list) => list.map((x) => `${x.sq}:${x.side}:${x.colour}`).sort();
    assert.deepEqual(await page.$$eval('#a-board .tower', (ts) => ts.map((x) => ({ sq: x.dataset.sq, side: x.dataset.side, colour: x.dataset.colour })))
      .then(towers), towers(s.towers));
    // The analysis board's danger view marks the winning move there; played, the try is right.
    await page.evaluate(() => window.scrollTo(0, 0));
    const c = await page.locator(`#a-board .square[data-sq="${from}"] > rect`).boundingBox();
    await page.mouse.click(c.x + c.width / 2, c.y + c.height / 2);
    await page.waitForSelector(`#a-board .danger[data-sq="${winning.to}"][data-verdict="wins"]`, { state: 'attached' });
    await page.waitForSelector(`#a-board .target[data-sq="${winning.to}"]`, { state: 'attached' });
    const w = await page.locator(`#a-board .square[data-sq="${winning.to}"] > rect`).boundingBox();
    await page.mouse.click(w.x + w.width / 2, w.y + w.height / 2);
    await page.waitForSelector('#a-board[data-line="1"]');
    assert.match(await page.textContent('#a-turn-text'), new RegExp(`^Right: ${winning.mv} wins \\(${mover} wins in 1\\)\\.$`));
    assert.equal(await page.locator('#a-line li').count(), 1);
    await shot(page, 'review-try-desktop');
    assert.deepEqual(errors, []);
  });
  await context.close();
});
