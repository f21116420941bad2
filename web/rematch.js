// After the game: the result said plainly, a rematch (seats swapped, the
// same form, schools, bots and time control: POST /api/games/{id}/rematch),
// and the rematch offered to the other players and spectators.

import { h, api, holdSeat, seatLink, seatLabel, resultText } from './common.js';

/** The result from this player's side when seated (won, lost, how), then the engine's sentence. */
export function playerResultText(view, players, seat, log) {
  const r = view && view.result;
  if (!r) return '';
  if (seat === null || seat === undefined) return resultText(view, players);
  const timedOut = (log || []).filter((e) => e.kind === 'timeout').map((e) => e.seat);
  let how = '';
  if (r.resigned !== null && r.resigned !== undefined) {
    const who = seat === r.resigned ? 'you' : seatLabel(r.resigned, view, players);
    how = timedOut.includes(r.resigned) ? ` (${who} ran out of time)` : ` (${who} resigned)`;
  }
  const winners = r.winners || [];
  let t;
  if (r.draw) t = 'A draw';
  else if (winners.includes(seat)) t = 'You won';
  else t = winners.length === 1 ? `You lost: ${seatLabel(winners[0], view, players)} won` : 'You lost';
  return `${t}${how}. ${resultText(view, players)}`;
}

/** The rematch box: a button for a player, the rematch offered once made. */
export function updateRematch(box, msg, gameId, token) {
  if (!msg.over) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const r = msg.rematch;
  const seated = msg.seat !== null && msg.seat !== undefined && token;
  box.replaceChildren();
  if (r && r.token) {
    box.append(h('span', {}, 'A rematch is ready, with the seats swapped. '),
      h('a', { class: 'btn primary', id: 'rematch-join', href: seatLink(r.id, r.token) }, 'Play the rematch'));
  } else if (r) {
    box.append(h('span', {}, 'A rematch is being played. '), h('a', { class: 'btn', href: `/games/${encodeURIComponent(r.id)}` }, 'Watch the rematch'));
  } else if (seated) {
    const b = h('button', { type: 'button', class: 'btn primary', id: 'rematch' }, 'Rematch');
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
    box.append(b, h('span', { class: 'muted' }, ' a new game with the seats swapped (the other players are offered theirs)'));
  }
}
