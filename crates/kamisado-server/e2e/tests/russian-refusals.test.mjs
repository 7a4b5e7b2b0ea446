// The server's refusals on the Russian page, told in Russian from their
// codes and params: a name too short and a password too short at sign-up,
// a wrong password at sign-in, a challenge to no one and a clock too short,
// a pasted text on the analysis board that is neither a record nor a
// position, a record whose move breaks a rule, and a typed move that
// breaks one in a game; on a phone and on a desktop, with a screenshot of each.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer, launchBrowser, withScreenshots, watchErrors, contextIn, DESKTOP, PHONE, shot,
} from './helpers.mjs';

let server;
let browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

// Notation: a move (c1-c6, d5>d6), a square, a rule's number (R3).
const NOTATION = /\b[a-j](?:10|[1-9])(?:[-–>→][a-j](?:10|[1-9]))?\b|\bR\d+\b/g;

/** The text of the refusal shown in `selector`, once it is shown. */
async function refusal(page, selector) {
  await page.waitForSelector(`${selector}:not([hidden])`);
  return page.textContent(selector);
}

/** Fails unless `text` has no Latin letter once `shown` (names, notation) is taken out. */
function russianOnly(text, shown = []) {
  let left = text;
  for (const s of shown) left = left.split(s).join(' ');
  assert.doesNotMatch(left.replace(NOTATION, ' '), /[A-Za-z]/, `English in «${text}»`);
}

for (const [viewport, size] of [[DESKTOP, 'desktop'], [PHONE, 'phone']]) {
  test(`the Russian page tells the server's refusals in Russian (${size})`, async () => {
    const context = await contextIn(browser, 'ru', viewport);
    const page = await context.newPage();
    const errors = [];
    watchErrors(page, errors);
    const name = size === 'desktop' ? 'Вера' : 'Глеб';
    await withScreenshots(`russian-refusals-${size}`, () => [page], async () => {
      await page.goto(`${server.url}/`);
      await page.click('#tab-sign-up');
      // A name of one letter: the count in its form, the limits.
      await page.fill('#sign-up-name', 'x');
      await page.fill('#sign-up-password', 'vera-secret-1');
      await page.click('#sign-up-go');
      const short = await refusal(page, '#sign-up .error');
      assert.equal(short, 'Учётная запись не создана: в имени x 1 символ, а нужно от 2 до 20');
      await page.locator('#sign-up .error').scrollIntoViewIfNeeded();
      await shot(page, `russian-refusal-${size}`);
      // A password of five characters.
      await page.fill('#sign-up-name', name);
      await page.fill('#sign-up-password', 'short');
      await page.click('#sign-up-go');
      await page.waitForFunction(() => /в пароле/.test(document.querySelector('#sign-up .error').textContent));
      assert.equal(await page.textContent('#sign-up .error'),
        'Учётная запись не создана: в пароле 5 символов, а нужно не меньше 8');
      // The account made; out, and in again with a wrong password.
      await page.fill('#sign-up-password', 'vera-secret-1');
      await page.click('#sign-up-go');
      await page.waitForFunction((n) => document.querySelector('#account-name')?.textContent === n, name);

      // A challenge to a player there is not, and one with a clock of 5 s.
      await page.click('#ch-new summary');
      await page.fill('#ch-opponent', 'Никто');
      await page.click('#ch-create');
      assert.equal(await refusal(page, '#ch-error'), 'Вызов не создан: игрока с именем Никто нет');
      await page.fill('#ch-opponent', '');
      await page.check('input[name=ch-time][value=clock]');
      await page.fill('#ch-min', '0');
      await page.fill('#ch-sec', '5');
      await page.click('#ch-create');
      await page.waitForFunction(() => /часов/.test(document.querySelector('#ch-error').textContent));
      const clock = await page.textContent('#ch-error');
      assert.equal(clock, 'Вызов не создан: начальное время часов — от 15 секунд до 3 часов (10800 с), а не 5 с');

      await page.click('#sign-out');
      await page.waitForSelector('#sign-in:not([hidden])');
      await page.fill('#sign-in-name', name);
      await page.fill('#sign-in-password', 'not-her-password');
      await page.click('#sign-in-go');
      const wrong = await refusal(page, '#sign-in .error');
      assert.equal(wrong, 'Войти не удалось: неверное имя или пароль');

      // The analysis board: text that is neither a record nor a position.
      await page.goto(`${server.url}/analysis`);
      await page.fill('#a-text', 'obvpyrgn/8/8 b');
      await page.click('#a-go');
      const pasted = await refusal(page, '#a-error');
      assert.equal(pasted, 'это ни запись партии, ни позиция: нужно от 3 до 5 полей через одиночные пробелы '
        + '(доска, чья очередь, обязательный цвет, при желании полуходы дебюта и счёт матча), а здесь «obvpyrgn/8/8 b»');
      // A record whose second move goes sideways: the rule it breaks.
      await page.fill('#a-text', ['[Event "Test"]', '[Date "2026.01.01"]', '[Black "Ann"]', '[White "Ben"]',
        '[Rules "standard"]', '[Target "1"]', '[Result "*"]', '', 'round 1', '1. d1-d6 2. f8-g8', ''].join('\n'));
      await page.click('#a-go');
      await page.waitForFunction(() => /R3/.test(document.querySelector('#a-error').textContent));
      const record = await page.textContent('#a-error');
      assert.equal(record, 'запись партии: ход 2 в раунде 1 невозможен: башни ходят только вперёд (R3)');
      for (const text of [short, clock, wrong, pasted, record]) russianOnly(text, ['obvpyrgn/8/8 b', 'x']);
      await page.locator('#a-error').scrollIntoViewIfNeeded();
      await shot(page, `russian-refusal-analysis-${size}`);
      // Refused requests show in the console as failed loads, nothing else.
      assert.deepEqual(errors.filter((e) => !/status of (400|401|404)/.test(e)), []);
    });
    await context.close();
  });
}
