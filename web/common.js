// What every page shares: the HTTP API, the card list, seat tokens kept in
// this browser, and the server's words for the log, the result and the
// players arranged on the page.

import {
  t, cardName as cardNameOf, cardText, cardFrozen, cardWarp, schoolName, formName, serverError,
} from './i18n.js';
import { parsePiece } from './board.js';

/** Builds an element: h('div', {class: 'x', onclick: f}, 'text', child). */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') el.className = v;
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (v === true) el.setAttribute(k, '');
    else el.setAttribute(k, v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : String(c));
  }
  return el;
}

export async function api(path, opts = {}) {
  const init = { headers: { Accept: 'application/json' }, ...opts };
  if (opts.json !== undefined) {
    init.method = init.method || 'POST';
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(opts.json);
    delete init.json;
  }
  const res = await fetch(path, init);
  const type = res.headers.get('Content-Type') || '';
  const body = type.includes('json') ? await res.json().catch(() => null) : await res.text();
  if (!res.ok) {
    const msg = body && (body.message || body.error) ? serverError(body) : `${res.status} ${res.statusText}`;
    throw new Error(msg);
  }
  return body;
}

let cardsPromise = null;
/** Every card by id (`/api/cards`), fetched once per page. */
let toastTimer = null;

/** Shows a short message in the page's `#toast` element for a few seconds. */
export function toast(text, kind = '') {
  const t = document.getElementById('toast');
  t.textContent = text;
  t.className = `toast ${kind}`;
  t.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (t.hidden = true), 5000);
}

/** Every card by id (`/api/cards`), fetched once per page, its name and
 * texts in the page's language. */
export function loadCards() {
  const localized = (c) => ({ ...c, name: cardNameOf(c.id), text: cardText(c.id), frozen: c.frozen ? cardFrozen(c.id) || c.frozen : c.frozen,
    warp: c.warp ? cardWarp(c.id) || c.warp : c.warp });
  cardsPromise = cardsPromise || api('/api/cards').then((list) => new Map(list.map((c) => [c.id, localized(c)])));
  return cardsPromise;
}

/** Forms, schools (with their colors) and bot levels as the server offers
 * them (`/api/meta`): the page keeps no list of its own. */
export function loadMeta() {
  return api('/api/meta');
}

/** A form's name, in the page's language. */
export function formLabel(f) {
  return formName(f);
}

/** A school's name, in the page's language. */
export function schoolLabel(s) {
  return schoolName(s);
}

// ---------- seats held in this browser ----------

const STORE_KEY = 'tash-kalar.seats';

/** {gameId: {seat: token}} of the seats this browser holds. */
export function heldSeats() {
  try {
    return JSON.parse(localStorage.getItem(STORE_KEY)) || {};
  } catch {
    return {};
  }
}

export function holdSeat(gameId, seat, token) {
  const all = heldSeats();
  all[gameId] = { ...(all[gameId] || {}), [seat]: token };
  try {
    localStorage.setItem(STORE_KEY, JSON.stringify(all));
  } catch {
    /* private browsing: the link in the address bar still works */
  }
}

export function seatLink(gameId, token) {
  return `/games/${encodeURIComponent(gameId)}#seat=${encodeURIComponent(token)}`;
}

// ---------- words ----------

/** A card's name in the page's language. */
export function cardName(cards, id) {
  return cardNameOf(id);
}

// ---------- what happened: the view's events ----------
//
// The engine records what each choice did (`view.events`, see
// docs/server-protocol.md); these helpers only arrange those records. No
// choice text and no prompt is ever read to find out what happened.

/** Events that change the board (and so mark squares). */
const BOARD_EVENTS = new Set(['placed', 'picked-up', 'summoned', 'moved', 'upgraded', 'downgraded', 'converted', 'destroyed']);
/** Events that begin a line of the log; the others are told after them. */
const ACTION_EVENTS = new Set(['placed', 'picked-up', 'summoned', 'flare-invoked', 'discarded', 'returned', 'drew', 'task-revealed',
  'task-claimed', 'passed-control', 'resigned', 'game-over', 'scored', 'improvised', 'thawed']);

/** The squares an event touched. */
export function eventSquares(e) {
  if (e.kind === 'moved') return [e.from, e.to];
  return e.at ? [e.at] : [];
}

/** Events split into turns: [{seat, number, events}] (the first holds what came before any turn). */
export function turnsOf(events) {
  let cur = { seat: null, number: 0, events: [] };
  const turns = [cur];
  for (const e of events) {
    if (e.kind === 'turn-started') {
      cur = { seat: e.seat, number: e.number, events: [] };
      turns.push(cur);
    } else cur.events.push(e);
  }
  return turns;
}

/**
 * What just happened, for `seat` (null for a spectator): the current turn
 * once it has changed the board; before that, every turn since the seat's
 * own last turn (a spectator: the turn before). Returns the events, the
 * squares they touched (`squares`), those of the latest action (`main`)
 * and the pieces they destroyed (`ghosts`: [{at, piece}]).
 */
export function lastTurnOf(events, seat) {
  const turns = turnsOf(events);
  const acted = (t) => t.events.some((e) => BOARD_EVENTS.has(e.kind) || e.kind === 'flare-invoked');
  let shown = [];
  const last = turns[turns.length - 1];
  if (acted(last) || turns.length === 1) shown = [last];
  else {
    for (let i = turns.length - 2; i >= 0; i--) {
      if (seat !== null && turns[i].seat === seat) break;
      // what came before the first turn only when nothing else is shown
      if (i === 0 && shown.length) break;
      shown.unshift(turns[i]);
      if (seat === null) break;
    }
  }
  const list = shown.flatMap((t) => t.events);
  const squares = new Set();
  const main = new Set();
  const ghosts = [];
  let lastAction = 0;
  list.forEach((e, i) => {
    if (e.kind === 'summoned' || e.kind === 'flare-invoked' || (e.kind === 'placed' && i > 0 && list[i - 1].kind !== 'summoned')) lastAction = i;
  });
  list.forEach((e, i) => {
    for (const sq of eventSquares(e)) (i >= lastAction ? main : squares).add(sq);
    if (e.kind === 'destroyed') ghosts.push({ at: e.at, piece: parsePiece(e.piece) });
  });
  for (const sq of main) squares.add(sq);
  return { turns: shown, events: list, squares, main, ghosts };
}

/**
 * The events as lines of a log: an action's sentence, then what its effect
 * did, joined ("Red summons the Knight on e5 (as printed): Red's heroic
 * piece moves from e5 to e6; Blue's heroic piece on e6 destroyed"). Each
 * sentence is the server's (`text`, in the page's language); only their
 * arrangement is the page's. Returns [{turn: {seat, number}} | {text, kind, n}].
 */
export function eventLines(events) {
  const out = [];
  let line = null;
  for (const e of events) {
    if (e.kind === 'turn-started') {
      line = null;
      out.push({ turn: { seat: e.seat, number: e.number }, n: e.n });
      continue;
    }
    if (e.kind === 'turn-ended') {
      line = null;
      continue;
    }
    const text = e.text || '';
    if (ACTION_EVENTS.has(e.kind) || !line) {
      line = { text, kind: e.kind, n: e.n, parts: [] };
      out.push(line);
    } else {
      line.parts.push(text);
    }
  }
  return out.map((l) => (l.turn ? l : { text: l.parts.length ? `${l.text}: ${l.parts.join('; ')}` : l.text, kind: l.kind, n: l.n }));
}

/** The end of the game in the server's words (`view.result.text`). */
export function resultText(view) {
  return (view && view.result && view.result.text) || '';
}

/** A seat's name as the server gives it (`view.names`: "Blue (Ana)",
 * "Red (bot, medium)"); its number only before the first view. */
export function seatLabel(seat, view) {
  const name = view && view.names && view.names[seat];
  return name || t('seat-number', { seat: seat + 1 });
}

export function timeAgo(ms) {
  if (!ms) return '';
  const s = Math.max(0, (Date.now() - ms) / 1000);
  if (s < 60) return t('web-just-now');
  if (s < 3600) return t('web-minutes-ago', { n: Math.floor(s / 60) });
  if (s < 86400) return t('web-hours-ago', { n: Math.floor(s / 3600) });
  return new Date(ms).toLocaleDateString(document.documentElement.lang || undefined);
}
