// The game as a site plays it, end to end against the real server in
// headless Chromium: the turn signal in the tab's title and icon, a clock
// running out, a rematch taken by both players, the hand in reach without
// scrolling on a laptop (1280x800) and a phone (390x844), and chat shown
// as text, never as markup. Saves the screenshots of docs/screenshots/.

import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { before, test } from 'node:test';

import { serverAndBrowser } from './server.js';

const SHOTS = process.env.TK_SCREENSHOTS || join(import.meta.dirname, '..', 'docs', 'screenshots');
const TIMEOUT = 60_000;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const { server, browser } = serverAndBrowser();

before(() => {
  mkdirSync(SHOTS, { recursive: true });
});

async function newPage(viewport = DESKTOP, options = {}) {
  const context = await browser.newContext({ viewport, ...options });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('dialog', (d) => d.accept());
  page.setDefaultTimeout(TIMEOUT);
  return page;
}

async function createGame(body) {
  const r = await fetch(`${server.base}/api/games`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const v = await r.json();
  assert.equal(r.status, 201, JSON.stringify(v));
  return v;
}

const TWO = [
  { school: 'northern', player: 'human', name: 'Ann' },
  { school: 'southern', player: 'human', name: 'Bob' },
];

async function openSeat(page, game, seat) {
  await page.goto(`${server.base}/games/${game.id}#seat=${game.seats[seat].token}`);
  await page.waitForFunction((s) => document.body.dataset.seat === String(s), seat);
}

/** The seat to choose first (the server's clock, or the page that may choose). */
async function firstMover(game) {
  const page = await newPage();
  await page.goto(`${server.base}/games/${game.id}`);
  await page.waitForFunction(() => document.body.dataset.version);
  const seat = await page.evaluate(() => {
    const t = document.querySelector('#status-line .turn').textContent;
    return /Ann/.test(t) ? 0 : 1;
  });
  await page.context().close();
  return seat;
}

/** Plays the first offered square (a placement) and waits for the next version. */
async function placeOne(page) {
  const v = Number(await page.evaluate(() => document.body.dataset.version));
  await page.click('#board .sq.target');
  await page.waitForFunction((v) => Number(document.body.dataset.version) > v, v);
}

test('the title and icon say when it becomes your turn', async () => {
  const game = await createGame({ form: 'duel', seats: TWO });
  const first = await firstMover(game);
  const mover = await newPage();
  const waiter = await newPage();
  await openSeat(mover, game, first);
  await openSeat(waiter, game, 1 - first);
  assert.match(await mover.title(), /^● Your turn/);
  assert.doesNotMatch(await waiter.title(), /Your turn/);
  assert.equal(await waiter.evaluate(() => document.querySelector('link[rel="icon"]').dataset.turn), '');
  await placeOne(mover);
  await waiter.waitForFunction(() => document.title.startsWith('● Your turn'));
  assert.equal(await waiter.evaluate(() => document.querySelector('link[rel="icon"]').dataset.turn), '1');
  assert.doesNotMatch(await mover.title(), /Your turn/);
  // the sound is off until turned on, and remembered
  assert.match(await waiter.textContent('#sound-toggle'), /Sound off/);
  await waiter.click('#sound-toggle');
  await waiter.reload();
  await waiter.waitForSelector('#sound-toggle');
  assert.match(await waiter.textContent('#sound-toggle'), /Sound on/);
  assert.deepEqual([...mover.errors, ...waiter.errors], []);
  await mover.context().close();
  await waiter.context().close();
});

test('the hand is in reach without scrolling on a laptop and a phone; the second player sees the board turned', async () => {
  const game = await createGame({ form: 'duel', seats: TWO, clock: { kind: 'game', secs: 600, increment: 5 } });
  const first = await firstMover(game);
  const setup = await newPage();
  await openSeat(setup, game, first);
  await placeOne(setup);
  await setup.context().close();
  for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    const page = await newPage(viewport, viewport === PHONE ? { isMobile: true, hasTouch: true } : {});
    await openSeat(page, game, 1 - first);
    await page.waitForSelector('#hand .card');
    const box = await page.evaluate(() => {
      const r = (sel) => { const b = document.querySelector(sel).getBoundingClientRect(); return { top: b.top, bottom: b.bottom, left: b.left, right: b.right }; };
      return { hand: r('#hand-area'), card: r('#hand .card'), board: r('#board'), clocks: r('#clocks'), w: innerWidth, h: innerHeight, scrollY };
    });
    assert.equal(box.scrollY, 0);
    for (const what of ['hand', 'board', 'clocks']) {
      const b = box[what];
      assert.ok(b.top >= 0 && b.bottom <= box.h + 0.5 && b.left >= 0 && b.right <= box.w + 0.5, `${name}: ${what} within the viewport: ${JSON.stringify(b)} in ${box.w}x${box.h}`);
    }
    // the first card's name and pattern are in view (a long card text may scroll inside the strip)
    assert.ok(box.card.top >= box.hand.top && box.card.top + 120 <= box.h && box.card.right <= box.w, `${name}: a card in view: ${JSON.stringify(box.card)}`);
    assert.ok(box.board.bottom <= box.hand.top + 1 || box.board.right <= box.hand.left + 1, `${name}: the hand does not cover the board`);
    // the second player looks from the other side by default
    const corner = await page.evaluate(() => [...document.querySelectorAll('#board .label')].map((l) => l.textContent.trim()).find((t) => /^[a-i]$/.test(t)));
    assert.equal(corner, 1 - first === 1 ? 'i' : 'a', `${name}: seat ${1 - first} sees the board from its side`);
    assert.equal(await page.evaluate(() => document.querySelectorAll('#clocks .clock').length), 2);
    await page.screenshot({ path: join(SHOTS, `game-${name}.png`) });
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

test('a clock running out ends the duel: the other side wins, and the lobby says so', async () => {
  const game = await createGame({ form: 'duel', seats: TWO, clock: { kind: 'game', secs: 3, increment: 0 } });
  const first = await firstMover(game);
  const late = await newPage();
  const other = await newPage();
  await openSeat(late, game, first);
  // the clocks start once both seats are taken
  assert.equal(await late.evaluate(() => document.querySelectorAll('#clocks .clock.running').length), 0);
  await openSeat(other, game, 1 - first);
  await late.waitForSelector('#clocks .clock.running');
  assert.equal(await late.evaluate(() => document.querySelectorAll('#clocks .clock.running').length), 1);
  await late.waitForSelector('#result:not([hidden])', { timeout: 20_000 });
  assert.match(await late.textContent('#result'), /You lost: .*Bob|You lost: .*Ann/);
  assert.match(await late.textContent('#result'), /you ran out of time/);
  assert.match(await late.textContent('#log'), /runs out of time/, 'the log entry in the server\'s words');
  const lobby = await newPage();
  await lobby.goto(server.base);
  await lobby.waitForSelector(`#over-games li[data-game="${game.id}"] .winner`);
  const text = await lobby.textContent(`#over-games li[data-game="${game.id}"]`);
  assert.match(text, first === 0 ? /Won by Southern Imperial \(Bob\) \(Northern Imperial \(Ann\) ran out of time\)/ : /Won by Northern Imperial \(Ann\) \(Southern Imperial \(Bob\) ran out of time\)/);
  assert.ok(await lobby.$(`#over-games li[data-game="${game.id}"] a[href="/games/${game.id}/replay"]`), 'a link to the replay');
  assert.deepEqual([...late.errors, ...other.errors, ...lobby.errors], []);
  await late.context().close();
  await other.context().close();
  await lobby.context().close();
});

test('a rematch swaps the seats and takes both players there', async () => {
  const game = await createGame({ form: 'duel', seats: TWO, clock: { kind: 'move', secs: 172800 } });
  const ann = await newPage();
  const bob = await newPage(PHONE, { isMobile: true, hasTouch: true });
  await openSeat(ann, game, 0);
  await openSeat(bob, game, 1);
  await bob.waitForSelector('#choices button.danger');
  await bob.click('#choices button.danger');
  await bob.click('#resign-yes');
  await ann.waitForSelector('#rematch');
  assert.match(await ann.textContent('#result'), /You won \(Red \(Bob\) resigned\)/);
  assert.match(await bob.textContent('#result'), /You lost: Blue \(Ann\) won \(you resigned\)/);
  await ann.screenshot({ path: join(SHOTS, 'result-desktop.png') });
  await bob.evaluate(() => window.scrollTo(0, 0));
  await bob.screenshot({ path: join(SHOTS, 'result-phone.png') });
  await ann.click('#rematch');
  await ann.waitForURL((u) => !u.pathname.includes(game.id) && u.hash.startsWith('#seat='));
  await ann.waitForFunction(() => document.body.dataset.seat === '1');
  await bob.waitForSelector('#rematch-join');
  await bob.click('#rematch-join');
  await bob.waitForFunction(() => document.body.dataset.seat === '0');
  assert.equal(new URL(ann.url()).pathname, new URL(bob.url()).pathname, 'both in the same new game');
  assert.match(await bob.textContent('#game-title'), /Southern Imperial vs Northern Imperial/);
  assert.match(await bob.textContent('#clocks'), /2 days per move/);
  assert.deepEqual([...ann.errors, ...bob.errors], []);
  await ann.context().close();
  await bob.context().close();
});

test('chat is shown as text, never as markup; spectators read only', async () => {
  const game = await createGame({ form: 'duel', seats: TWO });
  const ann = await newPage();
  const bob = await newPage();
  const watcher = await newPage();
  await openSeat(ann, game, 0);
  await openSeat(bob, game, 1);
  await watcher.goto(`${server.base}/games/${game.id}`);
  await watcher.waitForFunction(() => document.body.dataset.version);
  assert.ok(await watcher.isHidden('#chat-form'), 'no chat box for spectators');
  const evil = '<b>x</b><img src=x onerror="window.__pwned=1">';
  await ann.fill('#chat-input', evil);
  await ann.press('#chat-input', 'Enter');
  for (const p of [bob, watcher, ann]) {
    await p.waitForFunction(() => document.querySelector('#chat-log .chat-text'));
    assert.equal(await p.textContent('#chat-log .chat-text'), evil);
    assert.equal(await p.evaluate(() => document.querySelectorAll('#chat-log b, #chat-log img').length), 0);
    assert.equal(await p.evaluate(() => window.__pwned), undefined);
    assert.match(await p.textContent('#chat-log li'), /\(Ann\): </);
  }
  assert.equal(await ann.inputValue('#chat-input'), '');
  assert.deepEqual([...ann.errors, ...bob.errors, ...watcher.errors], []);
  for (const p of [ann, bob, watcher]) await p.context().close();
});
