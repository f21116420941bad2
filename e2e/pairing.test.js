// Finding a game in the browser: two visitors press "Play now" with the
// same terms on the lobby and both land in the same game, each on a seat.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { openPage, serverAndBrowser } from './server.js';

const TIMEOUT = 60_000;
const { server, browser } = serverAndBrowser();

async function lobbyPage() {
  const page = await openPage(browser, {}, TIMEOUT);
  await page.goto(`${server.base}/`);
  await page.waitForSelector('#seek-form option', { state: 'attached' });
  return page;
}

test('two visitors press Play now and land in the same game', async () => {
  const a = await lobbyPage();
  const b = await lobbyPage();
  for (const p of [a, b]) {
    await p.selectOption('#seek-form', 'duel');
    await p.selectOption('#seek-clock', 'none');
  }
  await a.click('#seek-button');
  await a.waitForSelector('#seek-cancel:not([hidden])');
  await b.click('#seek-button');
  for (const p of [a, b]) await p.waitForURL(/\/games\/[0-9a-f]+#seat=/);
  const game = (p) => new URL(p.url()).pathname;
  assert.equal(game(a), game(b));
  for (const p of [a, b]) await p.waitForFunction(() => document.body.dataset.seat !== undefined && document.body.dataset.seat !== '');
  const seats = await Promise.all([a, b].map((p) => p.evaluate(() => document.body.dataset.seat)));
  assert.notEqual(seats[0], seats[1]);
  assert.deepEqual([...a.errors, ...b.errors], []);
});
