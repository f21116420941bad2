// After the game: the result said plainly, a rematch (seats swapped, the
// same form, schools, bots and time control: POST /api/games/{id}/rematch),
// and the rematch offered to the other players and spectators.

import { h, api, holdSeat, seatLink, seatLabel } from './common.js';

/** The result in one plain sentence, from this player's side when seated. */
export function resultText(view, players, seat, log) {
  const o = view && view.outcome;
  if (!o) return '';
  const places = o.places || [];
  const firsts = places.map((p, i) => (p === 0 ? i : -1)).filter((i) => i >= 0);
  const lastOut = (log || []).filter((e) => e.kind === 'timeout' || e.kind === 'resign').pop();
  let how = '';
  if (o.resigned !== null && o.resigned !== undefined) {
    const who = seat === o.resigned ? 'you' : seatLabel(o.resigned, view, players);
    how = lastOut && lastOut.kind === 'timeout' && lastOut.seat === o.resigned ? ` (${who} ran out of time)` : ` (${who} resigned)`;
  }
  const scores = (view.scores || []).join(' – ');
  let t;
  if (seat !== null && seat !== undefined && places.length) {
    const mine = places[seat];
    const teammates = places.filter((p) => p === mine).length;
    if (mine === 0 && firsts.length === teammates) t = 'You won';
    else if (mine === 0) t = 'A draw';
    else t = firsts.length === 1 ? `You lost: ${seatLabel(firsts[0], view, players)} won` : 'You lost';
  } else if (firsts.length === 1) t = `${seatLabel(firsts[0], view, players)} won`;
  else t = `A draw between ${firsts.map((i) => seatLabel(i, view, players)).join(' and ')}`;
  return `${t}${how}. Score ${scores}.`;
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
