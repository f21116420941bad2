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

// ---------- the engine's data in words ----------

const msgId = (ref) => String(ref).replace('.', '-');

/** The message id of a step's words, as `step_id` in crates/i18n: `step-`
 * and the step's stable id (`imperial.cannon.aim`) with `.` and `_` made `-`. */
export function stepId(step) {
  return `step-${String(step).replace(/[._]/g, '-')}`;
}

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
export function orientationWords(o) {
  return t('orientation', { o });
}
export function pieceWords(p) {
  return t('piece', { color: colorName(p.color), c: p.color, rank: p.rank });
}

/** `a, b and c`. */
export function listAnd(items) {
  if (items.length <= 1) return items.join('');
  return t('list-and', { first: items.slice(0, -1).join(', '), last: items[items.length - 1] });
}

/** A seat by its color (in team play with its number). */
export function seatName(view, seat) {
  const s = view && view.seats && view.seats[seat];
  if (!s) return t('seat-number', { seat: seat + 1 });
  if (view.form === 'team-duel' || view.form === 'team-high-form') return t('seat-in-team', { color: colorName(s.color), seat: seat + 1 });
  return colorName(s.color);
}

/** An event of `view.events` in one sentence; `who(seat)` names a seat. */
export function eventText(e, who) {
  const card = (c) => cardName(c);
  switch (e.kind) {
    case 'turn-started': return t('event-turn-started', { who: who(e.seat), number: e.number });
    case 'placed': return t('event-placed', { piece: pieceWords(e.piece), at: e.at });
    case 'picked-up': return t('event-picked-up', { piece: pieceWords(e.piece), at: e.at });
    case 'summoned': return t('event-summoned', { who: who(e.seat), card: card(e.card), at: e.at, orientation: orientationWords(e.orientation) });
    case 'moved': return t('event-moved', { piece: pieceWords(e.piece), from: e.from, to: e.to, how: e.how });
    case 'upgraded': return t('event-upgraded', { color: colorName(e.color), at: e.at, rank: e.to });
    case 'downgraded': return t('event-downgraded', { color: colorName(e.color), at: e.at, rank: e.to });
    case 'converted': return t('event-converted', { from: pieceWords(e.from), to: pieceWords(e.to), at: e.at });
    case 'destroyed': return t('event-destroyed', { piece: pieceWords(e.piece), at: e.at });
    case 'scored':
      return e.color
        ? t('event-scored-in', { who: who(e.seat), points: e.points, why: e.why, color: colorName(e.color) })
        : t('event-scored', { who: who(e.seat), points: e.points, why: e.why });
    case 'discarded': return t('event-discarded', { who: who(e.seat), card: card(e.card) });
    case 'returned': return t('event-returned', { who: who(e.seat), count: e.count });
    case 'flare-invoked': {
      const parts = e.upper && e.lower ? 'both' : e.upper ? 'upper' : e.lower ? 'lower' : 'none';
      return t('event-flare-invoked', { who: who(e.seat), card: card(e.card), against: colorName(e.against), parts });
    }
    case 'drew': {
      const parts = [];
      if (e.beings) parts.push(t('drew-beings', { n: e.beings }));
      if (e.legends) parts.push(t('drew-legends', { n: e.legends }));
      if (e.flares) parts.push(t('drew-flares', { n: e.flares }));
      return t('event-drew', { who: who(e.seat), what: listAnd(parts) });
    }
    case 'task-revealed': return t('event-task-revealed', { task: taskName(e.task) });
    case 'task-claimed': return t('event-task-claimed', { who: who(e.seat), task: taskName(e.task), points: e.points });
    case 'passed-control': return t('event-passed-control', { who: who(e.seat), to: who(e.to) });
    case 'improvised': return t('event-improvised', { who: who(e.seat), color: colorName(e.color) });
    case 'frozen': return t('event-frozen', { who: who(e.seat), card: card(e.card) });
    case 'kept-frozen': return t('event-kept-frozen', { who: who(e.seat), kept: card(e.kept), discarded: card(e.discarded) });
    case 'thawed': return t('event-thawed', { who: who(e.seat), card: card(e.card) });
    case 'gateway-gained': return t('event-gateway-gained', { who: who(e.seat), at: e.at });
    case 'gateway-lost': return t('event-gateway-lost', { who: who(e.seat), at: e.at });
    case 'warped': return t('event-warped', { who: who(e.seat), card: card(e.card) });
    case 'pending-returned': return t('event-pending-returned', { who: who(e.seat), card: card(e.card) });
    case 'pending-discarded': return t('event-pending-discarded', { who: who(e.seat), card: card(e.card) });
    case 'stored': return t('event-stored', { who: who(e.seat), piece: pieceWords(e.piece), at: e.at });
    case 'landed':
      return e.at
        ? t('event-landed', { who: who(e.seat), piece: pieceWords(e.piece), at: e.at })
        : t('event-landed-nowhere', { who: who(e.seat), piece: pieceWords(e.piece) });
    case 'resigned': return t('event-resigned', { who: who(e.seat) });
    case 'turn-ended': return t('event-turn-ended', { who: who(e.seat) });
    case 'game-over': return t('event-game-over');
    default: return e.kind;
  }
}

const OPTION_MESSAGES = {
  'gryphon-dismount': 'option-gryphon-dismount',
  'fire-adjacent': 'option-fire-adjacent',
  'fire-distance': 'option-fire-distance',
  'leviathan-downgrade': 'option-leviathan-downgrade',
  'leviathan-destroy': 'option-leviathan-destroy',
  'storm-common': 'option-storm-common',
  'storm-heroic': 'option-storm-heroic',
  'storm-legendary': 'option-storm-legendary',
  'pending-discard': 'option-pending-discard',
  'pending-return': 'option-pending-return',
  'possessed-discard-flare': 'option-possessed-discard-flare',
  'gate-keeper-upgrade': 'option-gate-keeper-upgrade',
  'gate-keeper-place': 'option-gate-keeper-place',
};

/** A task's points, from the task board of `view`. */
function taskPoints(view, id) {
  const tb = view && view.tasks;
  const all = tb ? [...(tb.current || []), ...(tb.next ? [tb.next] : [])] : [];
  const task = all.find((x) => x.id === id);
  return task ? task.points : 0;
}

/** A legal choice of `view.legal` in words (`view`: the view it is from). */
export function choiceLabel(c, view) {
  const q = view && view.question;
  const qk = q ? q.kind : '';
  const card = c.card ? cardName(c.card) : '';
  const color = c.color ? colorName(c.color) : '';
  switch (c.kind) {
    case 'draw': return c.task ? t('choice-draw-task', { task: taskName(c.task) }) : t('choice-draw', { card });
    case 'start': return c.color ? t('choice-start-piece', { color, at: c.at }) : t('choice-start-pieces', { at: c.at });
    case 'place': return t('choice-place', { at: c.at });
    case 'pickup': return t('choice-pickup', { at: c.at });
    case 'summon': {
      let s = t('choice-summon', { card, at: c.at, orientation: orientationWords(c.orientation) });
      if (c.pickup) s = t('choice-taking-up', { choice: s, at: c.pickup });
      if (c.onto) s = t('choice-destroying', { choice: s, piece: pieceWords(c.onto) });
      return s;
    }
    case 'discard': return t('choice-discard', { card });
    case 'return': return qk === 'effect' ? t('choice-take', { card }) : t('choice-return', { card });
    case 'done': return t('choice-done');
    case 'flare': return t('choice-flare', { card, color });
    case 'thaw': return t('choice-thaw', { card });
    case 'warp': return t('choice-warp', { card });
    case 'end': return t('choice-end');
    case 'square': return c.piece ? t('choice-square-piece', { at: c.at, piece: pieceWords(c.piece) }) : t('choice-square', { at: c.at });
    case 'move': {
      const s = t('choice-move', { piece: c.piece ? pieceWords(c.piece) : t('the-piece'), from: c.from, to: c.to });
      return c.onto ? t('choice-destroying', { choice: s, piece: pieceWords(c.onto) }) : s;
    }
    case 'dir': return dirWords(c.dir);
    case 'option':
      if (c.meaning === 'color') return t('option-color', { color });
      if (OPTION_MESSAGES[c.meaning]) return t(OPTION_MESSAGES[c.meaning]);
      return t('option-number', { n: c.option });
    case 'skip': return qk === 'claim' ? t('choice-claim-none') : t('choice-skip');
    case 'claim': return t('choice-claim', { task: taskName(c.task), points: taskPoints(view, c.task) });
    case 'pass': return t('choice-pass');
    case 'improvise': return t('choice-improvise', { color });
    case 'point': return t('choice-point', { color });
    default: return c.text;
  }
}

/** What is being decided, said to the one deciding. */
export function questionText(q, view) {
  switch (q.kind) {
    case 'start-pieces': return view.form === 'melee' ? t('question-start-piece') : t('question-start-pieces');
    case 'action':
      if (!view.turn.actions) return t('question-actions-used');
      return t('question-action', { n: view.turn.actions, discard: view.form === 'first-game' ? 'no' : 'yes' });
    case 'teammate-place': return t('question-teammate-place');
    case 'placing': return t('question-placing');
    case 'returning': return t('question-returning');
    case 'effect': {
      const e = view.effect;
      const card = q.card || (e && e.card);
      const name = card ? cardName(card) : '';
      const at = e && e.at && !e.flare ? e.at : null;
      // the step's words (`steps.ftl`, keyed by the step's id); a step
      // without them tells the card's whole effect
      const step = q.step && bundle && bundle.hasMessage(stepId(q.step)) ? t(stepId(q.step)) : null;
      if (step !== null) return at ? t('question-effect-at', { card: name, at, step }) : t('question-effect', { card: name, step });
      const text = card ? cardText(card) : '';
      return at ? t('question-effect-text-at', { card: name, at, text }) : t('question-effect-text', { card: name, text });
    }
    case 'improvise': return t('question-improvise');
    case 'score-point': return view.phase && view.phase.unpaired && view.phase.unpaired.length ? t('question-score-unpaired') : t('question-score-legend');
    case 'claim': return t('question-claim');
    default: return '';
  }
}

/** How the game ended, with the score, from `view.result`. */
export function resultSentence(view) {
  const r = view && view.result;
  if (!r) return '';
  const n = view.seats.length;
  const teams = (view.form === 'team-duel' || view.form === 'team-high-form') && n === 4;
  const name = (s) => seatName(view, s);
  const team = (k) => t('team-name', { color: colorName(view.seats[k].color), first: k + 1, second: k + 3 });
  let text;
  if (teams) text = r.team !== undefined && r.team !== null ? t('result-team-wins', { team: team(r.team) }) : t('result-draw', { names: listAnd([team(0), team(1)]) });
  else if (!r.draw && r.winners.length) text = t('result-wins', { who: name(r.winners[0]) });
  else text = t('result-draw', { names: listAnd(r.winners.map(name)) });
  if (n > 2 && !teams) {
    const rest = [];
    for (let place = 2; place <= n; place++) {
      const at = r.ranking.filter((p) => p.place === place).map((p) => name(p.seat));
      if (at.length) rest.push(t('result-place', { place, names: listAnd(at) }));
    }
    if (rest.length) text = t('result-and-places', { result: text, places: rest.join(', ') });
  }
  // why it ended (`why`, as the rules' ResultView says it): a forfeit
  // before the result, the end after it
  const forfeit = r.why === 'time' ? r.timeout : r.resigned;
  if (forfeit !== undefined && forfeit !== null) {
    const who = teams ? team(forfeit % 2) : name(forfeit);
    text = t(r.why === 'time' ? 'result-time' : 'result-resigned', { who, result: text });
  } else if (r.why === 'end-score') text = t('result-end-score', { result: text });
  else if (r.why === 'deck-out') text = t('result-deck-out', { result: text });
  const scores = teams
    ? [0, 1].map((k) => t('score-of', { who: colorName(view.seats[k].color), score: view.seats[k].score }))
    : view.seats.map((s, i) => t('score-of', { who: name(i), score: s.score }));
  return t('result-with-score', { result: text, scores: scores.join(', '), target: r.end_score });
}

/** The message of every error code the game server sends
 * (docs/server-protocol.md): written from the server's `error::Code` by
 * `TK_WRITE_ERROR_CODES=1 cargo test -p tash-kalar-server --test error_codes`,
 * which fails while this list and the server's codes differ. */
const SERVER_ERRORS = new Set([
  'error-game-over', 'error-no-such-seat', 'error-not-your-turn', 'error-wrong-phase', 'error-illegal',
  'error-illegal-nearest', 'error-unknown-choice', 'error-nothing-to-take-back', 'error-cannot-resign',
  'error-not-your-seat', 'error-spectator-cannot-play', 'error-spectator-cannot-chat', 'error-time-ran-out',
  'error-stale-version', 'error-version-required', 'error-resign-message', 'error-seat-required', 'error-bad-entry',
  'error-bad-chat', 'error-chat-too-fast', 'error-chat-full', 'error-save-failed', 'error-bad-token',
  'error-seat-is-bot', 'error-seat-taken', 'error-seat-reserved', 'error-game-not-over', 'error-rematch-in-progress',
  'error-bad-message', 'error-hello-first', 'error-hello-twice', 'error-no-such-game', 'error-server-full',
  'error-server-error', 'error-bad-request', 'error-forbidden', 'error-unknown-host', 'error-not-found',
  'error-conflict', 'error-request-timeout', 'error-not-json', 'error-too-large', 'error-too-many-requests',
  'error-too-many-games', 'error-too-many-joins', 'error-server-busy',
]);

/** A game server's error (a WebSocket `error` message or an HTTP error
 * body) in the page's language: the message of its `code` with its
 * `args`; its English text (`message` or `error`) only for a code this
 * page does not know. */
export function serverError(e) {
  if (!e) return '';
  const english = e.message || e.error || '';
  const id = e.code ? `error-${e.code}` : '';
  if (!SERVER_ERRORS.has(id) || !bundle || !bundle.getMessage(id)) return english;
  const args = {};
  for (const [k, v] of Object.entries(e.args || {})) {
    if (typeof v === 'string' || typeof v === 'number') args[k] = v;
  }
  return t(id, args);
}
