// Ratings in the browser, end to end against the real server in headless
// Chromium: two players with accounts play a rated duel (created and
// joined signed in), one resigns from the game page, and each profile
// page shows the rating the game changed (the winner above 1500, the
// loser below), the game with its result and its links, and the other
// player as a frequent opponent; the leaderboard page shows the four
// pools (nobody listed yet: one game is too few).

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { serverAndBrowser } from './server.js';

const TIMEOUT = 60_000;

const { server, browser } = serverAndBrowser();

/** A browser of its own (its own cookies), signed up as `name`. */
async function player(name) {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('dialog', (d) => d.accept());
  page.setDefaultTimeout(TIMEOUT);
  await page.goto(`${server.base}/`);
  const status = await page.evaluate(async (name) => {
    const r = await fetch('/api/account', { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name, password: 'a long passphrase' }) });
    return r.status;
  }, name);
  assert.ok(status >= 200 && status < 300, `sign up ${name}: ${status}`);
  return page;
}

/** A JSON request from the page (its cookies): the status and the body. */
function call(page, path, body) {
  return page.evaluate(async ([path, body]) => {
    const r = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    return { status: r.status, body: await r.json() };
  }, [path, body]);
}

/** The rating a profile page shows for a pool, as a number. */
async function shownRating(page, name, pool) {
  await page.goto(`${server.base}/players/${encodeURIComponent(name)}`);
  const value = page.locator(`.rating-card[data-pool="${pool}"] .rating-value`);
  await value.waitFor();
  return Number((await value.textContent()).replace(/[^0-9]/g, ''));
}

test('a profile shows the rating a rated game changed', async () => {
  const ana = await player('Ana');
  const bo = await player('Boris');
  const created = await call(ana, '/api/games', { form: 'duel', rated: true, seats: [
    { school: 'northern', player: 'human' }, { school: 'southern', player: 'human', open: true }] });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const id = created.body.id;
  // a guest may not take the open seat of a rated game
  const guest = await (await fetch(`${server.base}/api/games/${id}/join`, { method: 'POST',
    headers: { 'Content-Type': 'application/json' }, body: '{"seat":1}' })).json();
  assert.equal(guest.code, 'rated-needs-account');
  const joined = await call(bo, `/api/games/${id}/join`, { seat: 1 });
  assert.equal(joined.status, 200, JSON.stringify(joined.body));

  // Ana opens her seat signed in and resigns
  await ana.goto(`${server.base}/games/${id}#seat=${created.body.seats[0].token}`);
  await ana.waitForFunction(() => document.body.dataset.seat === '0');
  await ana.locator('#resign').click();
  await ana.locator('#resign-yes').click();
  await ana.waitForFunction(async (id) => {
    const r = await fetch(`/api/games/${id}`);
    return (await r.json()).status === 'over';
  }, id);

  const boRating = await shownRating(bo, 'Boris', 'duel');
  assert.ok(boRating > 1500, `Boris won: ${boRating}`);
  const row = bo.locator(`#games tr[data-game="${id}"]`);
  assert.equal((await row.locator('.game-result').textContent()).trim(), 'won');
  assert.match(await row.locator('.change').textContent(), /^\+\d+$/);
  assert.equal(await row.locator(`a[href="/games/${id}/replay"]`).count(), 1);
  assert.equal(await row.locator(`a[href="/api/games/${id}/record"]`).count(), 1);
  assert.equal((await bo.locator('#opponents a').first().textContent()).trim(), 'Ana');
  assert.equal((await row.locator('td').nth(3).textContent()).trim(), 'Ana');
  assert.equal(await bo.locator('.rating-card[data-pool="duel"] svg.rating-graph circle').count(), 1);

  const anaRating = await shownRating(ana, 'Ana', 'duel');
  assert.ok(anaRating < 1500, `Ana lost: ${anaRating}`);
  assert.equal((await ana.locator(`#games tr[data-game="${id}"] .game-result`).textContent()).trim(), 'lost');

  // filters: Bo's losses are none
  await bo.selectOption('#f-result', 'loss');
  await bo.click('#filters button[type=submit]');
  await bo.waitForFunction(() => !document.querySelector('#games tr[data-game]'));

  await bo.goto(`${server.base}/leaderboard`);
  await bo.locator('#boards section').nth(3).waitFor();
  assert.equal(await bo.locator('#boards section').count(), 4);
  assert.match(await bo.locator('#rule').textContent(), /at least 5 rated games/);

  const missing = await (await fetch(`${server.base}/api/players/Nobody`)).json();
  assert.equal(missing.code, 'no-such-player');
  assert.deepEqual([...ana.errors, ...bo.errors], []);
});
