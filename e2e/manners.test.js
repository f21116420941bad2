// Table manners in the browser: two players of one duel, each in their own
// page. One places a piece and asks to take it back; the other declines
// (nothing changes, and the same position cannot be asked about again).
// Resigning is confirmed in the page's own dialog: cancelled first, then
// confirmed; the browser's confirm() is never used.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { openPage, serverAndBrowser } from './server.js';

const TIMEOUT = 60_000;

const { server, browser } = serverAndBrowser();

/** A page that fails the test on a script error or a browser dialog. */
const newPage = () => openPage(browser, { viewport: { width: 1400, height: 1000 } }, TIMEOUT, { dialogs: true });

const version = (page) => page.evaluate(() => Number(document.body.dataset.version));
const choices = (page) => page.$$eval('#choice-list option', (os) => os.map((o) => o.value));

/** Plays a choice by its text through the page's typed-choice form. */
async function play(page, text) {
  const v = await version(page);
  await page.fill('#choices form.typed input', text);
  await page.click('#choices form.typed button[type="submit"]');
  await page.waitForFunction((was) => Number(document.body.dataset.version) > was, v);
}

/** The page to choose, once both show the same version. */
async function mover(pages) {
  for (;;) {
    const [a, b] = await Promise.all(pages.map(version));
    if (a === b) {
      for (const p of pages) if ((await choices(p)).length) return p;
    }
    await pages[0].waitForTimeout(100);
  }
}

test('a take-back asked for and declined; resigning cancelled, then confirmed, in the page', async () => {
  const r = await fetch(`${server.base}/api/games`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ form: 'duel', seats: [{ school: 'northern', player: 'human' }, { school: 'southern', player: 'human' }] }),
  });
  assert.equal(r.status, 201);
  const game = await r.json();
  const pages = [];
  for (const s of game.seats) {
    const page = await newPage();
    await page.goto(`${server.base}/games/${game.id}#seat=${s.token}`);
    await page.waitForFunction(() => document.body.dataset.version);
    pages.push(page);
  }
  // the game's opening choices, until a seat may place a piece at the start of its turn
  let p;
  for (;;) {
    p = await mover(pages);
    const list = await choices(p);
    if (list.some((c) => c.startsWith('place ')) && await p.isDisabled('#undo')) break;
    await play(p, list[0]);
  }
  const q = pages.find((x) => x !== p);
  assert.equal(await p.$('#takeback-ask'), null, 'nothing to take back yet');
  await play(p, (await choices(p)).find((c) => c.startsWith('place ')));
  const v = await version(p);
  const board = await p.$eval('#board', (b) => b.innerHTML);

  // asked: both pages show the request, the other seat may answer
  await p.click('#takeback-ask');
  await q.waitForSelector('#takeback-box:not([hidden]) #takeback-decline');
  assert.match(await q.textContent('#takeback-box'), /asks to take back a choice/);
  await p.waitForSelector('#takeback-box:not([hidden])');
  assert.match(await p.textContent('#takeback-box'), /Waiting for the answer/);
  assert.equal(await p.$('#takeback-accept'), null, 'the asker does not answer');
  assert.equal(await p.$('#takeback-ask'), null, 'one request at a time');

  // declined: nothing changes, and this position cannot be asked about again
  await q.click('#takeback-decline');
  await p.waitForSelector('#takeback-box', { state: 'hidden' });
  await q.waitForSelector('#takeback-box', { state: 'hidden' });
  assert.equal(await version(p), v, 'a decline changes nothing');
  assert.equal(await p.$eval('#board', (b) => b.innerHTML), board);
  assert.equal(await p.$('#takeback-ask'), null, 'declined at this position');
  assert.equal(await p.isDisabled('#undo'), false, 'a casual game keeps the plain take-back');

  // resigning: the page's dialog, cancelled first
  await p.click('#resign');
  await p.waitForSelector('#resign-dialog[open]');
  assert.match(await p.textContent('#resign-dialog'), /Resign this game\?/);
  await p.click('#resign-no');
  await p.waitForSelector('#resign-dialog', { state: 'detached' });
  await p.waitForTimeout(300);
  assert.equal(await p.isHidden('#result'), true, 'cancelled: the game goes on');
  assert.equal(await version(p), v);
  // then confirmed
  await p.click('#resign');
  await p.click('#resign-yes');
  await p.waitForSelector('#result:not([hidden])');
  await q.waitForSelector('#result:not([hidden])');
  assert.match(await q.textContent('#result'), /resigned/);
  for (const page of pages) assert.deepEqual(page.errors, []);
});
