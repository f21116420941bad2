// Every seat's pieces carry a sign of their own, not only a color: in a
// melee of four, each color's pieces on the board show a different shape
// (red and brown look alike to many eyes), the same on every piece of it.

import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { before, test } from 'node:test';

import { serverAndBrowser } from './server.js';

const ARTIFACTS = join(import.meta.dirname, 'artifacts');

const { server, browser } = serverAndBrowser();

before(() => {
  mkdirSync(ARTIFACTS, { recursive: true });
});

test('in a melee each color has its own sign on its pieces', { timeout: 180_000 }, async () => {
  const seats = ['southern', 'northern', 'highland', 'sylvan'].map((school) => ({ school, player: 'bot', bot: 'random' }));
  const r = await fetch(`${server.base}/api/games`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ form: 'melee', seats }) });
  const game = await r.json();
  assert.equal(r.status, 201, JSON.stringify(game));
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  page.setDefaultTimeout(120_000);
  await page.goto(`${server.base}/games/${game.id}`);
  // the bots play on: wait for pieces of all four colors
  await page.waitForFunction(() => {
    const colors = new Set([...document.querySelectorAll('#board .piece')].map((p) => [...p.classList].find((c) => c.startsWith('piece-') && !['piece-common', 'piece-heroic', 'piece-legendary'].includes(c))));
    return colors.size >= 4;
  });
  const signs = await page.$$eval('#board .piece', (pieces) => pieces.map((p) => {
    const color = [...p.classList].find((c) => c.startsWith('piece-') && !['piece-common', 'piece-heroic', 'piece-legendary'].includes(c));
    const sign = p.querySelector('.color-sign');
    return { color, sign: sign ? sign.innerHTML : null };
  }));
  const byColor = new Map();
  for (const { color, sign } of signs) {
    assert.ok(sign, `a ${color} piece has its sign`);
    if (!byColor.has(color)) byColor.set(color, new Set());
    byColor.get(color).add(sign);
  }
  for (const [color, set] of byColor) assert.equal(set.size, 1, `one sign for ${color}`);
  const distinct = new Set([...byColor.values()].map((s) => [...s][0]));
  assert.equal(distinct.size, byColor.size, 'no two colors share a sign');
  assert.ok(byColor.size >= 4);
  await page.locator('#board').screenshot({ path: join(ARTIFACTS, 'melee-marks.png') });
});
