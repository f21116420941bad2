// Table manners on the game page: resigning and leaving confirmed in the
// page (a small dialog, not the browser's confirm()), take-back requests (ask,
// and the open request with its answer), muting the game's chat in this
// browser, and the spectators' own chat. What a seat may do is the
// server's word (`view.can`: `takeback_request`, `takeback_answer`,
// `takeback`); the page only shows it.

import { h, seatLabel } from './common.js';
import { t } from './i18n.js';

/**
 * Asks in the page whether to resign; calls `yes` only on "Resign".
 * Escape and "Keep playing" cancel. Returns the dialog (for tests).
 */
export function confirmResign(yes) {
  return confirmInPage('resign', t('web-resign-confirm'), t('manners-resign-yes'), yes);
}

/** Asks in the page whether to leave a melee or team game, as `confirmResign`. */
export function confirmLeave(yes) {
  return confirmInPage('leave', t('endings-leave-confirm'), t('endings-leave'), yes);
}

/**
 * A small modal dialog (`#<id>-dialog`, its buttons `#<id>-no` and
 * `#<id>-yes`) asking `text`; calls `yes` only on the yes button. The
 * safe answer ("Keep playing") has the focus; Escape cancels.
 */
function confirmInPage(id, text, yesText, yes) {
  const old = document.getElementById(`${id}-dialog`);
  if (old) old.remove();
  const dialog = h('dialog', { id: `${id}-dialog`, class: 'confirm-dialog', 'aria-labelledby': `${id}-dialog-text` });
  const close = (confirmed) => {
    dialog.close();
    dialog.remove();
    if (confirmed) yes();
  };
  const no = h('button', { type: 'button', class: 'btn', id: `${id}-no`, onclick: () => close(false) }, t('manners-resign-no'));
  dialog.append(
    h('p', { id: `${id}-dialog-text` }, text),
    h('div', { class: 'choice-buttons' },
      no,
      h('button', { type: 'button', class: 'btn danger', id: `${id}-yes`, onclick: () => close(true) }, yesText)),
  );
  dialog.addEventListener('cancel', () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  no.focus();
  return dialog;
}

/** The "ask to take back" button, when the server says this seat may ask. */
export function takebackButton(can, version, send) {
  if (!can || !can.takeback_request) return null;
  return h('button', {
    type: 'button', class: 'btn', id: 'takeback-ask', title: t('manners-takeback-ask-title'),
    onclick: () => send({ type: 'takeback-offer', version }),
  }, t('manners-takeback-ask'));
}

/** The open take-back request, to everyone; its answer, to those asked. */
export function updateTakeback(box, view, seat, version, send) {
  const ask = view && view.can && view.can.takeback;
  box.replaceChildren();
  box.hidden = !ask;
  if (!ask) return;
  box.append(h('p', {}, t('manners-takeback-asked', { who: seatLabel(ask.seat, view), choices: ask.choices })));
  if (view.can.takeback_answer) {
    box.append(h('div', { class: 'choice-buttons' },
      h('button', { type: 'button', class: 'btn primary', id: 'takeback-accept', onclick: () => send({ type: 'takeback-accept', version }) }, t('manners-takeback-accept')),
      h('button', { type: 'button', class: 'btn', id: 'takeback-decline', onclick: () => send({ type: 'takeback-decline', version }) }, t('manners-takeback-decline'))));
  } else if (seat === ask.seat) {
    box.append(h('p', { class: 'muted' }, t('manners-takeback-waiting')));
  }
}

// ---------- muting the game's chat (this browser only) ----------

const muteKey = (gameId) => `tash-kalar.muted.${gameId}`;

export function isMuted(gameId) {
  try {
    return localStorage.getItem(muteKey(gameId)) === '1';
  } catch {
    return false;
  }
}

/** The mute toggle of a chat panel; `changed` redraws the chat. */
export function muteToggle(gameId, changed) {
  const box = h('input', { type: 'checkbox', id: 'chat-mute' });
  box.checked = isMuted(gameId);
  box.addEventListener('change', () => {
    try {
      if (box.checked) localStorage.setItem(muteKey(gameId), '1');
      else localStorage.removeItem(muteKey(gameId));
    } catch { /* not kept */ }
    changed();
  });
  return h('label', { class: 'check chat-mute' }, box, ' ', t('manners-chat-mute'));
}

// ---------- the spectators' chat ----------

let spectatorLines = [];

/** Takes a `spectator-chat` message's lines (numbered; a hello's start at the recent ones). */
export function addSpectatorLines(lines) {
  const known = new Set(spectatorLines.map((l) => l.n));
  spectatorLines = spectatorLines.concat((lines || []).filter((l) => !known.has(l.n))).sort((a, b) => a.n - b.n);
}

/**
 * The spectators' chat section: shown to spectators (who write in it)
 * and, once the game is over, to the players (who only read it).
 */
export function updateSpectatorChat(section, seat, over, muted) {
  const spectator = seat === null || seat === undefined;
  section.hidden = !spectator && !over;
  section.querySelector('#spectator-chat-form').hidden = !spectator || over;
  const ol = section.querySelector('#spectator-chat-log');
  ol.hidden = muted;
  ol.replaceChildren(...spectatorLines.map((l) => {
    const li = h('li', {}, h('span', { class: 'who' }, `${l.name || t('manners-spectator')}: `));
    const text = document.createElement('span');
    text.className = 'chat-text';
    text.textContent = l.text; // as text, never as markup
    li.append(text);
    return li;
  }));
}
