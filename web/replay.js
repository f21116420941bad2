// A finished game, stepped through move by move: every step is the
// referee's view after one log entry (`/api/games/{id}/replay`), worded by
// the server in the page's language (events, question, result, names, the
// entries' words); the page arranges them.

import { createBoard, showSide, parseBoard, parsePiece, pieceSvg, cardElement, fillLegend, gatewaysOf } from './board.js';
import {
  h, api, loadCards, seatLabel, resultText, formLabel, eventLines, eventSquares,
} from './common.js';
import { initI18n, t, langSelector, schoolName, taskName, taskText } from './i18n.js';
import { analysisPanel, bestHere, branchForm } from './analysis.js';

// the messages first: everything below draws in the page's language
await initI18n();

const gameId = decodeURIComponent(location.pathname.split('/')[2] || '');
const $ = (id) => document.getElementById(id);
const board = createBoard($('board'), {});
let steps = [];
let cards = new Map();
let at = 0;
let timer = null;


/** The events step `i` added: those numbered after the step before's last. */
function newEvents(i) {
  const events = (steps[i] && steps[i].view.events) || [];
  const before = i > 0 ? steps[i - 1].view.events || [] : [];
  const last = before.length ? before[before.length - 1].n : -1;
  // a take-back renumbers: what is new is what was not there before
  return events.filter((e) => e.n > last || !before.some((b) => b.n === e.n && b.kind === e.kind));
}

/** A step in words: what its events did, or (a draw, a take-back) its entry. */
function stepWords(i) {
  const lines = eventLines(newEvents(i)).filter((l) => !l.turn).map((l) => l.text);
  if (lines.length) return lines.join('; ');
  const e = steps[i].entry;
  return e.words || e.text;
}

function isDraw(step) {
  return step.entry && (step.entry.seat === null || step.entry.seat === undefined);
}

function go(i) {
  at = Math.max(0, Math.min(steps.length - 1, i));
  render();
}

function step(dir) {
  let i = at + dir;
  if ($('skip-draws').checked) while (i > 0 && i < steps.length - 1 && isDraw(steps[i])) i += dir;
  go(i);
}

function render() {
  const s = steps[at];
  if (!s) return;
  const v = s.view;
  $('slider').max = String(steps.length - 1);
  $('slider').value = String(at);
  showSide($('board'), v.side);
  board.setPieces(parseBoard(v.board));
  board.setGateways(gatewaysOf(v));
  const hl = { last: new Set(), 'last-main': new Set(), 'effect-at': new Set(), 'marked-sq': new Set() };
  const ghosts = [];
  if (s.entry) {
    for (const e of newEvents(at)) {
      for (const x of eventSquares(e)) hl['last-main'].add(x);
      if (e.kind === 'destroyed') ghosts.push({ at: e.at, piece: parsePiece(e.piece) });
    }
  }
  const pieces = parseBoard(v.board);
  board.setGhosts(ghosts.filter((g) => !pieces.has(g.at)));
  if (v.effect && v.effect.at) {
    hl['effect-at'].add(v.effect.at);
    (v.effect.marked || []).forEach((x) => hl['marked-sq'].add(x));
  }
  board.setHighlights(hl);
  const line = $('status-line');
  const who = s.entry ? (s.entry.seat !== null && s.entry.seat !== undefined ? seatLabel(s.entry.seat, v) : s.entry.to !== undefined && s.entry.to !== null ? seatLabel(s.entry.to, v) : t('web-chance')) : '';
  line.replaceChildren(
    h('span', { class: 'turn' }, t('web-step-of', { at, steps: steps.length - 1, turn: v.turn.number })),
    s.entry ? h('span', {}, `${who}: ${stepWords(at)}`) : h('span', {}, t('web-the-start')),
  );
  const res = $('result');
  res.hidden = !v.outcome;
  res.textContent = v.outcome ? `${t('web-game-over-colon')} ${resultText(v)}` : '';
  renderPlayers(v);
  renderHands(v);
  renderEffect(v);
  renderTasks(v);
  renderLog();
  bestHere($('best-here'), at);
  // a branch plays on from a position still in play
  $('branch-panel').hidden = !!v.outcome;
}

function renderPlayers(v) {
  const box = $('players');
  box.replaceChildren();
  for (const s of v.seats) {
    const sw = h('span', { class: 'swatch' });
    sw.append(pieceSvg(s.color, 'common'));
    box.append(h('div', { class: `player${v.actor.kind === 'seat' && v.actor.seat === s.seat ? ' to-play' : ''}` },
      sw, h('span', { class: 'who' }, seatLabel(s.seat, v)), h('span', { class: 'score' }, String(s.score)),
      h('span', { class: 'facts' }, [schoolName(s.school), t('web-deck-n', { n: s.deck }), t('web-supply', { common: s.supply[0], legendary: s.supply[1] }), t('web-discard-n', { n: s.discard.length })].join(' · '))));
  }
}

function renderHands(v) {
  const box = $('hands');
  box.replaceChildren();
  for (const s of v.seats) {
    if (!s.hand) continue;
    const row = h('div', { class: 'hand' });
    for (const id of [...s.hand.beings, ...s.hand.legends, ...s.hand.flares]) {
      const card = cards.get(id);
      if (card) row.append(cardElement(card, s.color));
    }
    box.append(h('div', {}, h('h3', { style: 'margin:0.2rem 0' }, t('web-hand-of', { who: seatLabel(s.seat, v) })), row));
  }
}

function renderEffect(v) {
  const panel = $('effect-panel');
  const card = v.effect && cards.get(v.effect.card);
  panel.hidden = !card;
  if (card) {
    const title = t('web-resolving-plain', { card: card.name, at: v.effect.at || '', on: v.effect.at ? 'yes' : 'no' });
    panel.replaceChildren(h('h2', {}, title), v.question ? h('p', {}, v.question.text) : '', cardElement(card, v.effect.color));
  }
}

function renderTasks(v) {
  const panel = $('tasks-panel');
  panel.hidden = !v.tasks;
  if (!v.tasks) return;
  const task = (x, next) => h('div', { class: `task${next ? ' next' : ''}` },
    h('b', {}, h('span', {}, taskName(x.id)), h('span', {}, t('web-points-short', { n: x.points }))), h('div', {}, taskText(x.id)));
  $('tasks').replaceChildren(...v.tasks.current.map((x) => task(x)), ...(v.tasks.next ? [task(v.tasks.next, true)] : []));
}

function renderLog() {
  const ol = $('log');
  ol.replaceChildren();
  steps.forEach((s, i) => {
    if (!s.entry || i > at) return;
    if ($('skip-draws').checked && isDraw(s) && i !== at) return;
    const v = s.view;
    const who = s.entry.seat !== null && s.entry.seat !== undefined ? seatLabel(s.entry.seat, v) : t('web-chance');
    const li = h('li', { value: String(s.entry.n), class: `${i === at ? 'current' : ''} ${isDraw(s) ? 'chance' : ''}` },
      h('a', { href: `#${i}`, title: s.entry.text, onclick: (e) => { e.preventDefault(); go(i); } }, h('span', { class: 'who' }, who), ' ', stepWords(i)));
    if (i === at) li.setAttribute('aria-current', 'step');
    ol.append(li);
  });
  ol.scrollTop = ol.scrollHeight;
}

function play() {
  if (timer) {
    clearInterval(timer);
    timer = null;
    $('play').textContent = `▶ ${t('web-play-replay')}`;
    return;
  }
  $('play').textContent = t('web-pause');
  timer = setInterval(() => {
    if (at >= steps.length - 1) return play();
    step(1);
  }, 700);
}

function toast(text) {
  const el = $('toast');
  el.textContent = text;
  el.hidden = false;
}

async function start() {
  $('lang-slot').append(langSelector());
  fillLegend($('legend'), { choices: false });
  $('download').href = `/api/games/${encodeURIComponent(gameId)}/record`;
  $('download').setAttribute('download', `tash-kalar-${gameId}.txt`);
  $('first').onclick = () => go(0);
  $('last').onclick = () => go(steps.length - 1);
  $('prev').onclick = () => step(-1);
  $('next').onclick = () => step(1);
  $('play').onclick = play;
  $('slider').oninput = (e) => go(Number(e.target.value));
  $('skip-draws').onchange = render;
  document.addEventListener('keydown', (e) => {
    if (e.target && e.target.tagName === 'INPUT' && e.target.type !== 'checkbox') return;
    if (e.key === 'ArrowRight') step(1);
    else if (e.key === 'ArrowLeft') step(-1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(steps.length - 1);
    else if (e.key === ' ') { e.preventDefault(); play(); }
  });
  try {
    const [c, r, summary] = await Promise.all([loadCards(), api(`/api/games/${encodeURIComponent(gameId)}/replay`), api(`/api/games/${encodeURIComponent(gameId)}`).catch(() => null)]);
    cards = c;
    steps = r.steps || [];
    if (summary) $('game-title').textContent = t('web-replay-title', { form: formLabel(summary.form) });
    if (summary && summary.branch_of) {
      const b = summary.branch_of;
      $('branch-of').hidden = false;
      $('branch-of').replaceChildren(h('a', { href: `/games/${encodeURIComponent(b.game)}/replay#${b.at}` }, t('analysis-branched-from', { at: b.at })));
    }
    $('analysis-panel').onAnalysed = () => render();
    const analysis = analysisPanel($('analysis-panel'), gameId, go);
    const first = steps[0].view;
    branchForm($('branch-panel'), gameId, first.seats, (i) => seatLabel(i, first), () => at);
    // the game page's "Analyse" link opens the analysis at once
    if (location.hash === '#analyse') analysis.start();
    const hashStep = Number(location.hash.slice(1));
    go(Number.isInteger(hashStep) && hashStep > 0 ? hashStep : steps.length - 1);
  } catch (e) {
    toast(t('web-cannot-load-replay', { why: e.message }));
  }
}

start();
