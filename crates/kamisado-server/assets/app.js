// Kamisado in the browser. The server decides everything about the rules: this
// page draws what it is sent and offers only the legal moves it is given. Its
// words come from i18n.js, in each language it has a module for (en.js, ru.js); each part of the page is a
// module: the board (board.js), the lobby, a game and the analysis board.
import {
  initialLanguage, setLanguage, language, languageChanged, languages,
} from './i18n.js';
import { $, html } from './dom.js';
import { setSymbols } from './board.js';
import { showLobby } from './lobby.js';
import { showGame, render, play } from './game.js';
import { showAnalysis } from './analysis.js';
import { showNavAccount } from './account.js';
import { showPlayer } from './player.js';
import { showLeaderboard } from './leaderboard.js';
import { showLearn } from './learn.js';
import { showPuzzles } from './puzzles.js';

// A path segment as text; a malformed escape is left as it is.
function decoded(segment) {
  try { return decodeURIComponent(segment); } catch (e) { return segment; }
}

function start() {
  setLanguage(initialLanguage());
  const select = $('lang');
  for (const [code, name] of languages()) {
    const option = html('option', name);
    option.value = code;
    select.appendChild(option);
  }
  select.value = language();
  select.addEventListener('change', () => {
    setLanguage(select.value);
    languageChanged();
  });
  let symbols = false;
  try { symbols = localStorage.getItem('kamisado.symbols') === '1'; } catch (e) { /* private mode */ }
  setSymbols(symbols);
  $('symbols').addEventListener('change', (ev) => {
    setSymbols(ev.target.checked);
    if (play.state) render();
  });
  showNavAccount();
  const path = location.pathname;
  const game = path.match(/^\/g\/([0-9a-zA-Z]+)$/);
  const player = path.match(/^\/p\/([^/]+)$/);
  const puzzle = path.match(/^\/puzzles(?:\/([^/]+))?$/);
  if (game) showGame(game[1]);
  else if (path === '/learn') showLearn();
  else if (puzzle) showPuzzles(puzzle[1] ? decoded(puzzle[1]) : null);
  else if (player) showPlayer(decoded(player[1]));
  else if (path === '/leaderboard') showLeaderboard();
  else if (path === '/analysis') showAnalysis();
  else showLobby();
}

start();
