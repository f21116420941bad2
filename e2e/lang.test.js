// The pages in Spanish and in Czech, end to end against the real server in
// headless Chromium: the language comes from the browser's Accept-Language
// (Spanish), or from the selector, remembered in the browser (Czech), and
// a page read without scripts is already in the language (the server
// fills it); a
// few choices are played and the page's words, the log, the cards and the
// result are checked in the language, with the notations unchanged and no
// message id left showing. Saves docs/screenshots/game-es.png and
// game-cs.png.

import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { before, test } from 'node:test';

import { serverAndBrowser } from './server.js';

const SHOTS = process.env.TK_SCREENSHOTS || join(import.meta.dirname, '..', 'docs', 'screenshots');
const TIMEOUT = 60_000;
const DESKTOP = { width: 1280, height: 800 };

const { server, browser } = serverAndBrowser();

before(() => {
  mkdirSync(SHOTS, { recursive: true });
});

async function newPage(options = {}) {
  const context = await browser.newContext({ viewport: DESKTOP, ...options });
  const page = await context.newPage();
  page.errors = [];
  page.warnings = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  // a message the page asked for and the language lacks is logged
  page.on('console', (m) => { if (m.type() === 'warning') page.warnings.push(m.text()); });
  page.on('dialog', (d) => d.accept());
  page.setDefaultTimeout(TIMEOUT);
  return page;
}

async function createGame(body) {
  const r = await fetch(`${server.base}/api/games`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const v = await r.json();
  assert.equal(r.status, 201, JSON.stringify(v));
  return v;
}

/** A duel: a person (seat 1, Northern) against the easy bot. */
async function duelAgainstBot() {
  return createGame({ form: 'duel', seats: [{ school: 'northern', player: 'human', name: 'Ana' }, { school: 'highland', player: 'bot', bot: 'easy' }] });
}

async function version(page) {
  return Number(await page.evaluate(() => document.body.dataset.version));
}

/** Waits until this page may choose. */
async function myChoice(page) {
  await page.waitForFunction(() => document.body.dataset.choosing === '1' && document.querySelector('#choices [data-choice], #board .sq.target'));
}

/** Plays the first highlighted square, then ends the turn if that is what is left. */
async function placeAndEnd(page) {
  await myChoice(page);
  let v = await version(page);
  await page.click('#board .sq.target');
  await page.waitForFunction((v) => Number(document.body.dataset.version) > v, v);
  const end = await page.$('#choices [data-kind="end"]');
  if (end && await page.evaluate(() => document.body.dataset.choosing === '1')) {
    v = await version(page);
    await end.click();
    await page.waitForFunction((v) => Number(document.body.dataset.version) > v, v);
  }
}

/** No message id, no English of the page's own, no console warning about a missing message. */
async function assertLocalized(page, english) {
  const text = await page.evaluate(() => document.body.innerText);
  for (const id of ['web-', 'event-', 'choice-', 'question-', 'result-', 'color-', 'school-', 'form-', 'imperial-', 'highland-']) {
    assert.ok(!new RegExp(`(^|\\s)${id}[a-z]`).test(text), `a message id (${id}…) shown:\n${text}`);
  }
  for (const words of english) assert.ok(!text.includes(words), `English left: ${words}\n${text}`);
  assert.deepEqual(page.warnings.filter((w) => w.startsWith('no message')), []);
  assert.deepEqual(page.errors, []);
}

/** The card names of the page's hand, with the English ones from /api/cards. */
async function handNames(page) {
  const cards = await (await fetch(`${server.base}/api/cards`)).json();
  const english = new Map(cards.map((c) => [c.id, c.name]));
  const shown = await page.$$eval('#hand .card', (els) => els.map((e) => [e.dataset.card, e.querySelector('.card-name').textContent]));
  return shown.map(([id, name]) => ({ id, name, english: english.get(id) }));
}

test('the game in Spanish, from the browser\'s Accept-Language: a few choices, the log, the cards', async () => {
  const game = await duelAgainstBot();
  const page = await newPage({ locale: 'es-ES' });
  await page.goto(`${server.base}/games/${game.id}#seat=${game.seats[0].token}`);
  await page.waitForFunction(() => document.body.dataset.seat === '0');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'es');
  assert.equal(await page.$eval('#lang-select', (s) => s.value), 'es');
  await myChoice(page);
  assert.equal(await page.textContent('#choices-title'), 'Tu jugada');
  assert.match(await page.textContent('#prompt'), /acci[oó]n/);
  assert.match(await page.textContent('#status-line .turn'), /^Turno \d+: te toca$/);
  assert.equal(await page.textContent('#flip'), 'Girar el tablero');
  // a typed choice the server refuses is worded in Spanish from the refusal's code, with the notation kept
  const before = await version(page);
  await page.fill('#choices input[list="choice-list"]', 'summon imperial.knight e5 r0');
  await page.press('#choices input[list="choice-list"]', 'Enter');
  await page.waitForSelector('#toast:not([hidden])');
  const refused = await page.textContent('#toast');
  assert.match(refused, /^Rechazado: summon imperial\.knight e5 r0 no es una elección legal ahora/, refused);
  assert.doesNotMatch(refused, /not a legal|is not|nearest|Refused/, refused);
  assert.equal(await version(page), before, 'the refused choice changed nothing');
  await myChoice(page);
  // the cards in Spanish (the Cannon of the guidebook's Spanish rules is a Cañón), their ids unchanged
  const names = await handNames(page);
  assert.ok(names.length > 0);
  for (const c of names) {
    assert.match(c.id, /^(imperial|legends|flares)\./);
    assert.notEqual(c.name, c.english, `${c.id} in Spanish`);
  }
  await placeAndEnd(page);
  await placeAndEnd(page);
  // the log: the turns and the placements in Spanish; the record keeps the notation
  await page.waitForFunction(() => [...document.querySelectorAll('#log li')].some((l) => /Se coloca una ficha básica/.test(l.textContent)));
  const log = await page.$$eval('#log li', (els) => els.map((e) => e.textContent));
  assert.ok(log.some((l) => /^Turno \d+/.test(l)), log.join('\n'));
  assert.ok(log.some((l) => /roba \d+ (criatura|criaturas)/.test(l) || /Se coloca/.test(l)), log.join('\n'));
  const record = await page.$$eval('#record li', (els) => els.map((e) => e.textContent));
  assert.ok(record.some((l) => /place [a-i][1-9]/.test(l)), `the record in notation: ${record.join('\n')}`);
  await myChoice(page);
  await assertLocalized(page, ['Your move', 'Your hand', 'Players', 'Game log', 'Turn the board around', 'summon the', 'place a common piece']);
  await page.waitForSelector('#toast', { state: 'hidden' });
  await page.screenshot({ path: join(SHOTS, 'game-es.png') });
  await page.context().close();
});

test('without scripts the pages already read in the negotiated language, and the selector\'s choice reaches the server', async () => {
  const page = await newPage({ locale: 'es-ES', javaScriptEnabled: false });
  await page.goto(`${server.base}/`);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'es');
  assert.equal(await page.textContent('h1'), 'Juega a Tash-Kalar');
  assert.equal(await page.textContent('#create-button'), 'Crear la partida');
  const game = await duelAgainstBot();
  await page.goto(`${server.base}/games/${game.id}`);
  assert.equal(await page.title(), 'Tash-Kalar: partida');
  assert.equal(await page.textContent('#choices-title'), 'Tu jugada');
  assert.equal(await page.getAttribute('#chat-input', 'placeholder'), 'Mensaje (solo jugadores)');
  // the stored choice (the cookie the selector sets) wins over Accept-Language
  await page.context().addCookies([{ name: 'tk-lang', value: 'cs', url: server.base }]);
  await page.goto(`${server.base}/`);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'cs');
  assert.equal(await page.textContent('h1'), 'Hraj Tash-Kalar');
  await page.context().close();
});

test('the lobby, the game and the replay in Czech, chosen with the selector and remembered', async () => {
  const page = await newPage({ locale: 'en-US' });
  await page.goto(`${server.base}/`);
  await page.waitForSelector('#lang-select');
  assert.equal(await page.textContent('h1'), 'Play Tash-Kalar');
  await Promise.all([page.waitForNavigation(), page.selectOption('#lang-select', 'cs')]);
  await page.waitForFunction(() => document.documentElement.lang === 'cs');
  const cookies = await page.context().cookies();
  assert.ok(cookies.some((c) => c.name === 'tk-lang' && c.value === 'cs'), 'the choice is a cookie the server reads');
  assert.equal(await page.textContent('h1'), 'Hraj Tash-Kalar');
  assert.equal(await page.textContent('#create-button'), 'Vytvořit hru');
  await page.waitForSelector('#seat-rows fieldset');
  assert.match(await page.textContent('#seat-rows fieldset legend'), /^Místo 1 \(začíná\)$/);
  const game = await duelAgainstBot();
  // the choice is kept in this browser: the game page opens in Czech
  await page.goto(`${server.base}/games/${game.id}#seat=${game.seats[0].token}`);
  await page.waitForFunction(() => document.body.dataset.seat === '0');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'cs');
  await myChoice(page);
  assert.equal(await page.textContent('#choices-title'), 'Tvůj tah');
  assert.match(await page.textContent('#status-line .turn'), /^Tah \d+: jsi na tahu$/);
  // the choices are sent as notation, whatever the language
  const offered = await page.$$eval('#choice-list option', (els) => els.map((e) => e.value));
  assert.ok(offered.length > 0);
  for (const choice of offered) assert.match(choice, /^[a-z0-9 .:_-]+$/, `a choice is sent as notation: ${choice}`);
  assert.equal(await page.getAttribute('#choices input[list="choice-list"]', 'placeholder'), 'nebo napiš volbu, např. place e5');
  await placeAndEnd(page);
  await page.waitForFunction(() => [...document.querySelectorAll('#log li')].some((l) => /Položen/.test(l.textContent)));
  const names = await handNames(page);
  for (const c of names) assert.notEqual(c.name, c.english, `${c.id} in Czech`);
  await myChoice(page);
  await assertLocalized(page, ['Your move', 'Your hand', 'Players', 'Game log', 'Turn the board around', 'summon the', 'place a common piece']);
  await page.screenshot({ path: join(SHOTS, 'game-cs.png') });
  // resigning ends the game: the result and the replay in Czech
  await page.click('#choices button.danger');
  await page.click('#resign-yes');
  await page.waitForSelector('#result:not([hidden])');
  assert.match(await page.textContent('#result-text'), /Prohrál jsi/);
  assert.match(await page.textContent('#result-text'), /Vítězí Hnědý/);
  await page.goto(`${server.base}/games/${game.id}/replay`);
  await page.waitForFunction(() => document.querySelector('#status-line .turn'));
  assert.equal(await page.textContent('#first'), '« Začátek');
  assert.match(await page.textContent('#status-line .turn'), /^Krok \d+ z \d+ · tah \d+$/);
  assert.match(await page.textContent('#game-title'), /^Přehrávání · Deathmatch souboj$/);
  await assertLocalized(page, ['Players', 'Moves', 'skip card draws']);
  await page.context().close();
});
