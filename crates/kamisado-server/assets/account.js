// The visitor's account: who is signed in (the session cookie), the header's
// link to their page, and the lobby's box to sign in, create an account or
// sign out.
import { t, plural } from './i18n.js';
import { $, html } from './dom.js';
import { request } from './http.js';
import { myGames } from './games.js';
import { manageTokens } from './tokens.js';


let session = null;

/** The signed-in account's name, or null for a guest (asked once per page). */
export function currentAccount() {
  if (!session) session = request('GET', '/api/session').then((d) => d.name || null).catch(() => null);
  return session;
}

/** A player's page. */
/** The "bot" mark shown after a bot account's name wherever it appears. */
export function botTag() {
  const tag = html('abbr', t('bot.tag'), 'bot-tag');
  tag.title = t('bot.title');
  return tag;
}

/** A link that opens the lobby's challenge form aimed at `name`. */
export function challengeLink(name) {
  const a = html('a', t('bot.challenge'), 'button challenge-link');
  a.href = `/?challenge=${encodeURIComponent(name)}`;
  a.title = t('bot.challenge_title', { name });
  return a;
}

export function playerHref(name) {
  return `/p/${encodeURIComponent(name)}`;
}

/** The header's link to the signed-in player's page. */
export async function showNavAccount() {
  const name = await currentAccount();
  const link = $('nav-me');
  link.hidden = !name;
  if (name) {
    link.textContent = name;
    link.href = playerHref(name);
  }
}

// A form of the account box sends its name and password; the page starts
// again signed in, or shows the server's reason.
function accountForm(form, url, extra) {
  const error = form.querySelector('.error');
  const button = form.querySelector('button[type=submit]');
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    error.hidden = true;
    button.disabled = true;
    try {
      await request('POST', url, {
        name: form.querySelector('input[name=name]').value.trim(),
        password: form.querySelector('input[name=password]').value,
        ...extra(),
      });
      location.reload();
    } catch (e) {
      error.textContent = t(url === '/api/accounts' ? 'account.create_failed' : 'account.sign_in_failed', { reason: e.message });
      error.hidden = false;
      button.disabled = false;
    }
  });
}

/** The lobby's account box; resolves to the signed-in name or null. */
export async function showAccountBox() {
  const name = await currentAccount();
  document.body.classList.toggle('signed-in', Boolean(name));
  $('account-in').hidden = !name;
  $('account-guest').hidden = Boolean(name);
  if (name) {
    $('account-name').textContent = name;
    $('account-name').href = playerHref(name);
    $('sign-out').addEventListener('click', async () => {
      $('sign-out').disabled = true;
      try {
        await request('DELETE', '/api/session');
        location.reload();
      } catch (e) {
        $('sign-out-error').textContent = t('account.sign_out_failed', { reason: e.message });
        $('sign-out-error').hidden = false;
        $('sign-out').disabled = false;
      }
    });
    manageAccount();
    manageTokens();
    return name;
  }
  const tabs = { 'tab-sign-in': 'sign-in', 'tab-sign-up': 'sign-up' };
  const choose = (chosen) => {
    for (const [tab, form] of Object.entries(tabs)) {
      $(tab).setAttribute('aria-selected', String(tab === chosen));
      $(tab).classList.toggle('chosen', tab === chosen);
      $(form).hidden = tab !== chosen;
    }
  };
  for (const tab of Object.keys(tabs)) $(tab).addEventListener('click', () => choose(tab));
  choose('tab-sign-in');
  accountForm($('sign-in'), '/api/session', () => ({}));
  // A new account takes over the seats of the games this browser holds.
  accountForm($('sign-up'), '/api/accounts', () => ({
    games: myGames().filter((g) => g.key).map((g) => ({ id: g.id, key: g.key })),
  }));
  return null;
}

// Shows a refusal in `box` in the reader's language, or hides it.
function tell(box, key, e) {
  box.textContent = e ? t(key, { reason: e.message }) : '';
  box.hidden = !e;
}

// The account card's three actions: a new password (the other sessions
// end), signing out everywhere, deleting the account; each refusal shown.
function manageAccount() {
  const change = $('password-change');
  change.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const error = change.querySelector('.error');
    const done = change.querySelector('.done');
    tell(error, '', null);
    done.hidden = true;
    try {
      const answer = await request('POST', '/api/account/password', {
        old: $('password-old').value, new: $('password-new').value,
      });
      change.reset();
      done.textContent = t('manage.changed', { n: answer.sessions_ended, sessions: plural(answer.sessions_ended, 'session') });
      done.hidden = false;
    } catch (e) {
      tell(error, 'manage.change_failed', e);
    }
  });
  $('sign-out-everywhere').addEventListener('click', async () => {
    try {
      await request('POST', '/api/account/sign-out-everywhere');
      location.reload();
    } catch (e) {
      tell($('sign-out-everywhere-error'), 'manage.everywhere_failed', e);
    }
  });
  const remove = $('account-delete');
  remove.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const error = remove.querySelector('.error');
    tell(error, '', null);
    try {
      await request('DELETE', '/api/account', { password: $('delete-password').value });
      location.reload();
    } catch (e) {
      tell(error, 'manage.delete_failed', e);
    }
  });
}
