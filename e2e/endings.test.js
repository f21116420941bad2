// Games that always end, end to end against the real server in headless
// Chromium: a win claimed against a player whose page was closed on their
// turn (the server runs with a short --claim-after), and a game aborted
// before the first turns.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { serverAndBrowser } from './server.js';

const TIMEOUT = 60_000;

const { server, browser } = serverAndBrowser(['--claim-after', '2']);

async function newPage() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('dialog', (d) => d.accept());
  page.setDefaultTimeout(TIMEOUT);
  return page;
}

async function createDuel() {
  const body = { form: 'duel', seats: [
    { school: 'northern', player: 'human', name: 'Ann' },
    { school: 'southern', player: 'human', name: 'Bob' },
  ] };
  const r = await fetch(`${server.base}/api/games`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const v = await r.json();
  assert.equal(r.status, 201, JSON.stringify(v));
  return v;
}

async function openSeat(page, game, seat) {
  await page.goto(`${server.base}/games/${game.id}#seat=${game.seats[seat].token}`);
  await page.waitForFunction((s) => document.body.dataset.seat === String(s), seat);
}

/** Both seats' pages open; returns them with the index of the one to choose. */
async function bothSeats(game) {
  const pages = [await newPage(), await newPage()];
  await openSeat(pages[0], game, 0);
  await openSeat(pages[1], game, 1);
  const choosing = (p) => p.evaluate(() => document.body.dataset.choosing === '1');
  const deadline = Date.now() + TIMEOUT;
  for (;;) {
    for (const [i, p] of pages.entries()) if (await choosing(p)) return { pages, mover: i };
    assert.ok(Date.now() < deadline, 'a seat to choose');
    await new Promise((ok) => setTimeout(ok, 100));
  }
}

test('a win is claimed against a player whose page was closed on their turn', async () => {
  const game = await createDuel();
  const { pages, mover } = await bothSeats(game);
  const stays = pages[1 - mover];
  // nothing to claim while the player is there
  assert.equal(await stays.locator('#claim-win').count(), 0);
  await pages[mover].context().close();
  // the button comes when the server says so (after --claim-after)
  await stays.locator('#claim-win').waitFor();
  await stays.locator('#claim-draw').waitFor();
  await stays.locator('#claim-win').click();
  await stays.waitForFunction(() => document.body.textContent.includes('left the game'));
  const r = await fetch(`${server.base}/api/games/${game.id}`);
  const summary = await r.json();
  assert.equal(summary.status, 'over');
  assert.equal(summary.outcome.why, 'abandoned');
  assert.equal(summary.outcome.abandoned, mover);
  assert.deepEqual(stays.errors, []);
  await stays.context().close();
});

test('a game is aborted before the first turns, with no result', async () => {
  const game = await createDuel();
  const { pages, mover } = await bothSeats(game);
  const other = pages[1 - mover];
  await other.locator('#abort').click();
  for (const p of pages) await p.waitForFunction(() => document.body.textContent.includes('The game was aborted'));
  const summary = await (await fetch(`${server.base}/api/games/${game.id}`)).json();
  assert.equal(summary.status, 'over');
  assert.deepEqual(summary.outcome, { places: [], why: 'aborted' });
  for (const p of pages) {
    assert.equal(await p.locator('#abort').count(), 0, 'no abort once over');
    assert.deepEqual(p.errors, []);
    await p.context().close();
  }
});
