// The lessons in the browser, end to end against the real server in
// headless Chromium: a guest completes the first three lessons by clicking
// the board (placing, summoning the Knight, destroying with its move), a
// square that is not a choice says so and changes nothing, and the
// progress (kept in the browser) is still shown after a reload.

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
