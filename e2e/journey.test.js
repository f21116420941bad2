// A player's journey, end to end against the real server (a real SQLite
// file) in headless Chromium, as issue 24's "Done when" asks: two browsers
// sign up on /account, both press Play now on the lobby (the same form,
// clock and rated) and are paired; in that rated duel a take-back is asked
// for and declined, a third browser (signed in to a third account) cannot
// act for either seat, and one player resigns; both profiles then show the
// changed rating and the game in their history. A second game paired the
// same way is aborted; in a third a win is claimed against the player who
// left (the server runs with `--claim-after 2`). Then the lobby's create
// form makes a rated game, and the account page lists the players blocked
// and unblocks one.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { chromium } from 'playwright-core';

import { CHROMIUM, CHROMIUM_ARGS, startServer } from './server.js';

const TIMEOUT = 60_000;
const PASSWORD = 'a long passphrase';
const CLOCK = 'game:600+5';

let server;
let browser;
/** The two players' pages, signed up in the first test. */
const players = {};

before(async () => {
  server = await startServer(['--claim-after', '2']);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** A browser of its own (its own cookies) that fails the test on a script error or a browser dialog. */
async function newPage() {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('dialog', (d) => {
    page.errors.push(`a browser dialog: ${d.message()}`);
    d.dismiss();
  });
  page.setDefaultTimeout(TIMEOUT);
  return page;
}

/** A new browser signed up (`form` 'sign-up') or in ('sign-in') on /account as `name`. */
async function signUp(name, form = 'sign-up') {
  const page = await newPage();
  await page.goto(`${server.base}/account`);
  await page.waitForFunction(() => document.body.dataset.signedIn === 'no');
  await page.fill(`#${form} [name=name]`, name);
  await page.fill(`#${form} [name=password]`, PASSWORD);
  await Promise.all([page.waitForEvent('load'), page.click(`#${form} button[type=submit]`)]);
  await page.waitForFunction(() => document.body.dataset.signedIn === 'yes');
  return page;
}

/** Both press Play now with the same terms (rated); both land in one game. Returns its id and each page's seat token. */
async function playNow(a, b) {
  for (const p of [a, b]) {
    await p.goto(`${server.base}/`);
    await p.waitForSelector('#seek-form option', { state: 'attached' });
    await p.selectOption('#seek-form', 'duel');
    await p.selectOption('#seek-clock', CLOCK);
    await p.check('#seek-rated');
  }
  await a.click('#seek-button');
  await a.waitForSelector('#seek-cancel:not([hidden])');
  await b.click('#seek-button');
  for (const p of [a, b]) await p.waitForURL(/\/games\/[0-9a-f]+#seat=/);
  const id = new URL(a.url()).pathname.split('/')[2];
  assert.equal(new URL(b.url()).pathname, `/games/${id}`);
  for (const p of [a, b]) await p.waitForFunction(() => /^[01]$/.test(document.body.dataset.seat ?? ''));
  const tokens = [a, b].map((p) => new URL(p.url()).hash.replace('#seat=', ''));
  return { id, tokens };
}

const version = (page) => page.evaluate(() => Number(document.body.dataset.version));
const choices = (page) => page.$$eval('#choice-list option', (os) => os.map((o) => o.value));
const summary = async (id) => (await fetch(`${server.base}/api/games/${id}`)).json();

/** Plays a choice by its text through the page's typed-choice form. */
async function play(page, text) {
  const v = await version(page);
  await page.fill('#choices form.typed input', text);
  await page.click('#choices form.typed button[type="submit"]');
  await page.waitForFunction((was) => Number(document.body.dataset.version) > was, v);
}

/** The page whose seat is to choose, once both show the same version. */
async function mover(pages) {
  const deadline = Date.now() + TIMEOUT;
  for (;;) {
    const [a, b] = await Promise.all(pages.map(version));
    if (a === b) {
      for (const p of pages) if ((await choices(p)).length) return p;
    }
    assert.ok(Date.now() < deadline, 'a seat to choose');
    await pages[0].waitForTimeout(100);
  }
}

/** The rating a profile page shows for the duel pool, and the result its history gives a game. */
async function profile(page, name, id) {
  await page.goto(`${server.base}/players/${encodeURIComponent(name)}`);
  const value = page.locator('.rating-card[data-pool="duel"] .rating-value');
  await value.waitFor();
  const row = page.locator(`#games tr[data-game="${id}"]`);
  await row.waitFor();
  return {
    rating: Number((await value.textContent()).replace(/[^0-9]/g, '')),
    result: (await row.locator('.game-result').textContent()).trim(),
  };
}

test('paired by Play now, a rated duel played to the end changes both profiles', async () => {
  const ana = await signUp('Ana');
  const bo = await signUp('Boris');
  Object.assign(players, { ana, bo });
  const { id, tokens } = await playNow(ana, bo);
  const game = await summary(id);
  assert.equal(game.rated, true, JSON.stringify(game));

  // the opening choices, until a seat may place a piece at the start of its turn
  const pages = [ana, bo];
  let p;
  for (;;) {
    p = await mover(pages);
    const list = await choices(p);
    if (list.some((c) => c.startsWith('place ')) && (await p.isDisabled('#undo'))) break;
    await play(p, list[0]);
  }
  const q = pages.find((x) => x !== p);
  await play(p, (await choices(p)).find((c) => c.startsWith('place ')));
  const v = await version(p);
  assert.equal(await p.isDisabled('#undo'), true, 'a rated game has no plain take-back');

  // a take-back asked for and declined: nothing changes
  await p.click('#takeback-ask');
  await q.waitForSelector('#takeback-box:not([hidden]) #takeback-decline');
  await q.click('#takeback-decline');
  await p.waitForSelector('#takeback-box', { state: 'hidden' });
  assert.equal(await version(p), v, 'a decline changes nothing');
  assert.equal(await p.$('#takeback-ask'), null, 'declined at this position');

  // a third player: watching only, with or without another's seat link
  const cy = await signUp('Cyril');
  await cy.goto(`${server.base}/games/${id}`);
  await cy.waitForFunction(() => document.body.dataset.seat === '');
  assert.deepEqual(await choices(cy), [], 'a spectator has no choices');
  assert.equal(await cy.locator('#resign').isVisible(), false, 'nor a resign button');
  for (const token of tokens) {
    const hello = await cy.evaluate(([id, token]) => new Promise((ok) => {
      const ws = new WebSocket(`ws://${location.host}/api/games/${id}/ws`);
      ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', token }));
      ws.onmessage = (m) => { ws.close(); ok(JSON.parse(m.data)); };
      ws.onerror = () => ok({ type: 'socket-error' });
    }), [id, token]);
    assert.equal(hello.code, 'bad-token', `another account's seat link is refused: ${JSON.stringify(hello).slice(0, 200)}`);
  }
  // nor through the page, given a seat's link
  await cy.goto(`${server.base}/games/${id}#seat=${tokens[0]}`);
  await cy.waitForTimeout(500);
  assert.notEqual(await cy.evaluate(() => document.body.dataset.seat), '0');
  assert.deepEqual(await choices(cy), []);
  assert.equal(await version(p), v, 'the third player changed nothing');
  assert.equal((await summary(id)).status, 'playing');

  // Boris resigns in the page's own dialog
  await bo.click('#resign');
  await bo.click('#resign-yes');
  for (const x of pages) await x.waitForSelector('#result:not([hidden])');
  const over = await summary(id);
  assert.equal(over.status, 'over');

  const a = await profile(ana, 'Ana', id);
  const b = await profile(bo, 'boris', id);
  assert.ok(a.rating > 1500, `Ana won: ${a.rating}`);
  assert.ok(b.rating < 1500, `Boris lost: ${b.rating}`);
  assert.deepEqual([a.result, b.result], ['won', 'lost']);
  for (const x of [ana, bo, cy]) assert.deepEqual(x.errors, []);
  await cy.context().close();
});

test('a second game paired the same way is aborted, with no rating change', async () => {
  const { ana, bo } = players;
  assert.ok(ana && bo, 'the first test signed the players up');
  const before = await duelRating('Ana');
  const { id } = await playNow(ana, bo);
  await ana.locator('#abort').click();
  for (const p of [ana, bo]) await p.waitForFunction(() => document.body.textContent.includes('The game was aborted'));
  const s = await summary(id);
  assert.equal(s.status, 'over');
  assert.deepEqual(s.outcome, { places: [], why: 'aborted' });
  assert.equal(await duelRating('Ana'), before, 'an abort is not rated');
  assert.ok((await playerGames('Ana')).includes(id), 'the aborted game is in the history');
  for (const p of [ana, bo]) assert.deepEqual(p.errors, []);
});

test('a win is claimed against a player who left a rated game', async () => {
  const { ana, bo } = players;
  const { id } = await playNow(ana, bo);
  const deadline = Date.now() + TIMEOUT;
  let away;
  while (!away) {
    for (const p of [ana, bo]) if (await p.evaluate(() => document.body.dataset.choosing === '1')) away = p;
    assert.ok(Date.now() < deadline, 'a seat to choose');
    if (!away) await ana.waitForTimeout(100);
  }
  const stays = away === ana ? bo : ana;
  const awaySeat = Number(await away.evaluate(() => document.body.dataset.seat));
  assert.equal(await stays.locator('#claim-win').count(), 0, 'nothing to claim while the player is there');
  await away.close();
  await stays.locator('#claim-win').click();
  await stays.waitForFunction(() => document.body.textContent.includes('left the game'));
  const s = await summary(id);
  assert.equal(s.status, 'over');
  assert.equal(s.outcome.why, 'abandoned');
  assert.equal(s.outcome.abandoned, awaySeat);
  const name = stays === ana ? 'Ana' : 'Boris';
  assert.equal((await profile(stays, name, id)).result, 'won');
  assert.deepEqual(stays.errors, []);
});

test("the lobby's create form makes a rated game; the account page lists blocks and unblocks", async () => {
  // (Ana's page may have been closed by the claim: a new browser, signed in)
  const ana = await signUp('ana', 'sign-in');
  await ana.goto(`${server.base}/`);
  await ana.waitForSelector('#seat-rows fieldset[data-seat="1"]');
  await ana.selectOption('#form', 'duel');
  await ana.selectOption('#seat-rows fieldset[data-seat="1"] [name=player]', 'human');
  await ana.check('#rated');
  // the server's refusal first: in a rated game the other seat is open to a signed-in player
  await ana.click('#create-button');
  await ana.waitForFunction(() => document.getElementById('create-error').textContent !== '');
  assert.match(await ana.textContent('#create-error'), /every seat but yours is open/);
  await ana.check('#seat-rows fieldset[data-seat="1"] [name=open]');
  await ana.evaluate(() => { document.getElementById('create-error').textContent = ''; });
  await ana.click('#create-button');
  // the page opens her seat, or lists the seat links
  await ana.waitForFunction(() => location.pathname.startsWith('/games/')
    || document.querySelector('#created-body a[href*="#seat="]') || document.getElementById('create-error')?.textContent);
  assert.ok(!(await ana.evaluate(() => document.getElementById('create-error')?.textContent)), 'created');
  const href = ana.url().includes('/games/') ? ana.url()
    : await ana.locator('#created-body a[href*="#seat="]').first().getAttribute('href');
  const id = new URL(href, server.base).pathname.split('/')[2];
  assert.equal((await summary(id)).rated, true);

  // Ana blocks Boris (as the lobby's online list does), then unblocks him on /account
  const blocked = await ana.evaluate(async () => (await fetch('/api/blocks/Boris', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })).status);
  assert.ok(blocked >= 200 && blocked < 300, `block: ${blocked}`);
  await ana.goto(`${server.base}/account`);
  const row = ana.locator('#blocks li[data-name="Boris"]');
  await row.waitFor();
  assert.equal(await row.locator('a').getAttribute('href'), '/players/Boris');
  assert.equal(await ana.isHidden('#blocks-none'), true);
  await row.locator('button.unblock').click();
  await ana.waitForSelector('#blocks-none:not([hidden])');
  assert.equal(await ana.locator('#blocks li').count(), 0);
  const left = await ana.evaluate(async () => (await (await fetch('/api/blocks')).json()).blocked);
  assert.deepEqual(left, []);
  assert.deepEqual(ana.errors, []);
});

/** A player's profile from the API. */
const player = async (name) => (await fetch(`${server.base}/api/players/${encodeURIComponent(name)}`)).json();
const duelRating = async (name) => (await player(name)).ratings.duel.rating;
const playerGames = async (name) => (await player(name)).games.map((g) => g.id);
