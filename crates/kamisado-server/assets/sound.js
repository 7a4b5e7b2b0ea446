// The game's sounds, made by the Web Audio API as they are played (the page
// carries no sound file): a move, a push, a clock turning low, a round's end
// and a match's end. A browser lets a page sound only after the reader has
// pressed something on it, so the audio starts with the first press or key;
// before that nothing is played. The player's choice to mute is remembered.
// Each sound played is counted in the body's `data-sounds` and named in its
// `data-sound`, for tests and tools.

const KEY = 'kamisado.sound';
let audio = null;

/** Whether the player wants the sounds (yes unless they muted them). */
export function soundOn() {
  try { return localStorage.getItem(KEY) !== '0'; } catch (e) { return true; }
}

/** Remembers whether the player wants the sounds. */
export function setSoundOn(on) {
  try { localStorage.setItem(KEY, on ? '1' : '0'); } catch (e) { /* private mode */ }
}

// The audio is started by the reader's first press or key on the page.
function unlock() {
  if (audio) return;
  const Audio = window.AudioContext || window.webkitAudioContext;
  if (!Audio) return;
  try { audio = new Audio(); } catch (e) { return; }
  if (audio.state === 'suspended') audio.resume().catch(() => {});
}

/** Starts the audio at the reader's first press or key. */
export function armSound() {
  for (const kind of ['pointerdown', 'keydown']) document.addEventListener(kind, unlock, { capture: true });
}

// One note at `at` seconds: `freq` Hz gliding to `to`, rising fast and dying away over `dur`.
function note(at, freq, dur, { type = 'sine', gain = 0.2, to = null } = {}) {
  const osc = audio.createOscillator();
  const amp = audio.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, at);
  if (to) osc.frequency.exponentialRampToValueAtTime(to, at + dur);
  amp.gain.setValueAtTime(0.0001, at);
  amp.gain.exponentialRampToValueAtTime(gain, at + 0.012);
  amp.gain.exponentialRampToValueAtTime(0.0001, at + dur);
  osc.connect(amp).connect(audio.destination);
  osc.start(at);
  osc.stop(at + dur + 0.05);
}

// C major, the notes of the ends' chimes.
const C5 = 523.25;
const E5 = 659.25;
const G5 = 783.99;
const C6 = 1046.5;

const SOUNDS = {
  // A tower set down: a short wooden knock.
  move: (at) => note(at, 620, 0.09, { type: 'triangle', gain: 0.3, to: 380 }),
  // A sumo's push: a low thud under the knock.
  push: (at) => {
    note(at, 170, 0.22, { type: 'square', gain: 0.1, to: 70 });
    note(at + 0.05, 560, 0.1, { type: 'triangle', gain: 0.25, to: 320 });
  },
  // A clock turning low: two high beeps.
  low: (at) => {
    note(at, 1320, 0.08, { gain: 0.15 });
    note(at + 0.16, 1320, 0.08, { gain: 0.15 });
  },
  // A round won: three notes rising.
  round: (at) => [C5, E5, G5].forEach((f, i) => note(at + i * 0.12, f, 0.3, { type: 'triangle', gain: 0.22 })),
  // The match won: four notes rising, the last held.
  match: (at) => [C5, E5, G5, C6].forEach((f, i) => note(at + i * 0.14, f, i === 3 ? 0.8 : 0.25, { type: 'triangle', gain: 0.22 })),
};

/** Plays the sound `name` (move, push, low, round, match) if the player wants sounds and has pressed something yet. */
export function playSound(name) {
  if (!audio || !soundOn() || !SOUNDS[name]) return;
  SOUNDS[name](audio.currentTime + 0.01);
  const body = document.body;
  body.dataset.sounds = String(Number(body.dataset.sounds || 0) + 1);
  body.dataset.sound = name;
}

/** The sound that a new state of a game makes after `before`: the match's or round's end, a push or a move. */
export function soundOf(before, state) {
  if (!before || state.n <= before.n) return null;
  if (state.status === 'over' && before.status !== 'over') return 'match';
  if (state.status === 'fill' && before.status !== 'fill') return 'round';
  const last = state.notes[state.notes.length - 1];
  const kind = last && last.act && last.act.kind;
  if (kind === 'push') return 'push';
  return kind === 'step' || kind === 'pass' || kind === 'fill' ? 'move' : null;
}
