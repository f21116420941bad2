// The lobby: create a game, join an open seat, watch, replay.

import { pieceSvg } from './board.js';
import {
  h, api, loadMeta, formLabel, schoolLabel, heldSeats, holdSeat, seatLink, timeAgo,
  toast,
} from './common.js';
import { initI18n, t, langSelector, listAnd } from './i18n.js';
import { startPairing } from './pairing.js';

const $ = (id) => document.getElementById(id);
let meta = null;

/** A school's piece, in the school's color as the server gives it (`/api/meta`). */
function swatch(school) {
  const s = h('span', { class: 'swatch' });
  const known = meta && meta.schools.find((x) => x.name === school);
  s.append(pieceSvg(known ? known.color : 'blue', 'common'));
  return s;
}

// ---------- creating a game ----------

function formInfo() {
  return meta.forms.find((f) => f.name === $('form').value) || meta.forms[0];
}

function fillForms() {
  const sel = $('form');
  for (const f of meta.forms) sel.append(h('option', { value: f.name }, formLabel(f.name)));
  sel.addEventListener('change', fillSeatCounts);
  $('seat-count').addEventListener('change', fillSeats);
  fillSeatCounts();
}

function fillSeatCounts() {
  const f = formInfo();
  const sel = $('seat-count');
  const was = Number(sel.value) || 2;
  sel.replaceChildren();
  const [lo, hi] = f.seats || [2, 2];
  for (let n = lo; n <= hi; n++) sel.append(h('option', { value: String(n) }, String(n)));
  sel.value = String(Math.min(hi, Math.max(lo, was)));
  sel.disabled = lo === hi;
  fillSeats();
}

function fillSeats() {
  const n = Number($('seat-count').value) || 2;
  const box = $('seat-rows');
  const old = [...box.querySelectorAll('fieldset')].map(readSeat);
  box.replaceChildren();
  for (let i = 0; i < n; i++) {
    // by default the schools in the server's order, one a seat
    const prev = old[i] || { school: meta.schools[i % Math.min(4, meta.schools.length)].name, player: i === 0 ? 'human' : 'bot', strength: 'medium', time: 1, name: '' };
    box.append(seatRow(i, prev));
  }
}

function seatRow(i, prev) {
  const id = (k) => `seat-${i}-${k}`;
  const school = h('select', { id: id('school'), name: 'school' },
    ...meta.schools.map((s) => h('option', { value: s.name, selected: s.name === prev.school }, schoolLabel(s.name))));
  const player = h('select', { id: id('player'), name: 'player' },
    h('option', { value: 'human', selected: prev.player === 'human' }, t('web-human')),
    h('option', { value: 'bot', selected: prev.player === 'bot' }, t('web-bot')));
  // the levels the server offers first, then the raw bots (MCTS with a thinking time)
  const levels = meta.levels || [];
  const strength = h('select', { id: id('strength'), name: 'strength' },
    // a measured level shows its published rating: "hard ... (about 1,850)"
    ...levels.map((l) => h('option', { value: l.name, selected: prev.strength === l.name, title: l.spec },
      l.rating ? t('players-level-rated', { level: t(`level-${l.name}`), rating: l.rating }) : t(`level-${l.name}`))),
    h('option', { value: 'random', selected: prev.strength === 'random' }, t('web-bot-random')),
    h('option', { value: 'greedy', selected: prev.strength === 'greedy' }, t('web-bot-greedy')),
    h('option', { value: 'mcts', selected: prev.strength === 'mcts' }, t('web-bot-mcts')));
  const time = h('input', { id: id('time'), name: 'time', type: 'number', min: '0.1', max: '10', step: '0.1', value: String(prev.time) });
  const name = h('input', { id: id('name'), name: 'name', type: 'text', maxlength: '32', placeholder: t('web-optional'), value: prev.name || '' });
  // a human seat is kept for its link unless it is open to anyone
  const open = h('input', { id: id('open'), name: 'open', type: 'checkbox', checked: !!prev.open });
  const legend = h('legend', {}, swatch(prev.school), t('web-seat-legend', { seat: i + 1, starts: i === 0 ? 'yes' : 'no' }));
  const strengthLabel = h('label', { for: id('strength') }, t('web-bot-strength'), strength);
  const timeLabel = h('label', { for: id('time') }, t('web-thinking-time'), time);
  const nameLabel = h('label', { for: id('name'), class: 'full' }, t('web-name'), name);
  const openLabel = h('label', { for: id('open'), class: 'full check', title: t('web-open-title') },
    h('span', {}, open, ' ', t('web-open-to-anyone')));
  const fs = h('fieldset', { class: 'seat-row', dataset: { seat: String(i) } }, legend,
    h('label', { for: id('school') }, t('web-school'), school),
    h('label', { for: id('player') }, t('web-player'), player),
    strengthLabel, timeLabel, nameLabel, openLabel);
  const sync = () => {
    const bot = player.value === 'bot';
    strengthLabel.hidden = !bot;
    timeLabel.hidden = !bot || strength.value !== 'mcts';
    nameLabel.hidden = bot;
    openLabel.hidden = bot;
    legend.firstChild.replaceWith(swatch(school.value));
  };
  player.addEventListener('change', sync);
  strength.addEventListener('change', sync);
  school.addEventListener('change', sync);
  sync();
  return fs;
}

function readSeat(fs) {
  const v = (n) => fs.querySelector(`[name=${n}]`).value;
  return {
    school: v('school'), player: v('player'), strength: v('strength'), time: Number(v('time')) || 1, name: v('name').trim(),
    open: fs.querySelector('[name=open]').checked,
  };
}

function seatRequest(s) {
  if (s.player === 'human') {
    const seat = { school: s.school, player: 'human' };
    if (s.name) seat.name = s.name;
    if (s.open) seat.open = true;
    return seat;
  }
  const secs = Math.min(10, Math.max(0.1, s.time));
  const bot = s.strength === 'mcts' ? `mcts:time=${Math.round(secs * 1000)}ms` : s.strength;
  return { school: s.school, player: 'bot', bot };
}

async function create(e) {
  e.preventDefault();
  $('create-error').textContent = '';
  const seats = [...$('seat-rows').querySelectorAll('fieldset')].map(readSeat);
  const body = { form: $('form').value, seats: seats.map(seatRequest) };
  const clock = clockRequest($('clock').value);
  if (clock) body.clock = clock;
  if ($('private').checked) body.private = true;
  if ($('rated').checked) body.rated = true;
  const button = $('create-button');
  button.disabled = true;
  try {
    const res = await api('/api/games', { json: body });
    const humans = res.seats.filter((s) => s.token);
    for (const s of humans) holdSeat(res.id, s.seat, s.token);
    if (humans.length === 1) {
      location.href = seatLink(res.id, humans[0].token);
      return;
    }
    showCreated(res, seats);
    refresh();
  } catch (err) {
    $('create-error').textContent = err.message;
  } finally {
    button.disabled = false;
  }
}

/** `move:S` or `game:S+I` from the clock select, as the API takes it. */
function clockRequest(v) {
  if (v.startsWith('move:')) return { kind: 'move', secs: Number(v.slice(5)) };
  if (v.startsWith('game:')) {
    const [secs, inc] = v.slice(5).split('+').map(Number);
    return { kind: 'game', secs, increment: inc };
  }
  return null;
}

function showCreated(res, seats) {
  const box = $('created-body');
  box.replaceChildren();
  const abs = (p) => new URL(p, location.href).href;
  const humans = res.seats.filter((s) => s.token);
  if (!humans.length) {
    box.append(h('p', {}, t('web-bots-game'), ' ', h('a', { href: `/games/${encodeURIComponent(res.id)}` }, t('web-watch-it'))));
  } else {
    box.append(h('p', {}, t('web-open-your-seat')));
    const links = h('div', { class: 'links' });
    for (const s of humans) {
      const url = abs(seatLink(res.id, s.token));
      const input = h('input', { type: 'text', readonly: true, value: url, 'aria-label': t('web-link-for-seat', { seat: s.seat + 1 }) });
      links.append(h('div', { class: 'seat-link' },
        h('strong', {}, t('web-seat-school', { seat: s.seat + 1, school: schoolLabel(seats[s.seat].school) })),
        h('div', { class: 'choice-buttons' },
          h('a', { class: 'btn', href: url }, t('web-play-this-seat')),
          h('button', { type: 'button', class: 'btn', onclick: () => copy(input) }, t('web-copy-link'))),
        input));
      input.addEventListener('focus', () => input.select());
    }
    box.append(links);
    box.append(h('p', { class: 'muted' }, t('web-spectators'), ' ', h('a', { href: `/games/${encodeURIComponent(res.id)}` }, abs(`/games/${encodeURIComponent(res.id)}`))));
  }
  $('created').hidden = false;
  // the links first, in view: they are what the creator needs now
  $('created').scrollIntoView({ block: 'start' });
  $('created').focus({ preventScroll: true });
}

async function copy(input) {
  input.select();
  try {
    await navigator.clipboard.writeText(input.value);
    toast(t('web-link-copied'), 'info');
  } catch {
    document.execCommand && document.execCommand('copy');
  }
}

// ---------- the lists ----------

function seatsText(g) {
  return g.seats.map((s) => {
    const waiting = s.open ? t('web-open-seat') : t('web-invited-player');
    const who = s.player === 'bot' ? t('web-bot-named', { bot: s.bot || '' }) : s.name || (s.taken ? t('web-human-lower') : waiting);
    return `${schoolLabel(s.school)}: ${who}`;
  }).join(' · ');
}

function gameItem(g) {
  const held = heldSeats()[g.id] || {};
  const heldSeatsList = Object.keys(held);
  const scores = Array.isArray(g.scores) && g.scores.length ? ` · ${t('web-score-list', { scores: g.scores.join('–') })}` : '';
  const what = h('div', { class: 'what' },
    h('div', {}, ...g.seats.map((s) => swatch(s.school)), ' ', h('strong', {}, formLabel(g.form)),
      g.status !== 'open' ? ` · ${t('web-turn-n', { n: g.turn })}${scores}` : '', ' ', h('span', { class: 'muted' }, timeAgo(g.updated || g.created))),
    h('div', { class: 'seats' }, seatsText(g)));
  const buttons = [];
  const gameUrl = `/games/${encodeURIComponent(g.id)}`;
  if (g.status !== 'over') {
    for (const s of heldSeatsList) buttons.push(h('a', { class: 'btn primary', href: seatLink(g.id, held[s]) }, t('web-resume-seat', { seat: Number(s) + 1 })));
    if (g.status === 'open') {
      for (const s of g.seats) {
        if (s.player === 'human' && s.open && !s.taken && !(String(s.seat) in held)) {
          buttons.push(h('button', { type: 'button', class: 'btn', onclick: () => join(g.id, s.seat) }, t('web-join-as', { school: schoolLabel(s.school) })));
        }
      }
    }
    buttons.push(h('a', { class: 'btn', href: gameUrl }, t('web-watch')));
  } else {
    what.append(h('div', { class: 'winner' }, winnerText(g)));
    buttons.push(h('a', { class: 'btn', href: `${gameUrl}/replay` }, t('web-replay')));
    buttons.push(h('a', { class: 'btn', href: `/api/games/${encodeURIComponent(g.id)}/record`, download: `tash-kalar-${g.id}.txt` }, t('web-record')));
  }
  return h('li', { dataset: { game: g.id } }, what, ...buttons);
}

/** Who won a finished game, in words, from its summary. */
function winnerText(g) {
  const o = g.outcome;
  if (!o || !Array.isArray(o.places)) return t('web-finished');
  const name = (i) => {
    const s = g.seats[i];
    const who = s.player === 'bot' ? t('web-bot-named', { bot: s.bot || '' }).trim() : s.name;
    return `${schoolLabel(s.school)}${who ? ` (${who})` : ''}`;
  };
  const firsts = o.places.map((p, i) => (p === 0 ? i : -1)).filter((i) => i >= 0);
  const text = firsts.length === 1 || (o.teams && firsts.length === 2)
    ? t('web-won-by', { names: listAnd(firsts.map(name)) })
    : `${t('web-a-draw')}: ${listAnd(firsts.map(name))}`;
  if (o.timeout !== null && o.timeout !== undefined) return t('web-result-how', { result: text, how: t('web-ran-out-of-time', { who: name(o.timeout), you: 'no' }) });
  if (o.resigned !== null && o.resigned !== undefined) return t('web-result-how', { result: text, how: t('web-resigned-how', { who: name(o.resigned), you: 'no' }) });
  return text;
}

async function join(id, seat) {
  try {
    const res = await api(`/api/games/${encodeURIComponent(id)}/join`, { json: { seat } });
    holdSeat(id, res.seat, res.token);
    location.href = seatLink(id, res.token);
  } catch (err) {
    toast(t('web-cannot-join', { why: err.message }));
    refresh();
  }
}

async function refresh() {
  let games;
  try {
    games = await api('/api/games');
  } catch (err) {
    toast(t('web-cannot-list', { why: err.message }));
    return;
  }
  const lists = { open: $('open-games'), playing: $('playing-games'), over: $('over-games') };
  for (const [status, ul] of Object.entries(lists)) {
    const mine = games.filter((g) => g.status === status);
    ul.replaceChildren(...mine.map(gameItem));
    if (!mine.length) ul.append(h('li', { class: 'muted' }, status === 'open' ? t('web-no-open-games') : status === 'playing' ? t('web-no-games-playing') : t('web-no-games-over')));
  }
}

/** The signed-in player's games in progress (`GET /api/session`): each
 * opens with the account, no seat link needed. Hidden for a guest. */
async function refreshMine() {
  let me = null;
  try {
    const res = await fetch('/api/session', { headers: { Accept: 'application/json' } });
    if (res.ok) me = await res.json();
  } catch {
    /* shown as a guest */
  }
  $('my-games-panel').hidden = !me;
  if (!me) return;
  const items = (me.games || []).map((g) => h('li', {},
    h('a', { href: `/games/${encodeURIComponent(g.id)}` }, t('account-game-item', { form: formLabel(g.form), seat: g.seat + 1 }))));
  if (!items.length) items.push(h('li', { class: 'muted' }, t('account-no-games')));
  $('my-games').replaceChildren(...items);
}

async function start() {
  await initI18n();
  $('lang-slot').append(langSelector());
  try {
    meta = await loadMeta();
  } catch (err) {
    toast(t('web-cannot-list', { why: err.message }));
    return;
  }
  fillForms();
  startPairing(meta);
  $('create').addEventListener('submit', create);
  refresh();
  refreshMine();
  setInterval(() => document.visibilityState === 'visible' && refresh(), 5000);
}

start();
