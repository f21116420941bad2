// The game on a phone (390x844), end to end in headless Chromium: every
// control the turn needs is on screen without scrolling (the whole board,
// the choices docked above the hand strip, End the turn not covered), and
// when the game ends its result comes into view.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { serverAndBrowser } from './server.js';

const TIMEOUT = 60_000;
const PHONE = { width: 390, height: 844 };

const { server, browser } = serverAndBrowser();

/** Whether the element is wholly on screen and on top at its middle (not covered). */
const visible = (page, selector) => page.$eval(selector, (el) => {
  const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return r.top >= -1 && r.bottom <= innerHeight + 1 && r.left >= -1 && r.right <= innerWidth + 1 && el.contains(hit);
});

test('on a phone the board, the choices and End the turn are on screen, uncovered; the result comes into view', { timeout: 3 * TIMEOUT }, async () => {
  const body = { form: 'duel', seats: [{ school: 'northern', player: 'human' }, { school: 'southern', player: 'bot', bot: 'random' }] };
  const r = await fetch(`${server.base}/api/games`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const game = await r.json();
  assert.equal(r.status, 201, JSON.stringify(game));
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.setDefaultTimeout(TIMEOUT);
  await page.goto(`${server.base}/games/${game.id}#seat=${game.seats[0].token}`);
  for (let turn = 0; turn < 2; turn++) {
    await page.waitForFunction(() => document.body.dataset.choosing === '1');
    // every square of the board on screen and not under the docks
    const squares = await page.$$eval('#board .sq', (bs) => bs.map((b) => b.dataset.sq));
    for (const sq of squares) assert.ok(await visible(page, `#board .sq[data-sq="${sq}"]`), `${sq} on screen, uncovered`);
    // place a piece: then End the turn is there, uncovered
    const target = await page.$eval('#board .sq.target', (b) => b.dataset.sq);
    const version = Number(await page.evaluate(() => document.body.dataset.version));
    await page.click(`#board .sq[data-sq="${target}"]`);
    await page.waitForFunction((v) => Number(document.body.dataset.version) > v && document.body.dataset.choosing === '1', version);
    if (!(await page.$('#choices [data-choice="end"]'))) continue; // a second action first
    assert.ok(await visible(page, '#choices [data-choice="end"]'), 'End the turn on screen, not covered by the hand');
    await page.click('#choices [data-choice="end"]');
  }
  // resigning ends the game: the result comes into view
  await page.waitForFunction(() => document.body.dataset.choosing === '1');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.click('#resign');
  // confirmed in the page's own dialog
  await page.click('#resign-yes');
  await page.waitForSelector('#result:not([hidden])');
  await page.waitForFunction(() => {
    const r = document.getElementById('result').getBoundingClientRect();
    return r.top >= -1 && r.bottom <= innerHeight + 1;
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('on a laptop (1280x800) the High Form\'s tasks start above the fold; at 200% zoom the hand strip takes under a quarter of the screen', { timeout: 2 * TIMEOUT }, async () => {
  const seats = [{ school: 'northern', player: 'human' }, { school: 'southern', player: 'bot', bot: 'random' }];
  const r = await fetch(`${server.base}/api/games`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ form: 'high-form', seats }) });
  const game = await r.json();
  assert.equal(r.status, 201, JSON.stringify(game));
  const laptop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await laptop.newPage();
  page.setDefaultTimeout(TIMEOUT);
  await page.goto(`${server.base}/games/${game.id}#seat=${game.seats[0].token}`);
  await page.waitForSelector('#tasks-panel:not([hidden]) .task');
  const first = await page.$eval('#tasks-panel .task', (el) => el.getBoundingClientRect().bottom);
  assert.ok(first <= 800, `the first task ends at ${first}`);
  // 200% zoom: the same screen, half the CSS pixels
  const zoomed = await browser.newContext({ viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 });
  const z = await zoomed.newPage();
  z.setDefaultTimeout(TIMEOUT);
  await z.goto(`${server.base}/games/${game.id}#seat=${game.seats[0].token}`);
  await z.waitForFunction(() => document.body.dataset.choosing === '1');
  const share = await z.$eval('#hand-area', (el) => el.getBoundingClientRect().height / innerHeight);
  assert.ok(share < 0.25, `the hand strip takes ${Math.round(share * 100)}%`);
  await laptop.close();
  await zoomed.close();
});
