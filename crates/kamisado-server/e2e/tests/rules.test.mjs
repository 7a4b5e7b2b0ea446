// The rules page, /rules: in English and Russian at 1280×800 and 390×844 it
// passes axe, every rule R1–R14 and each optional rule set has its anchor,
// heading and words, and its small boards are drawn from the server's
// lessons; the header links to it; and a rule a game's note cites links
// to its anchor there.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import AxeBuilder from '@axe-core/playwright';
import {
  startServer, launchBrowser, withScreenshots, watchErrors, contextIn, winRoundOne, DESKTOP, PHONE, shot,
} from './helpers.mjs';

let server;
let browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

const RULES = Array.from({ length: 14 }, (_, i) => `R${i + 1}`);
const OPTIONS = ['zvezda', 'sumo-square', 'opening-limits'];
const TITLES = {
  en: { page: 'The rules of Kamisado', R7: 'R7 Passing', R12: 'R12 The push', zvezda: 'Zvezda', nav: 'Rules' },
  ru: { page: 'Правила Камисадо', R7: 'R7 Пропуск хода', R12: 'R12 Толчок', zvezda: 'Звезда', nav: 'Правила' },
};

async function audit(page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
}

for (const [lang, viewport, size] of [['en', DESKTOP, 'desktop'], ['ru', PHONE, 'phone'], ['ru', DESKTOP, 'desktop'], ['en', PHONE, 'phone']]) {
  test(`the rules page, every rule under its anchor (${lang}, ${size})`, async () => {
    const context = await contextIn(browser, lang, viewport);
    const page = await context.newPage();
    const errors = [];
    watchErrors(page, errors);
    const titles = TITLES[lang];
    await withScreenshots(`rules-${lang}-${size}`, () => [page], async () => {
      await page.goto(`${server.url}/`);
      // The header links to the rules (on a phone, under the menu's button).
      if (size === 'phone') await page.click('#menu');
      assert.equal(await page.textContent('#nav-rules'), titles.nav);
      await page.click('#nav-rules');
      await page.waitForURL(`${server.url}/rules`);
      await page.waitForSelector('#rules-page[data-ready="1"]');
      assert.equal(await page.textContent('#rules-page h1'), titles.page);
      assert.equal(await page.getAttribute('html', 'lang'), lang);

      // Every rule: a section under its number, a heading that names it, words under it.
      for (const id of [...RULES, ...OPTIONS]) {
        const section = page.locator(`section#${id}`);
        assert.equal(await section.count(), 1, `an anchor ${id}`);
        const heading = await section.locator('h3').textContent();
        if (RULES.includes(id)) assert.ok(heading.startsWith(`${id} `), `${id}: ${heading}`);
        const words = await section.locator('p').allTextContents();
        assert.ok(words.join(' ').length > 60, `${id} has its words`);
        assert.equal(await page.locator(`.rules-toc a[href="#${id}"]`).count(), 1, `${id} in the contents`);
      }
      assert.equal(await page.textContent('#R7 h3'), titles.R7);
      assert.equal(await page.textContent('#R12 h3'), titles.R12);
      assert.equal(await page.textContent('#zvezda h3'), titles.zvezda);
      // Six small boards, each with its towers and a caption; R12's shows the push.
      const boards = page.locator('.rule-figure');
      assert.equal(await boards.count(), 6);
      for (const box of await boards.all()) {
        assert.ok(await box.locator('.tower').count() >= 10);
        assert.ok((await box.locator('figcaption').textContent()).length > 30);
      }
      assert.equal(await page.locator('#R12 .target.push[data-sq="d5"]').count(), 1);
      assert.equal(await page.locator('#R7 .forced').count(), 1);
      assert.deepEqual(await audit(page), []);
      await shot(page, `rules-${lang}-${size}`);
      await page.locator('#R12').scrollIntoViewIfNeeded();
      await shot(page, `rules-R12-${lang}-${size}`);
      assert.deepEqual(errors, []);
    });
    await context.close();
  });
}

for (const [lang, viewport, size] of [['en', DESKTOP, 'desktop'], ['ru', PHONE, 'phone']]) {
  test(`a rule a game's note cites links to its anchor on the rules page (${lang}, ${size})`, async () => {
    const context = await contextIn(browser, lang, viewport);
    const page = await context.newPage();
    const errors = [];
    watchErrors(page, errors);
    await withScreenshots(`rules-link-${lang}-${size}`, () => [page], async () => {
      await page.goto(`${server.url}/`);
      await page.check('input[name=mode][value=local]');
      await page.selectOption('#target', '3');
      await page.click('#start');
      await page.waitForURL(/\/g\/[0-9a-f]{16}$/);
      await page.waitForSelector('#board .tower');
      // Black's win: the note tells the home row (R6) and the fill (R14).
      await winRoundOne(page);
      const links = await page.$$eval('#explain a.rule-link', (as) => as.map((a) => [a.textContent, a.getAttribute('href')]));
      assert.deepEqual(links, [['R6', '/rules#R6'], ['R14', '/rules#R14']]);
      assert.equal(await page.locator('#notes a.rule-link[href="/rules#R6"]').count(), 1);
      const [rules] = await Promise.all([
        context.waitForEvent('page'),
        page.locator('#explain a.rule-link', { hasText: 'R14' }).click(),
      ]);
      // The language's init script (contextIn) cannot reach the storage of
      // the new tab's first, blank document: that refusal is the test's own.
      const tabErrors = [];
      watchErrors(rules, tabErrors);
      await rules.waitForSelector('#rules-page[data-ready="1"]');
      assert.equal(new URL(rules.url()).pathname, '/rules');
      assert.equal(new URL(rules.url()).hash, '#R14');
      // The rule is in sight and marked; the game's page is still the game's.
      await rules.waitForFunction(() => {
        const r = document.getElementById('R14').getBoundingClientRect();
        return r.top >= 0 && r.top < window.innerHeight / 2;
      });
      assert.equal(await rules.getAttribute('#R14', 'class'), 'rule here');
      await shot(rules, `rules-linked-${lang}-${size}`);
      assert.match(page.url(), /\/g\/[0-9a-f]{16}$/);
      await rules.close();
      assert.deepEqual(errors, []);
      assert.deepEqual(tabErrors.filter((e) => !/localStorage.*Access is denied/.test(e)), []);
    });
    await context.close();
  });
}
