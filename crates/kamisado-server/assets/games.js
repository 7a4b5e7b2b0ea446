// The games this browser has started or joined, with their seat keys, in localStorage.


export function myGames() {
  try { return JSON.parse(localStorage.getItem('kamisado.games') || '[]'); } catch (e) { return []; }
}

export function saveGame(entry) {
  const games = myGames().filter((g) => g.id !== entry.id);
  games.unshift(entry);
  try { localStorage.setItem('kamisado.games', JSON.stringify(games.slice(0, 50))); } catch (e) { /* full */ }
}

export function forgetGame(id) {
  try { localStorage.setItem('kamisado.games', JSON.stringify(myGames().filter((g) => g.id !== id))); } catch (e) { /* */ }
}
