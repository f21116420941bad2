// The browser UI end to end: the real server, headless Chromium, a human
// seat against a bot. Creates a game in the lobby, places pieces by
// clicking until a being can be summoned, summons it by clicking the card
// and a square, takes it back, summons again, finishes the turn and waits
// for the bot's answer; then reloads, watches as a spectator, and plays
// with the keyboard. A melee against two bots: every seat's score board,
// a piece placed by clicking, both bots' answers. An unknown game id: the
// page says so, in the server's words, and stops retrying.

import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';

import { chromium } from 'playwright-core';

import { offsetSquare, orient, ORIENTATIONS, onBoard, squareName } from '../web/board.js';
import { CHROMIUM, CHROMIUM_ARGS, startServer } from './server.js';

const ARTIFACTS = join(import.meta.dirname, 'artifacts');
const TIMEOUT = 60_000;

let server;
let browser;
let cards;

before(async () => {
  server = await startServer();
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  cards = new Map((await (await fetch(`${server.base}/api/cards`)).json()).map((c) => [c.id, c]));
  mkdirSync(ARTIFACTS, { recursive: true });
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** A page that fails the test on any script error. */
async function newPage(viewport = { width: 1400, height: 1000 }) {
  const page = await browser.newPage({ viewport });
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.setDefaultTimeout(TIMEOUT);
  return page;
}

// ---------- reading the page ----------

async function state(page) {
  return page.evaluate(() => {
    const pieces = {};
    for (const b of document.querySelectorAll('#board .sq')) {
      const key = b.querySelector('.slot').dataset.key;
      if (key) {
        const [color, rank] = key.split('-');
        pieces[b.dataset.sq] = { color, rank };
      }
    }
    return {
      version: Number(document.body.dataset.version),
      color: document.body.dataset.color,
      choosing: document.body.dataset.choosing === '1',
      choices: [...document.querySelectorAll('#choice-list option')].map((o) => o.value),
      hand: [...document.querySelectorAll('#hand .card')].map((c) => c.dataset.card),
      selectable: [...document.querySelectorAll('#hand .card.selectable')].map((c) => c.dataset.card),
      // the record: every choice in notation (the title), who chose it first in the text
      log: [...document.querySelectorAll('#record li')].map((li) => ({ n: Number(li.value), text: li.textContent, title: li.title, undone: li.classList.contains('undone') })),
      // the game log: what happened, in words, from the view's events
      events: [...document.querySelectorAll('#log li')].map((li) => li.textContent),
      last: [...document.querySelectorAll('#board .sq.last, #board .sq.last-main')].map((b) => b.dataset.sq),
      pieces,
    };
  });
}

async function waitForVersionAfter(page, version) {
  await page.waitForFunction((v) => Number(document.body.dataset.version) > v && document.body.dataset.busy !== '1', version);
}

async function waitForMyTurn(page) {
  await page.waitForFunction(() => document.body.dataset.choosing === '1', null, { timeout: TIMEOUT });
}

/** Where a card's pattern lies when summoned at `at` in orientation `o`
 * (the test's own planning: the page takes a summon's squares from the
 * server's `legal[].squares`). */
function layPattern(card, at, o) {
  const place = ([dx, dy]) => {
    const [x, y] = orient(o, dx, dy);
    return offsetSquare(at, x, y);
  };
  return { pattern: (card.pattern || []).map((p) => ({ square: place(p), rank: p[2] })).filter((p) => p.square) };
}

/**
 * Where to place the next piece so that a being in hand can be summoned
 * soon: the layout of a being (whose pattern is all common pieces) that
 * needs the fewest more pieces on empty squares.
 */
function plan(s) {
  const all = [];
  for (let c = 0; c < 9; c++) for (let r = 0; r < 9; r++) if (onBoard(c, r)) all.push(squareName(c, r));
  let best = null;
  for (const id of new Set(s.hand)) {
    const card = cards.get(id);
    if (!card || card.kind !== 'being' || card.pattern.some((p) => p[2] !== 'common')) continue;
    const onSummoningSquare = card.pattern.some((p) => p[0] === 0 && p[1] === 0);
    for (const o of ORIENTATIONS) {
      for (const at of all) {
        const laid = layPattern(card, at, o);
        if (laid.pattern.length !== card.pattern.length) continue;
        if (!onSummoningSquare && s.pieces[at]) continue;
        const missing = laid.pattern.map((p) => p.square).filter((sq) => !(s.pieces[sq] && s.pieces[sq].color === s.color));
        if (missing.some((sq) => s.pieces[sq])) continue;
        if (!best || missing.length < best.missing.length) best = { card: id, at, o, missing };
      }
    }
  }
  return best;
}

async function click(page, selector) {
  const v = (await state(page)).version;
  await page.click(selector);
  await waitForVersionAfter(page, v);
}

/** Clicks, then waits for the game to move on or the page to ask for more (a destination, an option). */
async function clickStep(page, selector) {
  const v = (await state(page)).version;
  await page.click(selector);
  await page.waitForFunction(
    (v) => (Number(document.body.dataset.version) > v && document.body.dataset.busy !== '1') ||
      document.querySelector('#board .sq.dest, #choices .option'),
    v,
  );
}

/** Ends the turn, skipping or taking the first offer of whatever is pending first. */
async function finishTurn(page) {
  for (let i = 0; i < 40; i++) {
    const s = await state(page);
    if (!s.choosing) return;
    if (s.choices.includes('end')) return click(page, '#choices [data-choice="end"]');
    if (s.choices.includes('skip')) await click(page, '#choices [data-choice="skip"]');
    else if (await page.$('#choices .option')) await click(page, '#choices .option');
    else if (await page.$('#board .sq.dest')) await click(page, '#board .sq.dest');
    else if (await page.$('#board .sq.target')) await clickStep(page, '#board .sq.target');
    else await clickStep(page, '#choices [data-key="1"]');
  }
  throw new Error('the turn did not end');
}

test('create a game against a bot, summon by clicking, undo, end the turn, see the bot answer', async () => {
  const page = await newPage();
  await page.goto(`${server.base}/`);
  await page.waitForSelector('#seat-rows fieldset');
  // seat 1 human (Northern), seat 2 a greedy bot (Southern): the defaults, set explicitly
  await page.selectOption('#form', 'duel');
  await page.selectOption('#seat-0-player', 'human');
  await page.selectOption('#seat-1-player', 'bot');
  await page.selectOption('#seat-1-strength', 'greedy');
  await page.click('#create-button');
  await page.waitForURL(/\/games\/[^/]+#seat=/);
  await waitForMyTurn(page);
  let s = await state(page);
  assert.equal(s.color, 'blue');
  assert.ok(s.log.some((e) => e.title.startsWith('start ')), 'the bot placed the start pieces');
  assert.ok(s.events.some((t) => /common piece placed on (c5|g5)/.test(t)), 'the start pieces are in the game log');

  // place pieces by clicking until a being can be summoned
  let turns = 0;
  while (!(s = await state(page)).selectable.length) {
    const p = plan(s);
    const places = s.choices.filter((c) => c.startsWith('place '));
    if (places.length && p) {
      const target = p.missing.find((sq) => places.includes(`place ${sq}`)) || places[0].split(' ')[1];
      await click(page, `#board .sq[data-sq="${target}"]`);
      assert.ok(s.choices.includes(`place ${target}`));
      const after = await state(page);
      assert.equal(after.pieces[target]?.color, 'blue', `a blue piece on ${target}`);
    } else {
      assert.ok(++turns <= 8, 'a summon becomes possible within 8 turns');
      const before = (await state(page)).log.length;
      await finishTurn(page);
      await waitForMyTurn(page);
      const log = (await state(page)).log.slice(before);
      assert.ok(log.some((e) => /^Red/.test(e.text)), 'the bot played between my turns');
    }
  }

  // summon: hovering the card highlights its summoning squares, clicking it and a square summons
  const beforeSummon = s;
  const id = s.selectable[0];
  const handBefore = s.hand.filter((c) => c === id).length;
  await page.hover(`#hand .card.selectable[data-card="${id}"]`);
  const shown = await page.$$eval('#board .sq.summon-at', (els) => els.map((e) => e.dataset.sq));
  const legal = new Set(s.choices.filter((c) => c.startsWith(`summon ${id} `)).map((c) => c.split(' ')[2]));
  assert.deepEqual(new Set(shown), legal, 'hovering a card shows every square where it can be summoned');
  await page.click(`#hand .card.selectable[data-card="${id}"]`);
  const at = shown[0];
  const v0 = (await state(page)).version;
  await page.click(`#board .sq[data-sq="${at}"]`);
  if (await page.$('#choices .option')) {
    // several orientations: each option shows its pattern; take the first
    assert.ok(await page.$('#choices .option .pattern-svg'));
    await page.click('#choices .option');
  }
  await waitForVersionAfter(page, v0);
  s = await state(page);
  const summon = s.log.findLast((e) => e.title.startsWith(`summon ${id} ${at} `));
  assert.ok(summon, `the log shows the summon of ${id} on ${at}`);
  // the being went down on its square (its effect may have moved or destroyed it since: the Bomb)
  assert.notDeepEqual(s.pieces, beforeSummon.pieces, 'the summon changed the board');
  assert.equal(s.hand.filter((c) => c === id).length, handBefore - 1, 'the card left the hand');
  await page.screenshot({ path: join(ARTIFACTS, 'summoned.png') });

  // undo: the summon is taken back
  assert.equal(await page.isDisabled('#undo'), false, 'undo is offered');
  await click(page, '#undo');
  s = await state(page);
  assert.ok(s.log.find((e) => e.n === summon.n).undone, 'the summon is struck out in the log');
  assert.deepEqual(s.pieces, beforeSummon.pieces, 'the board is as it was before the summon');
  assert.equal(s.hand.filter((c) => c === id).length, handBefore, 'the card is back in hand');
  assert.ok(s.selectable.includes(id), 'and can be summoned again');

  // summon again with the keyboard: Enter on the card, Enter on a square
  await page.focus(`#hand .card.selectable[data-card="${id}"]`);
  await page.keyboard.press('Enter');
  await page.waitForSelector(`#hand .card.selected[data-card="${id}"]`);
  // the screenshot of a game in progress: a card chosen, the squares where it can be summoned marked
  const shot = process.env.TK_SCREENSHOT || join(ARTIFACTS, 'game.png');
  mkdirSync(dirname(shot), { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: shot, fullPage: true });
  const v1 = (await state(page)).version;
  await page.focus(`#board .sq[data-sq="${at}"]`);
  await page.keyboard.press('Enter');
  if (await page.$('#choices .option')) await page.keyboard.press('1');
  await waitForVersionAfter(page, v1);
  s = await state(page);
  assert.ok(s.log.some((e) => !e.undone && e.title.startsWith(`summon ${id} ${at} `)), 'summoned again');

  // finish the turn and see the bot answer
  const before = s.log.length;
  await finishTurn(page);
  await waitForMyTurn(page);
  s = await state(page);
  const answer = s.log.slice(before);
  assert.ok(answer.some((e) => /^Blue/.test(e.text) && e.title === 'end'), 'my turn ended');
  assert.ok(answer.some((e) => /^Red/.test(e.text) && !e.title.startsWith('draw')), 'the bot answered');
  assert.ok(await page.$('#board .sq.last-main'), 'the last action is highlighted');
  // the bot's whole turn is highlighted: every square its events name, and only those
  const botTurn = s.events.slice(s.events.findLastIndex((t) => /^Turn \d+ ?Red/.test(t)));
  assert.ok(botTurn.length > 1, `the game log tells the bot's turn: ${s.events.slice(-5).join(' | ')}`);
  const named = new Set(botTurn.join(' ').match(/\b[a-i][1-9]\b/g) || []);
  assert.ok(s.last.length > 0, 'squares of the bot’s turn are highlighted');
  for (const sq of s.last) assert.ok(named.has(sq), `${sq} is highlighted: the bot's turn names it (${botTurn.join(' | ')})`);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(ARTIFACTS, 'bot-answered.png'), fullPage: true });

  // reloading restores everything
  const url = page.url();
  await page.reload();
  await waitForMyTurn(page);
  const again = await state(page);
  assert.equal(page.url(), url);
  assert.equal(again.version, s.version);
  assert.deepEqual(again.log, s.log);
  assert.deepEqual(again.pieces, s.pieces);
  assert.deepEqual(again.hand, s.hand);

  // a spectator sees the same board and no hand
  const gameUrl = url.split('#')[0];
  const watcher = await newPage({ width: 390, height: 844 });
  await watcher.goto(gameUrl);
  await watcher.waitForFunction((v) => Number(document.body.dataset.version) === v, s.version);
  const w = await state(watcher);
  assert.deepEqual(w.pieces, s.pieces);
  assert.equal(w.hand.length, 0, 'no hand for a spectator');
  assert.equal(w.choices.length, 0, 'no choices for a spectator');
  const width = await watcher.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `the phone layout fits the screen (${width}px)`);
  await watcher.screenshot({ path: join(ARTIFACTS, 'phone.png'), fullPage: true });

  // the lobby lists the game in progress, with this browser's seat to resume
  await page.goto(`${server.base}/`);
  const id_ = gameUrl.split('/').pop();
  await page.waitForSelector(`#playing-games li[data-game="${id_}"] a.primary`);

  assert.deepEqual(page.errors, []);
  assert.deepEqual(watcher.errors, []);
});

test('play with the keyboard, resign, then replay the game step by step and download its record', async () => {
  const res = await fetch(`${server.base}/api/games`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ form: 'duel', seats: [{ school: 'highland', player: 'human' }, { school: 'sylvan', player: 'bot', bot: 'random' }] }),
  });
  assert.equal(res.status, 201);
  const created = await res.json();
  const page = await newPage();
  await page.goto(`${server.base}/games/${created.id}#seat=${created.seats[0].token}`);
  await waitForMyTurn(page);
  let s = await state(page);
  assert.equal(s.color, 'brown');

  // Tab reaches a highlighted square, Enter places a piece there
  const v0 = s.version;
  const first = await page.$eval('#board .sq.target', (b) => b.dataset.sq);
  await page.focus(`#board .sq[data-sq="${first}"]`);
  await page.keyboard.press('Enter');
  await waitForVersionAfter(page, v0);
  s = await state(page);
  assert.equal(s.pieces[first]?.color, 'brown');
  // the End turn button carries a number key
  const key = await page.$eval('#choices [data-choice="end"]', (b) => b.dataset.key);
  assert.match(key, /^[1-9]$/);
  await page.keyboard.press(key);
  await page.waitForFunction(() => document.body.dataset.choosing !== '1');
  await waitForMyTurn(page);

  await page.click('button:has-text("Resign")');
  // confirmed in the page's own dialog
  await page.click('#resign-yes');
  await page.waitForSelector('#result:not([hidden])');
  assert.match(await page.textContent('#result'), /Brown resigned: Green .*wins/);
  assert.match(await page.textContent('#result'), /You lost: Green .*won \(you resigned\)/, 'the result said plainly, from the player’s side');

  await page.click('#result a');
  await page.waitForURL(/\/replay$/);
  await page.waitForFunction(() => Number(document.getElementById('slider').max) > 0);
  const last = Number(await page.$eval('#slider', (e) => e.max));
  assert.match(await page.textContent('#status-line'), new RegExp(`Step ${last} of ${last}`));
  assert.match(await page.textContent('#result'), /resigned/);
  await page.keyboard.press('Home');
  assert.match(await page.textContent('#status-line'), /The start/);
  assert.equal(await page.$$eval('#board .slot[data-key]:not([data-key=""])', (e) => e.length), 0, 'an empty board at the start');
  // forward to the start pieces, skipping the draws
  await page.keyboard.press('ArrowRight');
  assert.match(await page.textContent('#status-line'), /common piece placed on (c5|g5)/);
  assert.equal(await page.$$eval('#board .slot[data-key]:not([data-key=""])', (e) => e.length), 2);
  assert.ok(await page.$('#board .sq.last-main'), 'the move is highlighted');
  await page.click('#next');
  assert.match(await page.textContent('#status-line'), new RegExp(`common piece placed on ${first}`));
  // every hand is shown in a replay
  assert.equal(await page.$$eval('#hands h3', (e) => e.length), 2);
  await page.screenshot({ path: join(ARTIFACTS, 'replay.png'), fullPage: true });

  const href = await page.$eval('#download', (a) => a.href);
  const record = await (await fetch(href)).text();
  assert.match(record, /Seats: highland, sylvan/);
  assert.match(record, new RegExp(`1 place ${first}`));
  assert.match(record, /1 resign/);
  assert.deepEqual(page.errors, []);
});

/** `held`'s keys replaced by `patch`'s; a list held given as its change `{at, del?, add?}` spliced. */
function merged(held, patch) {
  const out = { ...(held || {}) };
  for (const [k, v] of Object.entries(patch)) {
    if (Array.isArray(out[k]) && v && typeof v === 'object' && !Array.isArray(v)) out[k] = out[k].toSpliced(v.at, v.del || 0, ...(v.add || []));
    else out[k] = v;
  }
  return out;
}

/** A state with a delta's view applied (docs/server-protocol.md, "Deltas"). */
function withDelta(state, d) {
  const view = { ...state.view };
  for (const [k, v] of Object.entries(d.view || {})) {
    if (k === 'seats') {
      view.seats = view.seats.slice();
      for (const [i, seat] of Object.entries(v)) view.seats[Number(i)] = merged(view.seats[Number(i)], seat);
    } else if (['turn', 'legends', 'flares', 'effect', 'tasks', 'question', 'can'].includes(k) && v) view[k] = merged(view[k], v);
    else if (k === 'events') view.events = view.events.filter((e) => e.n >= v.first).slice(0, v.keep).concat(v.add);
    else if ((k === 'legal' || k === 'choices') && v && v.parts) view[k] = v.parts.flatMap((p) => (Array.isArray(p) ? view[k].slice(p[0], p[1]) : [p]));
    else view[k] = v;
  }
  for (const path of d.unset || []) {
    const steps = path.split('.');
    const key = steps.pop();
    let at = view;
    for (const step of steps) if (at && step !== 'seats') at = /^\d+$/.test(step) ? at.seats[Number(step)] : at[step];
    if (at) delete at[key];
  }
  return { ...state, rev: d.to, version: d.version, view };
}

/** Each seat's score board on the page, as `{color: [points, improvised]}`. */
function scoreBoards(page) {
  return page.$$eval('#players .scoreboard', (boards) => boards.map((b) => Object.fromEntries(
    [...b.querySelectorAll('.sb-color')].map((c) => [c.dataset.color, [Number(c.dataset.points), c.dataset.improvised]]))));
}

/** The score boards the server's view calls for. */
function expectedBoards(view) {
  return view.seats.map((s) => Object.fromEntries(Object.entries(s.points).map(([c, n]) => [c, [n, s.improvised.includes(c) ? 'used' : 'available']])));
}

test('a melee against two bots: every seat’s score board, a piece placed by clicking, both bots answer', async () => {
  const page = await newPage();
  // the states the server sends (whole, or a delta applied), by version
  const states = new Map();
  let held = null;
  page.on('websocket', (ws) => ws.on('framereceived', (f) => {
    try {
      const m = JSON.parse(f.payload);
      if (m.type === 'state') held = m;
      else if (m.type === 'delta' && held && m.from === held.rev) held = withDelta(held, m);
      else return;
      states.set(held.version, held);
    } catch { /* not JSON */ }
  }));
  const shown = async () => states.get((await state(page)).version);

  await page.goto(`${server.base}/`);
  await page.waitForSelector('#seat-rows fieldset');
  await page.selectOption('#form', 'melee');
  await page.selectOption('#seat-count', '3');
  await page.selectOption('#seat-0-school', 'northern');
  await page.selectOption('#seat-0-player', 'human');
  for (const [i, school] of [[1, 'southern'], [2, 'highland']]) {
    await page.selectOption(`#seat-${i}-school`, school);
    await page.selectOption(`#seat-${i}-player`, 'bot');
    await page.selectOption(`#seat-${i}-strength`, 'random');
  }
  await page.click('#create-button');
  await page.waitForURL(/\/games\/[^/]+#seat=/);
  await waitForMyTurn(page);
  let s = await state(page);
  assert.equal(s.color, 'blue');
  assert.match(await page.textContent('#game-title'), /Deathmatch Melee · Northern Imperial vs Southern Imperial vs Highland/);
  // the seat before the starting player put down one start piece of each color
  for (const color of ['Blue', 'Red', 'Brown']) {
    assert.ok(s.events.some((t) => new RegExp(`^${color}'s common piece placed on [a-i][1-9]$`).test(t)), `a ${color} start piece: ${s.events}`);
  }

  // a score board per seat: its points in each enemy color, improvised summoning still free in each
  let view = (await shown()).view;
  assert.equal(await page.$$eval('#players .player', (e) => e.length), 3);
  assert.deepEqual(await scoreBoards(page), expectedBoards(view));
  assert.deepEqual(expectedBoards(view)[0], { red: [0, 'available'], brown: [0, 'available'] });
  for (const seat of [0, 1, 2]) assert.ok(await page.isVisible(`#players .scoreboard[data-seat="${seat}"]`), `seat ${seat}'s score board`);
  assert.equal(await page.$('#choices button:has-text("Resign")'), null, 'no resigning in a melee');

  // the starting player's one action: a piece placed by clicking
  const places = s.choices.filter((c) => c.startsWith('place ')).map((c) => c.split(' ')[1]);
  const target = places.includes('e5') ? 'e5' : places[0];
  await click(page, `#board .sq[data-sq="${target}"]`);
  s = await state(page);
  assert.equal(s.pieces[target]?.color, 'blue', `a blue piece on ${target}`);
  const before = s.log.length;
  await finishTurn(page);
  await waitForMyTurn(page);
  s = await state(page);
  const answer = s.log.slice(before);
  assert.ok(answer.some((e) => /^Blue/.test(e.text) && e.title === 'end'), 'my turn ended');
  for (const color of ['Red', 'Brown']) {
    assert.ok(answer.some((e) => new RegExp(`^${color}`).test(e.text) && !e.title.startsWith('draw')), `${color} answered: ${answer.map((e) => e.text)}`);
  }
  // both bots' turns since mine are highlighted
  assert.ok(s.last.length > 0, 'the bots’ turns are highlighted');
  view = (await shown()).view;
  assert.deepEqual(await scoreBoards(page), expectedBoards(view), 'the score boards follow the game');
  const scores = await page.$$eval('#players .player .score', (e) => e.map((x) => Number(x.textContent)));
  assert.deepEqual(scores, view.seats.map((x) => Math.min(...Object.values(x.points))), 'each score is its lowest color');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(ARTIFACTS, 'melee.png'), fullPage: true });
  assert.deepEqual(page.errors, []);
});

test('a seat marked open to anyone is offered in the lobby; the others are kept for their links', async () => {
  const page = await newPage();
  await page.goto(`${server.base}/`);
  await page.waitForSelector('#seat-rows fieldset');
  await page.selectOption('#form', 'duel');
  await page.selectOption('#seat-0-player', 'human');
  await page.selectOption('#seat-1-player', 'bot');
  assert.equal(await page.isVisible('#seat-1-open'), false, 'a bot seat has no such choice');
  await page.selectOption('#seat-1-player', 'human');
  assert.equal(await page.isChecked('#seat-0-open'), false, 'seats are reserved by default');
  await page.check('#seat-1-open');
  await page.click('#create-button');
  await page.waitForSelector('#created-body .seat-link input');
  const link = await page.inputValue('#created-body .seat-link input');
  const id = new URL(link).pathname.split('/').pop();
  // another game, with both seats kept for their links
  const res = await fetch(`${server.base}/api/games`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ form: 'duel', seats: [{ school: 'highland', player: 'human' }, { school: 'sylvan', player: 'human' }] }),
  });
  assert.equal(res.status, 201);
  const reserved = (await res.json()).id;

  // a stranger sees one seat to join, the open one, and takes it
  const stranger = await newPage();
  await stranger.goto(`${server.base}/`);
  const item = `#open-games li[data-game="${id}"]`;
  await stranger.waitForSelector(item);
  const joins = await stranger.$$eval(`${item} button`, (bs) => bs.map((b) => b.textContent));
  assert.equal(joins.length, 1, `one seat to join: ${joins}`);
  assert.match(joins[0], /^Join as Southern/);
  assert.equal(await stranger.$(`#open-games li[data-game="${reserved}"]`), null, 'a reserved game is not offered');
  await stranger.click(`${item} button`);
  await stranger.waitForURL(/\/games\/[^/]+#seat=/);
  assert.deepEqual(page.errors, []);
  assert.deepEqual(stranger.errors, []);
});

test('an unknown game id says so, from the server, instead of reconnecting forever', async () => {
  const page = await newPage();
  const sockets = [];
  page.on('websocket', (ws) => sockets.push(ws.url()));
  await page.goto(`${server.base}/games/nosuchgame`);
  await page.waitForSelector('#status-line .error-text');
  assert.match(await page.textContent('#status-line'), /No such game: no game with this id/);
  assert.equal(await page.textContent('#conn'), 'no such game');
  assert.ok(await page.$('#status-line a[href="/"]'), 'a way back to the lobby');
  // it gives up: no second attempt after the first backoff
  await page.waitForTimeout(1500);
  assert.equal(sockets.length, 1, `one WebSocket attempt: ${sockets}`);
  assert.deepEqual(page.errors, []);
});
