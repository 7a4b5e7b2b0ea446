// Kamisado in the browser. The server decides everything about the rules: this
// page draws what it is sent and offers only the legal moves it is given. Its
// words come from i18n.js, in each language it has a module for (en.js, ru.js); each part of the page is a
// module: the board (board.js), the lobby, a game and the analysis board. A
// page loads only the modules of the part its address shows.
import {
  initialLanguage, setLanguage, language, languageChanged, languages,
} from './i18n.js';
import { $, html } from './dom.js';
import { setSymbols, savedSymbols } from './board.js';
import { showNavAccount } from './account.js';

// A path segment as text; a malformed escape is left as it is.
function decoded(segment) {
  try { return decodeURIComponent(segment); } catch (e) { return segment; }
}

// Each part of the page: the addresses it shows, and how it is loaded and shown.
const PARTS = [
  [/^\/g\/([0-9a-zA-Z]+)$/, () => import('./game.js'), (m, [id]) => m.showGame(id)],
  [/^\/learn$/, () => import('./learn.js'), (m) => m.showLearn()],
  [/^\/puzzles(?:\/([^/]+))?$/, () => import('./puzzles.js'), (m, [id]) => m.showPuzzles(id ? decoded(id) : null)],
  [/^\/p\/([^/]+)$/, () => import('./player.js'), (m, [name]) => m.showPlayer(decoded(name))],
  [/^\/leaderboard$/, () => import('./leaderboard.js'), (m) => m.showLeaderboard()],
  [/^\/analysis$/, () => import('./analysis.js'), (m) => m.showAnalysis()],
  [/^\/tournaments(?:\/([0-9a-zA-Z]+))?$/, () => import('./tournaments.js'), (m, [id]) => m.showTournaments(id)],
  [/^\/rules$/, () => import('./rules.js'), (m) => m.showRules()],
];

// What redraws the part shown when the colour symbols change (a game's board).
let redraw = () => {};

async function start() {
  await setLanguage(initialLanguage());
  const select = $('lang');
  for (const [code, name] of languages()) {
    const option = html('option', name);
    option.value = code;
    select.appendChild(option);
  }
  select.value = language();
  select.addEventListener('change', async () => {
    await setLanguage(select.value);
    languageChanged();
  });
  setSymbols(savedSymbols());
  $('symbols').addEventListener('change', (ev) => {
    setSymbols(ev.target.value);
    redraw();
  });
  // On a phone the links fold away under the menu's button.
  $('menu').addEventListener('click', () => {
    const open = document.querySelector('.top').classList.toggle('open');
    $('menu').setAttribute('aria-expanded', String(open));
  });
  showNavAccount();
  for (const [address, load, show] of PARTS) {
    const found = location.pathname.match(address);
    if (found) {
      const part = await load();
      if (part.play && part.render) redraw = () => { if (part.play.state) part.render(); };
      show(part, found.slice(1));
      return;
    }
  }
  (await import('./lobby.js')).showLobby();
}

start();
