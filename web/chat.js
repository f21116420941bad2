// The game's chat: the seated players write, everyone watching reads.
// Messages are plain text, shown with textContent only (never as markup).

import { h, seatLabel } from './common.js';
import { t } from './i18n.js';
import { isMuted } from './manners.js';

let lines = [];
let sendFn = null;

export function initChat(panel, send) {
  sendFn = send;
  const input = panel.querySelector('#chat-input');
  panel.querySelector('#chat-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    if (sendFn({ type: 'chat', text })) input.value = '';
  });
}

/**
 * Takes the chat lines of a state message (`chat_from`, `chat`). A line
 * the server sent without its text (`blocked`: its author is an account
 * this reader blocks) is not shown; a muted game's chat shows none.
 */
export function updateChat(panel, msg, view, players, gameId) {
  const from = typeof msg.chat_from === 'number' ? msg.chat_from : 0;
  // by line number: a hello's state starts at the recent lines (`chat_from` > 0)
  lines = lines.filter((l) => l.n <= from).concat(msg.chat || []);
  const seated = msg.seat !== null && msg.seat !== undefined;
  panel.querySelector('#chat-form').hidden = !seated;
  panel.querySelector('#chat-note').hidden = seated;
  const muted = isMuted(gameId);
  panel.querySelector('#chat-muted').hidden = !muted;
  const ol = panel.querySelector('#chat-log');
  ol.hidden = muted;
  const shown = lines.filter((l) => !l.blocked);
  const nearBottom = ol.scrollHeight - ol.scrollTop - ol.clientHeight < 40;
  const had = ol.children.length;
  // redrawn only when its lines change: the list is a live region, and a
  // screen reader would read every line again after each move
  const drawn = `${seated}|${shown.map((l) => l.n).join(',')}`;
  if (ol.dataset.drawn === drawn) return;
  ol.dataset.drawn = drawn;
  ol.replaceChildren(...shown.map((l) => {
    const li = h('li', { dataset: { seat: String(l.seat) } }, h('span', { class: 'who' }, `${seatLabel(l.seat, view)}: `));
    const text = document.createElement('span');
    text.className = 'chat-text';
    text.textContent = l.text; // as text, never as markup
    li.append(text);
    return li;
  }));
  if (!shown.length) ol.append(h('li', { class: 'muted' }, seated ? t('web-chat-say-hello') : t('web-chat-none')));
  if (lines.length !== had && nearBottom) ol.scrollTop = ol.scrollHeight;
}
