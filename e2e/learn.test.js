// The lessons in the browser, end to end against the real server in
// headless Chromium: a guest completes the first three lessons by clicking
// the board (placing, summoning the Knight, destroying with its move), a
// square that is not a choice says so and changes nothing, and the
// progress (kept in the browser) is still shown after a reload; and an
// expansion lesson (frozen cards) is completed by clicking, the frozen
// card shown in front of the learner, and the Gateway marked on the board.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { openPage, serverAndBrowser } from './server.js';

const TIMEOUT = 20_000;

const { server, browser } = serverAndBrowser();

/** The pieces on the board, as the page draws them (square: colour-rank). */
function pieces(page) {
  return page.$$eval('#board .sq', (bs) => Object.fromEntries(bs.map((b) => [b.dataset.sq, b.querySelector('.slot').dataset.key || ''])));
}

async function lessonShown(page, title) {
  await page.locator('#lesson-title', { hasText: title }).waitFor();
  await page.locator('#board .sq.clickable').first().waitFor();
}

async function next(page) {
  await page.locator('#next').click();
}

test('the first three lessons by clicking, a wrong square refused, progress kept', async () => {
  const page = await openPage(browser, { locale: 'en-US' }, TIMEOUT);
  const errors = page.errors;
  await page.goto(`${server.base}/learn`);

  // 1. placing: c5 holds a red piece, not a choice: said, nothing changes
  await lessonShown(page, 'Placing pieces');
  await page.locator('#goal', { hasText: 'e5' }).waitFor();
  const before = await pieces(page);
  // marked aria-disabled (not a choice), still clickable: forced past Playwright's check
  await page.locator('#board .sq[data-sq="c5"]').click({ force: true });
  await page.locator('#message', { hasText: 'not one of your choices' }).waitFor();
  assert.deepEqual(await pieces(page), before, 'a refused click changes nothing');
  await page.locator('#hint-button').click();
  await page.locator('#hint', { hasText: 'place' }).waitFor();
  await page.locator('#board .sq[data-sq="e5"]').click();
  await page.locator('#message', { hasText: 'lesson is complete' }).waitFor();
  assert.equal((await pieces(page)).e5, 'blue-common');
  await next(page);

  // 2. summoning: e5 offers a placing and the Knight: the Knight is picked
  await lessonShown(page, 'Patterns and summoning');
  await page.locator('#board .sq[data-sq="e5"]').click();
  await page.locator('#choices button[data-choice^="summon imperial.knight"]').click();
  await page.locator('#message', { hasText: 'lesson is complete' }).waitFor();
  assert.equal((await pieces(page)).e5, 'blue-heroic');
  await next(page);

  // 3. destroying: the Knight, then its combat move onto the red heroic piece
  await lessonShown(page, 'Moves and destroying');
  assert.equal((await pieces(page)).e6, 'red-heroic');
  await page.locator('#board .sq[data-sq="e5"]').click();
  await page.locator('#choices button[data-choice^="summon imperial.knight"]').click();
  await page.locator('#board .sq.clickable[data-sq="e6"]').waitFor();
  await page.locator('#board .sq[data-sq="e6"]').click();
  await page.locator('#message', { hasText: 'lesson is complete' }).waitFor();
  assert.equal((await pieces(page)).e6, 'blue-heroic');

  // the progress survives a reload (the lesson in the address stays open)
  await page.reload();
  await lessonShown(page, 'Moves and destroying');
  await page.locator('#lessons li[data-lesson="destroying"][data-done="yes"]').waitFor();
  // without one, the page opens the first lesson not done
  await page.goto(`${server.base}/learn`);
  await lessonShown(page, 'Upgrading');
  const done = await page.$$eval('#lessons li', (ls) => ls.map((l) => [l.dataset.lesson, l.dataset.done]));
  assert.deepEqual(done.slice(0, 4), [['placing', 'yes'], ['summoning', 'yes'], ['destroying', 'yes'], ['upgrading', 'no']]);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('an expansion lesson by clicking: a card frozen, shown in front of the learner, then thawed', async () => {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.setDefaultTimeout(TIMEOUT);
  await page.goto(`${server.base}/learn#frozen-cards`);

  // 1. the Crystal Grower summoned on e5 (a placing is offered there too), its effect on g5
  await lessonShown(page, 'Frozen cards (Everfrost)');
  assert.equal(await page.locator('#marks').isHidden(), true, 'nothing frozen yet');
  await page.locator('#board .sq[data-sq="e5"]').click();
  await page.locator('#choices button[data-choice^="summon everfrost.crystal_grower"]').first().click();
  await page.locator('#board .sq.clickable[data-sq="g5"]').waitFor();
  await page.locator('#board .sq[data-sq="g5"]').click();
  await page.locator('#message', { hasText: 'step' }).waitFor();
  assert.equal((await pieces(page)).g5, 'blue-heroic');
  await page.locator('#marks [data-mark="frozen"]', { hasText: 'Crystal Grower' }).waitFor();
  await next(page);

  // 2. the frozen card lies in front of the learner; thawing it is a button, not a square
  await page.locator('#goal', { hasText: 'Thaw' }).waitFor();
  await page.locator('#marks [data-mark="frozen"]', { hasText: 'Crystal Grower' }).waitFor();
  await page.locator('#choices button[data-choice="thaw"]').click();
  // its frozen effect: one of the learner's common pieces upgraded
  await page.locator('#board .sq.clickable[data-sq="d4"]').waitFor();
  await page.locator('#board .sq[data-sq="d4"]').click();
  await page.locator('#message', { hasText: 'lesson is complete' }).waitFor();
  await page.locator('#lessons li[data-lesson="frozen-cards"][data-done="yes"]').waitFor();
  assert.equal((await pieces(page)).d4, 'white-heroic');

  // the next lesson, the Gateway: the Flame Imp summoned becomes it, marked on the board
  await next(page);
  await lessonShown(page, 'The Gateway (Nethervoid)');
  await page.locator('#board .sq[data-sq="e5"]').click();
  await page.locator('#choices button[data-choice^="summon nethervoid.flame_imp"]').first().click();
  // the Gateway's square is marked at once; the Imp's optional effect skipped
  await page.locator('#board .sq.gateway[data-sq="e5"]').waitFor();
  await page.locator('#choices button[data-choice="skip"]').click();
  await page.locator('#message', { hasText: 'step' }).waitFor();
  await page.locator('#board .sq.gateway[data-sq="e5"]').waitFor();
  await page.locator('#marks [data-mark="gateway"]', { hasText: 'e5' }).waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});
