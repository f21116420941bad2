// The clocks of a game with a time control: each seat's time left, the
// running one counted down between the server's states. The server keeps
// the clocks and flags; this only shows them (docs/server-protocol.md:
// `clock` and `now` in the state message).

import { h, seatLabel } from './common.js';
import { t } from './i18n.js';

let shown = null; // { clock, serverNow, at, view, players, over }

/** A time left in words a player reads at a glance. */
export function formatLeft(ms) {
  const left = Math.max(0, ms);
  const s = Math.floor(left / 1000);
  if (s >= 86400) return t('web-clock-days', { d: Math.floor(s / 86400), h: Math.floor((s % 86400) / 3600) });
  if (s >= 3600) return t('web-clock-hours', { h: Math.floor(s / 3600), min: String(Math.floor((s % 3600) / 60)).padStart(2, '0') });
  if (left < 10000) return `0:0${(left / 1000).toFixed(1)}`;
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The control in words: "10 min + 5 s", "2 days per move"; a game
 * without a clock with its move `deadline` (seconds): "move within 3 days". */
export function controlText(c, deadline) {
  const dur = (secs) => (secs % 86400 === 0 ? t('web-days', { n: secs / 86400 })
    : secs % 3600 === 0 ? `${secs / 3600} h` : secs % 60 === 0 ? `${secs / 60} min` : `${secs} s`);
  if ((!c || c.kind === 'none') && deadline) return t('endings-deadline', { time: dur(deadline) });
  if (!c || c.kind === 'none') return t('web-no-clock');
  if (c.kind === 'move') return t('web-per-move', { time: dur(c.secs) });
  return `${dur(c.secs)} + ${c.increment || 0} s`;
}

/** Seat `s`'s time left now, counted from the last state. */
export function leftNow(s) {
  if (!shown || !shown.clock) return null;
  const c = shown.clock;
  let left = c.remaining[s];
  if (c.running === s && !shown.over) left -= (shown.serverNow - c.since) + (Date.now() - shown.at);
  return left;
}

export function updateClocks(box, msg, view, players) {
  shown = { clock: msg.clock || null, serverNow: msg.now || Date.now(), at: Date.now(), view, players, over: !!msg.over };
  draw(box);
}

function draw(box) {
  if (!box) return;
  const c = shown && shown.clock;
  box.hidden = !c;
  if (!c) return;
  const rows = c.remaining.map((_, s) => {
    const left = leftNow(s);
    const running = c.running === s && !shown.over;
    const cls = ['clock', running ? 'running' : '', left < 30000 ? 'low' : ''].filter(Boolean).join(' ');
    return h('div', { class: cls, dataset: { seat: String(s), left: String(Math.max(0, Math.round(left))) }, role: 'timer' },
      h('span', { class: 'clock-who' }, seatLabel(s, shown.view)),
      h('span', { class: 'clock-time' }, formatLeft(left)));
  });
  box.replaceChildren(h('span', { class: 'clock-control muted' }, controlText(c.control, c.deadline)), ...rows);
}

let box = null;
export function startClocks(el) {
  box = el;
  setInterval(() => draw(box), 200);
}
