// Every text the page shows, in the player's language, through Project
// Fluent (`vendor/fluent-bundle`, the messages of `crates/i18n/locales/`
// served at `/locales/<lang>.ftl`). The language is the one chosen on a
// page (kept in this browser, and in the `tk-lang` cookie so that the
// server reads it too), else the one the server negotiated for the page
// (the same choice, else `Accept-Language`): the server sends each page
// with `<html lang>` and its written texts already in that language
// (crates/server/src/assets/lang.rs), so the first paint is right.
//
// Code names a message by its id, as a literal (`t('web-send')`) so the
// test of unused messages finds it; ids built from the engine's data are
// the cards' and tasks' (`imperial-cannon`) and `color-`, `school-`,
// `form-`, `level-` followed by a name the engine gives.

import { FluentBundle, FluentResource } from './vendor/fluent-bundle/index.js';

const STORE_KEY = 'tash-kalar.lang';
export const LANGS = [
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Español' },
  { code: 'cs', name: 'Čeština' },
];

let bundle = null;
let lang = 'en';
const missing = new Set();

/** The language shown. */
export function currentLang() {
  return lang;
}

/** The cookie the server reads for the stored choice (`COOKIE` in
 * crates/server/src/assets/lang.rs). */
const COOKIE = 'tk-lang';

function stored() {
  try {
    return localStorage.getItem(STORE_KEY);
  } catch {
    return null;
  }
}

/** Keeps the choice where the server sees it, for a year. */
function storeCookie(code) {
  document.cookie = `${COOKIE}=${code}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

function cookieChoice() {
  const pair = document.cookie.split(';').map((c) => c.trim().split('=')).find(([k]) => k === COOKIE);
  return pair ? pair[1] : null;
}

/** The language to show: the stored choice, else the server's negotiation
 * for this page (its `<html lang>`), else English. */
function pick() {
  const known = (c) => LANGS.some((l) => l.code === c);
  const s = stored();
  if (known(s)) {
    // a choice stored before the cookie existed: the next page paints in it
    if (cookieChoice() !== s) storeCookie(s);
    return s;
  }
  const served = document.documentElement.lang;
  return known(served) ? served : 'en';
}

/** Loads the messages; every page awaits this before it draws. */
let loaded;
/** Resolves once the page's messages are loaded (initI18n): for modules,
 * as the site bar (nav.js), that word what they build after the page did. */
export const ready = new Promise((ok) => (loaded = ok));

export async function initI18n() {
  lang = pick();
  let text = '';
  try {
    const res = await fetch(`/locales/${lang}.ftl`);
    text = res.ok ? await res.text() : '';
  } catch {
    text = '';
  }
  bundle = new FluentBundle(lang, { useIsolating: false });
  const errors = bundle.addResource(new FluentResource(text));
  if (errors.length) console.warn('messages', errors);
  document.documentElement.lang = lang;
  localize(document);
  loaded(lang);
  return lang;
}

/** The message `id` with `args`; the id itself when there is none. */
export function t(id, args) {
  const msg = bundle && bundle.getMessage(id);
  if (!msg || !msg.value) {
    if (!missing.has(id)) {
      missing.add(id);
      console.warn('no message', id);
    }
    return id;
  }
  return bundle.formatPattern(msg.value, args || null, []);
}

/** An attribute of a message (a card's `.text`), or null. */
export function tAttr(id, attr, args) {
  const msg = bundle && bundle.getMessage(id);
  const pattern = msg && msg.attributes && msg.attributes[attr];
  return pattern ? bundle.formatPattern(pattern, args || null, []) : null;
}

/** Fills the elements marked in the HTML: `data-l10n-id` their text,
 * `data-l10n-title`, `data-l10n-placeholder`, `data-l10n-aria-label`
 * their attributes. */
export function localize(root) {
  for (const el of root.querySelectorAll('[data-l10n-id]')) el.textContent = t(el.dataset.l10nId);
  for (const [data, attr] of [['l10nTitle', 'title'], ['l10nPlaceholder', 'placeholder'], ['l10nAriaLabel', 'aria-label']]) {
    const sel = `[data-${data.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}]`;
    for (const el of root.querySelectorAll(sel)) el.setAttribute(attr, t(el.dataset[data]));
  }
}

/** A language selector: the choice is kept in this browser (storage and
 * cookie) and the page reloads, served in the new language. */
export function langSelector() {
  const sel = document.createElement('select');
  sel.className = 'lang-select';
  sel.id = 'lang-select';
  sel.setAttribute('aria-label', t('web-language'));
  for (const l of LANGS) {
    const o = document.createElement('option');
    o.value = l.code;
    o.textContent = l.name;
    o.lang = l.code;
    if (l.code === lang) o.selected = true;
    sel.append(o);
  }
  sel.addEventListener('change', () => {
    try {
      localStorage.setItem(STORE_KEY, sel.value);
    } catch {
      /* private browsing: the cookie still carries it */
    }
    storeCookie(sel.value);
    location.reload();
  });
  return sel;
}

// ---------- the engine's ids in words ----------
//
// Only names looked up by id (a card, a task, a color, a school, a form) and
// the page's own words live here: every sentence about the game (an event, a
// choice's label, the question, the result, a seat's name, an error) comes
// worded from the server in this page's language (`view.events[].text`,
// `view.legal[].label`, `view.question.text`, `view.result.text`,
// `view.names`, a log entry's `words`, an error's `message`).

const msgId = (ref) => String(ref).replace('.', '-');

export function cardName(id) {
  return t(msgId(id));
}
export function cardText(id) {
  return tAttr(msgId(id), 'text') || '';
}
export function cardFrozen(id) {
  return tAttr(msgId(id), 'frozen');
}
export function cardWarp(id) {
  return tAttr(msgId(id), 'warp');
}
export function taskName(id) {
  return t(msgId(id));
}
export function taskText(id) {
  return tAttr(msgId(id), 'text') || '';
}
export function colorName(c) {
  return t(`color-${c}`);
}
export function schoolName(s) {
  return t(`school-${s}`);
}
export function formName(f) {
  return t(`form-${f}`);
}
export function rankWord(r) {
  return t('rank', { rank: r });
}
export function dirWords(d) {
  return t('dir', { dir: d });
}
export function pieceWords(p) {
  return t('piece', { color: colorName(p.color), c: p.color, rank: p.rank });
}

/** `a, b and c`. */
export function listAnd(items) {
  if (items.length <= 1) return items.join('');
  return t('list-and', { first: items.slice(0, -1).join(', '), last: items[items.length - 1] });
}

/** A game server's error (a WebSocket `error` message or an HTTP error
 * body) as the server worded it in this page's language. */
export function serverError(e) {
  return (e && (e.message || e.error)) || '';
}
