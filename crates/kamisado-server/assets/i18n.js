// The page's words in the chosen language. Each language is one module
// (en.js, ru.js) exporting the same names: its words, the forms of its
// counted words, the forms its sentences need, and what happened in a game
// told from the typed events the server sends. This module picks one and
// offers the page one API; a third language is one module like en.js,
// named in LOADERS and NAMES below. A page loads the reader's language
// alone (another is loaded when chosen from the menu), so a module of a
// language imports nothing of this one.
import { pluralForm } from './plurals.js';

export { pluralForm };

/** How each language's module is loaded, by its code; the first is the fallback. */
const LOADERS = { en: () => import('./en.js'), ru: () => import('./ru.js') };
/** Each language's name in itself, for the menu (before its module is loaded). */
const NAMES = { en: 'English', ru: 'Русский' };
const LANGUAGES = Object.keys(LOADERS);

/** The languages loaded so far, by code. */
export const LANGS = {};

/** Loads the language `code` (once) and gives its module. */
export async function loadLanguage(code) {
  if (!LANGS[code]) LANGS[code] = await LOADERS[code]();
  return LANGS[code];
}

let lang = LANGUAGES[0];
const here = () => LANGS[lang];
/** The words of `key` in the reader's language, or the fallback's when it is loaded. */
const known = (key) => here().words[key] ?? LANGS[LANGUAGES[0]]?.words[key];

/** The languages as [code, name in itself], for the menu. */
export function languages() { return LANGUAGES.map((code) => [code, NAMES[code]]); }

/** The language chosen before, or the browser's, or English. */
export function initialLanguage() {
  try {
    const saved = localStorage.getItem('kamisado.lang');
    if (saved && LOADERS[saved]) return saved;
  } catch (e) { /* private mode */ }
  const wanted = (globalThis.navigator?.languages || [globalThis.navigator?.language || 'en']).map((l) => String(l).slice(0, 2).toLowerCase());
  return wanted.find((l) => LOADERS[l]) || LANGUAGES[0];
}

// The reader's language is here before any module asks for a word.
lang = initialLanguage();
await loadLanguage(lang);

export function language() { return lang; }

// What each part of the page redraws when the language changes.
const listeners = [];

/** Calls `redraw` whenever the language changes. */
export function onLanguageChange(redraw) { listeners.push(redraw); }

/** Tells every part of the page that the language changed. */
export function languageChanged() { for (const redraw of listeners) redraw(); }

/**
 * Chooses the language, remembers it, and translates the page's fixed
 * text: at once when the language is loaded, else once it is (the promise
 * says when).
 */
export function setLanguage(code) {
  const chosen = LOADERS[code] ? code : LANGUAGES[0];
  if (!LANGS[chosen]) return loadLanguage(chosen).then(() => setLanguage(chosen));
  lang = chosen;
  try { localStorage.setItem('kamisado.lang', lang); } catch (e) { /* private mode */ }
  if (typeof document === 'undefined') return Promise.resolve();
  document.documentElement.lang = lang;
  for (const node of document.querySelectorAll('[data-i18n]')) node.textContent = t(node.dataset.i18n);
  for (const node of document.querySelectorAll('[data-i18n-placeholder]')) node.placeholder = t(node.dataset.i18nPlaceholder);
  for (const node of document.querySelectorAll('[data-i18n-title]')) node.title = t(node.dataset.i18nTitle);
  for (const node of document.querySelectorAll('[data-i18n-label]')) node.setAttribute('aria-label', t(node.dataset.i18nLabel));
  return Promise.resolve();
}

/** The text of `key` with its `{name}` places filled from `params`. */
export function t(key, params = {}) {
  const text = known(key) ?? key;
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

// ---------- numbers, pools, dates ----------

/** The form of `unit` (a word of the language's `units`) that goes with `n`: 1 day, 3 days; 1 день, 3 дня, 7 дней. */
export function plural(n, unit, code = lang) {
  const forms = (LANGS[code] || here()).units[unit];
  return forms ? pluralForm(n, forms, code) : unit;
}

/** A rating pool ("standard 8x8") in words: "Standard 8×8", "Звезда 10×10". */
export function poolWords(pool) {
  const at = String(pool).lastIndexOf(' ');
  if (at < 0) return String(pool);
  return `${rulesWords(pool.slice(0, at))} ${pool.slice(at + 1).replace('x', '×')}`;
}

/** A rule set in words: "Zvezda", "Standard, opening limits". */
export function rulesWords(rules) {
  const [base, ...options] = String(rules).split('+');
  const word = (name) => (known(`lobby.${name}`) ? t(`lobby.${name}`) : name);
  return [word(base), ...options.map((o) => word(o).toLowerCase())].join(', ');
}

/** A match's length: "Single round", "Match to 3 points". */
export function targetWords(target) {
  if (target === 1) return t('lobby.single');
  if (known(`lobby.to${target}`)) return t(`lobby.to${target}`);
  return t('ch.to', { n: target, points: plural(target, 'point_gen') });
}

/** How a game ended ("home row", "time"), in words. */
export function howWords(how) {
  return known(`how.${how}`) ? t(`how.${how}`) : String(how ?? '');
}

/** A round's result as the record writes it ("1-0 home row") in words: its score, then how it ended. */
export function resultWords(result) {
  const m = /^(\S+) (.+)$/.exec(String(result ?? ''));
  return m ? t('game.result', { score: m[1], how: howWords(m[2]) }) : String(result ?? '');
}

/** A day in the reader's language: "1 Dec 2025", "1 дек. 2025 г.". */
export function dateWords(ms) {
  if (!ms) return '';
  return new Date(ms).toLocaleDateString(here().locale, { year: 'numeric', month: 'short', day: 'numeric' });
}

// ---------- the game's nouns ----------

/** A side's name: `b` Black, `w` Gold. */
export function side(code) { return here().side(code); }
/** A side's name after "of" (Russian genitive). */
export function sideGen(code) { return here().sideGen(code); }
export function other(code) { return code === 'b' ? 'w' : 'b'; }

/**
 * A player's name as the page shows it: the names the server gives when
 * none is chosen ("Player", "Friend", "Black", "Gold", "Engine, level N")
 * in the reader's language, any other as it is.
 */
export function nameWords(name) {
  const engine = /^Engine, level (\d+)$/.exec(String(name));
  if (engine) return t('engine.name', { level: engine[1] });
  const given = { Black: () => side('b'), Gold: () => side('w'), Player: () => t('name.player'), Friend: () => t('name.friend') };
  return Object.hasOwn(given, name) ? given[name]() : name;
}

/** A move in notation, but a pass in the reader's word for it. */
export function moveWords(mv) { return mv === 'pass' ? t('game.pass_word') : mv; }

/** A typed move in notation: the reader's word for a pass is `pass`. */
export function typedMove(text) {
  return text.trim().toLowerCase() === t('game.pass_word').toLowerCase() ? 'pass' : text.trim();
}

/** A colour as a word on its own (for a square). */
export function colour(name) { return here().colour(name); }

/** A tower by colour and rank: "yellow sumo", "жёлтое сумо". */
export function tower(tw) { return here().tower(tw); }

/**
 * A square's name for a screen reader: its colour, its tower and its marks
 * (`forced`, `selected`, `target`, `danger`, `hint`, `last`).
 */
export function squareWords(info) { return here().squareWords(info); }

// ---------- values ----------

/** A value for its side in words: "Black wins in 17", "Gold is better". */
export function valueWords(v) {
  if (!v) return t('value.unknown');
  if (v.kind === 'win' || v.kind === 'loss') {
    const winner = v.kind === 'win' ? v.side : other(v.side);
    return t('value.win', { side: side(winner), n: v.plies, plies: plural(v.plies, 'ply') });
  }
  // How far an estimate leans is the server's word (the engine's steps).
  if (!v.lean) return t('value.unknown');
  const better = v.lean.ahead;
  return t(`value.${v.lean.by}`, { side: side(better), sideGen: sideGen(better) });
}

/** Black's share of a value bar, 0–100: 100 for a proven Black win. */
export function blackShare(v) {
  if (!v) return 50;
  if (v.kind === 'win' || v.kind === 'loss') {
    const winner = v.kind === 'win' ? v.side : other(v.side);
    return winner === 'b' ? 100 : 0;
  }
  const forBlack = v.side === 'b' ? v.score : -v.score;
  return Math.round(50 + 50 * Math.tanh(forBlack / 300));
}

// ---------- what happened ----------

/** How a round ended, as a clause. */
export function endWords(end, winner) { return here().endWords(end, winner); }

/** The end of a round: who won, how, the points and promotion, then the fill or the match's end. */
export function roundOver(r) { return here().roundOver(r); }

/**
 * One action of the game told in the chosen language; `context.target`
 * (the match's length) tells a concession when its act does not.
 */
export function noteText(note, context = {}) { return here().noteText(note, context); }

// ---------- lessons, the danger view, puzzles and review ----------

const colourParams = (name) => here().colourParams(name);
const opponentParams = (mover) => here().opponentParams(mover);

/** A lesson's title, or "Lesson N" for an id the page has no words for. */
export function lessonTitle(id, n) {
  const key = `lesson.${id}.title`;
  return known(key) ? t(key) : t('lesson.other.title', { n });
}

/** A lesson's explanation ('' for an id the page has no words for). */
export function lessonText(id) {
  const key = `lesson.${id}.text`;
  return known(key) ? t(key) : '';
}

/** A lesson's task in words; `mover` is the side to move. */
export function taskWords(task, mover) {
  if (!task) return '';
  const key = `task.${task.kind}`;
  if (!known(key)) return '';
  return t(key, { square: task.square, ...colourParams(task.colour), ...opponentParams(mover) });
}

/**
 * Why a lesson's try passed or failed, from `reason.kind` and its fields;
 * `mover` is the side that tried; `fallback` the server's English words.
 */
export function reasonWords(reason, mover, fallback = '') {
  if (!reason || !known(`reason.${reason.kind}`)) return fallback;
  return t(`reason.${reason.kind}`, {
    why: causeWords(reason.cause) ?? reason.why ?? '', square: reason.square || '', reply: reason.reply || '',
    ...colourParams(reason.colour), ...opponentParams(mover),
  });
}

/** What one move of the danger view does, in a sentence; `mover` makes it. */
export function dangerWords(m, mover) {
  const params = {
    mv: m.mv, tower: m.tower || '', reply: m.reply || '', n: m.plies, plies: plural(m.plies || 0, 'ply'),
    ...colourParams(m.colour), ...opponentParams(mover),
  };
  switch (m.verdict) {
    case 'wins': return t('danger.wins', params);
    case 'loses_at_once': return t('danger.loses_at_once', params);
    case 'lost': {
      const line = (m.line || []).slice(0, 4).join(' ');
      return line ? t('danger.lost', { ...params, line: `${line}${m.line.length > 4 ? ' …' : ''}` }) : t('danger.lost_short', params);
    }
    case 'safe': return t('danger.safe', params);
    default: return m.text || m.mv;
  }
}

/** "n plies" with the form the number takes. */
export function pliesWords(n) { return `${n} ${plural(n, 'ply')}`; }

/**
 * A review's turning point explained from its step: what the mover could
 * have won with, and what the move played loses in.
 */
export function turningWords(step) {
  const best = step.best_value;
  const n = best && best.kind === 'win' ? best.plies : null;
  if (n === null || !step.best) return '';
  const v = step.value;
  const params = { side: side(step.side), sideGen: sideGen(step.side), n, plies: plural(n, 'ply'), best: step.best, mv: step.mv };
  if (v && v.kind === 'loss') return t('review.explain', { ...params, m: v.plies, pliesM: plural(v.plies, 'ply') });
  return t('review.explain_est', params);
}

// ---------- the server's refusals ----------

// How a refusal's params are told, by their names (kamisado-wire's
// refusal::param_kind): sides by their names, the names people chose as
// they are (the server's own in the reader's words), spans of seconds in
// days, hours, minutes or seconds, a character of a name in words; a
// choice (`choice.PARAM.VALUE`) in the reader's words; anything else as it is.
const SIDE_PARAMS = new Set(['side', 'other', 'winner', 'loser']);
const NAME_PARAMS = new Set(['name', 'taken']);
const SECONDS_PARAMS = new Set(['wait', 'left', 'after']);

/**
 * A span of seconds in words: days from two days, hours from two hours,
 * minutes (rounded up) from two minutes, else seconds; `form` `acc` takes
 * the language's accusative where it has one (через 1 минуту).
 */
function spanWords(seconds, form) {
  const s = Number(seconds);
  const [n, unit] = s >= 2 * 86400 ? [Math.floor(s / 86400), 'day']
    : s >= 7200 ? [Math.floor(s / 3600), 'hour']
      : s >= 120 ? [Math.ceil(s / 60), 'minute'] : [s, 'second'];
  const forms = here().units;
  const word = form === 'acc' && forms[`${unit}_acc`] ? `${unit}_acc` : unit;
  return `${n} ${plural(n, word)}`;
}

/** A character of a name in words: quoted, a space, or the code of one that cannot be seen. */
function characterWords(c) {
  const text = String(c);
  if (text === ' ') return t('refusal_word.space');
  if (/^[\s\p{Cc}]/u.test(text)) {
    const dec = text.codePointAt(0);
    return t('refusal_word.code', { hex: dec.toString(16).toUpperCase().padStart(4, '0'), dec });
  }
  return t('refusal_word.quoted', { c: text });
}

/**
 * A refusal's typed cause (kamisado-wire's refusal/cause.rs and
 * record_cause.rs) in the reader's words: a rule a move breaks, a fault of
 * a move's text or of a record, or a refusal of its own; undefined for one
 * the page does not know. A cause held in another is told here too, so a
 * record's fault may hold a match's refusal.
 */
export function causeWords(c) {
  if (!c || typeof c !== 'object') return undefined;
  if (c.kind === 'refusal') return known(`refusal.${c.code}`) !== undefined ? refusalWords({ code: c.code, params: c.params }) : undefined;
  return here().causeWords(c, causeWords);
}

// The params that hold English words a cause may tell in the reader's words.
const CAUSED_PARAMS = new Set(['why', 'detail']);

/** One param of a refusal in the reader's words; `form` as its template asks. */
function paramWords(p, form, value, params = {}) {
  if (CAUSED_PARAMS.has(p) && params.cause) {
    const told = causeWords(params.cause);
    if (told !== undefined) return told;
  }
  if (SIDE_PARAMS.has(p)) return form === 'gen' ? sideGen(value) : side(value);
  if (NAME_PARAMS.has(p)) return nameWords(value);
  if (SECONDS_PARAMS.has(p)) return spanWords(value, form);
  if (p === 'character') return characterWords(value);
  if (form && typeof value === 'number') return plural(value, form);
  const choice = `choice.${p}.${value}`;
  return known(choice) !== undefined ? t(choice) : String(value);
}

/**
 * A refusal's template filled from its params: `{p}` is the param told as
 * its name says, `{p:form}` a form of it (for a number, its counted word).
 */
export function fillRefusal(template, params = {}) {
  return template.replace(/\{(\w+)(?::(\w+))?\}/g, (m, p, form) => (Object.hasOwn(params, p) ? paramWords(p, form, params[p], params) : m));
}

/**
 * A refusal of the server (an HTTP body or a WebSocket `error`) in the
 * reader's words, from its `code` and `params`; the server's English
 * (`error`, or the socket's `reason`) for a code the page has no words for.
 */
export function refusalWords(r) {
  if (!r) return '';
  const english = r.error ?? r.reason ?? '';
  const key = `refusal.${r.code}`;
  if (!r.code || known(key) === undefined) return english;
  // A language may word a refused pass apart (`refusal.CODE.pass`).
  const pass = r.params?.mv === 'pass' && known(`${key}.pass`) !== undefined;
  return fillRefusal(known(pass ? `${key}.pass` : key), r.params || {});
}

/** A signed difference of ratings: "+12", "−69". */
export function signed(n) {
  const r = Math.round(n);
  return r > 0 ? `+${r}` : r < 0 ? `−${Math.abs(r)}` : '±0';
}
