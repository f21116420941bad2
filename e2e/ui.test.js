// The game page in states that chance rarely brings about in a short game:
// the real pages and cards come from the real server, the game's WebSocket
// is answered by the test with the models the server would send, made
// from the positions in e2e/positions/ (`tash-kalar replay --model`), and
// the test checks what the page shows and what it sends.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';

import { serverAndBrowser } from './server.js';

const ROOT = join(import.meta.dirname, '..');
const BIN = process.env.TK_BIN || join(ROOT, 'target', 'debug', 'tash-kalar');

const { server, browser } = serverAndBrowser();

/** The client's model of a position for `seat` in `lang`, as the server sends it. */
function viewOf(file, seat = 0, lang = 'en') {
  const path = join(import.meta.dirname, 'positions', file);
  return JSON.parse(execFileSync(BIN, ['replay', path, '--model', String(seat + 1), '--lang', lang], { encoding: 'utf8' }));
}

/** The language of a browser locale (`es-ES`: `es`). */
const langOf = (locale) => locale.slice(0, 2);

const PLAYERS = [
  { seat: 0, school: 'northern', player: 'human', bot: null, name: null, taken: true, online: true },
  { seat: 1, school: 'southern', player: 'bot', bot: 'greedy', name: null, taken: false, online: true },
];

function stateMessage(view, extra = {}) {
  return { type: 'state', version: 7, seat: 0, over: false, view, log_from: 0, log: [], players: PLAYERS, undo: false, ...extra };
}

/**
 * The game page with its WebSocket answered by `answer(message, socket)`;
 * by default a hello gets `state`. Returns the page and what it sent.
 */
async function openGame(state, answer = null, locale = 'en-US') {
  const page = await browser.newPage({ viewport: { width: 1300, height: 950 }, locale });
  page.setDefaultTimeout(20_000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const sent = [];
  const sockets = [];
  await page.routeWebSocket(/\/api\/games\/[^/]+\/ws$/, (ws) => {
    sockets.push(ws);
    ws.onMessage((text) => {
      const msg = JSON.parse(text);
      sent.push(msg);
      if (answer) answer(msg, ws);
      else if (msg.type === 'hello') ws.send(JSON.stringify(state));
    });
  });
  await page.goto(`${server.base}/games/mock#seat=secret`);
  await page.waitForFunction(() => document.body.dataset.version === '7');
  const choices = () => sent.filter((m) => m.type === 'choose').map((m) => m.choice);
  return { page, sent, sockets, errors, choices };
}

async function sentChoice(g, text) {
  await g.page.waitForFunction(() => document.body.dataset.busy === '1');
  assert.deepEqual(g.choices(), [text]);
  assert.equal(g.sent.at(-1).version, 7, 'the choice names the version it was made at');
}

test('a summon that can lie two ways on one square asks which, showing each pattern', async () => {
  const g = await openGame(stateMessage(viewOf('summon-two-ways.tkr')));
  const { page } = g;
  await page.click('#hand .card[data-card="imperial.swordmaster"]');
  assert.deepEqual(await page.$$eval('#board .sq.summon-at', (e) => e.map((b) => b.dataset.sq)), ['e5']);
  assert.equal(await page.$$eval('#board .sq.clickable', (e) => e.length), 1, 'only the summoning square is offered');
  await page.click('#board .sq[data-sq="e5"]');
  const options = await page.$$('#choices .option');
  assert.equal(options.length, 2);
  assert.equal(await page.$$eval('#choices .option .pattern-svg', (e) => e.length), 2, 'each option draws its pattern');
  await options[1].hover();
  assert.deepEqual(await page.$$eval('#board .sq.hover-option', (e) => e.map((b) => b.dataset.sq).sort()), ['d5', 'f5']);
  await options[0].hover();
  assert.deepEqual(await page.$$eval('#board .sq.hover-option', (e) => e.map((b) => b.dataset.sq).sort()), ['e4', 'e6']);
  await page.screenshot({ path: join(import.meta.dirname, 'artifacts', 'two-ways.png') });
  await options[1].click();
  await sentChoice(g, 'summon imperial.swordmaster e5 r90');
  assert.deepEqual(g.errors, []);
});

test('a summoning in a piece shortage: an option per piece to take up, in the group\'s words with the squares put in', async () => {
  const v = viewOf('summon-two-ways.tkr');
  const group = v.legal.find((e) => e.kind === 'summon' && e.card === 'imperial.swordmaster');
  // (a member is its square, then `<` the square of a piece taken up, then `:` a piece destroyed)
  const at = group.each[0].split(/[<:]/)[0];
  // (the notation and the words of each member follow from the group's: none is sent per member)
  stage(v, [{ ...group, pickup_label: 'summon it on @, taking up your piece on #', each: [`${at}<a1`, `${at}<b1`] }]);
  const g = await openGame(stateMessage(v));
  const { page } = g;
  await page.click('#hand .card[data-card="imperial.swordmaster"]');
  await page.click(`#board .sq[data-sq="${at}"]`);
  const labels = await page.$$eval('#choices .option', (e) => e.map((o) => o.textContent));
  assert.equal(labels.length, 2, labels.join(' | '));
  assert.ok(labels[0].includes(`Summon it on ${at}, taking up your piece on a1`), labels[0]);
  assert.ok(labels[1].includes(`Summon it on ${at}, taking up your piece on b1`), labels[1]);
  await page.click('#choices .option >> nth=1');
  await sentChoice(g, `summon imperial.swordmaster ${at} ${group.orientation} from b1`);
  assert.deepEqual(g.errors, []);
});

test('without a card chosen, clicking a square places a piece; Escape drops a chosen card', async () => {
  const g = await openGame(stateMessage(viewOf('summon-two-ways.tkr')));
  const { page } = g;
  await page.click('#hand .card[data-card="imperial.swordmaster"]');
  await page.keyboard.press('Escape');
  assert.equal(await page.$('#hand .card.selected'), null);
  // 69 squares, 5 pieces: every empty square is offered for placing
  assert.equal(await page.$$eval('#board .sq.target', (e) => e.length), 64);
  await page.click('#board .sq[data-sq="e5"]');
  await sentChoice(g, 'place e5');
});

test('an optional part has a skip button and a number key; the effect being resolved is shown', async () => {
  const g = await openGame(stateMessage(viewOf('swordmaster-effect.tkr')));
  const { page } = g;
  assert.match(await page.textContent('#effect-panel'), /Resolving: Swordmaster \(Blue\) on e5/);
  assert.match(await page.textContent('#prompt'), /Swordmaster on e5: destroy an enemy common piece diagonally/);
  assert.deepEqual(await page.$$eval('#board .sq.target', (e) => e.map((b) => b.dataset.sq)), ['f6']);
  assert.ok(await page.$('#board .sq.effect-at[data-sq="e5"]'));
  const key = await page.$eval('#choices [data-choice="skip"]', (b) => b.dataset.key);
  await page.keyboard.press(key);
  await sentChoice(g, 'skip');
});

test('an effect\'s step (worded by the server in the page\'s language), its skip button and the effect panel in each language; the choice sent as notation', async () => {
  const cases = [
    ['en-US', 'Swordmaster on e5: destroy an enemy common piece diagonally next to the Swordmaster.', 'Skip', /^Resolving: Swordmaster \(Blue\) on e5$/],
    ['es-ES', 'Maestra de Espadas en e5: destruye una ficha básica enemiga adyacente en diagonal a la Maestra de Espadas.', 'Omitir', /^Resolviendo: Maestra de Espadas \(Azul\) en e5$/],
    ['cs-CZ', 'Šermířka na e5: znič nepřátelský běžný kámen diagonálně vedle Šermířky.', 'Vynechat', /^Vyhodnocuje se: Šermířka \(Modrý\) na e5$/],
  ];
  for (const [locale, prompt, skip, panel] of cases) {
    const v = viewOf('swordmaster-effect.tkr', 0, langOf(locale));
    // the step by its id, and its words in the connection's language
    assert.equal(v.question.step, 'imperial.swordmaster.destroy');
    const g = await openGame(stateMessage(v), null, locale);
    const { page } = g;
    assert.equal(await page.textContent('#prompt'), prompt);
    assert.match(await page.textContent('#effect-panel h2'), panel);
    const b = await page.$('#choices [data-choice="skip"]');
    assert.equal(await b.textContent(), `${await b.getAttribute('data-key')}${skip}`);
    assert.deepEqual(await page.$$eval('#board .sq.target', (e) => e.map((x) => x.dataset.sq)), ['f6']);
    await page.click('#board .sq[data-sq="f6"]');
    await sentChoice(g, 'f6');
    assert.deepEqual(g.errors, []);
    await page.close();
  }
});

test('a move: click the piece, then where it goes', async () => {
  const v = viewOf('messenger-direction.tkr');
  // the moves from one square come as one group: its notation and words with `@` for the square moved to
  const group = v.legal.find((e) => e.kind === 'move' && e.from === 'e5');
  assert.equal(group.text, 'e5-@');
  assert.match(group.label, /from e5 to @/);
  assert.ok(group.each.includes('f6'), JSON.stringify(group.each));
  const g = await openGame(stateMessage(v));
  const { page } = g;
  await page.click('#board .sq[data-sq="e5"]');
  const dests = await page.$$eval('#board .sq.dest', (e) => e.map((b) => b.dataset.sq).sort());
  assert.deepEqual(dests, ['d4', 'd5', 'd6', 'e4', 'e6', 'f5', 'f6']);
  assert.ok(await page.$('#board .sq.selected[data-sq="e5"]'));
  await page.click('#board .sq[data-sq="f6"]');
  await sentChoice(g, 'e5-f6');
});

test('the flare button tells which criteria are met', async () => {
  const g = await openGame(stateMessage(viewOf('flare.tkr')));
  const { page } = g;
  const info = await page.textContent('#choices .flare-info');
  assert.match(info, /Flare 01 against Red/);
  assert.match(info, /✓ upper \(upgraded pieces\): needs 3 more, Red has 3 more/);
  assert.match(info, /✓ lower \(all pieces\): needs 6 more, Red has 7 more/);
  assert.match(await page.textContent('#hand .card[data-card="flares.01"] .card-note'), /vs Red: upper ✓ lower ✓/);
  await page.click('#choices [data-choice="flare r"]');
  await sentChoice(g, 'flare r');
});

test('High Form: current tasks, the next task and claimed tasks are shown', async () => {
  const g = await openGame(stateMessage(viewOf('high-form.tkr')));
  const { page } = g;
  const tasks = await page.$$eval('#tasks .task', (e) => e.map((t) => t.querySelector('b span').textContent));
  assert.deepEqual(tasks, ['Center Cross', 'Destruction', 'Red Conquest', 'Diagonals']);
  assert.ok(await page.$('#tasks .task.next'));
  assert.match(await page.textContent('#tasks'), /2 tasks left in the deck/);
  assert.match(await page.textContent('#players'), /tasks: Imprisonment/);
  await page.screenshot({ path: join(import.meta.dirname, 'artifacts', 'high-form.png'), fullPage: true });
  assert.deepEqual(g.errors, []);
});

/** Structured choices as the server sends them in `view.legal`, each with its label. */
function stage(v, legal) {
  v.legal = legal;
}

test('options are labelled by the view (a color for a color option); directions form a compass that turns with the board', async () => {
  const v = viewOf('swordmaster-effect.tkr');
  stage(v, [
    { text: 'option 1', kind: 'option', option: 1, color: 'red', meaning: 'color', label: 'Red' },
    { text: 'option 3', kind: 'option', option: 3, color: 'brown', meaning: 'color', label: 'Brown' },
    { text: 'dir n', kind: 'dir', dir: 'n', label: 'north' },
    { text: 'dir e', kind: 'dir', dir: 'e', label: 'east' },
    { text: 'skip', kind: 'skip', label: 'skip' },
  ]);
  const g = await openGame(stateMessage(v));
  const { page } = g;
  assert.equal(await page.textContent('#choices [data-choice="option 1"]'), '1Red');
  assert.equal(await page.textContent('#choices [data-choice="option 3"]'), '2Brown');
  assert.ok(await page.$('#choices [data-choice="option 1"] .swatch svg'), 'a color option shows its color');
  const enabled = () => page.$$eval('.compass button:not([disabled])', (e) => e.map((b) => `${b.textContent}=${b.dataset.choice}`));
  assert.deepEqual(await enabled(), ['4↑=dir n', '5→=dir e']);
  await page.click('#flip');
  assert.deepEqual(await enabled(), ['4←=dir e', '5↓=dir n'], 'turned around, north points down');
  await page.click('.compass [data-choice="dir n"]');
  await sentChoice(g, 'dir n');
});

test('a refused choice shows the server’s word; a dropped connection comes back with a new hello', async () => {
  const state = stateMessage(viewOf('summon-two-ways.tkr'));
  const g = await openGame(state, (msg, ws) => {
    if (msg.type === 'hello') ws.send(JSON.stringify(state));
    else if (msg.type === 'choose') ws.send(JSON.stringify({ type: 'error', message: 'stale: the game is at version 8' }));
  });
  const { page } = g;
  await page.click('#board .sq[data-sq="c3"]');
  await page.waitForSelector('#toast:not([hidden])');
  assert.match(await page.textContent('#toast'), /stale: the game is at version 8/);
  assert.equal(await page.evaluate(() => document.body.dataset.busy), '', 'the page can choose again');
  await g.sockets[0].close();
  await page.waitForFunction(() => /reconnecting/.test(document.getElementById('conn').textContent));
  await page.waitForFunction(() => /connected/.test(document.getElementById('conn').textContent) && !/reconnecting/.test(document.getElementById('conn').textContent));
  const hellos = g.sent.filter((m) => m.type === 'hello');
  assert.equal(hellos.length, 2);
  assert.deepEqual(hellos[1], { type: 'hello', token: 'secret', lang: 'en' }, 'the hello says the page\'s language');
});

test('a seat link the server refuses says so and offers to watch', async () => {
  const page = await browser.newPage();
  await page.routeWebSocket(/\/ws$/, (ws) => ws.onMessage(() => ws.send(JSON.stringify({ type: 'error', message: 'no seat of this game has this token' }))));
  await page.goto(`${server.base}/games/mock#seat=wrong`);
  await page.waitForSelector('#status-line .error-text');
  assert.match(await page.textContent('#status-line'), /no seat of this game has this token.*Watch the game instead/);
});

test('piece shortage: the place action begins by clicking one of your pieces to pick it up', async () => {
  const g = await openGame(stateMessage(viewOf('shortage.tkr')));
  const { page } = g;
  assert.deepEqual(await page.$$eval('#board .sq.target', (e) => e.map((b) => b.dataset.sq).sort()), ['e4', 'e6']);
  assert.match(await page.textContent('#prompt'), /pick it up and place it again/);
  await page.click('#board .sq[data-sq="e6"]');
  await sentChoice(g, 'pickup e6');
});

test('a melee: each seat’s score board shows its points by color and its improvised summonings; no resigning', async () => {
  const v = viewOf('melee.tkr');
  const players = [
    PLAYERS[0],
    { ...PLAYERS[1], bot: 'random' },
    { seat: 2, school: 'highland', player: 'bot', bot: 'greedy', name: null, taken: false, online: true },
  ];
  const g = await openGame(stateMessage(v, { players }));
  const { page } = g;
  const board = (seat) => page.$$eval(`#players .scoreboard[data-seat="${seat}"] .sb-color`, (e) => e.map((b) => ({
    color: b.dataset.color, points: Number(b.dataset.points), improvised: b.dataset.improvised, lowest: b.classList.contains('lowest'),
    piece: b.querySelector('svg').outerHTML,
  })));
  const seat0 = await board(0);
  assert.deepEqual(seat0.map(({ piece, ...b }) => b), [
    { color: 'red', points: 3, improvised: 'available', lowest: false },
    { color: 'brown', points: 1, improvised: 'used', lowest: true },
  ]);
  // as on the table: the piece of a color still free for an improvised summoning lies heroic side up
  assert.notEqual(seat0[0].piece.replace(/red/g, 'X'), seat0[1].piece.replace(/brown/g, 'X'), 'heroic and common pieces differ');
  assert.deepEqual((await board(1)).map((b) => [b.color, b.points, b.improvised]), [['blue', 0, 'available'], ['brown', 2, 'available']]);
  assert.deepEqual((await board(2)).map((b) => [b.color, b.points, b.improvised]), [['red', 2, 'used'], ['blue', 0, 'used']]);
  const words = await page.$$eval('#players .player', (e) => e.map((p) => p.querySelector('.improvised').textContent));
  assert.deepEqual(words, [
    'improvised summoning left with Red (used: Brown)',
    'improvised summoning left with Blue, Brown',
    'improvised summoning used with every color',
  ]);
  const scores = await page.$$eval('#players .player .score', (e) => e.map((s) => s.textContent));
  assert.deepEqual(scores, ['1', '0', '0'], 'the score is the lowest color');
  assert.ok(await page.isVisible('#players .scoreboard[data-seat="2"]'));
  assert.equal(await page.$('#choices button:has-text("Resign")'), null, 'the rules allow no resignation in a melee');
  assert.ok(await page.$('#undo'));
  await page.screenshot({ path: join(import.meta.dirname, 'artifacts', 'melee-scoreboards.png'), fullPage: true });
  assert.deepEqual(g.errors, []);
});

test('a melee’s end-of-turn point and improvised color are buttons in words; start pieces name their color', async () => {
  const v = viewOf('melee.tkr');
  v.phase = { phase: 'score', unpaired: ['red', 'brown'], legends: 0 };
  v.question = { seat: 0, kind: 'score-point', text: 'Score 1 point in the color of one of your unpaired common pieces.' };
  stage(v, [
    { text: 'point r', kind: 'point', color: 'red', label: 'score 1 point in Red' },
    { text: 'point n', kind: 'point', color: 'brown', label: 'score 1 point in Brown' },
  ]);
  const g = await openGame(stateMessage(v));
  const { page } = g;
  assert.match(await page.textContent('#prompt'), /^Score 1 point in the color of one of your unpaired common pieces\.$/);
  assert.equal(await page.textContent('#choices [data-choice="point r"]'), '1Score 1 point in Red');
  assert.equal(await page.textContent('#choices [data-choice="point n"]'), '2Score 1 point in Brown');
  await page.keyboard.press('2');
  await sentChoice(g, 'point n');

  const w = viewOf('melee.tkr');
  stage(w, [
    { text: 'improvise r', kind: 'improvise', color: 'red', label: 'use up Red for the improvised summoning' },
    { text: 'improvise n', kind: 'improvise', color: 'brown', label: 'use up Brown for the improvised summoning' },
  ]);
  const h = await openGame(stateMessage(w));
  assert.equal(await h.page.textContent('#choices [data-choice="improvise n"]'), '2Use up Brown for the improvised summoning');

  // the melee setup: a start piece of a chosen color on a chosen square
  const x = viewOf('melee.tkr');
  x.phase = { phase: 'start-pieces', seat: 0 };
  x.question = { seat: 0, kind: 'start-pieces', text: 'Put a start piece next to the next start symbol.' };
  const names = { b: 'Blue', r: 'Red', n: 'Brown' };
  const colors = { b: 'blue', r: 'red', n: 'brown' };
  stage(x, ['f8 b', 'f8 r', 'g8 b', 'g8 r', 'g8 n'].map((t) => {
    const [at, l] = t.split(' ');
    return { text: `start ${t}`, kind: 'start', at, color: colors[l], label: `a ${names[l]} start piece on ${at}` };
  }));
  const s = await openGame(stateMessage(x, {
    log_from: 0,
    log: [{ n: 1, seat: 0, kind: 'choice', text: 'start f8 n' }],
  }));
  assert.match(await s.page.textContent('#record'), /start f8 n/);
  assert.match(await s.page.textContent('#prompt'), /start piece next to the next start symbol/);
  await s.page.click('#board .sq[data-sq="g8"]');
  const labels = await s.page.$$eval('#choices .option', (e) => e.map((o) => o.textContent));
  assert.deepEqual(labels, ['1A Blue start piece on g8', '2A Red start piece on g8', '3A Brown start piece on g8']);
  await s.page.click('#choices .option[data-choice="start g8 r"]');
  await sentChoice(s, 'start g8 r');
  assert.deepEqual([...g.errors, ...h.errors, ...s.errors], []);
});

test('a game the full server refuses shows the server’s words and keeps trying', async () => {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // the real server refuses the WebSocket (no game `full` there); its reason is staged
  let checks = 0;
  await page.route(/\/api\/games\/full\/reachable$/, (route) => {
    checks += 1;
    route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'the server is full: it holds its maximum of 2 games in play; try again later' }) });
  });
  await page.goto(`${server.base}/games/full`);
  await page.waitForSelector('#status-line .refusal');
  assert.match(await page.textContent('#status-line'), /the server is full: .*try again later \(trying again in \d+ s\)/);
  assert.equal(await page.textContent('#conn'), 'reconnecting…');
  await new Promise((ok) => setTimeout(ok, 2000));
  assert.ok(checks >= 2, `it tried again (${checks} checks)`);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the buttons come from the model’s structured choices and show its labels, never choice texts', async () => {
  const v = viewOf('swordmaster-effect.tkr');
  // the words are the server's, in the page's language: the page shows the label it is given
  for (const c of v.legal) if (c.kind === 'skip') c.label = 'skip (the label the server gave)';
  const g = await openGame(stateMessage(v));
  const { page } = g;
  assert.equal(await page.textContent('#choices [data-choice="skip"]'), `${await page.$eval('#choices [data-choice="skip"]', (b) => b.dataset.key)}Skip (the label the server gave)`);
  assert.deepEqual(await page.$$eval('#board .sq.target', (e) => e.map((b) => b.dataset.sq)), ['f6']);
  assert.match(await page.textContent('#prompt'), /: destroy an enemy common piece diagonally next to the Swordmaster\.$/);
  // the question's words are the server's too
  const asked = viewOf('swordmaster-effect.tkr');
  asked.question.text = 'The question as the server words it.';
  const q = await openGame(stateMessage(asked));
  assert.equal(await q.page.textContent('#prompt'), 'The question as the server words it.');
  // without structured choices nothing is offered: nothing is parsed out of texts
  const bare = viewOf('swordmaster-effect.tkr');
  delete bare.legal;
  const h = await openGame(stateMessage(bare));
  assert.equal(await h.page.$$eval('#choices [data-choice]', (e) => e.length), 0);
  assert.equal(await h.page.$$eval('#board .sq.target', (e) => e.length), 0);
  assert.deepEqual([...g.errors, ...q.errors, ...h.errors], []);
});

test('the page decides nothing from the form: the board side, resigning, taking back and a summon\'s squares are the model\'s', async () => {
  const v = viewOf('summon-two-ways.tkr');
  assert.equal(v.side, 'deathmatch');
  assert.deepEqual(v.can, { resign: true, undo: false, discard: true, abort: false, claim: false, leave: false, takeback_request: false, takeback_answer: false });
  const g = await openGame(stateMessage(v));
  const { page } = g;
  assert.ok(await page.$('#board.board-deathmatch'), 'the deathmatch side');
  assert.ok(await page.$('#choices #resign'), 'resigning offered');
  assert.equal(await page.isDisabled('#undo'), true, 'nothing to take back');
  // the same position as the model of another table: the page follows the model alone
  const w = viewOf('summon-two-ways.tkr');
  w.side = 'tasks';
  w.can = { resign: false, undo: true, discard: false };
  // (summonings come grouped by card and orientation: the group's pattern
  // as shifts from the summoning square, here laid at e5 on a5 and b5, marked c5)
  for (const c of w.legal) if (c.kind === 'summon' && c.orientation === 'r90') [c.pattern, c.marked] = [[[-4, 0], [-3, 0]], [[-2, 0]]];
  const h = await openGame(stateMessage(w));
  assert.equal(await h.page.$('#board.board-deathmatch'), null, 'the tasks side');
  assert.equal(await h.page.$('#choices #resign'), null, 'no resigning');
  assert.equal(await h.page.isDisabled('#undo'), false, 'a take-back offered');
  assert.doesNotMatch(await h.page.textContent('#prompt'), /discard/i, 'no discard hint');
  await h.page.click('#hand .card[data-card="imperial.swordmaster"]');
  await h.page.click('#board .sq[data-sq="e5"]');
  const options = await h.page.$$('#choices .option');
  assert.equal(options.length, 2);
  await options[1].hover();
  assert.deepEqual(await h.page.$$eval('#board .sq.hover-option', (e) => e.map((b) => b.dataset.sq).sort()), ['a5', 'b5']);
  assert.deepEqual(await h.page.$$eval('#board .sq.marked-sq', (e) => e.map((b) => b.dataset.sq)), ['c5']);
  // the effect being resolved marks the squares the model gives
  const e = viewOf('swordmaster-effect.tkr');
  e.effect.marked = ['d4', 'f6'];
  const k = await openGame(stateMessage(e));
  assert.deepEqual(await k.page.$$eval('#board .sq.marked-sq', (x) => x.map((b) => b.dataset.sq).sort()), ['d4', 'f6']);
  assert.deepEqual([...g.errors, ...h.errors, ...k.errors], []);
});

test('the opponent’s last turn: every square touched highlighted, the destroyed piece a ghost, the log in words', async () => {
  const v = viewOf('last-turn.tkr', 1);
  const g = await openGame(stateMessage(v, { seat: 1 }));
  const { page } = g;
  const last = await page.$$eval('#board .sq.last, #board .sq.last-main', (e) => e.map((b) => b.dataset.sq).sort());
  assert.deepEqual(last, ['a5', 'e5', 'f6']);
  assert.ok(await page.$('#board .sq[data-sq="f6"] .ghost'), 'the destroyed piece is a ghost on f6');
  const log = await page.$$eval('#log li', (e) => e.map((li) => li.textContent));
  assert.ok(log.includes("Blue summons the Swordmaster on e5 (as printed): Red's common piece on f6 destroyed; Blue's piece on e5 upgraded to heroic"), log.join(' | '));
  assert.ok(log.includes("Blue's common piece placed on a5"), log.join(' | '));
  assert.ok(log.some((t) => /^Turn 4 ?Red/.test(t)), log.join(' | '));
  await page.screenshot({ path: join(import.meta.dirname, 'artifacts', 'last-turn.png') });
  // once red acts, its own action is what is shown, and the ghost is gone
  const after = JSON.parse(JSON.stringify(v));
  after.events.push({ n: 7, kind: 'placed', at: 'e1', piece: { color: 'red', rank: 'common' }, text: "Red's common piece placed on e1" });
  after.board = after.board; // (the board itself does not matter for the highlight)
  g.sockets[0].send(JSON.stringify({ ...stateMessage(after, { seat: 1 }), version: 8 }));
  await page.waitForFunction(() => document.body.dataset.version === '8');
  assert.deepEqual(await page.$$eval('#board .sq.last, #board .sq.last-main', (e) => e.map((b) => b.dataset.sq)), ['e1']);
  assert.equal(await page.$('#board .ghost'), null);
  assert.deepEqual(g.errors, []);
});

test('a team game’s end names the winning team, not a draw', async () => {
  const v = viewOf('team-over.tkr');
  const players = [0, 1, 2, 3].map((seat) => ({ seat, school: v.seats[seat].school, player: 'human', bot: null, name: null, taken: true, online: true }));
  const g = await openGame(stateMessage(v, { over: true, players }));
  const { page } = g;
  const text = await page.textContent('#result');
  assert.match(text, /the Blue team \(seats 1 and 3\) wins/);
  assert.doesNotMatch(text, /draw/i);
  assert.match(await page.textContent('#choices'), /the Blue team \(seats 1 and 3\) wins/);
  assert.deepEqual(g.errors, []);
});

test('the Gateway is ringed and marked on its square, with a title and a label', async () => {
  const players = [{ ...PLAYERS[0], school: 'nethervoid' }, PLAYERS[1]];
  const g = await openGame(stateMessage(viewOf('gateway.tkr'), { players }));
  const { page } = g;
  const mark = '#board .sq[data-sq="e4"] .gateway-mark';
  await page.waitForSelector(mark);
  assert.equal(await page.getAttribute(mark, 'title'), "Orange's Gateway");
  assert.equal(await page.textContent(`${mark} .gateway-glyph`), 'G', 'a letter, not colour alone');
  assert.match(await page.textContent('#players .player[data-seat="0"]'), /Gateway on e4/);
  assert.ok(await page.$(`${mark} .gateway-ring circle`), 'a ring around the piece');
  assert.match(await page.getAttribute('#board .sq[data-sq="e4"]', 'aria-label'), /Orange's Gateway/);
  assert.equal(await page.$$eval('#board .gateway-mark', (e) => e.length), 1, 'one Gateway on the board');
  assert.doesNotMatch(await page.getAttribute('#board .sq[data-sq="e5"]', 'aria-label'), /Gateway/);
  await page.screenshot({ path: join(import.meta.dirname, 'artifacts', 'gateway.png') });
  assert.deepEqual(g.errors, []);
});

test('a warp is a button on the hand card; the pending being and a stored piece show as labelled tiles', async () => {
  const players = [{ ...PLAYERS[0], school: 'etherweave' }, PLAYERS[1]];
  const g = await openGame(stateMessage(viewOf('warp.tkr'), { players }), (msg, ws) => {
    if (msg.type === 'hello') ws.send(JSON.stringify(stateMessage(viewOf('warp.tkr'), { players })));
    else if (msg.type === 'choose' && msg.choice === 'warp etherweave.paradox_worm') {
      ws.send(JSON.stringify({ ...stateMessage(viewOf('warp-played.tkr'), { players }), version: 8 }));
    }
  });
  const { page } = g;
  const worm = '#hand .card[data-card="etherweave.paradox_worm"]';
  await page.waitForSelector(worm);
  assert.match(await page.textContent(`${worm} .card-warp`), /Warp: \S/, 'the warp text on the card');
  const warp = `${worm} button[data-kind="warp"]`;
  assert.match(await page.textContent(warp), /Warp/);
  assert.equal(await page.$('#players .pending-card'), null, 'nothing pending yet');
  await page.click(warp);
  await page.waitForFunction(() => document.body.dataset.version === '8');
  const tile = '#players .player[data-seat="0"] .pending-card[data-card="etherweave.paradox_worm"]';
  await page.waitForSelector(tile);
  assert.match(await page.textContent(`${tile} summary`), /⟲\s*Pending\s+Paradox Worm/, 'labelled, with a spiral and the name');
  assert.match(await page.getAttribute(tile, 'title'), /^Warp effect \(played\): \S/);
  assert.ok(await page.$(`${worm}.pending`), 'the hand card is marked pending');
  assert.match(await page.textContent(`${worm} .card-note`), /Pending/);
  const log = await page.$$eval('#log li', (e) => e.map((li) => li.textContent));
  assert.ok(log.some((t) => t.includes('plays the warp effect of the Paradox Worm')), log.join(' | '));
  await page.screenshot({ path: join(import.meta.dirname, 'artifacts', 'warp.png') });
  assert.deepEqual(g.errors, []);
  // a stored piece on a pending Merchant of Time, for a spectator-like seat 1 too
  const h = await openGame(stateMessage(viewOf('stored.tkr', 1), { players, seat: 1 }), (msg, ws) => {
    if (msg.type === 'hello') ws.send(JSON.stringify(stateMessage(viewOf('stored.tkr', 1), { players, seat: 1 })));
  });
  const stored = '#players .player[data-seat="0"] .stored-piece';
  await h.page.waitForSelector(stored);
  assert.match(await h.page.textContent(stored), /Stored\s+Red's heroic piece on the Merchant/);
  assert.ok(await h.page.$('#players .player[data-seat="0"] .pending-card[data-card="etherweave.merchant_of_time"]'), 'the pending Merchant, public to the opponent');
  await h.page.screenshot({ path: join(import.meta.dirname, 'artifacts', 'stored.png') });
  assert.deepEqual(h.errors, []);
});

test('the Gateway, the warp, the pending being and the stored piece in Spanish and in Czech', async () => {
  const words = {
    'es-ES': { gateway: 'Portal de Naranja', on: /Portal en e4/, warp: /^⟲ Distorsión: \S/, button: /Distorsión/, pending: /⟲\s*Pendiente\s+Gusano de la Paradoja/, played: /^Efecto de distorsión \(jugado\): \S/, stored: /Guardada\s+ficha heroica roja en el Mercader/ },
    'cs-CZ': { gateway: 'Brána: Oranžový', on: /Brána na e4/, warp: /^⟲ Zkřivení: \S/, button: /Zkřivení/, pending: /⟲\s*Čekající\s+Paradoxní červ/, played: /^Zahraný efekt zkřivení: \S/, stored: /Uložený\s+červený hrdinský kámen na Obchodníkovi s časem/ },
  };
  for (const [locale, w] of Object.entries(words)) {
    const gw = await openGame(stateMessage(viewOf('gateway.tkr', 0, langOf(locale)), { players: [{ ...PLAYERS[0], school: 'nethervoid' }, PLAYERS[1]] }), null, locale);
    const mark = '#board .sq[data-sq="e4"] .gateway-mark';
    await gw.page.waitForSelector(mark);
    assert.equal(await gw.page.getAttribute(mark, 'title'), w.gateway, locale);
    assert.equal(await gw.page.textContent(`${mark} .gateway-glyph`), 'G', 'the letter stays');
    assert.match(await gw.page.textContent('#players .player[data-seat="0"]'), w.on);
    assert.ok((await gw.page.getAttribute('#board .sq[data-sq="e4"]', 'aria-label')).includes(w.gateway), locale);
    assert.deepEqual(gw.errors, []);
    await gw.page.close();
    const players = [{ ...PLAYERS[0], school: 'etherweave' }, PLAYERS[1]];
    const g = await openGame(stateMessage(viewOf('warp.tkr', 0, langOf(locale)), { players }), (msg, ws) => {
      if (msg.type === 'hello') ws.send(JSON.stringify(stateMessage(viewOf('warp.tkr', 0, langOf(locale)), { players })));
      else if (msg.type === 'choose' && msg.choice === 'warp etherweave.paradox_worm') {
        ws.send(JSON.stringify({ ...stateMessage(viewOf('warp-played.tkr', 0, langOf(locale)), { players }), version: 8 }));
      }
    }, locale);
    const worm = '#hand .card[data-card="etherweave.paradox_worm"]';
    await g.page.waitForSelector(worm);
    assert.match(await g.page.textContent(`${worm} .card-warp`), w.warp);
    const warp = `${worm} button[data-kind="warp"]`;
    assert.match(await g.page.textContent(warp), w.button);
    await g.page.click(warp);
    await g.page.waitForFunction(() => document.body.dataset.version === '8');
    const tile = '#players .player[data-seat="0"] .pending-card[data-card="etherweave.paradox_worm"]';
    await g.page.waitForSelector(tile);
    assert.match(await g.page.textContent(`${tile} summary`), w.pending);
    assert.match(await g.page.getAttribute(tile, 'title'), w.played);
    const text = await g.page.textContent('body');
    assert.doesNotMatch(text, /Warp|Pending|Gateway/, `${locale}: English left`);
    assert.deepEqual(g.errors, []);
    await g.page.close();
    const h = await openGame(stateMessage(viewOf('stored.tkr', 1, langOf(locale)), { players, seat: 1 }), (msg, ws) => {
      if (msg.type === 'hello') ws.send(JSON.stringify(stateMessage(viewOf('stored.tkr', 1, langOf(locale)), { players, seat: 1 })));
    }, locale);
    const stored = '#players .player[data-seat="0"] .stored-piece';
    await h.page.waitForSelector(stored);
    assert.match(await h.page.textContent(stored), w.stored);
    assert.deepEqual(h.errors, []);
    await h.page.close();
  }
});

test('a frozen card shows as a labelled tile beside its seat, and its thaw button thaws it', async () => {
  const players = [{ ...PLAYERS[0], school: 'everfrost' }, PLAYERS[1]];
  const g = await openGame(stateMessage(viewOf('frozen.tkr'), { players }), (msg, ws) => {
    if (msg.type === 'hello') ws.send(JSON.stringify(stateMessage(viewOf('frozen.tkr'), { players })));
    else if (msg.type === 'choose' && msg.choice === 'thaw') {
      ws.send(JSON.stringify({ ...stateMessage(viewOf('frozen-thawed.tkr'), { players }), version: 8 }));
    }
  });
  const { page } = g;
  const tile = '#players .player[data-seat="0"] .frozen-card[data-card="everfrost.crystal_grower"]';
  await page.waitForSelector(tile);
  const summary = await page.textContent(`${tile} summary`);
  assert.match(summary, /❄\s*Frozen\s+Crystal Grower/, 'labelled, with a snowflake and the name');
  assert.match(await page.getAttribute(tile, 'title'), /^Frozen effect: \S/, 'the frozen effect on hover');
  await page.click(`${tile} summary`);
  assert.ok(await page.isVisible(`${tile} .frozen-effect`), 'the frozen effect on click');
  assert.equal(await page.$('#players .player[data-seat="1"] .frozen-card'), null, 'no frozen card, no tile');
  const thaw = '#players .player[data-seat="0"] button[data-kind="thaw"]';
  assert.match(await page.textContent(thaw), /Thaw Crystal Grower/);
  assert.equal(await page.$('#choices [data-choice="thaw"]'), null, 'the thaw button is by the frozen card, not among the choices');
  await page.click(thaw);
  await page.waitForFunction(() => document.body.dataset.version === '8');
  assert.equal(await page.$('#players .frozen-card'), null, 'thawed: no longer frozen');
  const log = await page.$$eval('#log li', (e) => e.map((li) => li.textContent));
  assert.ok(log.some((t) => t.includes('White thaws the frozen Crystal Grower')), log.join(' | '));
  await page.screenshot({ path: join(import.meta.dirname, 'artifacts', 'frozen.png') });
  assert.deepEqual(g.errors, []);
});
