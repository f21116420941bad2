// The site bar, on every page: links to the lobby, Learn, Puzzles and the
// Leaderboard, and "Sign in" (to /account), or the signed-in name (to the
// player's profile) and a link to the account page. A page holds an empty
// `<nav id="site-nav"></nav>` in its top bar and loads this module
// (`<nav id="site-nav" data-compact>`: the links behind a menu button, for
// a crowded bar).
//
// The links are marked for i18n.js (`data-l10n-id`) and worded once the
// page's messages are loaded (`ready`).

import { h } from './common.js';
import { localize, ready, t } from './i18n.js';

function label(el, id) {
  el.dataset.l10nId = id;
  return el;
}

function link(href, id) {
  const a = label(h('a', { href }), id);
  if (location.pathname === href) a.setAttribute('aria-current', 'page');
  return a;
}

/** The signed-in visitor's name, or null (a guest, or the server unreachable). */
async function whoAmI() {
  try {
    const res = await fetch('/api/session', { headers: { Accept: 'application/json' } });
    if (!res.ok) return null;
    const v = await res.json();
    return typeof v.name === 'string' ? v.name : null;
  } catch {
    return null;
  }
}

async function fill() {
  const nav = document.getElementById('site-nav');
  if (!nav) return;
  nav.classList.add('site-nav');
  const who = h('span', { class: 'site-nav-who' });
  const links = [
    link('/', 'account-nav-lobby'),
    link('/learn', 'account-nav-learn'),
    link('/puzzles', 'account-nav-puzzles'),
    link('/leaderboard', 'account-nav-leaderboard'),
    who,
  ];
  if ('compact' in nav.dataset) {
    // a crowded top bar (the game's): the links behind one button
    const summary = h('summary', { id: 'site-menu-button' }, '☰');
    nav.replaceChildren(h('details', { class: 'site-menu' }, summary, h('div', { class: 'site-menu-links' }, ...links)));
  } else {
    nav.replaceChildren(...links);
  }
  const name = await whoAmI();
  if (name) {
    const profile = h('a', { href: `/players/${encodeURIComponent(name)}`, id: 'nav-name' }, name);
    who.replaceChildren(profile, link('/account', 'account-title'));
  } else {
    who.replaceChildren(link('/account', 'account-nav-sign-in'));
  }
  await ready;
  nav.setAttribute('aria-label', t('account-nav-label'));
  const button = document.getElementById('site-menu-button');
  if (button) button.setAttribute('aria-label', t('account-nav-label'));
  localize(nav);
  document.body.dataset.signedIn = name ? 'yes' : 'no';
}

fill();
