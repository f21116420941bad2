// Telling a player it is their turn: the tab's title and icon, an
// optional sound (off until turned on; remembered in this browser), and a
// notification while the tab is hidden (asked for only when the player
// clicks "Notify me").

import { h } from './common.js';
import { t } from './i18n.js';

const SOUND_KEY = 'tash-kalar.sound';
let wasMyTurn = null;

function soundOn() {
  try {
    return localStorage.getItem(SOUND_KEY) === '1';
  } catch {
    return false;
  }
}

/** The tab's title: a mark in front while it is this player's turn. */
export function turnTitle(base, myTurn) {
  return myTurn ? `● ${t('web-your-turn')} · Tash-Kalar: ${base}` : `Tash-Kalar: ${base}`;
}

function icon(myTurn) {
  const fill = myTurn ? '#d1343a' : '#6b4f9a';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="${myTurn ? 7 : 5}" fill="${fill}"/></svg>`;
  let link = document.querySelector('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  link.href = `data:image/svg+xml,${encodeURIComponent(svg)}`;
  link.dataset.turn = myTurn ? '1' : '';
}

function beep() {
  try {
    const ctx = new (window.AudioContext || window.webkitAudioContext)();
    const o = ctx.createOscillator();
    const g = ctx.createGain();
    o.frequency.value = 660;
    g.gain.setValueAtTime(0.15, ctx.currentTime);
    g.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.35);
    o.connect(g).connect(ctx.destination);
    o.start();
    o.stop(ctx.currentTime + 0.35);
  } catch { /* no sound */ }
}

/** Called with every state: signals the moment the turn becomes this player's. */
export function signalTurn(myTurn) {
  icon(myTurn);
  document.body.dataset.myturn = myTurn ? '1' : '';
  const began = myTurn && wasMyTurn === false;
  wasMyTurn = myTurn;
  if (!began) return;
  if (soundOn()) beep();
  if (document.hidden && 'Notification' in window && Notification.permission === 'granted') {
    try {
      const n = new Notification(`Tash-Kalar: ${t('web-your-turn')}`, { body: document.title, tag: 'tash-kalar-turn' });
      n.onclick = () => { window.focus(); n.close(); };
    } catch { /* not allowed here */ }
  }
}

/** The sound and notification toggles, for the top bar. */
export function turnSignalControls() {
  const sound = h('button', { type: 'button', class: 'btn small', id: 'sound-toggle', 'aria-pressed': String(soundOn()) });
  const label = () => { sound.textContent = soundOn() ? t('web-sound-on') : t('web-sound-off'); sound.setAttribute('aria-pressed', String(soundOn())); };
  sound.addEventListener('click', () => {
    try {
      localStorage.setItem(SOUND_KEY, soundOn() ? '' : '1');
    } catch { /* not kept */ }
    label();
    if (soundOn()) beep();
  });
  label();
  const parts = [sound];
  if ('Notification' in window && Notification.permission === 'default') {
    const ask = h('button', { type: 'button', class: 'btn small', id: 'notify-toggle' }, t('web-notify-me'));
    ask.addEventListener('click', async () => {
      try {
        await Notification.requestPermission();
      } finally {
        ask.remove();
      }
    });
    parts.push(ask);
  }
  return parts;
}
