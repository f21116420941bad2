// The lessons (`/learn`, `docs/lessons.md`): the list, a lesson's text and
// its steps played on the board. Every choice goes to the server, which
// replays the step's choices from its start and answers the new model,
// whether the goal is met and what comes next: this page judges no rule,
// it only offers the choices the server listed. Progress is the
// account's when signed in, else this browser's (`localStorage`), merged
// into the account once signed in.

import { h, api } from './common.js';
import { cardName, initI18n, t } from './i18n.js';
import { createBoard, gatewaysOf, parseBoard } from './board.js';

await initI18n();

const $ = (id) => document.getElementById(id);
const STORE = 'tk-lessons-done';
const board = createBoard($('board'), { onClick: (sq) => clicked(sq) });

let lessons = [];
let done = new Set();
let signedIn = false;
let lesson = null; // the lesson shown, from GET /api/lessons/{id}
let step = 1; // from 1
let played = []; // the step's choices so far (choice texts)
let offered = []; // the choices the server offers now
let hintsShown = 0;

function localDone() {
  try {
    const list = JSON.parse(localStorage.getItem(STORE) || '[]');
    return Array.isArray(list) ? list.filter((x) => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

function saveLocal() {
  localStorage.setItem(STORE, JSON.stringify([...done]));
}

function say(text, kind = '') {
  const m = $('message');
  m.textContent = text;
  m.dataset.kind = kind;
}

function renderList() {
  $('lessons').replaceChildren(...lessons.map((l) => h('li', { dataset: { lesson: l.id, done: done.has(l.id) ? 'yes' : 'no' } },
    h('a', { href: `#${l.id}`, 'aria-current': lesson && lesson.id === l.id ? 'true' : null }, l.title),
    done.has(l.id) ? h('span', { class: 'lesson-done', title: t('learn-web-done') }, ' ✓', h('span', { class: 'visually-hidden' }, ` ${t('learn-web-done')}`)) : null)));
}

function render(answer) {
  const m = answer.model;
  board.setPieces(parseBoard(m.board));
  board.setGateways(gatewaysOf(m));
  showMarks(m);
  offered = answer.choices;
  const clickable = new Set(offered.filter((c) => c.square).map((c) => c.square));
  board.setHighlights({ clickable, target: clickable });
  showOthers(offered.filter((c) => !c.square));
}

/**
 * What lies in front of the seats, which the expansion lessons are about:
 * a frozen card, a Gateway's square, a pending being; in words and with a
 * sign each (not told by colour alone).
 */
function showMarks(m) {
  const marks = [];
  for (const s of m.seats || []) {
    if (s.frozen) marks.push(h('span', { class: 'mark', dataset: { mark: 'frozen' } }, '❄ ', `${t('web-frozen')}: ${cardName(s.frozen)}`));
    if (s.gateway) marks.push(h('span', { class: 'mark', dataset: { mark: 'gateway' } }, t('web-gateway-on', { at: s.gateway })));
    if (s.pending) marks.push(h('span', { class: 'mark', dataset: { mark: 'pending' } }, '⟲ ', `${t('web-pending')}: ${cardName(s.pending)}`));
  }
  $('marks').replaceChildren(...marks.flatMap((x, i) => (i ? [' · ', x] : [x])));
  $('marks').hidden = marks.length === 0;
}

/** Buttons for the choices not picked on the board (or several on one square). */
function showOthers(list) {
  $('choices').replaceChildren(...list.map((c) => h('button', { type: 'button', class: 'btn', dataset: { choice: c.text }, onclick: () => send(c.text) }, c.label)));
}

function clicked(sq) {
  const here = offered.filter((c) => c.square === sq);
  if (here.length === 0) return say(t('learn-web-not-here', { square: sq }), 'wrong');
  if (here.length === 1) return send(here[0].text);
  // several choices on one square (a summoning's orientations...): the reader picks
  say(t('learn-web-pick', { square: sq }));
  showOthers([...here, ...offered.filter((c) => !c.square)]);
}

async function send(text) {
  let answer;
  try {
    answer = await api(`/api/lessons/${encodeURIComponent(lesson.id)}/steps/${step}`, { json: { choices: [...played, text] } });
  } catch (e) {
    // refused: nothing was played, the board stays as it was
    return say(e.message, 'wrong');
  }
  played.push(text);
  render(answer);
  if (answer.failed) {
    say(t('learn-web-failed'), 'wrong');
    return startStep(step, true);
  }
  if (!answer.done) return say('');
  const next = answer.next || {};
  if (next.step) {
    say(t('learn-web-step-done'), 'good');
    return showNext(() => startStep(next.step));
  }
  await lessonDone(lesson.id);
  say(next.lesson ? t('learn-web-lesson-done') : t('learn-web-all-done'), 'good');
  if (next.lesson) showNext(() => { location.hash = next.lesson; });
}

function showNext(go) {
  const b = $('next');
  b.hidden = false;
  b.onclick = () => { b.hidden = true; go(); };
  b.focus();
}

async function lessonDone(id) {
  done.add(id);
  if (!signedIn) saveLocal(); // the server stored it for an account
  renderList();
}

async function startStep(n, keepMessage = false) {
  step = n;
  played = [];
  hintsShown = 0;
  $('hint').textContent = '';
  $('next').hidden = true;
  if (!keepMessage) say('');
  const s = lesson.steps[n - 1];
  $('step-label').textContent = t('learn-web-step', { n, count: lesson.steps.length });
  $('goal').textContent = s.goal;
  $('hint-button').disabled = s.hints === 0;
  render(await api(`/api/lessons/${encodeURIComponent(lesson.id)}/steps/${n}`, { json: { choices: [] } }));
}

async function open(id) {
  if (!lessons.some((l) => l.id === id)) id = (lessons.find((l) => !done.has(l.id)) || lessons[0]).id;
  lesson = await api(`/api/lessons/${encodeURIComponent(id)}`);
  document.title = `${lesson.title} · ${t('learn-web-title')}`;
  $('lesson-title').textContent = lesson.title;
  $('lesson-text').textContent = lesson.text;
  renderList();
  await startStep(1);
}

$('hint-button').onclick = async () => {
  const s = lesson.steps[step - 1];
  if (hintsShown >= s.hints) return;
  hintsShown += 1;
  const hint = await api(`/api/lessons/${encodeURIComponent(lesson.id)}/steps/${step}/hints/${hintsShown}`);
  $('hint').textContent = hint.text;
  $('hint-button').disabled = hintsShown >= s.hints;
};
$('restart').onclick = () => startStep(step);
window.addEventListener('hashchange', () => open(location.hash.slice(1)));

const list = await api('/api/lessons');
lessons = list.lessons;
signedIn = list.signed_in;
done = new Set(list.lessons.filter((l) => l.done).map((l) => l.id));
const local = localDone();
if (signedIn && local.some((id) => !done.has(id))) {
  // the browser's progress joins the account's
  try {
    const merged = await api('/api/lessons/progress', { method: 'PUT', json: { done: local } });
    done = new Set(merged.done);
  } catch {
    // kept in the browser for another try
  }
} else if (!signedIn) {
  done = new Set(local);
}
await open(location.hash.slice(1));
