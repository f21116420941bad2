// A melee seat that leaves, in the browser: the player leaves from the
// page, and every page (the leaver's and a spectator's) says under the
// seat who left and which bot plays it now, in the page's language.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { openPage, serverAndBrowser } from './server.js';

const TIMEOUT = 60_000;
const { server, browser } = serverAndBrowser();

test('a melee player leaves: the seat says who left and that medium plays it', async () => {
  const seats = [
    { school: 'northern', player: 'human', name: 'Ana' },
    { school: 'southern', player: 'bot', bot: 'random' },
    { school: 'highland', player: 'bot', bot: 'random' },
  ];
  const r = await fetch(`${server.base}/api/games`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ form: 'melee', seats }) });
  const game = await r.json();
  assert.equal(r.status, 201, JSON.stringify(game));
  const ana = await openPage(browser, { locale: 'en-US' }, TIMEOUT);
  await ana.goto(`${server.base}/games/${game.id}#seat=${game.seats[0].token}`);
  await ana.locator('#leave').waitFor();
  // nobody has left yet
  assert.equal(await ana.locator('#players', { hasText: 'left;' }).count(), 0);
  // the page asks in a dialog of its own: "Keep playing" changes nothing,
  // then leaving is confirmed
  await ana.click('#leave');
  await ana.click('#leave-no');
  assert.equal(await ana.locator('#leave-dialog').count(), 0);
  assert.equal(await ana.locator('#players', { hasText: 'left;' }).count(), 0);
  await ana.click('#leave');
  await ana.click('#leave-yes');
  const seat = ana.locator('#players .player[data-seat="0"]');
  await seat.filter({ hasText: 'Ana left; medium plays the seat' }).waitFor();
  // a spectator in Spanish is told the same
  const watcher = await openPage(browser, { locale: 'es-ES' }, TIMEOUT);
  await watcher.goto(`${server.base}/games/${game.id}`);
  await watcher.locator('#players .player[data-seat="0"]', { hasText: 'Ana dejó la partida; medium juega en su asiento' }).waitFor();
  assert.equal(await watcher.locator('#players', { hasText: 'dejó la partida' }).count(), 1);
  assert.deepEqual([...ana.errors, ...watcher.errors], []);
});
