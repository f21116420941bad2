// Puzzles in the browser, end to end against the real server in headless
// Chromium: a guest opens a stored puzzle, plays its solution by clicking
// the choices (and, for a group of squares, the square on the board), and
// is told it is solved; then fails another by playing a wrong line, and is
// shown the solution; the guest's rating is kept by the browser.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';

import { chromium } from 'playwright-core';

import { CHROMIUM, CHROMIUM_ARGS, startServer } from './server.js';

const TIMEOUT = 60_000;
const SET = readFileSync(new URL('../data/puzzles/puzzles.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l));

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(page, id) {
  await page.goto(`${server.base}/puzzles?id=${id}`);
  await page.waitForSelector(`#board[data-puzzle="${id}"]`);
}

/** Waits until the page shows `n` choices played (or the result). */
async function settled(page, n) {
  await page.waitForFunction(
    (n) => document.getElementById('result').textContent !== ''
      // (nothing played yet is an empty line, not one choice)
      || document.getElementById('played').textContent.split('; ').filter(Boolean).length === n,
    n,
  );
}

/** Plays one choice text by clicking: its own button, or its group's
 * button then its square. */
async function play(page, text) {
  const own = page.locator(`#choices button[data-text="${text}"]`);
  if (await own.count()) return own.first().click();
  const groups = await page.$$eval('#choices button', (bs) => bs.map((b) => b.dataset.text));
  for (const g of groups) {
    if (!g || !g.includes('@')) continue;
    const [head, tail] = g.split('@');
    if (text.startsWith(head) && text.endsWith(tail)) {
      const sq = text.slice(head.length, text.length - tail.length);
      await page.locator(`#choices button[data-text="${g}"]`).first().click();
      return page.locator(`#board [data-sq="${sq}"]`).click();
    }
  }
  assert.fail(`no button plays ${text}: ${groups.join(' | ')}`);
}

test('a puzzle solved, and one failed with its solution shown', { timeout: TIMEOUT * 3 }, async () => {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.setDefaultTimeout(TIMEOUT);

  const p = SET[0];
  await open(page, p.id);
  for (const [i, c] of p.solution.entries()) {
    await play(page, c);
    await settled(page, i + 1);
  }
  await page.waitForFunction(() => document.getElementById('result').textContent !== '');
  assert.equal(await page.textContent('#result'), 'Solved!');
  const rating = await page.evaluate(() => JSON.parse(localStorage.getItem('tk-puzzle-rating')));
  assert.ok(rating.rating > 1500, JSON.stringify(rating));

  // another puzzle, a wrong first choice (any other button), then on
  // through the first choices until the turn ends
  const q = SET[1];
  await open(page, q.id);
  let first = true;
  for (let i = 0; i < 20 && !(await page.textContent('#result')); i++) {
    const texts = await page.$$eval('#choices button', (bs) => bs.map((b) => b.dataset.text));
    if (!texts.length) break;
    const pick = first ? texts.find((t) => t && t !== q.solution[0] && !t.includes('@')) : texts.find((t) => t && !t.includes('@'));
    first = false;
    if (!pick) {
      await page.locator('#choices button').first().click();
      await page.locator('#board .sq.clickable').first().click();
    } else {
      await page.locator(`#choices button[data-text="${pick}"]`).first().click();
    }
    await settled(page, i + 1);
  }
  await page.waitForFunction(() => document.getElementById('result').textContent !== '');
  assert.match(await page.textContent('#result'), /Not the best/);
  assert.ok(await page.isVisible('#solution'));
  assert.equal(await page.locator('#solution li').count(), q.solution.length);
  assert.deepEqual(errors, []);
});

/** The cards of a puzzle's seat `o` hand, read from its position text. */
function handOf(p, o) {
  const line = p.position.split('\n').filter((l) => l.startsWith('seat: '))[o];
  const list = (word) => {
    const m = line.match(new RegExp(` ${word} (\\S+)`));
    return m && m[1] !== '-' ? m[1].split(',') : [];
  };
  return [...list('beings'), ...list('legends'), ...list('flares')];
}

test("a defence shows the opponent's cards, and other puzzles do not", { timeout: TIMEOUT * 2 }, async () => {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.setDefaultTimeout(TIMEOUT);

  // the last one: a composed defence (the opponent holding one card)
  const d = SET.filter((p) => p.theme === 'stop-the-win').at(-1);
  assert.ok(d, 'the set holds a stop-the-win puzzle');
  const turn = Number(d.position.match(/^turn: (\d+)$/m)[1]);
  const held = handOf(d, 1 - turn);
  await open(page, d.id);
  await page.waitForSelector('#opponent-hand:not([hidden])');
  assert.match(await page.textContent('#opponent-hand p'), /^Your opponent holds: /);
  const shown = await page.$$eval('#opponent-hand li', (li) => li.map((l) => l.dataset.card));
  assert.deepEqual(shown, held);

  const other = SET.find((p) => p.theme !== 'stop-the-win');
  await open(page, other.id);
  assert.equal(await page.isVisible('#opponent-hand'), false);
  assert.deepEqual(errors, []);
});
