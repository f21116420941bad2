// Puzzles (`/api/puzzles`): the server sends a position's model for the
// seat to play; each choice is sent back with the ones before it and the
// server answers the next model until the turn ends, then judges the
// attempt. The browser judges nothing. A guest's rating is kept here.

import { h, api, toast } from './common.js';
import { initI18n, t, langSelector } from './i18n.js';
import { createBoard, showSide, parseBoard, gatewaysOf } from './board.js';
import { openLegal } from './legal.js';

await initI18n();
$('lang-slot').append(langSelector());

function $(id) {
  return document.getElementById(id);
}

const KEY = 'tk-puzzle-rating';
const SEEN = 'tk-puzzles-seen';
let puzzle = null;
let model = null;
let played = [];
let group = null;
// the choices offered on one square of the group (a summoning taking up one piece or another)
let options = null;
let over = false;

const board = createBoard($('board'), { onClick: (sq) => pickSquare(sq) });

function guestRating() {
  try {
    return JSON.parse(localStorage.getItem(KEY)) || null;
  } catch {
    return null;
  }
}

function seen() {
  try {
    return JSON.parse(localStorage.getItem(SEEN)) || [];
  } catch {
    return [];
  }
}

function showRating(r) {
  if (r) $('rating').textContent = t('puzzles-your-rating', { rating: Math.round(r.rating) });
}

function render() {
  showSide($('board'), model.side);
  board.setPieces(parseBoard(model.board));
  board.setGateways(gatewaysOf(model));
  const hl = { 'marked-sq': new Set(), clickable: new Set() };
  if (group) {
    for (const c of openLegal([group])) {
      hl['marked-sq'].add(squareOf(c));
      hl.clickable.add(squareOf(c));
    }
  }
  board.setHighlights(hl);
  $('played').textContent = played.length ? t('puzzles-played', { choices: played.join('; ') }) : '';
  const list = $('choices');
  list.replaceChildren();
  if (over) return;
  if (options) {
    for (const c of options) {
      const b = h('button', { type: 'button', dataset: { text: c.text } }, c.label);
      b.addEventListener('click', () => choose(c.text));
      list.append(b);
    }
    return;
  }
  for (const e of model.legal || []) {
    // (a move group's words name the square moved to as `@`: picked on the board)
    const b = h('button', { type: 'button', class: group === e ? 'selected' : '', dataset: { text: e.text } }, e.label.replace('@', '…'));
    b.addEventListener('click', () => {
      if (e.each) {
        group = e;
        render();
      } else choose(e.text);
    });
    list.append(b);
  }
}

/** A group's choice's square on the board: where it summons or places, or a move's square moved to. */
function squareOf(c) {
  return c.kind === 'move' ? c.to : c.at;
}

function pickSquare(sq) {
  if (!group || over) return;
  const here = openLegal([group]).filter((c) => squareOf(c) === sq);
  if (here.length === 1) return choose(here[0].text);
  // (in a piece shortage a square has a choice per piece taken up: each offered in its words)
  if (here.length) {
    options = here;
    render();
  }
}

async function choose(text) {
  group = null;
  options = null;
  const next = [...played, text];
  try {
    const r = await api(`/api/puzzles/${puzzle.id}/play`, { json: { choices: next } });
    played = next;
    model = r.model;
    if (r.done) return attempt();
    render();
  } catch (e) {
    toast(e.message, 'error');
  }
}

async function attempt() {
  over = true;
  render();
  const body = { choices: played };
  const mine = guestRating();
  if (mine) body.rating = mine;
  try {
    const r = await api(`/api/puzzles/${puzzle.id}/attempt`, { json: body });
    if (!r.signedIn) localStorage.setItem(KEY, JSON.stringify(r.rating));
    localStorage.setItem(SEEN, JSON.stringify([...seen(), puzzle.id].slice(-100)));
    $('result').textContent = t(r.solved ? 'puzzles-solved' : 'puzzles-failed');
    $('result').className = r.solved ? 'good' : 'bad';
    const sol = $('solution');
    sol.replaceChildren(...r.solution.map((c) => h('li', {}, c)));
    sol.hidden = false;
    showRating(r.rating);
  } catch (e) {
    toast(e.message, 'error');
  }
}

// A defence's statement: the cards the opponent holds, with their effects
// (the server sends them, worded, for that theme only).
function showOpponentHand(hand) {
  const el = $('opponent-hand');
  el.hidden = !hand;
  if (!hand) return el.replaceChildren();
  el.replaceChildren(
    h('p', {}, t('puzzles-opponent-holds', { cards: hand.cards.map((c) => c.name).join(', ') })),
    h('ul', {}, hand.cards.map((c) => h('li', { dataset: { card: c.id } }, h('b', {}, c.name), ': ', c.text))),
  );
}

function start(p) {
  puzzle = p;
  model = p.model;
  played = [];
  group = null;
  options = null;
  over = false;
  $('result').textContent = '';
  $('result').className = '';
  $('solution').hidden = true;
  $('puzzle-title').textContent = p.daily !== undefined ? t('puzzles-daily') : t('puzzles-title');
  $('theme').textContent = t('puzzles-theme', { theme: t(`puzzles-theme-${p.theme}`), difficulty: p.difficulty });
  showOpponentHand(p.opponentHand);
  $('board').dataset.puzzle = p.id;
  history.replaceState(null, '', `/puzzles?id=${encodeURIComponent(p.id)}`);
  render();
}

async function load(path) {
  try {
    start(await api(path));
  } catch (e) {
    toast(e.message, 'error');
  }
}

function nextPath() {
  const r = guestRating();
  const q = new URLSearchParams();
  if (r) q.set('rating', String(Math.round(r.rating)));
  const skip = [...seen(), puzzle ? puzzle.id : ''].filter(Boolean).slice(-50);
  if (skip.length) q.set('skip', skip.join(','));
  return `/api/puzzles/next?${q}`;
}

$('next').addEventListener('click', () => load(nextPath()));
$('daily').addEventListener('click', () => load('/api/puzzles/daily'));
$('restart').addEventListener('click', () => puzzle && start(puzzle));
showRating(guestRating());
const wanted = new URLSearchParams(location.search).get('id');
await load(wanted ? `/api/puzzles/${encodeURIComponent(wanted)}` : '/api/puzzles/daily');
