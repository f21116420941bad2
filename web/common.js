// What every page shares: the HTTP API, the card list, seat tokens kept in
// this browser, and readable words for choice texts (docs/notation.md).

import { COLORS, COLOR_BY_LETTER, layPattern } from './board.js';

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
    const msg = body && body.error ? body.error : `${res.status} ${res.statusText}`;
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

export function loadCards() {
  cardsPromise = cardsPromise || api('/api/cards').then((list) => new Map(list.map((c) => [c.id, c])));
  return cardsPromise;
}

const DEFAULT_META = {
  forms: [
    { name: 'duel', seats: [2, 2] },
    { name: 'high-form', seats: [2, 2] },
    { name: 'first-game', seats: [2, 2] },
  ],
  schools: [
    { name: 'northern', color: 'blue' },
    { name: 'southern', color: 'red' },
    { name: 'highland', color: 'brown' },
    { name: 'sylvan', color: 'green' },
    { name: 'everfrost', color: 'white' },
  ],
};

/** Forms and schools the server offers (`/api/meta`), or the known ones. */
export async function loadMeta() {
  try {
    const m = await api('/api/meta');
    return { ...DEFAULT_META, ...m };
  } catch {
    return DEFAULT_META;
  }
}

export const FORM_LABELS = {
  duel: 'Deathmatch Duel',
  'high-form': 'High Form',
  'first-game': 'First game (simplified High Form)',
  melee: 'Deathmatch Melee',
  'team-duel': 'Deathmatch Duel (teams)',
  'team-high-form': 'High Form (teams)',
};
export const SCHOOL_LABELS = {
  northern: 'Northern Imperial',
  southern: 'Southern Imperial',
  highland: 'Highland',
  sylvan: 'Sylvan',
  everfrost: 'Everfrost',
};
export const SCHOOL_COLORS = {
  northern: 'blue', southern: 'red', highland: 'brown', sylvan: 'green', everfrost: 'white',
};

export function formLabel(f) {
  return FORM_LABELS[f] || f;
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

/** `imperial.time_mage` -> `Time Mage`, for ids the card list lacks (tasks). */
export function prettyId(id) {
  const tail = String(id).split('.').pop();
  return tail.split('_').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
}

export function cardName(cards, id) {
  const c = cards && cards.get(id);
  return c ? c.name : prettyId(id);
}

export const DIR_WORDS = {
  n: 'north', ne: 'north-east', e: 'east', se: 'south-east', s: 'south', sw: 'south-west', w: 'west', nw: 'north-west',
};

export const ORIENTATION_WORDS = {
  r0: 'as printed',
  r90: 'turned right',
  r180: 'upside down',
  r270: 'turned left',
  m0: 'mirrored',
  m90: 'mirrored, turned right',
  m180: 'mirrored, upside down',
  m270: 'mirrored, turned left',
};

/** The parts of a choice text, or null for texts not made of squares and cards. */
export function parseChoice(text) {
  const w = text.trim().split(/\s+/);
  const sq = /^[a-i][1-9]$/;
  switch (w[0]) {
    case 'summon':
      return { kind: 'summon', card: w[1], at: w[2], orientation: w[3], from: w[4] === 'from' ? w[5] : null, text };
    case 'place':
      return { kind: 'place', at: w[1], from: w[2] === 'from' ? w[3] : null, text };
    case 'start':
      // a melee start piece names its color: `start f8 b`
      return { kind: 'start', at: w[1], color: w[2] || null, text };
    case 'pickup':
      return { kind: 'pickup', at: w[1], text };
    case 'discard':
    case 'return':
    case 'claim':
    case 'flare':
    case 'draw':
      return { kind: w[0], id: w[1], text };
    case 'improvise':
    case 'point':
      return { kind: w[0], color: w[1], text };
    case 'dir':
      return { kind: 'dir', dir: w[1], text };
    case 'option':
      return { kind: 'option', n: Number(w[1]), text };
    default:
      if (w.length === 1 && sq.test(w[0])) return { kind: 'square', at: w[0], text };
      if (w.length === 1 && /^[a-i][1-9]-[a-i][1-9]$/.test(w[0])) {
        const [from, to] = w[0].split('-');
        return { kind: 'move', from, to, text };
      }
      return { kind: w[0], text };
  }
}

/** The squares a choice names, for highlighting the last action. */
export function choiceSquares(text, cards) {
  const c = parseChoice(text);
  const out = { main: [], other: [] };
  if (c.kind === 'summon') {
    out.main.push(c.at);
    const card = cards && cards.get(c.card);
    if (card) out.other.push(...layPattern(card, c.at, c.orientation).pattern.map((p) => p.square));
    if (c.from) out.other.push(c.from);
  } else if (c.kind === 'pickup') {
    out.other.push(c.at);
  } else if (c.kind === 'place' || c.kind === 'start' || c.kind === 'square') {
    out.main.push(c.at);
    if (c.from) out.other.push(c.from);
  } else if (c.kind === 'move') {
    out.other.push(c.from);
    out.main.push(c.to);
  }
  return out;
}

/** A choice text in words, for the log and for buttons. */
export function describeChoice(text, cards, { colorOf = (l) => COLORS[COLOR_BY_LETTER[l]]?.label || l, taskName } = {}) {
  const c = parseChoice(text);
  const name = (id) => cardName(cards, id);
  switch (c.kind) {
    case 'summon':
      return `summons ${name(c.card)} on ${c.at} (${ORIENTATION_WORDS[c.orientation] || c.orientation}${c.from ? `, piece taken from ${c.from}` : ''})`;
    case 'place':
      return `places a piece on ${c.at}${c.from ? ` (taken from ${c.from})` : ''}`;
    case 'start':
      if (c.color) return `puts a ${colorOf(c.color)} start piece on ${c.at}`;
      return `puts the start pieces down (own piece on ${c.at})`;
    case 'pickup':
      return `picks up the piece on ${c.at} to place it again`;
    case 'discard':
      return `discards ${name(c.id)}`;
    case 'return':
      if (c.id === 'a') return 'returns a card to the bottom of its deck';
      return `returns ${name(c.id)} to the bottom of its deck`;
    case 'claim':
      return `claims the task ${taskName ? taskName(c.id) : prettyId(c.id)}`;
    case 'flare':
      return `invokes a flare against ${colorOf(c.id)}`;
    case 'draw':
      if (c.id && c.id.startsWith('tasks.')) return `turns up the task ${taskName ? taskName(c.id) : prettyId(c.id)}`;
      if (c.id === 'a') return text.replace(/^draw/, 'draws');
      return `draws ${name(c.id)}`;
    case 'improvise':
      return `uses up ${colorOf(c.color)} for the improvised summoning`;
    case 'point':
      return `scores a point in ${colorOf(c.color)}`;
    case 'pass':
      return 'passes control of the turn to the teammate';
    case 'dir':
      return `chooses the direction ${DIR_WORDS[c.dir] || c.dir}`;
    case 'option':
      return `chooses option ${c.n}`;
    case 'square':
      return `chooses ${c.at}`;
    case 'move':
      return `moves ${c.from} → ${c.to}`;
    case 'end':
      return 'ends the turn';
    case 'skip':
      return 'skips';
    case 'done':
      return 'is done returning cards';
    case 'resign':
      return 'resigns';
    case 'undo':
      return 'takes back a choice';
    default:
      return text;
  }
}

/**
 * Labels for `option n` choices, read from the prompt: "option 1: ...;
 * option 2: ...", "(option 1 red, 2 blue, ...)", "... (option 1)", or
 * "..., or ..." with one part per option.
 */
export function optionLabels(prompt, numbers) {
  const labels = new Map();
  if (!prompt) return labels;
  const i = prompt.search(/\boption\s+\d/i);
  if (i >= 0) {
    const tail = prompt.slice(i).replace(/\boption\s+/gi, '');
    for (const part of tail.split(/[;,]/)) {
      const m = /^\s*(\d+)\s*:?\s*([^()]*?)\s*\)?\s*$/.exec(part);
      if (m && m[2]) labels.set(Number(m[1]), m[2]);
    }
    if (numbers.length === 1 && !labels.has(numbers[0])) {
      const before = prompt.slice(0, i).replace(/[\s(,:]+$/, '').replace(/,?\s*or$/, '');
      if (before) labels.set(numbers[0], before);
    }
  } else {
    const parts = prompt.split(/,?\s+or\s+/);
    if (parts.length === numbers.length) numbers.forEach((n, k) => labels.set(n, parts[k]));
  }
  return labels;
}

/** A player's label: their name if they have one, their color, bot or human. */
export function seatLabel(seat, view, players) {
  const s = view && view.seats && view.seats[seat];
  const color = s ? COLORS[s.color].label : `Seat ${seat + 1}`;
  const p = players && players[seat];
  if (p && p.name) return `${color} (${p.name})`;
  if (p && p.player === 'bot') return `${color} (bot ${p.bot || ''})`.replace(' )', ')');
  return color;
}

export function timeAgo(ms) {
  if (!ms) return '';
  const s = Math.max(0, (Date.now() - ms) / 1000);
  if (s < 60) return 'just now';
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ago`;
  return new Date(ms).toLocaleDateString();
}

/** The result of a finished game in words. */
export function outcomeText(view, players) {
  const o = view && view.outcome;
  if (!o) return '';
  const places = o.places || [];
  const firsts = places.map((p, i) => (p === 0 ? i : -1)).filter((i) => i >= 0);
  const scores = (view.scores || []).join(' – ');
  let t;
  if (firsts.length === 1) t = `${seatLabel(firsts[0], view, players)} wins`;
  else t = `A draw between ${firsts.map((i) => seatLabel(i, view, players)).join(' and ')}`;
  if (o.resigned !== null && o.resigned !== undefined) t += ` (${seatLabel(o.resigned, view, players)} resigned)`;
  return `${t}. Score ${scores}.`;
}
