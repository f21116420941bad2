// After the game: the result said plainly, a rematch (seats swapped, the
// same form, schools, bots and time control: POST /api/games/{id}/rematch),
// and the rematch offered to the other players and spectators.

import { h, api, holdSeat, seatLink, seatLabel, resultText } from './common.js';
import { t } from './i18n.js';

/** The result from this player's side when seated (won or lost, and a
 * forfeit, from the result's data), then the server's sentence (`result.text`). */
export function playerResultText(view, seat) {
  const r = view && view.result;
  if (!r) return '';
  if (seat === null || seat === undefined) return resultText(view);
  // a forfeit, from the seat's side (`why` and its seat, as the result gives them)
  const forfeit = r.why === 'time' ? r.timeout : r.why === 'resigned' ? r.resigned : null;
  let how = null;
  if (forfeit !== null && forfeit !== undefined) {
    const args = { who: seatLabel(forfeit, view), you: seat === forfeit ? 'yes' : 'no' };
    how = r.why === 'time' ? t('web-ran-out-of-time', args) : t('web-resigned-how', args);
  }
  const winners = r.winners || [];
  let mine;
  if (r.draw) mine = t('web-a-draw');
  else if (winners.includes(seat)) mine = t('web-you-won');
  else mine = winners.length === 1 ? t('web-you-lost-to', { who: seatLabel(winners[0], view) }) : t('web-you-lost');
  return `${how ? t('web-result-how', { result: mine, how }) : mine}. ${resultText(view)}`;
}

/** The rematch box: a button for a player, the rematch offered once made. */
export function updateRematch(box, msg, gameId, token) {
  if (!msg.over) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const r = msg.rematch;
  // a seat without its token in this page is the signed-in account's: the
  // server finds it by the session (POST .../rematch without a token)
  const seated = msg.seat !== null && msg.seat !== undefined;
  box.replaceChildren();
  if (r && r.token) {
    box.append(h('span', {}, t('web-rematch-ready'), ' '),
      h('a', { class: 'btn primary', id: 'rematch-join', href: seatLink(r.id, r.token) }, t('web-play-rematch')));
  } else if (r) {
    box.append(h('span', {}, t('web-rematch-played'), ' '), h('a', { class: 'btn', href: `/games/${encodeURIComponent(r.id)}` }, t('web-watch-rematch')));
  } else if (seated) {
    const b = h('button', { type: 'button', class: 'btn primary', id: 'rematch' }, t('web-rematch'));
    b.addEventListener('click', async () => {
      b.disabled = true;
      try {
        const res = await api(`/api/games/${encodeURIComponent(gameId)}/rematch`, { json: { token } });
        if (res.token) {
          holdSeat(res.id, res.seat, res.token);
          location.href = seatLink(res.id, res.token);
        } else location.href = `/games/${encodeURIComponent(res.id)}`;
      } catch (e) {
        b.disabled = false;
        box.append(h('span', { class: 'error-text' }, ` ${e.message}`));
      }
    });
    box.append(b, ' ', h('span', { class: 'muted' }, t('web-rematch-note')));
  }
}
