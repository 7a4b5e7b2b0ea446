// The account card's bot section (docs/bots.md): the account's API tokens
// (each revoked by its button), a new one made and shown this once, and the
// account made a bot.
import { t, onLanguageChange } from './i18n.js';
import { $, html } from './dom.js';
import { request } from './http.js';

const state = { tokens: [], bot: false };

function fail(e) {
  $('token-error').textContent = e ? t('tokens.failed', { reason: e.message }) : '';
  $('token-error').hidden = !e;
}

function render() {
  const list = $('token-list');
  list.replaceChildren();
  for (const token of state.tokens) {
    const li = html('li', `${token.name} · ${token.scopes.join(', ')} `);
    li.dataset.id = token.id;
    const revoke = html('button', t('tokens.revoke'), 'small token-revoke');
    revoke.type = 'button';
    revoke.addEventListener('click', async () => {
      fail(null);
      try {
        await request('DELETE', `/api/tokens/${encodeURIComponent(token.id)}`);
        await load();
      } catch (e) { fail(e); }
    });
    li.appendChild(revoke);
    list.appendChild(li);
  }
  $('become-bot').hidden = state.bot;
  $('become-bot').nextElementSibling.textContent = state.bot ? t('tokens.is_bot') : t('tokens.bot_help');
}

async function load() {
  try {
    const [list, session] = await Promise.all([request('GET', '/api/tokens'), request('GET', '/api/session')]);
    state.tokens = list.tokens;
    state.bot = Boolean(session.bot);
  } catch (e) { fail(e); }
  render();
}

/** Sets up the bot section of a signed-in player's account card. */
export function manageTokens() {
  $('token-make').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    fail(null);
    try {
      const made = await request('POST', '/api/tokens', { name: $('token-name').value });
      $('token-secret').textContent = made.token;
      $('token-new').hidden = false;
      $('token-make').reset();
      await load();
    } catch (e) { fail(e); }
  });
  $('become-bot').addEventListener('click', async () => {
    fail(null);
    try {
      await request('POST', '/api/account/bot');
      await load();
    } catch (e) { fail(e); }
  });
  onLanguageChange(render);
  load();
}
