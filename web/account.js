// The account page (/account): sign in, create an account, sign out,
// change the password, the players you block (and unblocking them),
// delete the account. Every decision is the
// server's (the API of docs/server-protocol.md, "Accounts"); the page
// shows its answers, worded by the server in the page's language.

import { api, toast } from './common.js';
import { initI18n, t, langSelector } from './i18n.js';

const $ = (id) => document.getElementById(id);

/** Sends a form's fields as JSON; shows the refusal under the form. */
function onSubmit(form, send) {
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const error = form.querySelector('.error-text');
    error.textContent = '';
    const button = form.querySelector('button[type=submit]');
    button.disabled = true;
    const fields = Object.fromEntries(new FormData(form).entries());
    try {
      await send(fields);
    } catch (err) {
      error.textContent = err.message;
    } finally {
      button.disabled = false;
    }
  });
}

async function show() {
  let me = null;
  try {
    const res = await fetch('/api/session', { headers: { Accept: 'application/json' } });
    if (res.ok) me = await res.json();
  } catch {
    /* the server unreachable: shown as signed out */
  }
  $('guest').hidden = !!me;
  $('member').hidden = !me;
  if (me) {
    $('signed-in-as').textContent = t('account-signed-in-as', { name: me.name });
    await showBlocks().catch((err) => toast(err.message, 'error'));
  }
  document.body.dataset.signedIn = me ? 'yes' : 'no';
}

/** The players the account blocks, each with a link and an unblock button. */
async function showBlocks() {
  const { blocked } = await api('/api/blocks');
  const list = $('blocks');
  list.replaceChildren(...blocked.map((name) => {
    const li = document.createElement('li');
    li.dataset.name = name;
    const link = document.createElement('a');
    link.href = `/players/${encodeURIComponent(name)}`;
    link.textContent = name;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'btn unblock';
    button.textContent = t('account-unblock');
    button.title = t('account-unblock-title', { name });
    button.addEventListener('click', async () => {
      button.disabled = true;
      try {
        await api(`/api/blocks/${encodeURIComponent(name)}`, { method: 'DELETE' });
        toast(t('account-unblocked', { name }));
        await showBlocks();
      } catch (err) {
        toast(err.message, 'error');
        button.disabled = false;
      }
    });
    li.append(link, ' ', button);
    return li;
  }));
  $('blocks-none').hidden = blocked.length > 0;
}

/** Signed in or out: the page again, with the site bar's name. */
function reload() {
  location.reload();
}

async function start() {
  await initI18n();
  $('lang-slot').append(langSelector());
  onSubmit($('sign-in'), async ({ name, password }) => {
    await api('/api/session', { json: { name, password } });
    reload();
  });
  onSubmit($('sign-up'), async ({ name, password }) => {
    await api('/api/account', { json: { name, password } });
    reload();
  });
  onSubmit($('change-password'), async ({ old, new: fresh }) => {
    await api('/api/account/password', { method: 'PUT', json: { old, new: fresh } });
    $('change-password').reset();
    $('account-status').textContent = t('account-password-changed');
  });
  onSubmit($('delete-account'), async ({ password }) => {
    await api('/api/account', { method: 'DELETE', json: { password } });
    sessionStorage.setItem('tk-account-deleted', '1');
    reload();
  });
  $('sign-out').addEventListener('click', async () => {
    await api('/api/session', { method: 'DELETE' }).catch(() => {});
    reload();
  });
  if (sessionStorage.getItem('tk-account-deleted')) {
    sessionStorage.removeItem('tk-account-deleted');
    $('account-status').textContent = t('account-deleted');
  }
  await show();
}

start();
