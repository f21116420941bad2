// The analysis of a finished game on its replay page, end to end against
// the real server in headless Chromium: asked for with the button, its
// progress shown (the position under way's iterations), then the graph of the chances and the mistakes; a click
// on a turn of the graph shows that step of the replay.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { finishedBotGame, openPage, serverAndBrowser } from './server.js';

const TIMEOUT = 120_000;

const { server, browser } = serverAndBrowser();

/** A game of two random bots, played to its end. */
const finishedGame = () => finishedBotGame(server.base, TIMEOUT);

test('analyse a finished game on its replay page, then go to a turn from the graph', { timeout: 4 * TIMEOUT }, async () => {
  const id = await finishedGame();
  const page = await openPage(browser, { viewport: { width: 1280, height: 800 }, locale: 'en-US' }, TIMEOUT);
  const errors = page.errors;
  await page.goto(`${server.base}/games/${id}/replay`);
  await page.waitForSelector('#analyse');
  assert.equal(await page.textContent('#analyse'), 'Analyse the game');
  await page.click('#analyse');
  // its progress first, within a position too: the search's iterations of
  // the server's budget (20 in these tests), in the game page's terms
  const progress = await page.waitForFunction(() => {
    const p = document.querySelector('.analysis-progress');
    return p && /^Analysing position \d+ of \d+: \d+ of 20 iterations…$/.test(p.textContent) && p.textContent;
  }, null, { timeout: TIMEOUT });
  const [, position, total] = (await progress.jsonValue()).match(/position (\d+) of (\d+)/).map(Number);
  assert.ok(position >= 1 && position <= total, await progress.jsonValue());
  assert.equal(await page.$('.analysis-graph'), null, 'the progress shows before the result');
  // the graph: one point a turn, the mistakes ringed
  await page.waitForSelector('.analysis-graph circle');
  const caption = await page.textContent('.analysis-caption');
  assert.match(caption, /^Blue \(bot, random\)'s chance to win, turn by turn$/);
  const points = await page.$$('.analysis-graph circle');
  assert.ok(points.length > 5, `${points.length} turns`);
  const listed = await page.$$eval('.analysis .mistakes li', (lis) => lis.map((li) => li.textContent));
  const none = await page.$('.analysis p:not(.hint):not(.analysis-caption):not(.analysis-progress)');
  assert.ok(listed.length > 0 || (none && (await none.textContent()) === 'No choice gave away much.'), 'mistakes, or none');
  for (const line of listed) assert.match(line, /^turn \d+, (Blue|Red) \(bot, random\): .+, from \d+% to \d+% \(best: .+\)$/);
  // a point of the graph shows its turn's last step
  const before = await page.inputValue('#slider');
  await points[Math.floor(points.length / 2)].click();
  await page.waitForFunction((b) => document.getElementById('slider').value !== b, before);
  const atStep = Number(await page.inputValue('#slider'));
  const analysis = await (await fetch(`${server.base}/api/games/${id}/analysis`)).json();
  assert.ok(analysis.turns.some((t) => t.step === atStep), `step ${atStep} is a turn's end`);
  // the analysis is kept: a new visit shows it at once, in Spanish too
  const es = await browser.newContext({ locale: 'es-ES' });
  const pageEs = await es.newPage();
  await pageEs.goto(`${server.base}/games/${id}/replay`);
  await pageEs.waitForSelector('.analysis-graph circle');
  assert.match(await pageEs.textContent('.analysis-caption'), /^Probabilidad de ganar de Azul \(bot, random\), turno a turno$/);
  assert.deepEqual(errors, []);
  await page.context().close();
  await es.close();
});
