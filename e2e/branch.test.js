// Branching and the bot's progress, end to end against the real server in
// headless Chromium: the analysis of a finished game opened from the
// replay page, its graph and the best choices at a step; "Play from here"
// against a bot, a turn played, the bot's thinking shown with its
// progress, and the live region that says what happened and whose turn it
// is; the "Analyse" link at the end of a game.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { finishedBotGame, openPage, serverAndBrowser, watched } from './server.js';

const TIMEOUT = 120_000;

const { server, browser } = serverAndBrowser();

/** A game of two random bots, played to its end. */
const finishedGame = () => finishedBotGame(server.base, TIMEOUT);

async function version(page) {
  return Number(await page.evaluate(() => document.body.dataset.version));
}

async function click(page, selector) {
  const v = await version(page);
  await page.click(selector);
  await page.waitForFunction((v) => Number(document.body.dataset.version) > v && document.body.dataset.busy !== '1', v);
}

/** Ends this page's turn, skipping or taking the first offer of whatever is pending first. */
async function finishTurn(page) {
  for (let i = 0; i < 40; i++) {
    const choices = await page.$$eval('#choice-list option', (os) => os.map((o) => o.value));
    if (!(await page.evaluate(() => document.body.dataset.choosing === '1'))) return;
    if (choices.includes('end')) return click(page, '#choices [data-choice="end"]');
    if (choices.includes('skip')) await click(page, '#choices [data-choice="skip"]');
    else if (await page.$('#choices .option')) await click(page, '#choices .option');
    else if (await page.$('#board .sq.dest')) await click(page, '#board .sq.dest');
    else {
      const v = await version(page);
      await page.click(await page.$('#board .sq.target') ? '#board .sq.target' : '#choices [data-key="1"]');
      await page.waitForFunction((v) => (Number(document.body.dataset.version) > v && document.body.dataset.busy !== '1') ||
        document.querySelector('#board .sq.dest, #choices .option'), v);
    }
  }
  throw new Error('the turn did not end');
}

test('analyse, see the best choices, play from a position against a bot, see it think; the end-of-game link', { timeout: 6 * TIMEOUT }, async () => {
  const id = await finishedGame();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  // every text the bot's progress shows, as it comes (it may last less than a frame)
  // and every announcement of the live region, in order (what a screen reader queues)
  await context.addInitScript(() => {
    window.thinkingSeen = [];
    window.announced = [];
    document.addEventListener('DOMContentLoaded', () => {
      const el = document.getElementById('thinking');
      const live = document.getElementById('announce');
      if (!el || !live) return;
      const note = () => { if (!el.hidden) window.thinkingSeen.push(el.querySelector('span').textContent); };
      new MutationObserver(note).observe(el, { attributes: true, childList: true, subtree: true, characterData: true });
      new MutationObserver(() => window.announced.push(live.textContent)).observe(live, { childList: true, subtree: true, characterData: true });
    });
  });
  const page = watched(await context.newPage(), TIMEOUT);
  const errors = page.errors;

  // the end of the game offers its analysis
  await page.goto(`${server.base}/games/${id}`);
  await page.waitForSelector('#analyse-link');
  assert.equal(await page.textContent('#analyse-link'), 'Analyse the game');
  assert.equal(await page.getAttribute('#analyse-link', 'href'), `/games/${id}/replay#analyse`);
  await page.click('#analyse-link');
  // ... which opens the replay with the analysis started
  await page.waitForSelector('.analysis-graph circle');
  const analysis = await (await fetch(`${server.base}/api/games/${id}/analysis`)).json();
  assert.equal(analysis.status, 'done');

  // the best choices of a position where Blue (seat 1) chose
  const blue = analysis.choices.find((c) => c.seat === 0 && c.best.length > 1) || analysis.choices.find((c) => c.seat === 0);
  const at = blue.step - 1;
  await page.$eval('#slider', (el, v) => { el.value = String(v); el.dispatchEvent(new Event('input')); }, at);
  await page.waitForSelector('#best-here:not([hidden]) li');
  const best = await page.$$eval('#best-here li', (lis) => lis.map((li) => li.textContent));
  assert.equal(best.length, blue.best.length);
  best.forEach((line, i) => assert.equal(line, `${blue.best[i].text}: ${Math.round(blue.best[i].chance * 100)}%`));
  assert.match(await page.textContent('#best-here h3'), /^Best choices here for Blue \(bot, random\) \(chance to win \d+%\):$/);

  // play from here: Blue by this browser, Red by the medium bot (its default)
  assert.equal(await page.textContent('#branch-title'), 'Play from here');
  assert.equal(await page.inputValue('#branch-seat-0'), '');
  assert.equal(await page.inputValue('#branch-seat-1'), 'medium');
  await page.click('#branch');
  await page.waitForURL(/\/games\/[^/]+#seat=/);
  const branchId = decodeURIComponent(new URL(page.url()).pathname.split('/')[2]);
  assert.notEqual(branchId, id);
  const summary = await (await fetch(`${server.base}/api/games/${branchId}`)).json();
  assert.deepEqual(summary.branch_of, { game: id, at });
  await page.waitForFunction(() => document.body.dataset.seat === '0' && document.body.dataset.choosing === '1');
  // the live region says whose turn it is
  assert.match(await page.textContent('#announce'), /Turn \d+: your move$/);

  // (the chat's list is a live region too: marked now, it must not be redrawn by the moves)
  await page.$eval('#chat-log li', (li) => { li.dataset.mark = 'before'; });
  // a move against the bot: the turn played, then the bot thinks (its progress shown) and answers
  await finishTurn(page);
  await page.waitForFunction(() => document.body.dataset.choosing === '1', null, { timeout: TIMEOUT });
  const seen = await page.evaluate(() => window.thinkingSeen);
  assert.ok(seen.length > 0, 'the bot\'s thinking was shown');
  for (const line of seen) assert.match(line, /^Red \(bot, medium\) is thinking: \d+ of 500 iterations$/);
  assert.ok(await page.$eval('#thinking', (el) => el.hidden), 'hidden once the bot has moved');

  // the live region: the bot's turn in words (as the log says it), then whose turn it is
  const announced = await page.evaluate(() => window.announced);
  assert.match(announced[announced.length - 1], /Turn \d+: your move$/);
  const logged = await page.$$eval('#log li:not(.turn-start)', (lis) => lis.map((li) => li.textContent));
  const botSaid = logged[logged.length - 1];
  assert.ok(announced.some((a) => a.includes(botSaid)), `${JSON.stringify(announced)} says ${botSaid}`);
  assert.ok(announced.some((a) => /Turn \d+: Red \(bot, medium\) to play$/.test(a)), JSON.stringify(announced));
  // each announcement is said once
  assert.ok(announced.every((a, i) => i === 0 || a !== announced[i - 1]), JSON.stringify(announced));
  assert.ok(await page.$('#chat-log li[data-mark="before"]'), 'the chat was not redrawn');
  // the log is not read again on every redraw: it is not a live region
  assert.equal(await page.getAttribute('#log', 'aria-live'), null);
  assert.deepEqual(errors, []);
  await context.close();
});

test('play from a position by oneself: this browser holds both seats and goes on to the seat to play', { timeout: 4 * TIMEOUT }, async () => {
  const id = await finishedGame();
  const page = await openPage(browser, { viewport: { width: 1280, height: 900 }, locale: 'en-US' }, TIMEOUT);
  const errors = page.errors;
  await page.goto(`${server.base}/games/${id}/replay`);
  // (hidden at the last step: the game is over there)
  await page.waitForSelector('#branch', { state: 'attached' });
  assert.ok(await page.$eval('#branch-panel', (el) => el.hidden));
  // a step where Blue is to choose, from the replay itself
  const replay = await (await fetch(`${server.base}/api/games/${id}/replay`)).json();
  const at = replay.steps.findIndex((s, i) => i > 10 && s.view.actor.kind === 'seat' && s.view.actor.seat === 0 && !s.view.outcome);
  await page.$eval('#slider', (el, v) => { el.value = String(v); el.dispatchEvent(new Event('input')); }, at);
  await page.waitForSelector('#branch');
  await page.selectOption('#branch-seat-1', '');
  await page.click('#branch');
  await page.waitForURL(/\/games\/[^/]+#seat=/);
  await page.waitForFunction(() => document.body.dataset.seat === '0' && document.body.dataset.choosing === '1');
  await finishTurn(page);
  // Red's turn, held by this browser too: one click goes on to it
  await page.waitForSelector('#next-seat');
  assert.equal(await page.textContent('#next-seat'), 'Play Red\'s turn');
  await page.click('#next-seat');
  await page.waitForFunction(() => document.body.dataset.seat === '1' && document.body.dataset.choosing === '1');
  assert.deepEqual(errors, []);
  await page.context().close();
});
