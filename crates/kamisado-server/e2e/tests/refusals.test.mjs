// The server's refusals in the page's words, without a browser: for every
// code of the wire's table (fixtures/refusals.json, written by
// kamisado-wire's tests/refusals.rs) the English and Russian modules have
// words, the English ones are the server's own template and tell every
// example as the server does, and the Russian ones tell every example with
// no English word outside the notation (moves, squares, fields, routes and
// ids, numbers, the names people chose).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as en from '../../assets/en.js';
import * as ru from '../../assets/ru.js';
import { refusalWords, setLanguage, loadLanguage } from '../../assets/i18n.js';

// Both languages at hand, so that `setLanguage` switches at once.
await loadLanguage('en');
await loadLanguage('ru');

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = JSON.parse(fs.readFileSync(path.join(here, '..', 'fixtures', 'refusals.json'), 'utf8'));
const codes = new Map(fixture.codes.map((c) => [c.code, c]));
const LANGS = { en, ru };

/** Every place of a template as [param, form]. */
const places = (template) => [...template.matchAll(/\{(\w+)(?::(\w+))?\}/g)].map((m) => [m[1], m[2]]);

/** The refusal in `lang`'s words. */
function told(r, lang) {
  setLanguage(lang);
  try { return refusalWords(r); } finally { setLanguage('en'); }
}

test('every code has words in English and Russian, and no words are for a code there is not', () => {
  const missing = [];
  for (const [code] of codes) {
    for (const [lang, module] of Object.entries(LANGS)) {
      if (typeof module.words[`refusal.${code}`] !== 'string') missing.push(`${lang}: refusal.${code}`);
    }
  }
  assert.deepEqual(missing, []);
  for (const [lang, module] of Object.entries(LANGS)) {
    // A code with a move may have words of its own for a pass (`refusal.CODE.pass`).
    const coded = (k) => codes.has(k) || (k.endsWith('.pass') && codes.get(k.slice(0, -5))?.params.some((p) => p.name === 'mv'));
    const stray = Object.keys(module.words)
      .filter((k) => k.startsWith('refusal.') && !coded(k.slice('refusal.'.length)));
    assert.deepEqual(stray, [], `${lang} has words for codes the server does not send`);
  }
});

test('the English words are the server\'s templates, and every choice has words in both', () => {
  for (const [code, c] of codes) assert.equal(en.words[`refusal.${code}`], c.template, code);
  for (const [param, values] of Object.entries(fixture.choices)) {
    for (const [value, words] of values) {
      assert.equal(en.words[`choice.${param}.${value}`], words, `${param}=${value}`);
      assert.ok(ru.words[`choice.${param}.${value}`], `ru: choice.${param}.${value}`);
    }
  }
});

test('each language\'s words place only the code\'s params, in forms the language has', () => {
  const wrong = [];
  for (const [code, c] of codes) {
    const kinds = Object.fromEntries(c.params.map((p) => [p.name, p.kind]));
    for (const [lang, module] of Object.entries(LANGS)) {
      for (const [p, form] of places(`${module.words[`refusal.${code}`]} ${module.words[`refusal.${code}.pass`] ?? ''}`)) {
        const kind = kinds[p];
        const ok = kind !== undefined && (!form
          || (kind === 'number' && module.units[form])
          || (kind === 'side' && form === 'gen')
          || (kind === 'seconds' && form === 'acc'));
        if (!ok) wrong.push(`${lang} ${code}: {${p}${form ? `:${form}` : ''}}`);
      }
    }
  }
  assert.deepEqual(wrong, []);
});

test('the page\'s English of every example is the server\'s', () => {
  const wrong = fixture.examples
    .map((r) => [told(r, 'en'), r.error])
    .filter(([page, server]) => page !== server)
    .map(([page, server]) => `page:   ${page}\nserver: ${server}`);
  assert.deepEqual(wrong, [], wrong.slice(0, 5).join('\n\n'));
});

// Notation: a move (c1-c6, d5>d6, pass), a square, a rule number, a side's
// code before its name (b (Чёрные)), the two acronyms the page's Russian
// uses as Russian does (API, JSON), and a record's own words (NOTATION.md),
// which a record is written in whatever the reader's language: the names of
// its tags, its rule sets, a round's line with its fill sides, and the
// endings of a round.
const RECORD = /\b(?:Board|FEN|Rules|Target|Result)\b|\b(?:standard|sumo-square|zvezda)\b|\+opening-limits\b|\bround \d+(?: fill: left\|right)?|\b(?:left|right)\b|\b(?:home row|deadlock|resignation|time)\b/;
const NOTATION = new RegExp(`\\b[a-j](?:10|[1-9])(?:[-–>→][a-j](?:10|[1-9]))?\\b|\\bpass\\b|\\bR\\d+\\b|\\b[bw](?= \\()|\\bAPI\\b|\\bJSON\\b|${RECORD.source}`, 'g');

// The fields of a cause that hold the reader's own text (or a board's
// colour letters), shown as they are.
const OWN = ['part', 'tag', 'text', 'found', 'run', 'ch', 'letters'];

/** The reader's own text a cause holds, in causes held in it too. */
function ownText(cause) {
  if (!cause || typeof cause !== 'object') return [];
  const own = OWN.filter((k) => typeof cause[k] === 'string').map((k) => cause[k]);
  return own.concat(...Object.values(cause).map(ownText));
}

test('the Russian of every example tells it with no English word outside the notation', () => {
  const wrong = [];
  for (const r of fixture.examples) {
    const words = told(r, 'ru');
    const { params } = codes.get(r.code);
    // The notation and names a refusal carries are shown as they are; its
    // English words (a parser's) must not be shown at all.
    // (The longest first, so that one holding another goes whole.)
    const shown = params.filter(({ kind }) => kind === 'notation' || kind === 'name')
      .map(({ name }) => String(r.params[name]));
    // A cause's own text (its `part`, a record's `tag` …) is shown as it is too.
    shown.push(...ownText(r.params.cause));
    shown.sort((a, b) => b.length - a.length);
    let left = words;
    for (const value of shown) left = left.split(value).join(' ');
    left = left.replace(NOTATION, ' ');
    if (!words || words === r.error || /[A-Za-z]/.test(left)) wrong.push(`${r.code}: ${words}`);
  }
  assert.deepEqual(wrong, [], `${wrong.length} Russian refusals hold English:\n${wrong.slice(0, 8).join('\n')}`);
});

test('counts, spans and characters take the forms Russian gives them', () => {
  const ru1 = (code, params) => told({ code, params, error: '' }, 'ru');
  assert.equal(ru1('name_too_short', { name: 'x', length: 1, min: 2, max: 20 }), 'в имени x 1 символ, а нужно от 2 до 20');
  assert.equal(ru1('name_too_long', { name: 'x', length: 22, min: 2, max: 20 }), 'в имени x 22 символа, а нужно от 2 до 20');
  assert.equal(ru1('password_too_short', { length: 5, min: 8 }), 'в пароле 5 символов, а нужно не меньше 8');
  assert.equal(ru1('too_many_wrong_passwords', { wait: 1 }), 'слишком много неверных паролей: попробуйте через 1 секунду');
  assert.equal(ru1('too_many_wrong_passwords', { wait: 150 }), 'слишком много неверных паролей: попробуйте через 3 минуты');
  assert.equal(ru1('too_many_wrong_passwords', { wait: 61 }), 'слишком много неверных паролей: попробуйте через 61 секунду');
  assert.equal(ru1('not_your_turn', { side: 'b', other: 'w' }), 'сейчас ход Чёрных, а вы играете за Золотых');
  assert.equal(ru1('name_character', { name: 'Ann Lee', character: ' ' }), 'в имени Ann Lee есть пробел: имя состоит из букв, цифр, _ и -');
  assert.equal(ru1('unfinished_games', { count: 2 }).slice(0, 32), 'у вас 2 неоконченные партии с др');
  assert.equal(ru1('sign_in_required', { action: 'enter_tournament' }), 'войдите, чтобы вступить в турнир');
  // The server's own names in the reader's words.
  assert.equal(ru1('no_such_player', { name: 'Player' }), 'игрока с именем Игрок нет');
});

test('a code the page does not know is told in the server\'s English', () => {
  const r = { error: 'the server says so', code: 'a_code_from_tomorrow', params: {} };
  assert.equal(told(r, 'ru'), 'the server says so');
  assert.equal(told({ of: 'move', reason: 'a reason', code: 'also_new' }, 'ru'), 'a reason');
});
