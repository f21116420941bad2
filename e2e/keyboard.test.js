// The game page with the keyboard alone, end to end in headless Chromium:
// the board, the hand and the choices are one tab stop each (a roving tab
// index), so the hand's first card is a few Tab presses from the top of
// the page; the arrow keys move on the board and Enter plays the square;
// the keys are listed on the page.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { serverAndBrowser, watched } from './server.js';

const TIMEOUT = 60_000;

const { server, browser } = serverAndBrowser();

const focused = (page) => page.evaluate(() => {
  const el = document.activeElement;
  return { sq: el?.dataset?.sq || null, card: el?.dataset?.card || null, inHand: !!el?.closest?.('#hand'), inChoices: !!el?.closest?.('#choices') };
});

test('the hand is within ten Tab presses, the board one tab stop with arrows, Enter plays', { timeout: 3 * TIMEOUT }, async () => {
  const body = { form: 'duel', seats: [{ school: 'northern', player: 'human' }, { school: 'southern', player: 'bot', bot: 'random' }] };
  const r = await fetch(`${server.base}/api/games`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const game = await r.json();
  assert.equal(r.status, 201, JSON.stringify(game));
  const page = watched(await browser.newPage({ viewport: { width: 1280, height: 800 } }), TIMEOUT);
  const errors = page.errors;
  await page.goto(`${server.base}/games/${game.id}#seat=${game.seats[0].token}`);
  await page.waitForFunction(() => document.body.dataset.choosing === '1');
  assert.match(await page.textContent('#keys'), /^Keys: the arrows move on the board/);

  // from the top of the page to the hand's first card
  await page.evaluate(() => document.activeElement?.blur());
  let presses = 0;
  let board = 0;
  for (; presses < 30; presses++) {
    const f = await focused(page);
    if (f.inHand && f.card) break;
    if (f.sq) board++;
    await page.keyboard.press('Tab');
  }
  assert.ok(presses <= 10, `${presses} Tab presses to the hand`);
  assert.equal(board, 1, 'the board is one tab stop');
  // the hand's cards: arrows move between them
  const cards = await page.$$eval('#hand .card', (els) => els.map((e) => e.dataset.card));
  const first = (await focused(page)).card;
  await page.keyboard.press('ArrowRight');
  assert.equal((await focused(page)).card, cards[cards.indexOf(first) + 1]);

  // back to the board: its tab stop is a square that can be chosen; the
  // arrows move one square at a time; Enter places a piece there
  await page.keyboard.press('Shift+Tab');
  while (!(await focused(page)).sq) await page.keyboard.press('Shift+Tab');
  const start = (await focused(page)).sq;
  assert.ok(await page.$eval(`#board .sq[data-sq="${start}"]`, (b) => b.classList.contains('clickable')), start);
  await page.keyboard.press('ArrowUp');
  const up = (await focused(page)).sq;
  assert.notEqual(up, start);
  assert.equal(up[0], start[0], 'the same column');
  await page.keyboard.press('ArrowDown');
  assert.equal((await focused(page)).sq, start);
  const version = Number(await page.evaluate(() => document.body.dataset.version));
  await page.keyboard.press('Enter');
  await page.waitForFunction((v) => Number(document.body.dataset.version) > v, version);
  const placed = await page.$eval(`#board .sq[data-sq="${start}"] .slot`, (s) => s.dataset.key);
  assert.equal(placed, 'blue-common');
  // the choices: one tab stop, Down moves in the list
  await page.waitForFunction(() => document.body.dataset.choosing === '1');
  const inChoices = await page.$$eval('#choices button', (bs) => bs.filter((b) => b.tabIndex === 0).length);
  assert.equal(inChoices, 1, 'one tab stop among the choices');
  assert.deepEqual(errors, []);
});
