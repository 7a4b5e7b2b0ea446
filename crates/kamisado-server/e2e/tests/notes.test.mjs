// The page's words for what happened, without a browser: for every note of
// the corpus (fixtures/notes*.json, notes as the server sends them), the
// English module's rendering of the typed events equals the rules crate's
// English `text`, and the Russian one says it with no English word outside
// the notation (squares, moves, rule numbers).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as en from '../../assets/en.js';
import * as ru from '../../assets/ru.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = (name) => JSON.parse(fs.readFileSync(path.join(here, '..', 'fixtures', name), 'utf8'));
// notes.json is the rules crate's corpus (the wire crate's golden test
// writes it); notes-extra.json holds real notes it lacks: a zvezda
// repetition, the triple sumo's win, a resignation in a single round.
const notes = [...fixture('notes.json'), ...fixture('notes-extra.json')];

// What a concession's words need that its act does not carry: the match's
// length, when the fixture gives it beside the note.
const context = (note) => (note.target ? { target: note.target } : {});

test('the corpus has every kind of note', () => {
  const kinds = new Set(notes.map((n) => n.act.kind));
  for (const kind of ['step', 'push', 'pass', 'fill', 'concession']) assert.ok(kinds.has(kind), `a ${kind} in the corpus`);
  const ends = new Set(notes.filter((n) => n.next && n.next.kind === 'round_over').map((n) => n.next.end));
  for (const end of ['home row', 'deadlock']) assert.ok(ends.has(end), `a round ended by ${end}`);
});

test('the English of every note is the rules crate\'s text', () => {
  const wrong = [];
  for (const note of notes) {
    const words = en.noteText(note, context(note));
    if (words !== note.text) wrong.push(`page: ${words}\ncore: ${note.text}`);
  }
  assert.deepEqual(wrong, [], `${wrong.length} of ${notes.length} notes differ:\n${wrong.slice(0, 5).join('\n\n')}`);
});

// Notation: a move (c1-c6, d5>d6, c1–c6, d5→d6), a square, a rule number.
const NOTATION = /\b[a-j](?:10|[1-9])(?:[-–>→][a-j](?:10|[1-9]))?\b|\bR\d+\b/g;

test('the Russian of every note has no English word outside the notation', () => {
  const wrong = [];
  for (const note of notes) {
    const words = ru.noteText(note, context(note));
    const left = words.replace(NOTATION, '');
    if (!words || /[A-Za-z]/.test(left)) wrong.push(words);
  }
  assert.deepEqual(wrong, [], `${wrong.length} of ${notes.length} Russian notes hold English:\n${wrong.slice(0, 5).join('\n')}`);
});
