// The page's patches without a browser: games as the server tells them to a
// client in a seat (fixtures/patches.json, written by kamisado-server's
// games::patches tests), applied one after another with the page's own
// `patched`, give the server's state after every patch, and its whole
// state at the end. A patch leaves out what its note tells (the move, the
// towers it displaced, who acts next, the tower forced); the page takes it
// from the note as the server does; the position's text that the move
// gives it leaves to a client's rules, so the page holds none after it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { patched, movedTowers } from '../../assets/patch.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = JSON.parse(fs.readFileSync(path.join(here, '..', 'fixtures', 'patches.json'), 'utf8'));

/** The fields of `state` the fixture keeps after each patch, as it writes them. */
function shortly(state) {
  const fields = ['seq', 'n', 'status', 'to_act', 'forced', 'forced_colour', 'last', 'fen', 'legal', 'score', 'round'];
  const out = Object.fromEntries(fields.map((f) => [f, state[f]]));
  out.towers = state.towers.map((t) => `${t.sq}${t.colour}${t.teeth}`).join(' ');
  out.moves = state.rounds.map((r) => String(r.moves.length)).join(' ');
  return out;
}

for (const game of fixture.games) {
  test(`${game.rules} ${game.board}, told to ${game.seat}: ${game.patches.length} patches give the server's states`, () => {
    let state = game.start;
    game.patches.forEach((patch, i) => {
      const next = patched(state, patch);
      assert.ok(next, `patch ${i + 1} applies: ${JSON.stringify(patch)}`);
      // The position's text as the server has it, or none: the page keeps
      // no rules to play a move's on it.
      const server = { ...game.after[i] };
      if (!('fen' in next)) {
        assert.ok(!('fen' in patch.set), `patch ${i + 1} sets a fen the page dropped`);
        server.fen = undefined;
      }
      assert.deepEqual(shortly(next), server, `after patch ${i + 1}: ${JSON.stringify(patch)}`);
      state = next;
    });
    const end = { ...game.end };
    if (!('fen' in state)) delete end.fen;
    assert.deepEqual(state, end);
  });
}

test('a fill preview, as the page draws it, is where that fill puts the towers', () => {
  let previews = 0;
  for (const game of fixture.games) {
    let state = game.start;
    for (const patch of game.patches) {
      const next = patched(state, patch);
      const act = patch.note ? patch.note.act : null;
      if (state.fill_preview && act && act.kind === 'fill') {
        const drawn = movedTowers(state.towers, state.fill_preview[act.fill], state.board);
        assert.deepEqual(drawn, next.towers, `the ${act.fill} fill after patch ${patch.base}`);
        previews += 1;
      }
      state = next;
    }
  }
  assert.ok(previews >= 5, `${previews} previews`);
});

test('a patch for another state does not apply', () => {
  const [game] = fixture.games;
  assert.equal(patched(game.start, game.patches[1]), null);
});
