// Finding a game on the lobby: "Play now" (a seek), the challenges of the
// signed-in player, and who is online, over the lobby's WebSocket
// (`/ws/lobby`, docs/server-protocol.md, "Finding a game"). The server
// pairs and makes the game; this page only asks and follows.

import { h, api, formLabel, holdSeat, toast } from './common.js';
import { t } from './i18n.js';

const $ = (id) => document.getElementById(id);
let socket = null;
let seekId = null;
const challenges = new Map();
let me = null;

/** The terms chosen in the Play now panel. */
function terms() {
  const [kind, rest] = $('seek-clock').value.split(':');
  let clock = { kind: 'none' };
  if (kind === 'move') clock = { kind: 'move', secs: Number(rest) };
  if (kind === 'game') {
    const [secs, inc] = rest.split('+');
    clock = { kind: 'game', secs: Number(secs), increment: Number(inc) };
  }
  return { form: $('seek-form').value, clock, rated: $('seek-rated').checked };
}

/** Opens the game's seat that pairing gave this browser. */
function openSeat(game, seat, token) {
  holdSeat(game, seat, token);
  location.href = `/games/${game}#seat=${token}`;
}

function setSeeking(on) {
  $('seek-button').hidden = on;
  $('seek-cancel').hidden = !on;
  $('seek-status').textContent = on ? t('pairing-seeking') : '';
}

async function seek(ev) {
  ev.preventDefault();
  try {
    const s = await api('/api/seeks', { json: terms() });
    if (s.status === 'paired') return openSeat(s.game, s.seat, s.token);
    seekId = s.id;
    setSeeking(true);
    send({ type: 'follow', seek: s.id });
  } catch (err) {
    toast(err.message);
  }
}

async function cancelSeek() {
  const id = seekId;
  seekId = null;
  setSeeking(false);
  if (id) await api(`/api/seeks/${id}`, { method: 'DELETE' }).catch(() => {});
}

function send(m) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(m));
}

function renderOnline(m) {
  const ul = $('online-list');
  ul.replaceChildren();
  $('online-count').textContent = t('pairing-online-count', { count: m.count });
  if (!m.players.length) ul.append(h('li', { class: 'muted' }, t('pairing-online-none')));
  for (const name of m.players) {
    const li = h('li', {}, h('a', { href: `/players/${encodeURIComponent(name)}` }, name), ' ');
    if (me && name === me) li.append(h('span', { class: 'muted' }, t('pairing-you')));
    else if (me) {
      li.append(
        h('button', { class: 'btn', type: 'button', title: t('pairing-challenge-title', { name }), onclick: () => challenge(name) }, t('pairing-challenge')),
        ' ',
        h('button', { class: 'btn', type: 'button', title: t('pairing-block-title', { name }), onclick: () => block(name) }, t('pairing-block')),
      );
    }
    ul.append(li);
  }
}

async function challenge(name) {
  try {
    await api('/api/challenges', { json: { to: name, ...terms() } });
  } catch (err) {
    toast(err.message);
  }
}

async function block(name) {
  try {
    await api(`/api/blocks/${encodeURIComponent(name)}`, { json: {} });
    toast(t('pairing-blocked', { name }));
  } catch (err) {
    toast(err.message);
  }
}

function renderChallenges() {
  const ul = $('challenge-list');
  ul.replaceChildren();
  const pending = [...challenges.values()].filter((c) => c.status === 'pending');
  $('challenges').hidden = !pending.length;
  for (const c of pending) {
    const kind = `${formLabel(c.form)}, ${t(c.rated ? 'pairing-rated-game' : 'pairing-casual-game')}`;
    const incoming = c.to === me;
    const li = h('li', {}, incoming ? t('pairing-challenge-from', { name: c.from }) : t('pairing-challenge-to', { name: c.to }), ` (${kind}) `);
    if (incoming) {
      li.append(
        h('button', { class: 'btn primary', type: 'button', onclick: () => answer(c, 'accept') }, t('pairing-accept')),
        ' ',
        h('button', { class: 'btn', type: 'button', onclick: () => answer(c, 'decline') }, t('pairing-decline')),
      );
    } else {
      li.append(h('button', { class: 'btn', type: 'button', onclick: () => api(`/api/challenges/${c.id}`, { method: 'DELETE' }).catch((e) => toast(e.message)) }, t('pairing-cancel')));
    }
    ul.append(li);
  }
}

async function answer(c, how) {
  try {
    const r = await api(`/api/challenges/${c.id}/${how}`, { json: {} });
    if (how === 'accept' && r && r.game) openSeat(r.game, r.seat, r.token);
  } catch (err) {
    toast(err.message);
  }
}

function onChallenge(c) {
  const was = challenges.get(c.id);
  challenges.set(c.id, c);
  if (was && was.status === 'pending' && c.from === me) {
    if (c.status === 'declined') toast(t('pairing-declined', { name: c.to }));
    if (c.status === 'accepted') {
      toast(t('pairing-accepted', { name: c.to }));
      openSeat(c.game, c.seat, c.token);
    }
  }
  renderChallenges();
}

function connect() {
  const proto = location.protocol === 'https:' ? 'wss' : 'ws';
  socket = new WebSocket(`${proto}://${location.host}/ws/lobby`);
  socket.addEventListener('open', () => seekId && send({ type: 'follow', seek: seekId }));
  socket.addEventListener('message', (ev) => {
    const m = JSON.parse(ev.data);
    if (m.type === 'hello') me = m.name;
    else if (m.type === 'online') renderOnline(m);
    else if (m.type === 'challenge') onChallenge(m.challenge);
    else if (m.type === 'paired' && m.seek === seekId) {
      $('seek-status').textContent = t('pairing-paired');
      openSeat(m.game, m.seat, m.token);
    } else if (m.type === 'seek-failed' && m.seek === seekId) {
      setSeeking(false);
      toast(m.error.message);
    }
  });
  // a lost socket comes back (a waiting seek it followed is then gone: ask again)
  socket.addEventListener('close', () => {
    if (seekId) { seekId = null; setSeeking(false); }
    setTimeout(connect, 3000);
  });
}

/** Sets up the Play now panel, the challenges and the online list; the
 * forms offered come from `/api/meta` (those of two seats). */
export function startPairing(meta) {
  const sel = $('seek-form');
  for (const f of meta.forms.filter((f) => f.seats[1] === 2)) sel.append(h('option', { value: f.name }, formLabel(f.name)));
  $('seek').addEventListener('submit', seek);
  $('seek-cancel').addEventListener('click', cancelSeek);
  connect();
}
