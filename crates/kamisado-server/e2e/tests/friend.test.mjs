// A game with a friend in two browser contexts, with a watcher in a third:
// moves by click, drag and keyboard, seen by everyone at once; then a takeback
// offer accepted and a resignation.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer, launchBrowser, withScreenshots, watchErrors, gameState, waitForN, clickMove,
  dragMove, keyboardMove,
} from './helpers.mjs';

let server;
let browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

test('two players in two browser contexts and a watcher', async () => {
  const ann = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const ben = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const eve = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const errors = [];
  for (const p of [ann, ben, eve]) watchErrors(p, errors);
  await withScreenshots('friend', () => [ann, ben, eve], async () => {
    await ann.goto(`${server.url}/`);
    await ann.check('input[name=mode][value=friend]');
    await ann.check('input[name=colour][value=black]');
    await ann.fill('#name', 'Ann <b>bold</b>');
    await ann.click('#start');
    await ann.waitForSelector('#invite-card:not([hidden])');
    const invite = await ann.inputValue('#invite-link');
    assert.match(invite, /\/g\/[0-9a-f]{16}#seat=[0-9a-f]{32}$/);
    const watch = invite.split('#')[0];

    await ben.goto(invite);
    await ben.waitForSelector('#board .tower');
    // The seat key leaves the address bar once it is remembered.
    assert.equal(new URL(ben.url()).hash, '');
    await ben.fill('#my-name', 'Ben');
    await ben.click('#name-form button');
    await eve.goto(watch);
    await eve.waitForSelector('#board .tower');
    // The name is shown as text, never as markup.
    await eve.waitForFunction(() => document.querySelector('#bottom-player .name').textContent === 'Ann <b>bold</b>');
    assert.equal(await eve.locator('#bottom-player b').count(), 0);
    await ann.waitForFunction(() => document.querySelector('#top-player .name').textContent === 'Ben');

    // Ann (Black) moves by clicking.
    await clickMove(ann, 'd1-d6');
    for (const p of [ann, ben, eve]) await waitForN(p, 1);
    // Ben (Gold) sees the board turned and moves by dragging.
    let s = await gameState(ben);
    assert.equal(s.to_act, 'w');
    await dragMove(ben, s.legal[0]);
    for (const p of [ann, ben, eve]) await waitForN(p, 2);
    // Ann moves with the keyboard.
    s = await gameState(ann);
    await keyboardMove(ann, s.legal[0]);
    for (const p of [ann, ben, eve]) await waitForN(p, 3);
    // The watcher is offered no move.
    assert.equal(await eve.locator('#resign').isHidden(), true);
    assert.equal(await eve.locator('#type-move').isHidden(), true);

    // Ann asks to take her move back; Ben accepts.
    await ann.click('#takeback');
    await ben.waitForSelector('#takeback-offer:not([hidden])');
    await ben.click('#takeback-accept');
    await eve.waitForFunction(() => document.querySelector('#board').dataset.n === '2');
    s = await gameState(eve);
    assert.equal(s.n, 2);
    assert.equal(s.to_act, 'b');

    // Ben resigns (two clicks), and everyone sees the end.
    await ben.click('#resign');
    await ben.click('#resign');
    for (const p of [ann, ben, eve]) {
      await p.waitForSelector('#round-end:not([hidden])');
      assert.match(await p.textContent('#round-end-title'), /^Ann <b>bold<\/b> wins$/);
      assert.match(await p.textContent('#round-end-text'), /Gold resigned: Black wins/);
    }
    assert.deepEqual(errors, []);
  });
});

test('an illegal typed move is refused with a reason, in the reader\'s language, and told', async () => {
  // The rule the move breaks, in the reader's words.
  for (const [lang, words] of [['en', /^a1-b1 is illegal: towers move only forward \(R3\)$/],
    ['ru', /^ход a1-b1 невозможен: башни ходят только вперёд \(R3\)$/]]) {
    const context = await browser.newContext();
    await context.addInitScript((l) => localStorage.setItem('kamisado.lang', l), lang);
    const page = await context.newPage();
    await withScreenshots(`refusal-${lang}`, () => [page], async () => {
      await page.goto(`${server.url}/`);
      await page.check('input[name=mode][value=local]');
      await page.click('#start');
      await page.waitForSelector('#board .tower');
      await page.fill('#move-input', 'a1-b1');
      await page.click('#type-move button');
      await page.waitForSelector('#error:not([hidden])');
      const told = await page.textContent('#error');
      assert.match(told, words);
      if (lang === 'ru') assert.doesNotMatch(told.replace(/[a-h]\d-[a-h]\d|\bR\d+\b/g, ''), /[A-Za-z]/, 'no English in the Russian refusal');
      assert.equal(await page.locator('#announce p').last().textContent(), told, 'the refusal is told to a screen reader');
      const s = await gameState(page);
      assert.equal(s.n, 0);
    });
    await context.close();
  }
});
