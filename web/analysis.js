// The analysis of a finished game on the replay page: asks the server to
// analyse it (`POST /api/games/{id}/analysis`), shows its progress, then
// the chances turn by turn as a graph and the mistakes, as the server
// worded them. A click on a turn or a mistake shows that step of the replay.
// At each step it shows the best choices of the position there (once
// analysed), and offers to play on from that position (`POST
// /api/games/{id}/branch`) against a bot or by oneself.

import { h, api, loadMeta, holdSeat, seatLink } from './common.js';
import { t } from './i18n.js';

const SVG = 'http://www.w3.org/2000/svg';
const svg = (name, attrs) => {
  const el = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
};
/** How often a running analysis is read again (its search's progress moves within a position). */
const POLL_MS = 500;
const percent = (p) => `${Math.round(Math.max(0, Math.min(1, p)) * 100)}%`;

/** The graph of the chances at each turn's end; a point per turn. */
function graph(a, goTo) {
  const width = 320;
  const height = 120;
  const n = Math.max(1, a.turns.length - 1);
  const x = (i) => 10 + (i * (width - 20)) / n;
  const y = (p) => 10 + (1 - p) * (height - 20);
  const box = svg('svg', { viewBox: `0 0 ${width} ${height}`, class: 'analysis-graph', role: 'img' });
  box.setAttribute('aria-label', a.two_sides ? t('analysis-graph-first', { who: a.first }) : t('analysis-graph-mover'));
  box.append(svg('line', { x1: 10, x2: width - 10, y1: y(0.5), y2: y(0.5), class: 'half' }));
  box.append(svg('polyline', { points: a.turns.map((p, i) => `${x(i)},${y(p.chance)}`).join(' '), class: 'chances' }));
  const mistakeSteps = new Set(a.mistakes.map((k) => a.choices[k].turn));
  a.turns.forEach((p, i) => {
    const dot = svg('circle', { cx: x(i), cy: y(p.chance), r: mistakeSteps.has(p.turn) ? 4 : 2.5, class: mistakeSteps.has(p.turn) ? 'mistake' : 'turn', tabindex: 0 });
    const title = svg('title', {});
    title.textContent = t('analysis-turn', { turn: p.turn, chance: percent(p.chance) }) + (p.who ? ` (${p.who})` : '');
    dot.append(title);
    dot.addEventListener('click', () => goTo(p.step));
    dot.addEventListener('keydown', (e) => { if (e.key === 'Enter') goTo(p.step); });
    box.append(dot);
  });
  return box;
}

/** The analysis shown, for the best choices at each step. */
let shown = null;

/** The best choices of the position at replay step `at`: the choice made there is entry `at + 1`. */
export function bestHere(box, at) {
  const c = shown && shown.choices.find((x) => x.step === at + 1);
  if (!c) {
    box.replaceChildren();
    box.hidden = true;
    return;
  }
  box.hidden = false;
  box.replaceChildren(
    h('h3', {}, t('analysis-best-here', { who: c.who, chance: percent(c.chance) })),
    h('ol', { class: 'best-choices' }, ...c.best.map((b) => h('li', {}, t('analysis-best-choice', { choice: b.text, chance: percent(b.chance) })))),
    h('p', { class: 'hint' }, t('analysis-played-here', { choice: c.played, chance: percent(c.played_chance ?? c.chance) })),
  );
}

function results(panel, a, goTo) {
  shown = a;
  const mistakes = a.mistakes.map((k) => a.choices[k]);
  const list = mistakes.length
    ? h('ol', { class: 'mistakes' }, ...mistakes.map((c) => h('li', {},
      h('a', { href: `#${c.step}`, onclick: (e) => { e.preventDefault(); goTo(c.step); } },
        t('analysis-mistake', { turn: c.turn, who: c.who, played: c.played, from: percent(c.chance), to: percent(c.played_chance ?? c.chance), best: c.best[0] ? c.best[0].text : '' })))))
    : h('p', {}, t('analysis-no-mistakes'));
  panel.replaceChildren(
    h('h2', { id: 'analysis-title' }, t('analysis-title')),
    h('p', { class: 'analysis-caption' }, a.two_sides ? t('analysis-graph-first', { who: a.first }) : t('analysis-graph-mover')),
    graph(a, goTo),
    h('h3', {}, t('analysis-mistakes')),
    list,
    h('p', { class: 'hint' }, t('analysis-note', { iterations: a.iterations })),
  );
  if (panel.onAnalysed) panel.onAnalysed();
}

/** Fills `panel` with the analysis button, then the analysis. */
export function analysisPanel(panel, gameId, goTo) {
  const path = `/api/games/${encodeURIComponent(gameId)}/analysis`;
  const progress = h('p', { class: 'analysis-progress', 'aria-live': 'polite' });
  const bar = h('progress', { class: 'analysis-bar', max: 1, value: 0, hidden: true, 'aria-hidden': 'true' });
  const button = h('button', { type: 'button', class: 'btn', id: 'analyse' }, t('analysis-button'));
  const show = (a) => {
    if (a && a.status === 'done') return results(panel, a, goTo), true;
    if (a && a.status === 'running') {
      // within a position: its search's iterations of the budget, as a
      // thinking bot's are shown on the game page
      const inPosition = a.of && a.done < a.total;
      progress.textContent = inPosition
        ? t('analysis-position', { position: a.done + 1, total: a.total, done: a.iterations, of: a.of })
        : t('analysis-running', { done: a.done, total: a.total });
      bar.max = Math.max(1, a.total);
      bar.value = a.done + (inPosition ? Math.min(a.iterations, a.of) / a.of : 0);
      bar.hidden = false;
    }
    return false;
  };
  const poll = async () => {
    try {
      if (!show(await api(path))) setTimeout(poll, POLL_MS);
    } catch (e) {
      progress.textContent = e.message;
      button.disabled = false;
    }
  };
  button.onclick = async () => {
    button.disabled = true;
    try {
      if (!show(await api(path, { json: {} }))) setTimeout(poll, POLL_MS);
    } catch (e) {
      progress.textContent = e.message;
      button.disabled = false;
    }
  };
  panel.replaceChildren(h('h2', { id: 'analysis-title' }, t('analysis-title')), button, progress, bar);
  // an analysis already made (or running) shows at once
  api(path).then(show).then((done) => { if (!done && progress.textContent) setTimeout(poll, POLL_MS); }).catch(() => {});
  return { start: () => { if (!button.disabled) button.click(); } };
}

/**
 * "Play from here": each seat a bot (a level the server offers) or this
 * browser, then a new game from the position at the step `stepOf()` gives.
 * `seats`: the replay's seats (`view.seats`), `label(seat)` their names.
 */
export async function branchForm(box, gameId, seats, label, stepOf) {
  const meta = await loadMeta().catch(() => ({ levels: [] }));
  const levels = meta.levels || [];
  const pick = seats.map((s, i) => {
    const select = h('select', { id: `branch-seat-${i}`, 'aria-label': t('analysis-branch-seat', { who: label(i) }) },
      h('option', { value: '' }, t('analysis-branch-me')),
      ...levels.map((l) => h('option', { value: l.name, selected: i > 0 && l.name === 'medium' }, t('analysis-branch-bot', { level: t(`level-${l.name}`) }))));
    return { select, row: h('label', { class: 'branch-seat' }, h('span', {}, label(i)), ' ', select) };
  });
  const note = h('p', { class: 'hint', 'aria-live': 'polite' });
  const button = h('button', { type: 'button', class: 'btn primary', id: 'branch' }, t('analysis-branch-button'));
  button.onclick = async () => {
    button.disabled = true;
    const at = stepOf();
    const body = { at, seats: pick.map((p) => (p.select.value ? { player: 'bot', bot: p.select.value } : { player: 'human' })) };
    try {
      const res = await api(`/api/games/${encodeURIComponent(gameId)}/branch`, { json: body });
      const mine = res.seats.filter((s) => s.token);
      for (const s of mine) holdSeat(res.id, s.seat, s.token);
      location.href = mine.length ? seatLink(res.id, mine[0].token) : `/games/${encodeURIComponent(res.id)}`;
    } catch (e) {
      note.textContent = e.message;
      button.disabled = false;
    }
  };
  box.replaceChildren(
    h('h2', { id: 'branch-title' }, t('analysis-branch-title')),
    h('p', { class: 'hint' }, t('analysis-branch-note')),
    ...pick.map((p) => p.row),
    button,
    note,
  );
}
