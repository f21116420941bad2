// The analysis of a finished game on the replay page: asks the server to
// analyse it (`POST /api/games/{id}/analysis`), shows its progress, then
// the chances turn by turn as a graph and the mistakes, as the server
// worded them. A click on a turn or a mistake shows that step of the replay.

import { h, api } from './common.js';
import { t } from './i18n.js';

const SVG = 'http://www.w3.org/2000/svg';
const svg = (name, attrs) => {
  const el = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
};
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

function results(panel, a, goTo) {
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
}

/** Fills `panel` with the analysis button, then the analysis. */
export function analysisPanel(panel, gameId, goTo) {
  const path = `/api/games/${encodeURIComponent(gameId)}/analysis`;
  const progress = h('p', { class: 'analysis-progress', 'aria-live': 'polite' });
  const button = h('button', { type: 'button', class: 'btn', id: 'analyse' }, t('analysis-button'));
  const show = (a) => {
    if (a && a.status === 'done') return results(panel, a, goTo), true;
    if (a && a.status === 'running') progress.textContent = t('analysis-running', { done: a.done, total: a.total });
    return false;
  };
  const poll = async () => {
    try {
      if (!show(await api(path))) setTimeout(poll, 1000);
    } catch (e) {
      progress.textContent = e.message;
      button.disabled = false;
    }
  };
  button.onclick = async () => {
    button.disabled = true;
    try {
      if (!show(await api(path, { json: {} }))) setTimeout(poll, 1000);
    } catch (e) {
      progress.textContent = e.message;
      button.disabled = false;
    }
  };
  panel.replaceChildren(h('h2', { id: 'analysis-title' }, t('analysis-title')), button, progress);
  // an analysis already made (or running) shows at once
  api(path).then(show).then((shown) => { if (!shown && progress.textContent) setTimeout(poll, 1000); }).catch(() => {});
}
