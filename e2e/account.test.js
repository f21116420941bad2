// Accounts end to end against the real server in headless Chromium: sign
// up, sign out and sign in on /account, in English and in Spanish (the
// server's refusals worded in the page's language, the site bar showing
// who is signed in); and a game created signed in, reached from a second
// browser signed in to the same account (its cookie, no seat link) from
// the lobby's "My games", while a guest browser only watches it.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { serverAndBrowser } from './server.js';

const TIMEOUT = 60_000;
const PASSWORD = 'a long passphrase';

const { server, browser } = serverAndBrowser();

/** A new browser (its own cookies) in a locale. */
async function newPage(locale = 'en-US') {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  page.errors = [];
  page.warnings = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'warning') page.warnings.push(m.text()); });
  page.setDefaultTimeout(TIMEOUT);
  return page;
}

async function openAccount(page, signedIn) {
  await page.goto(`${server.base}/account`);
  await page.waitForFunction((s) => document.body.dataset.signedIn === s, signedIn ? 'yes' : 'no');
}

async function submit(page, form, fields) {
  for (const [name, value] of Object.entries(fields)) await page.fill(`#${form} [name=${name}]`, value);
  await page.click(`#${form} button[type=submit]`);
}

/** Fills and sends a form that signs in or up; the page reloads signed in. */
async function signVia(page, form, name) {
  await Promise.all([page.waitForEvent('load'), submit(page, form, { name, password: PASSWORD })]);
  await page.waitForFunction(() => document.body.dataset.signedIn === 'yes');
  // (the site bar says "signed in" too, maybe before the page's own text)
  await page.waitForFunction(() => document.querySelector('#signed-in-as')?.textContent !== '');
}

const WORDS = {
  en: { signUp: 'Create an account', taken: 'this name is taken', bad: 'no account has this name and password', signIn: 'Sign in', as: 'Signed in as' },
  es: { signUp: 'Crear una cuenta', taken: 'este nombre ya está en uso', bad: 'ninguna cuenta tiene este nombre y esta contraseña', signIn: 'Iniciar sesión', as: 'Sesión iniciada como' },
};

for (const [lang, locale] of [['en', 'en-US'], ['es', 'es-ES']]) {
  test(`sign up, sign out and sign in (${lang})`, async () => {
    const w = WORDS[lang];
    const page = await newPage(locale);
    const name = `Ana_${lang}`;
    await openAccount(page, false);
    assert.equal(await page.textContent('#sign-up-title'), w.signUp);
    assert.equal(await page.textContent('#site-nav a[href="/account"]'), w.signIn);

    await signVia(page, 'sign-up', name);
    assert.equal(await page.textContent('#signed-in-as'), `${w.as} ${name}`);
    assert.equal(await page.textContent('#nav-name'), name, 'the site bar names the player');
    assert.equal(await page.getAttribute('#nav-name', 'href'), `/players/${name}`);
    const cookies = await page.context().cookies();
    const session = cookies.find((c) => c.name === 'tk_session');
    assert.ok(session && session.httpOnly && session.sameSite === 'Lax', JSON.stringify(cookies));

    await Promise.all([page.waitForEvent('load'), page.click('#sign-out')]);
    await page.waitForFunction(() => document.body.dataset.signedIn === 'no');
    assert.equal(await page.$('#nav-name'), null);

    // the server's refusals, in the page's language
    await submit(page, 'sign-up', { name: name.toUpperCase(), password: PASSWORD });
    await page.waitForFunction(() => document.querySelector('#sign-up .error-text').textContent !== '');
    assert.equal(await page.textContent('#sign-up .error-text'), w.taken);
    await submit(page, 'sign-in', { name, password: 'not the passphrase' });
    await page.waitForFunction(() => document.querySelector('#sign-in .error-text').textContent !== '');
    assert.equal(await page.textContent('#sign-in .error-text'), w.bad);

    await signVia(page, 'sign-in', name.toLowerCase());
    assert.equal(await page.textContent('#nav-name'), name, 'the name as it was created');
    assert.deepEqual(page.errors, []);
    assert.deepEqual(page.warnings, [], 'no message missing');
    await page.context().close();
  });
}

test('a game created signed in follows the account to a second browser', async () => {
  const first = await newPage();
  await openAccount(first, false);
  await signVia(first, 'sign-up', 'Bruno');
  const game = await first.evaluate(async () => {
    const r = await fetch('/api/games', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ form: 'duel', seats: [{ school: 'northern', player: 'human' }, { school: 'southern', player: 'bot', bot: 'random' }] }),
    });
    return r.json();
  });
  assert.ok(game.id, JSON.stringify(game));

  // another browser: no seat link, only the account
  const second = await newPage();
  await openAccount(second, false);
  await signVia(second, 'sign-in', 'bruno');
  await second.goto(`${server.base}/`);
  const link = `#my-games a[href="/games/${game.id}"]`;
  await second.waitForSelector(link);
  await Promise.all([second.waitForEvent('load'), second.click(link)]);
  await second.waitForFunction(() => document.body.dataset.seat === '0');
  assert.ok(!second.url().includes('#seat='), second.url());

  // a guest only watches
  const guest = await newPage();
  await guest.goto(`${server.base}/games/${game.id}`);
  await guest.waitForFunction(() => document.body.dataset.seat === '');
  for (const p of [first, second, guest]) {
    assert.deepEqual(p.errors, []);
    await p.context().close();
  }
});
