// The game page: the board, your hand, the choices the server offers, the
// players, the tasks and the log. The server is the authority: this page
// only shows the legal choices it sends (docs/server-protocol.md) and
// submits one of them by its text.
//
// The view is the server's model of the game for this page, in its
// language (docs/server-protocol.md): the page takes its data for the
// interaction (which squares, which card: `view.legal` with each summon's
// `squares` and `marked`, `effect.marked`, `can`, `side`) and shows its
// words as they come (`legal[].label`, `question.text`, `result.text`,
// `events[].text`, `names`, the log's `words` where no event says an
// entry). It takes no decision from a form's or a school's name and words
// no game text itself.

import {
  COLORS, createBoard, showSide, parseBoard, patternDiagram, pieceSvg,
  cardElement, countPieces, fillLegend, gatewaysOf,
} from './board.js';
import {
  h, loadCards, seatLabel, resultText,
  heldSeats, holdSeat, seatLink,
  toast, eventLines, lastTurnOf,
} from './common.js';
import {
  initI18n, t, currentLang, langSelector, cardName, taskName, taskText,
  colorName, schoolName, formName, dirWords, pieceWords, serverError,
} from './i18n.js';
import { startClocks, updateClocks } from './clock.js';
import { initChat, updateChat } from './chat.js';
import {
  confirmResign, confirmLeave, takebackButton, updateTakeback, muteToggle, isMuted, addSpectatorLines, updateSpectatorChat,
} from './manners.js';
import { turnTitle, signalTurn, turnSignalControls } from './notify.js';
import { playerResultText, updateRematch } from './rematch.js';
import { roving } from './roving.js';
import { openLegal } from './legal.js';

// the messages first: everything below draws in the page's language
await initI18n();

const gameId = decodeURIComponent(location.pathname.split('/')[2] || '');
const token = new URLSearchParams(location.hash.slice(1)).get('seat');

const S = {
  cards: new Map(),
  view: null,
  version: 0,
  seat: null,
  log: [],
  players: [],
  over: false,
  connected: false,
  busy: false,
  selectedCard: null,
  hoverCard: null,
  moveFrom: null,
  pending: null, // {title, options: [{text, label, detail, squares, diagram}]}
  hoverOption: null,
  hoverSquare: null,
  /** The events received so far, by number (`view.events` joined). */
  events: new Map(),
  /** The highest event number already animated. */
  animated: -1,
};

const $ = (id) => document.getElementById(id);
const board = createBoard($('board'), { onClick: clickSquare, onHover: hoverSquare });

// ---------- connection ----------

let ws = null;
let retry = 0;
/** Why the server cannot open the game now (its words), while retrying. */
let refusal = null;

function connect() {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  ws = new WebSocket(`${proto}//${location.host}/api/games/${encodeURIComponent(gameId)}/ws`);
  let opened = false;
  ws.addEventListener('open', () => {
    opened = true;
    retry = 0;
    refusal = null;
    // the page's language: the server words this connection's model in it
    ws.send(JSON.stringify(token ? { type: 'hello', token, lang: currentLang() } : { type: 'hello', lang: currentLang() }));
  });
  ws.addEventListener('message', (ev) => {
    let msg;
    try {
      msg = JSON.parse(ev.data);
    } catch {
      return;
    }
    if (msg.type === 'state') onState(held(msg));
    else if (msg.type === 'delta') onDelta(msg);
    else if (msg.type === 'thinking') showThinking(msg.seat === null || msg.seat === undefined ? null : msg);
    else if (msg.type === 'spectator-chat') {
      addSpectatorLines(msg.lines);
      showSpectatorChat();
    } else if (msg.type === 'error') {
      S.busy = false;
      if (!S.view) refusedHello(serverError(msg));
      else toast(t('web-server-refused', { why: serverError(msg) || t('web-no-reason') }));
      render();
    }
  });
  ws.addEventListener('close', async () => {
    S.connected = false;
    S.busy = false;
    setConn();
    if (S.over && S.view) return; // nothing more will happen
    const wait = Math.min(10000, 500 * 2 ** retry++);
    if (!opened) {
      // the browser hides why the connection was refused: ask over HTTP
      const why = await reachable();
      if (why.gone) {
        noSuchGame(why.message);
        return;
      }
      refusal = why.message ? { message: why.message, until: Date.now() + wait } : null;
      showRefusal();
    }
    setTimeout(connect, wait);
  });
}

/** Whether the server would open the game now; `{}` when it would or does not answer. */
async function reachable() {
  try {
    const r = await fetch(`/api/games/${encodeURIComponent(gameId)}/reachable`, { cache: 'no-store' });
    if (r.ok) return {};
    const body = await r.json().catch(() => ({}));
    return { gone: r.status === 404, message: serverError(body) || t('web-server-answered', { status: r.status }) };
  } catch {
    return {}; // the server is down or restarting: keep trying
  }
}

/** An unknown game id: said once, not retried. */
function noSuchGame(message) {
  const c = $('conn');
  c.textContent = t('web-conn-no-game');
  c.className = 'conn bad';
  const line = $('status-line');
  line.replaceChildren(h('span', { class: 'error-text' }, t('web-no-such-game', { why: message }), ' '), h('a', { href: '/' }, t('web-back-to-lobby')));
}

/** The server's reason for refusing the game (the server full), and when the page tries again. */
function refusalNotice() {
  if (!refusal || S.connected) return null;
  const secs = Math.max(1, Math.round((refusal.until - Date.now()) / 1000));
  return h('span', { class: 'error-text refusal' }, t('web-trying-again', { why: refusal.message, secs }));
}

function showRefusal() {
  const notice = refusalNotice();
  if (!notice) return;
  const line = $('status-line');
  const old = line.querySelector('.refusal');
  if (old) old.replaceWith(notice);
  else if (S.view) line.append(notice);
  else line.replaceChildren(notice);
}

/** The hello was refused (a stale seat link, a game that is gone). */
function refusedHello(message) {
  const line = $('status-line');
  line.replaceChildren(h('span', { class: 'error-text' }, t('web-page-refused', { why: message || t('web-no-reason') }), ' '));
  if (token) line.append(h('a', { href: location.pathname, onclick: () => setTimeout(() => location.reload(), 0) }, t('web-watch-instead')));
  line.append(' · ', h('a', { href: '/' }, t('web-back-to-lobby')));
}

function send(msg) {
  if (!ws || ws.readyState !== WebSocket.OPEN) {
    toast(t('web-not-connected'));
    return false;
  }
  ws.send(JSON.stringify(msg));
  S.busy = true;
  return true;
}

function choose(text) {
  if (S.busy) return;
  if (send({ type: 'choose', version: S.version, choice: text })) {
    S.selectedCard = null;
    S.moveFrom = null;
    S.pending = null;
    S.hoverOption = null;
    render();
  }
}

// ---------- states and deltas (docs/server-protocol.md, "Deltas") ----------

/** The view's parts that a delta merges key by key (seats too, seat by seat). */
const MERGED = ['turn', 'legends', 'flares', 'effect', 'tasks', 'question', 'can'];

/**
 * `held`'s keys replaced by `patch`'s, but for a list held given as its
 * change `{at, del?, add?}`: `del` items taken out at `at`, `add` put in.
 */
function mergeKeys(held, patch) {
  const out = { ...(held || {}) };
  for (const [k, v] of Object.entries(patch)) {
    if (Array.isArray(out[k]) && v && typeof v === 'object' && !Array.isArray(v)) {
      out[k] = out[k].slice();
      out[k].splice(v.at, v.del || 0, ...(v.add || []));
    } else out[k] = v;
  }
  return out;
}

/** The last state with every delta applied, its log and chat whole. */
let last = null;

/** Whether the whole state was asked for after a gap. */
let syncing = false;

/** Keeps a whole state (its log and chat from `log_from`/`chat_from` on); returns it as it came. */
function held(msg) {
  if (msg.type === 'state') syncing = false;
  const keep = (list, from) => ((last && last[list]) || []).slice(0, typeof from === 'number' ? from : 0);
  // chat lines by their number: a hello's state starts at the recent lines
  const upTo = (from) => ((last && last.chat) || []).filter((l) => l.n <= (typeof from === 'number' ? from : 0));
  last = { ...msg, log: keep('log', msg.log_from).concat(msg.log || []), chat: upTo(msg.chat_from).concat(msg.chat || []) };
  return msg;
}

/** A delta from the state held: applied, then shown as a state that carries only the new log and chat. */
function onDelta(d) {
  if (!last || d.from !== last.rev) {
    // a gap: the whole state again (asked once; deltas are dropped until it comes)
    if (!syncing && ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: 'sync' }));
    syncing = true;
    return;
  }
  const view = { ...last.view };
  for (const [k, v] of Object.entries(d.view || {})) {
    if (k === 'seats') {
      // the changed keys of the changed seats
      view.seats = view.seats.slice();
      for (const [i, seat] of Object.entries(v)) view.seats[Number(i)] = mergeKeys(view.seats[Number(i)], seat);
    } else if (MERGED.includes(k) && v) {
      view[k] = mergeKeys(view[k], v);
    } else if (k === 'legal' && v && !Array.isArray(v)) {
      // entries of the list held by index, or new
      view.legal = v.ref.map((e) => (typeof e === 'number' ? last.view.legal[e] : e));
    } else if (k === 'events') {
      view.events = (view.events || []).filter((e) => e.n >= v.first).slice(0, v.keep).concat(v.add);
    } else view[k] = v;
  }
  // gone: `effect`, `turn.key`, `seats.1.key` (parts already copied above)
  for (const path of d.unset || []) {
    const steps = path.split('.');
    const key = steps.pop();
    let at = view;
    for (const step of steps) if (at && step !== 'seats') at = /^\d+$/.test(step) ? at.seats[Number(step)] : at[step];
    if (at) delete at[key];
  }
  const msg = { ...last, rev: d.to, version: d.version, now: d.now, view };
  for (const k of ['players', 'undo', 'clock', 'rematch', 'rematch_of']) {
    if (k in d) {
      if (d[k] === null && k.startsWith('rematch')) delete msg[k];
      // a clock without its `control`: the keys that changed
      else if (k === 'clock' && d.clock && !('control' in d.clock)) msg.clock = { ...last.clock, ...d.clock };
      else msg[k] = d[k];
    }
  }
  msg.log_from = typeof d.log_from === 'number' ? d.log_from : last.log.length;
  msg.log = d.log || [];
  msg.chat_from = typeof d.chat_from === 'number' ? d.chat_from : (last.chat.length ? last.chat[last.chat.length - 1].n : 0);
  msg.chat = d.chat || [];
  onState(held(msg));
}

function onState(msg) {
  S.connected = true;
  S.busy = false;
  S.version = msg.version;
  S.seat = msg.seat ?? null;
  S.view = msg.view;
  S.players = msg.players || [];
  S.over = !!(msg.over || (msg.view && msg.view.outcome));
  // the log comes whole, or from `log_from` on
  const from = typeof msg.log_from === 'number' ? msg.log_from : 0;
  S.log = S.log.slice(0, from).concat(msg.log || []);
  joinEvents((msg.view && msg.view.events) || []);
  // a selection that is no longer offered is dropped
  const m = model();
  if (S.selectedCard && !m.summons.has(S.selectedCard)) S.selectedCard = null;
  if (S.moveFrom && !m.moves.has(S.moveFrom)) S.moveFrom = null;
  if (S.pending && !S.pending.options.every((o) => m.all.includes(o.text))) S.pending = null;
  if (token && S.seat !== null) holdSeat(gameId, S.seat, token);
  // for styling and for tests: who this page plays, and the game's version
  document.body.dataset.seat = S.seat === null ? '' : String(S.seat);
  document.body.dataset.color = S.seat === null ? '' : S.view.seats[S.seat].color;
  document.body.dataset.version = String(S.version);
  setConn();
  defaultFlip();
  render();
  // the site's parts: clocks, chat, the turn signal, the rematch
  updateClocks($('clocks'), msg, S.view, S.players);
  updateChat($('chat-panel'), msg, S.view, S.players, gameId);
  showSpectatorChat();
  updateTakeback($('takeback-box'), S.view, S.seat, S.version, send);
  signalTurn(myTurn());
  updateRematch($('rematch-box'), msg, gameId, token);
  announce();
}

// ---------- what a screen reader hears ----------

/** The last event announced, and the last announcement. */
let announcedUpTo = null;
let announced = '';

/**
 * One polite live region (`#announce`) says, after each change, what
 * happened since the last announcement (the events, in the server's
 * words) and whose turn it is, or the result: the log and the status line
 * are redrawn on every render and are not live regions themselves, so
 * that nothing is read twice.
 */
function announce() {
  const v = S.view;
  if (!v) return;
  const events = [...S.events.values()].sort((a, b) => a.n - b.n);
  // the page's first state: only whose turn it is
  const fresh = announcedUpTo === null ? [] : events.filter((e) => e.n > announcedUpTo);
  if (events.length) announcedUpTo = events[events.length - 1].n;
  const said = eventLines(fresh).filter((l) => !l.turn).map((l) => l.text);
  let now;
  if (v.outcome) now = `${t('web-game-over-colon')} ${playerResultText(v, S.seat)}`;
  else {
    const who = v.actor.kind === 'seat' ? v.actor.seat : v.turn.seat;
    now = who === S.seat ? t('web-turn-your-move', { n: v.turn.number }) : t('web-turn-to-play', { n: v.turn.number, who: seatLabel(who, v) });
  }
  const text = [...said, now].join('. ');
  if (text === announced) return;
  announced = text;
  $('announce').textContent = text;
}

// ---------- a bot's thinking ----------

/** The progress of the bot deciding now (the server's `thinking` message), or none. */
function showThinking(m) {
  const box = $('thinking');
  if (!m || !S.view || S.over) {
    box.hidden = true;
    return;
  }
  const who = seatLabel(m.seat, S.view);
  const bar = box.querySelector('progress');
  let text;
  if (m.of) {
    bar.max = m.of;
    bar.value = Math.min(m.iterations, m.of);
    text = t('analysis-thinking-iterations', { who, done: m.iterations, of: m.of });
  } else if (m.time_ms) {
    bar.max = m.time_ms;
    bar.value = Math.min(m.ms, m.time_ms);
    text = t('analysis-thinking-time', { who, done: m.iterations, secs: (m.ms / 1000).toFixed(1), of: (m.time_ms / 1000).toFixed(0) });
  } else {
    bar.removeAttribute('value');
    text = t('analysis-thinking', { who });
  }
  box.querySelector('span').textContent = text;
  box.hidden = false;
}

/** Whether this page's seat is to choose now. */
function myTurn() {
  return S.seat !== null && !S.over && !!(S.view && S.view.legal && S.view.legal.length);
}

/** The board turned for the second player, unless this browser chose for this game. */
let flipDecided = false;
function defaultFlip() {
  if (flipDecided || !S.view) return;
  flipDecided = true;
  let kept = null;
  try {
    kept = localStorage.getItem(`tash-kalar.flipped.${gameId}`);
  } catch { /* default */ }
  board.setFlipped(kept !== null ? kept === '1' : S.seat === 1);
}

/** The view's events joined to those kept: a take-back renumbers from where it went back to. */
function joinEvents(list) {
  if (!list.length) return;
  const from = list[0].n;
  for (const n of [...S.events.keys()]) if (n >= from) S.events.delete(n);
  for (const e of list) S.events.set(e.n, e);
}

function setConn() {
  const c = $('conn');
  c.textContent = S.connected ? (S.seat !== null ? t('web-conn-playing', { color: myLabel() }) : t('web-conn-watching')) : t('web-conn-reconnecting');
  c.className = `conn ${S.connected ? 'ok' : 'bad'}`;
}

function myLabel() {
  const s = S.view && S.view.seats[S.seat];
  return s ? colorName(s.color) : t('seat-number', { seat: S.seat + 1 });
}

// ---------- the legal choices, sorted by what they are about ----------

/** A structured choice of `view.legal`, as the page sorts it. */
function fromView(c) {
  return {
    kind: c.kind,
    text: c.text,
    // the server's words, in the page's language
    label: c.label || c.text,
    at: c.at ?? null,
    // a summon's piece taken up in a shortage; a move's square of departure
    from: c.kind === 'summon' ? c.pickup ?? null : c.from ?? null,
    to: c.to ?? null,
    card: c.card ?? null,
    id: c.card ?? c.task ?? null,
    orientation: c.orientation ?? null,
    color: c.color ?? null,
    task: c.task ?? null,
    dir: c.dir ?? null,
    n: c.option ?? null,
    // a summon: the squares of its pattern laid there, and its marked squares
    squares: c.squares || [],
    marked: c.marked || [],
  };
}

function model() {
  const legal = openLegal(S.view && S.view.legal).map(fromView);
  const all = legal.map((c) => c.text);
  const m = {
    all,
    squares: new Map(), // square -> choice texts that name just that square (place, start, effect squares)
    summons: new Map(), // card -> structured summon choices
    moves: new Map(), // from -> parsed moves
    cardActions: new Map(), // card -> [{kind, text}]
    buttons: [], // everything else
  };
  const push = (map, k, v) => (map.get(k) || map.set(k, []).get(k)).push(v);
  for (const c of legal) {
    if (c.kind === 'summon') push(m.summons, c.card, c);
    else if (['place', 'start', 'square', 'pickup'].includes(c.kind)) push(m.squares, c.at, c);
    // (an Etherweave swap is picked on the board like a move: from, then to)
    else if (c.kind === 'move' || c.kind === 'swap') push(m.moves, c.from, c);
    // (Etherweave: a warp is played from the card in hand)
    else if (c.kind === 'discard' || c.kind === 'return' || c.kind === 'warp') push(m.cardActions, c.id, c);
    else m.buttons.push(c);
  }
  return m;
}

function summonsAt(m, sq, card = null) {
  const out = [];
  for (const [id, list] of m.summons) if (!card || id === card) out.push(...list.filter((c) => c.at === sq));
  return out;
}

// ---------- clicks ----------

function clickSquare(sq) {
  if (S.busy || !S.view || !S.view.legal) return;
  const m = model();
  S.hoverOption = null;
  if (S.selectedCard) {
    const opts = summonsAt(m, sq, S.selectedCard);
    if (opts.length === 1) return choose(opts[0].text);
    if (opts.length > 1) return offer(t('web-summon-which-way', { card: cardName(S.selectedCard), at: sq }), opts.map(summonOption));
    S.selectedCard = null; // a square outside the card's reach: act on it as without a card
  }
  if (S.moveFrom) {
    const to = (m.moves.get(S.moveFrom) || []).filter((c) => c.to === sq);
    if (to.length === 1) return choose(to[0].text);
    if (sq === S.moveFrom) {
      S.moveFrom = null;
      return render();
    }
    S.moveFrom = null;
  }
  const direct = m.squares.get(sq) || [];
  const moves = m.moves.get(sq) || [];
  if (direct.length === 1 && !moves.length) return choose(direct[0].text);
  if (moves.length && !direct.length) {
    S.moveFrom = sq;
    S.pending = null;
    return render();
  }
  if (direct.length || moves.length) {
    const opts = direct.map(squareOption);
    if (moves.length) opts.push({ action: () => { S.moveFrom = sq; S.pending = null; render(); }, label: t('web-move-piece-on', { at: sq }), detail: t('web-then-click-where'), squares: [sq] });
    return offer(t('web-square-which', { at: sq }), opts);
  }
  const summons = summonsAt(m, sq);
  if (summons.length === 1) return choose(summons[0].text);
  if (summons.length) return offer(t('web-summon-on', { at: sq }), summons.map(summonOption));
  render();
}

function hoverSquare(sq) {
  S.hoverSquare = sq;
  renderHighlights();
}

function offer(title, options) {
  S.pending = { title, options };
  render();
  const first = document.querySelector('#choices .option');
  if (first) first.focus();
}

function squareOption(c) {
  return { text: c.text, label: capital(c.label), squares: [c.at] };
}

function capital(s) {
  return s ? `${s.charAt(0).toUpperCase()}${s.slice(1)}` : s;
}

function summonOption(c) {
  const card = S.cards.get(c.card);
  const squares = c.squares;
  return {
    text: c.text,
    label: capital(c.label),
    detail: squares.length ? t('web-pattern-on', { squares: squares.join(' ') }) : '',
    squares: c.from ? [...squares, c.from] : squares,
    marked: c.marked,
    // a picture of the card turned as it would lie (the squares are the server's)
    diagram: card ? patternDiagram(card, myColor(), c.orientation) : null,
  };
}

function selectCard(id) {
  const m = model();
  if (!m.summons.has(id)) return;
  S.selectedCard = S.selectedCard === id ? null : id;
  S.moveFrom = null;
  S.pending = null;
  render();
}

function myColor() {
  const s = S.view && S.seat !== null && S.view.seats[S.seat];
  return s ? s.color : 'blue';
}


// ---------- rendering ----------

function render() {
  if (!S.view) return;
  document.body.dataset.busy = S.busy ? '1' : '';
  document.body.dataset.choosing = S.view.legal && !S.busy ? '1' : '';
  renderTitle();
  renderStatus();
  showSide($('board'), S.view.side);
  board.setPieces(parseBoard(S.view.board));
  board.setGateways(gatewaysOf(S.view));
  renderHighlights();
  renderChoices();
  renderEffect();
  renderHand();
  // the hand and the choices are one tab stop each, arrows inside
  roving($('hand'), '.card');
  roving($('choices'), 'button:not([disabled])');
  renderPlayers();
  renderTasks();
  renderLog();
  renderRecord();
}

function renderTitle() {
  const v = S.view;
  $('game-title').textContent = t('web-game-title', { form: formName(v.form), schools: v.seats.map((s) => schoolName(s.school)).join(t('web-vs')) });
  document.title = turnTitle(S.over ? t('web-finished-game') : t('web-turn-n', { n: v.turn.number }), myTurn());
  const r = $('replay-link');
  r.hidden = !S.over;
  r.href = `/games/${encodeURIComponent(gameId)}/replay`;
}

function renderStatus() {
  const v = S.view;
  const line = $('status-line');
  line.replaceChildren();
  const res = $('result');
  if (v.outcome) {
    const shown = !res.hidden;
    res.hidden = false;
    res.replaceChildren(h('span', { id: 'result-text' }, t('web-game-over-colon'), ' ', playerResultText(v, S.seat), ' '), h('a', { href: `/games/${encodeURIComponent(gameId)}/replay` }, t('web-step-through-replay')),
      ' · ', h('a', { id: 'analyse-link', class: 'btn', href: `/games/${encodeURIComponent(gameId)}/replay#analyse` }, t('analysis-analyse-link')));
    $('thinking').hidden = true;
    // the game just ended: the result (and the rematch under it) comes into view
    if (!shown) requestAnimationFrame(() => res.scrollIntoView({ block: 'start' }));
  } else res.hidden = true;
  if (!v.outcome) {
    const who = v.actor.kind === 'seat' ? v.actor.seat : v.turn.seat;
    const me = who === S.seat;
    line.append(h('span', { class: 'turn' }, me ? t('web-turn-your-move', { n: v.turn.number }) : t('web-turn-to-play', { n: v.turn.number, who: seatLabel(who, v) })));
    if (v.phase.phase === 'main' || v.phase.phase === 'effect') line.append(h('span', {}, t('web-actions-left', { n: v.turn.actions })));
    if (v.turn.discard_used) line.append(h('span', { class: 'badge' }, t('web-discard-used')));
    if (v.turn.flare_used) line.append(h('span', { class: 'badge' }, t('web-flare-used')));
    if (v.end && v.end.last !== null && v.end.last !== undefined) {
      const left = v.end.turns_left;
      line.append(h('span', { class: 'badge warn' }, left ? t('web-end-near', { n: left }) : t('web-last-turn')));
    }
    if (S.busy) line.append(h('span', { class: 'muted' }, t('web-sending')));
  }
  if (S.seat === null) line.append(h('span', { class: 'badge' }, t('web-watching-badge')));
  const notice = refusalNotice();
  if (notice) line.append(notice);
  // a seat this browser holds, when the page was opened without its token
  const offer = $('seat-offer');
  const held = heldSeats()[gameId] || {};
  const seats = Object.keys(held);
  if (!token && seats.length && !v.outcome) {
    offer.hidden = false;
    offer.replaceChildren(
      h('span', {}, t('web-you-hold-seat'), ' '),
      ...seats.map((s) => h('a', { class: 'btn', href: seatLink(gameId, held[s]), onclick: () => setTimeout(() => location.reload(), 0) }, t('web-play-seat-n', { seat: Number(s) + 1 }))),
    );
  } else if (token && !v.outcome && v.actor.kind === 'seat' && v.actor.seat !== S.seat && held[v.actor.seat]) {
    // one browser holding every seat (a game played by oneself): on to the seat to play
    const next = v.actor.seat;
    offer.hidden = false;
    offer.replaceChildren(h('a', { class: 'btn primary', id: 'next-seat', href: seatLink(gameId, held[next]), onclick: () => setTimeout(() => location.reload(), 0) },
      t('analysis-play-seat', { who: seatLabel(next, v) })));
  } else offer.hidden = true;
}

/**
 * What just happened (`view.events`): the opponents' turns since this
 * seat's last turn, or the current turn once it has done something.
 */
function lastTurn() {
  return lastTurnOf([...S.events.values()], S.seat);
}

function renderHighlights() {
  if (!S.view) return;
  const v = S.view;
  const m = model();
  const set = () => new Set();
  const hl = {
    clickable: set(), target: set(), 'summon-at': set(), pattern: set(), 'marked-sq': set(), last: set(),
    'last-main': set(), selected: set(), dest: set(), 'effect-at': set(), 'hover-option': set(),
  };
  const mine = !!v.legal && !S.busy;
  if (mine) {
    if (S.selectedCard) {
      for (const c of m.summons.get(S.selectedCard) || []) {
        hl.clickable.add(c.at);
        hl['summon-at'].add(c.at);
      }
    } else if (S.moveFrom) {
      hl.selected.add(S.moveFrom);
      hl.clickable.add(S.moveFrom);
      for (const c of m.moves.get(S.moveFrom) || []) {
        hl.dest.add(c.to);
        hl.clickable.add(c.to);
      }
    } else {
      for (const sq of [...m.squares.keys(), ...m.moves.keys()]) {
        hl.target.add(sq);
        hl.clickable.add(sq);
      }
      for (const list of m.summons.values()) for (const c of list) hl.clickable.add(c.at);
    }
    const card = S.selectedCard || S.hoverCard;
    if (card) for (const c of m.summons.get(card) || []) hl['summon-at'].add(c.at);
    // pointing at a summoning square of the chosen card shows the pattern(s) there
    if (S.selectedCard && S.hoverSquare) {
      for (const c of summonsAt(m, S.hoverSquare, S.selectedCard)) {
        const o = summonOption(c);
        o.squares.forEach((s) => hl.pattern.add(s));
        (o.marked || []).forEach((s) => hl['marked-sq'].add(s));
      }
    }
  }
  if (S.hoverOption) {
    (S.hoverOption.squares || []).forEach((s) => hl['hover-option'].add(s));
    (S.hoverOption.marked || []).forEach((s) => hl['marked-sq'].add(s));
  }
  const last = lastTurn();
  last.main.forEach((s) => hl['last-main'].add(s));
  last.squares.forEach((s) => { if (!last.main.has(s)) hl.last.add(s); });
  // pieces destroyed in the turn shown stay as fading ghosts on empty squares until the next action
  const pieces = parseBoard(v.board);
  board.setGhosts(last.ghosts.filter((g) => !pieces.has(g.at)));
  if (v.effect && v.effect.at) {
    hl['effect-at'].add(v.effect.at);
    (v.effect.marked || []).forEach((s) => hl['marked-sq'].add(s));
  }
  board.setHighlights(hl);
}

/** What is being decided, from `view.question`, with how to do it on this page. */
function phasePrompt(v, m) {
  const q = v.question;
  const text = q ? q.text : t('web-choose');
  if (!q) return text;
  if (q.kind === 'action') {
    const bits = [];
    if (m.squares.size) {
      const pickup = [...m.squares.values()].flat().some((c) => c.kind === 'pickup');
      bits.push(pickup ? t('web-hint-pickup') : t('web-hint-place'));
    }
    if (m.summons.size) bits.push(t('web-hint-summon'));
    if (m.cardActions.size && v.can && v.can.discard) bits.push(t('web-hint-discard'));
    if (m.buttons.some((c) => c.kind === 'end')) bits.push(t('web-hint-end'));
    if (!bits.length) return text;
    const list = bits.length > 1 ? t('web-or', { first: bits.slice(0, -1).join(', '), last: bits[bits.length - 1] }) : bits[0];
    return t('web-actions-left-hint', { n: v.turn.actions, hints: list });
  }
  if (q.kind === 'returning') return t('web-hint-returning');
  return text;
}

function renderChoices() {
  const v = S.view;
  const box = $('choices');
  const title = $('choices-title');
  box.replaceChildren();
  const m = model();
  let n = 0;
  const numbered = (btn) => {
    if (n < 9) {
      n++;
      btn.dataset.key = String(n);
      btn.prepend(h('span', { class: 'key', 'aria-hidden': 'true' }, String(n)));
      btn.setAttribute('aria-keyshortcuts', String(n));
    }
    return btn;
  };
  if (!v.legal) {
    title.textContent = v.outcome ? t('web-game-over') : S.seat === null ? t('web-watching') : t('web-waiting');
    if (v.outcome) box.append(h('p', { class: 'result-text' }, resultText(v)));
    else if (v.actor.kind === 'seat') box.append(h('p', { class: 'muted' }, t('web-is-choosing', { who: seatLabel(v.actor.seat, v) })));
    else box.append(h('p', { class: 'muted' }, t('web-cards-drawn')));
    if (S.seat !== null && !v.outcome) box.append(footerButtons(m, numbered));
    return;
  }
  title.textContent = t('web-your-move');
  box.append(h('p', { class: 'prompt', id: 'prompt' }, phasePrompt(v, m)));
  if (S.pending) {
    box.append(h('p', {}, S.pending.title));
    const list = h('div', { class: 'options', role: 'group', 'aria-label': S.pending.title });
    for (const o of S.pending.options) {
      const b = h('button', {
        type: 'button', class: 'option',
        onclick: () => (o.action ? o.action() : choose(o.text)),
        onmouseenter: () => { S.hoverOption = o; renderHighlights(); },
        onmouseleave: () => { S.hoverOption = null; renderHighlights(); },
        onfocus: () => { S.hoverOption = o; renderHighlights(); },
        onblur: () => { S.hoverOption = null; renderHighlights(); },
      }, o.diagram || h('span'), h('span', {}, o.label, o.detail ? h('small', {}, o.detail) : null));
      if (o.text) b.dataset.choice = o.text;
      list.append(numbered(b));
    }
    box.append(list);
    box.append(h('div', { class: 'choice-buttons' }, h('button', { type: 'button', class: 'btn', onclick: cancel }, t('web-cancel-esc'))));
    return;
  }
  if (S.selectedCard) {
    box.append(h('p', {}, t('web-summoning-click', { card: cardName(S.selectedCard) })));
  } else if (S.moveFrom) {
    box.append(h('p', {}, t('web-moving-click', { from: S.moveFrom })));
  } else if (m.squares.size || m.moves.size) {
    const count = m.squares.size + m.moves.size;
    box.append(h('p', { class: 'muted' }, t('web-highlighted-squares', { n: count })));
  }
  const group = h('div', { class: 'choice-buttons' });
  const dirs = m.buttons.filter((c) => c.kind === 'dir');
  const options = m.buttons.filter((c) => c.kind === 'option');
  for (const c of options) {
    // the label is the engine's (a color's name for the Forest Ancient's color, ...)
    const b = h('button', { type: 'button', class: 'btn', 'data-choice': c.text, 'data-kind': c.kind, onclick: () => choose(c.text) },
      c.color ? swatchOf(c.color) : '', capital(c.label));
    group.append(numbered(b));
  }
  for (const c of m.buttons.filter((c) => c.kind === 'claim')) {
    group.append(numbered(h('button', { type: 'button', class: 'btn primary', 'data-choice': c.text, 'data-kind': c.kind, onclick: () => choose(c.text) }, capital(c.label))));
  }
  for (const c of m.buttons.filter((c) => c.kind === 'flare')) {
    const b = h('button', { type: 'button', class: 'btn', 'data-choice': c.text, 'data-kind': c.kind, onclick: () => choose(c.text) }, swatchOf(c.color), capital(c.label));
    group.append(numbered(b));
  }
  for (const c of m.buttons.filter((c) => c.kind === 'point' || c.kind === 'improvise')) {
    const b = h('button', { type: 'button', class: 'btn', 'data-choice': c.text, 'data-kind': c.kind, onclick: () => choose(c.text) }, swatchOf(c.color), capital(c.label));
    group.append(numbered(b));
  }
  for (const c of m.buttons.filter((c) => c.kind === 'pass')) {
    group.append(numbered(h('button', { type: 'button', class: 'btn', 'data-choice': c.text, 'data-kind': c.kind, onclick: () => choose(c.text) }, capital(c.label))));
  }
  const rest = m.buttons.filter((c) => !['dir', 'option', 'claim', 'flare', 'end', 'skip', 'done', 'point', 'improvise', 'pass', 'thaw'].includes(c.kind));
  for (const c of rest) group.append(numbered(h('button', { type: 'button', class: 'btn', 'data-choice': c.text, 'data-kind': c.kind, onclick: () => choose(c.text) }, capital(c.label))));
  for (const kind of ['skip', 'done']) {
    for (const c of m.buttons.filter((b) => b.kind === kind)) {
      group.append(numbered(h('button', { type: 'button', class: 'btn', 'data-choice': c.text, 'data-kind': c.kind, onclick: () => choose(c.text) }, capital(c.label))));
    }
  }
  if (group.childElementCount) box.append(group);
  if (dirs.length) {
    const flip = board.flipped;
    const grid = h('div', { class: 'compass', role: 'group', 'aria-label': t('web-directions') });
    const layout = ['nw', 'n', 'ne', 'w', null, 'e', 'sw', 's', 'se'];
    const arrows = { n: '↑', ne: '↗', e: '→', se: '↘', s: '↓', sw: '↙', w: '←', nw: '↖' };
    const opposite = { n: 's', ne: 'sw', e: 'w', se: 'nw', s: 'n', sw: 'ne', w: 'e', nw: 'se' };
    for (const cell of layout) {
      if (!cell) {
        grid.append(h('span'));
        continue;
      }
      const d = flip ? opposite[cell] : cell; // the button where the arrow points on screen
      const c = dirs.find((x) => x.dir === d);
      const b = h('button', { type: 'button', class: 'btn', disabled: !c, title: c ? c.label : dirWords(d), 'aria-label': c ? c.label : dirWords(d), onclick: () => c && choose(c.text) }, arrows[cell]);
      if (c) b.dataset.choice = c.text;
      grid.append(c ? numbered(b) : b);
    }
    box.append(grid);
  }
  const flares = m.buttons.filter((c) => c.kind === 'flare');
  if (flares.length) box.append(flareInfo());
  box.append(footerButtons(m, numbered));
  box.append(typedChoice(m));
}

function footerButtons(m, numbered) {
  const row = h('div', { class: 'choice-buttons' });
  const end = m.buttons.find((c) => c.kind === 'end');
  if (end) row.append(numbered(h('button', { type: 'button', class: 'btn primary', 'data-choice': end.text, 'data-kind': end.kind, onclick: () => choose(end.text) }, capital(end.label))));
  if (S.seat !== null && !S.view.outcome) {
    // what this seat may do now is the server's word (`view.can`)
    const can = S.view.can || {};
    row.append(h('button', { type: 'button', class: 'btn', id: 'undo', disabled: !can.undo || S.busy, onclick: undo, 'aria-keyshortcuts': 'u', title: t('web-undo-title') }, t('web-undo')));
    const ask = takebackButton(can, S.version, send);
    if (ask) row.append(ask);
    if (can.resign) row.append(h('button', { type: 'button', class: 'btn danger', id: 'resign', onclick: resign }, t('web-resign')));
    // games that end: each button only when the model allows it
    if (can.abort) row.append(h('button', { type: 'button', class: 'btn', id: 'abort', onclick: () => send({ type: 'abort' }) }, t('endings-abort')));
    if (can.claim && can.leave) {
      // a melee or team game: the absent seat goes to a bot
      row.append(h('button', { type: 'button', class: 'btn', id: 'claim-win', onclick: () => send({ type: 'claim', kind: 'win' }) }, t('endings-claim-seat')));
    } else if (can.claim) {
      row.append(h('button', { type: 'button', class: 'btn primary', id: 'claim-win', onclick: () => send({ type: 'claim', kind: 'win' }) }, t('endings-claim-win')));
      row.append(h('button', { type: 'button', class: 'btn', id: 'claim-draw', onclick: () => send({ type: 'claim', kind: 'draw' }) }, t('endings-claim-draw')));
    }
    if (can.leave) row.append(h('button', { type: 'button', class: 'btn danger', id: 'leave', onclick: leaveGame }, t('endings-leave')));
  }
  return row;
}

function leaveGame() {
  confirmLeave(() => send({ type: 'leave' }));
}

function typedChoice(m) {
  const listId = 'choice-list';
  const input = h('input', { type: 'text', list: listId, placeholder: t('web-type-placeholder'), 'aria-label': t('web-type-choice'), autocomplete: 'off' });
  const dl = h('datalist', { id: listId }, ...m.all.slice(0, 400).map((x) => h('option', { value: x })));
  const form = h('form', {
    class: 'typed',
    onsubmit: (e) => {
      e.preventDefault();
      const typed = input.value.trim().replace(/\s+/g, ' ');
      if (typed) choose(typed);
    },
  }, input, dl, h('button', { type: 'submit', class: 'btn' }, t('web-play')));
  return form;
}

function flareInfo() {
  const v = S.view;
  const me = v.seats[S.seat];
  const hand = me && me.hand;
  const card = hand && hand.flares[0] && S.cards.get(hand.flares[0]);
  if (!card || !card.flare) return h('span');
  const counts = countPieces(parseBoard(v.board));
  const mine = counts[me.color] || { total: 0, upgraded: 0 };
  const p = h('div', { class: 'flare-info' });
  for (const s of v.seats) {
    if (s.color === me.color) continue;
    const them = counts[s.color] || { total: 0, upgraded: 0 };
    const up = them.upgraded - mine.upgraded;
    const tot = them.total - mine.total;
    const crit = (ok, half, need, have) => h('span', { class: ok ? 'met' : 'unmet' },
      `${ok ? '✓' : '✗'} ${t('web-flare-criterion', { half, need, color: colorName(s.color), have: Math.abs(have), cmp: have > 0 ? 'more' : have === 0 ? 'same' : 'fewer' })}`);
    p.append(h('div', {}, h('b', {}, t('web-flare-against', { card: card.name, color: colorName(s.color) }), ' '),
      crit(up >= card.flare.upper, 'upper', card.flare.upper, up), ' · ',
      crit(tot >= card.flare.lower, 'lower', card.flare.lower, tot)));
  }
  return p;
}

function cancel() {
  S.selectedCard = null;
  S.moveFrom = null;
  S.pending = null;
  S.hoverOption = null;
  render();
}

function undo() {
  if (S.busy) return;
  if (send({ type: 'undo', version: S.version })) {
    cancel();
  }
}

function resign() {
  // confirmed in the page (the browser's confirm() cannot be styled or tested)
  confirmResign(() => send({ type: 'resign', version: S.version }));
}

/** The spectators' chat: spectators write in it; players read it once the game is over. */
function showSpectatorChat() {
  updateSpectatorChat($('spectator-chat'), S.seat, S.over, isMuted(gameId));
}

function renderEffect() {
  const v = S.view;
  const panel = $('effect-panel');
  const card = v.effect && S.cards.get(v.effect.card);
  if (!card) {
    panel.hidden = true;
    return;
  }
  panel.hidden = false;
  const bits = [];
  // Etherweave: a warp effect played from the hand, or copied by a being
  const stage = v.effect.stage;
  if (stage === 'warp') bits.push(t('web-warp-stage'));
  if (stage === 'copy' && v.effect.copied) bits.push(t('web-copy-stage', { card: cardName(v.effect.copied) }));
  if (v.effect.flare) {
    const f = v.effect.flare;
    bits.push(t('web-flare-halves', { upper: f.upper ? 'met' : 'not', lower: f.lower ? 'met' : 'not' }));
    if (f.against) bits.push(t('web-against', { color: colorName(f.against) }));
  }
  panel.replaceChildren(
    h('h2', {}, t('web-resolving', { card: card.name, color: colorName(v.effect.color), at: v.effect.at || '', on: v.effect.at ? 'yes' : 'no' })),
    bits.length ? h('p', { class: 'muted' }, bits.join(' · ')) : '',
    h('div', { class: 'effect-card' }, cardElement(card, v.effect.color)),
  );
}

function renderHand() {
  const v = S.view;
  const box = $('hand');
  box.replaceChildren();
  const m = model();
  const showAll = !!v.outcome || S.seat === null;
  const seats = S.seat !== null && !v.outcome ? [v.seats[S.seat]] : v.seats.filter((s) => s.hand);
  $('hand-title').textContent = S.seat !== null && !v.outcome ? t('web-your-hand') : t('web-hands');
  if (!seats.length || !seats[0]) {
    box.append(h('p', { class: 'hand-empty' }, showAll ? t('web-hands-hidden') : ''));
    return;
  }
  for (const s of seats) {
    if (!s.hand) continue;
    const ids = [...s.hand.beings, ...s.hand.legends, ...s.hand.flares];
    if (seats.length > 1 || v.outcome) box.append(h('h3', { style: 'width:100%;margin:0.3rem 0 0' }, t('web-hand-of', { who: seatLabel(s.seat, v) })));
    if (!ids.length) box.append(h('p', { class: 'hand-empty' }, t('web-no-cards')));
    for (const id of ids) {
      const card = S.cards.get(id) || { id, name: cardName(id), rank: 'common', text: '', pattern: [], kind: 'being' };
      const mine = s.seat === S.seat && !v.outcome;
      const summons = mine ? m.summons.get(id) || [] : [];
      const actions = [];
      for (const a of mine ? m.cardActions.get(id) || [] : []) {
        const label = a.kind === 'discard' ? t('web-discard') : a.kind === 'warp' ? [h('span', { 'aria-hidden': 'true' }, '⟲ '), t('web-warp-button')] : t('web-return');
        actions.push(h('button', { type: 'button', class: 'btn', 'data-choice': a.text, 'data-kind': a.kind, title: a.label, onclick: (e) => { e.stopPropagation(); choose(a.text); } }, ...[].concat(label)));
      }
      // Etherweave: the pending being is held, face up on the deck
      const isPending = s.pending === id;
      let note = null;
      if (isPending) {
        note = `⟲ ${t('web-pending-note')}${summons.length ? ` · ✦ ${t('web-pending-can-summon')}` : ''}`;
      } else if (summons.length) {
        const squares = new Set(summons.map((c) => c.at));
        note = `✦ ${t('web-can-summon-on', { n: squares.size })}`;
      } else if (mine && card.kind === 'flare') {
        note = flareNote(card, s);
      }
      const selectable = summons.length > 0;
      const el = cardElement(card, s.color, {
        actions,
        note,
        attrs: selectable
          ? { tabindex: '0', role: 'button', 'aria-pressed': String(S.selectedCard === id), 'aria-label': t('web-card-summon', { card: card.name }) }
          : {},
      });
      if (selectable) {
        el.classList.add('selectable');
        el.addEventListener('click', () => selectCard(id));
        el.addEventListener('keydown', (e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            selectCard(id);
          }
        });
      } else if (mine && card.kind !== 'flare') el.classList.add('unplayable');
      if (S.selectedCard === id) el.classList.add('selected');
      if (isPending) el.classList.add('pending');
      el.addEventListener('mouseenter', () => { S.hoverCard = id; renderHighlights(); });
      el.addEventListener('mouseleave', () => { S.hoverCard = null; renderHighlights(); });
      el.addEventListener('focus', () => { S.hoverCard = id; renderHighlights(); });
      el.addEventListener('blur', () => { S.hoverCard = null; renderHighlights(); });
      box.append(el);
    }
  }
}

function flareNote(card, me) {
  const v = S.view;
  const counts = countPieces(parseBoard(v.board));
  const mine = counts[me.color] || { total: 0, upgraded: 0 };
  const parts = [];
  for (const s of v.seats) {
    if (s.color === me.color) continue;
    const them = counts[s.color] || { total: 0, upgraded: 0 };
    const up = them.upgraded - mine.upgraded >= card.flare.upper;
    const lo = them.total - mine.total >= card.flare.lower;
    parts.push(t('web-flare-note', { color: colorName(s.color), upper: up ? '✓' : '✗', lower: lo ? '✓' : '✗' }));
  }
  return parts.join(' · ');
}

function renderPlayers() {
  const v = S.view;
  const box = $('players');
  box.replaceChildren();
  const toPlay = v.actor.kind === 'seat' ? v.actor.seat : null;
  for (const s of v.seats) {
    const p = S.players[s.seat] || {};
    const who = h('span', { class: 'who' }, seatLabel(s.seat, v), s.seat === S.seat ? ` · ${t('web-you')}` : '');
    if (p.player === 'human') who.append(h('span', { class: `dot ${p.online ? 'on' : ''}`, title: p.online ? t('web-online') : t('web-offline') }));
    const discard = s.discard.map((id) => cardName(id)).join(', ');
    const facts = [
      schoolName(s.school),
      t('web-hand-counts', { beings: s.beings, legends: s.legends, flares: s.flares }),
      t('web-deck-n', { n: s.deck }),
      t('web-supply', { common: s.supply[0], legendary: s.supply[1] }),
      t('web-discard-n', { n: s.discard.length }),
    ];
    const extra = [];
    // team play: the team and the sideways cards at the bottom of the deck
    // Nethervoid: the seat's Gateway (public), ringed on the board too
    if (s.gateway) extra.push(t('web-gateway-on', { at: s.gateway }));
    // a melee or team seat that left: the model says who plays it now
    const left = (v.left || []).find((l) => l.seat === s.seat);
    if (left) extra.push(left.text);
    if (s.team !== undefined && s.team !== null) {
      extra.push(t('web-team-n', { team: s.team + 1 }) + (s.sideways !== undefined && s.sideways !== null ? ` · ${t('web-sideways', { n: s.sideways })}` : ''));
    }
    // team play: the team's tasks, whichever teammate claimed them
    const teamTasks = v.tasks && v.tasks.team_claimed && s.team !== undefined && s.team !== null ? v.tasks.team_claimed[s.team] : null;
    const own = teamTasks || (v.tasks && v.tasks.claimed[s.seat]);
    const claimed = own && own.length
      ? t(teamTasks ? 'web-team-tasks' : 'web-tasks-claimed', { tasks: own.map((x) => `${taskName(x.id)} (${x.points})`).join(', ') }) : null;
    const swatch = h('span', { class: 'swatch' });
    swatch.append(pieceSvg(s.color, 'common'));
    box.append(h('div', { class: `player${toPlay === s.seat ? ' to-play' : ''}`, title: discard ? t('web-discard-pile', { cards: discard }) : '', 'data-seat': String(s.seat) },
      swatch, who, h('span', { class: 'score', 'aria-label': t('web-score', { score: s.score }) }, String(s.score)),
      h('span', { class: 'facts' }, facts.join(' · '), ...extra.map((e) => h('div', {}, e)), claimed ? h('div', {}, claimed) : null),
      s.points ? scoreBoard(s) : null, s.frozen ? frozenTile(s) : null,
      s.pending || s.stored ? pendingTile(s) : null));
  }
  const shared = h('p', { class: 'muted', style: 'font-size:0.78rem;margin:0.3rem 0 0' },
    t('web-shared-decks', { legends: v.legends.deck, legendsOut: v.legends.discard.length, flares: v.flares.deck, flaresOut: v.flares.discard.length }));
  box.append(shared);
}

/**
 * Everfrost: the card frozen in front of a seat (public), a labelled tile
 * with a snowflake (not told by colour alone); its frozen effect on hover
 * (title) and on click (the tile opens); the seat's `thaw` choice as a
 * button on the tile.
 */
function frozenTile(s) {
  const card = S.cards.get(s.frozen);
  const name = cardName(s.frozen);
  const effect = (card && card.frozen) || '';
  const thaw = s.seat === S.seat ? model().buttons.find((c) => c.kind === 'thaw' && c.card === s.frozen) : null;
  const tile = h('details', { class: 'frozen-card', 'data-card': s.frozen, title: effect ? t('web-frozen-effect', { text: effect }) : '' },
    h('summary', {}, h('span', { class: 'snowflake', 'aria-hidden': 'true' }, '❄'), h('span', { class: 'frozen-label' }, t('web-frozen')), ' ', h('span', { class: 'frozen-name' }, name)),
    h('p', { class: 'frozen-effect' }, effect ? t('web-frozen-effect', { text: effect }) : t('web-no-frozen-effect')));
  const row = h('div', { class: 'frozen-row' }, tile);
  if (thaw) {
    row.append(h('button', { type: 'button', class: 'btn thaw', 'data-choice': thaw.text, 'data-kind': thaw.kind, onclick: () => choose(thaw.text) },
      h('span', { 'aria-hidden': 'true' }, '❄ '), t('web-thaw', { card: name })));
  }
  return row;
}

/**
 * Etherweave: a seat's pending being (public: face up on its deck) as a
 * labelled tile with a spiral, its warp effect on hover and on click; and
 * the piece kept on a pending Merchant of Time, drawn with a dashed frame
 * and named in words (not told by colour alone).
 */
function pendingTile(s) {
  const row = h('div', { class: 'pending-row' });
  if (s.pending) {
    const card = S.cards.get(s.pending);
    const name = cardName(s.pending);
    const warp = (card && card.warp) || '';
    row.append(h('details', { class: 'pending-card', 'data-card': s.pending, title: warp ? t('web-warp-played', { text: warp }) : '' },
      h('summary', {}, h('span', { class: 'spiral', 'aria-hidden': 'true' }, '⟲'), h('span', { class: 'pending-label' }, t('web-pending')), ' ', h('span', { class: 'pending-name' }, name)),
      h('p', { class: 'pending-effect' }, `${t('web-pending-effect')}${warp ? ` ${t('web-warp-played', { text: warp })}` : ''}`)));
  }
  if (s.stored) {
    const rank = s.stored.rank;
    const words = t('web-stored-piece', { piece: pieceWords(s.stored) });
    const piece = h('span', { class: 'swatch', 'aria-hidden': 'true' });
    piece.append(pieceSvg(s.stored.color, rank));
    row.append(h('span', { class: 'stored-piece', 'data-color': s.stored.color, 'data-rank': rank, title: t('web-stored-title') },
      h('span', { class: 'pending-label' }, t('web-stored')), ' ', piece, ` ${words}`));
  }
  return row;
}

function swatchOf(color) {
  const sw = h('span', { class: 'swatch', 'aria-hidden': 'true' });
  if (COLORS[color]) sw.append(pieceSvg(color, 'common'));
  return sw;
}

/**
 * A melee seat's score board, as on the table: one piece of each opponent
 * on the seat's points in that color, heroic side up until the seat has
 * used that color for its improvised summoning (then common side up). The
 * seat's score is its lowest color.
 */
function scoreBoard(s) {
  const entries = Object.entries(s.points);
  const lowest = Math.min(...entries.map(([, n]) => n));
  const used = new Set(s.improvised || []);
  const board = h('div', { class: 'scoreboard', role: 'list', 'aria-label': t('web-score-board', { who: colorName(s.color) }), 'data-seat': String(s.seat) });
  for (const [color, n] of entries) {
    const name = colorName(color);
    const free = !used.has(color);
    const piece = h('span', { class: 'swatch', 'aria-hidden': 'true' });
    piece.append(pieceSvg(color, free ? 'heroic' : 'common'));
    board.append(h('span', {
      class: `sb-color${n === lowest ? ' lowest' : ''}`,
      role: 'listitem',
      'data-color': color,
      'data-points': String(n),
      'data-improvised': free ? 'available' : 'used',
      title: t('web-melee-points-title', { n, color: name, lowest: n === lowest ? 'yes' : 'no', free: free ? 'yes' : 'no' }),
    }, piece, h('span', {}, `${name} `), h('b', {}, String(n))));
  }
  const free = entries.map(([c]) => c).filter((c) => !used.has(c)).map((c) => colorName(c));
  const usedNames = [...used].map((c) => colorName(c));
  const words = free.length
    ? t('web-improvised-left', { colors: free.join(', '), used: usedNames.join(', '), some: usedNames.length ? 'yes' : 'no' })
    : t('web-improvised-all-used');
  return h('div', { class: 'melee-board' }, board, h('div', { class: 'improvised' }, words));
}

function renderTasks() {
  const v = S.view;
  const panel = $('tasks-panel');
  if (!v.tasks) {
    panel.hidden = true;
    return;
  }
  panel.hidden = false;
  const box = $('tasks');
  box.replaceChildren();
  const claims = new Map(model().buttons.filter((c) => c.kind === 'claim').map((c) => [c.task, c]));
  const claimable = new Set(claims.keys());
  const task = (x, extra = '') => h('div', { class: `task ${extra}${claimable.has(x.id) ? ' claimable' : ''}` },
    h('b', {}, h('span', {}, taskName(x.id)), h('span', {}, t('web-points-short', { n: x.points }))),
    h('span', { class: 'kind' }, t('web-task-kind', { kind: x.kind, advanced: x.advanced ? 'yes' : 'no', next: extra ? 'yes' : 'no' })),
    h('div', {}, taskText(x.id)),
    claimable.has(x.id) ? h('button', { type: 'button', class: 'btn primary', onclick: () => choose(claims.get(x.id).text) }, t('web-claim')) : null);
  for (const x of v.tasks.current) box.append(task(x));
  if (v.tasks.next) box.append(task(v.tasks.next, 'next'));
  box.append(h('p', { class: 'muted', style: 'margin:0;font-size:0.8rem' }, t('web-tasks-left', { n: v.tasks.deck })));
}

let lastLogLength = -1;
/** The log: what happened, in the server's words, turn by turn (the events received; take-backs renumber them). */
function renderLog() {
  const ol = $('log');
  const nearBottom = ol.scrollHeight - ol.scrollTop - ol.clientHeight < 40;
  ol.replaceChildren();
  const events = [...S.events.values()].sort((a, b) => a.n - b.n);
  for (const l of eventLines(events)) {
    if (l.turn) {
      ol.append(h('li', { class: 'turn-start', 'data-n': String(l.n) }, h('span', { class: 'who' }, t('web-turn-heading', { n: l.turn.number })), ' ', seatLabel(l.turn.seat, S.view)));
    } else {
      const chance = l.kind === 'drew' || l.kind === 'task-revealed';
      ol.append(h('li', { class: chance ? 'chance' : '', 'data-kind': l.kind, 'data-n': String(l.n) }, l.text));
    }
  }
  // a clock running out is the server's, not the engine's: its log entry says what follows
  for (const e of S.log.filter((x) => x.kind === 'timeout')) ol.append(h('li', { 'data-kind': 'timeout' }, e.words || e.text));
  if (events.length !== lastLogLength && (nearBottom || lastLogLength < 0)) ol.scrollTop = ol.scrollHeight;
  lastLogLength = events.length;
  animateNew(events);
}

let lastRecordLength = -1;
/**
 * The record: every entry of the server's log in notation, after who made it
 * (take-backs struck through). What a choice did is said once, by its events
 * in the game log; an entry no event tells (a take-back, a clock, a card
 * only this reader sees drawn) comes with its own words.
 */
function renderRecord() {
  const ol = $('record');
  const undone = new Set(S.log.filter((e) => e.kind === 'undo').map((e) => e.undoes));
  ol.replaceChildren();
  for (const e of S.log) {
    const chance = e.seat === null || e.seat === undefined;
    const cls = [chance ? 'chance' : '', undone.has(e.n) ? 'undone' : ''].filter(Boolean).join(' ');
    const by = chance ? (typeof e.to === 'number' ? e.to : null) : e.seat;
    const who = e.words || (by === null ? t('web-chance') : seatLabel(by, S.view));
    ol.append(h('li', { value: String(e.n), class: cls, title: e.text, 'data-kind': e.kind || 'choice' },
      who, ' ', h('code', { class: 'notation' }, e.text)));
  }
  if (S.log.length !== lastRecordLength) ol.scrollTop = ol.scrollHeight;
  lastRecordLength = S.log.length;
}

/** Short animations of what the newest events did (none when motion is reduced). */
function animateNew(events) {
  const fresh = events.filter((e) => e.n > S.animated);
  if (!fresh.length) return;
  const first = S.animated < 0;
  S.animated = events[events.length - 1].n;
  if (first) return; // nothing moves when the page opens
  board.animate(fresh);
}

// ---------- the phone's dock ----------

// On a narrow screen the hand is a strip docked at the bottom and the
// choices dock just above it (style.css): they need the strip's height.
if (typeof ResizeObserver === 'function') {
  new ResizeObserver(([e]) => {
    document.documentElement.style.setProperty('--hand-h', `${Math.ceil(e.target.getBoundingClientRect().height)}px`);
  }).observe($('hand-area'));
}

// ---------- keyboard ----------

document.addEventListener('keydown', (e) => {
  const el = e.target;
  if (el && (el.tagName === 'INPUT' || el.tagName === 'SELECT' || el.tagName === 'TEXTAREA')) return;
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  // an open dialog (the resignation's) takes the keys
  if (document.querySelector('dialog[open]')) return;
  if (e.key === 'Escape') {
    cancel();
    return;
  }
  if (/^[1-9]$/.test(e.key)) {
    const b = document.querySelector(`#choices [data-key="${e.key}"]`);
    if (b && !b.disabled) {
      e.preventDefault();
      b.click();
    }
    return;
  }
  if (e.key === 'u') {
    const b = $('undo');
    if (b && !b.disabled) b.click();
  }
});

$('flip').addEventListener('click', () => {
  board.setFlipped(!board.flipped);
  try {
    localStorage.setItem(`tash-kalar.flipped.${gameId}`, board.flipped ? '1' : '0');
  } catch { /* not kept */ }
  render();
});

// ---------- start ----------

async function start() {
  $('lang-slot').append(langSelector());
  if (!gameId) {
    $('status-line').textContent = t('web-no-game-here');
    return;
  }
  fillLegend($('legend'));
  $('turn-signal').append(...turnSignalControls());
  startClocks($('clocks'));
  initChat($('chat-panel'), (m) => {
    if (!ws || ws.readyState !== WebSocket.OPEN) {
      toast(t('web-not-connected'));
      return false;
    }
    ws.send(JSON.stringify(m));
    return true;
  });
  $('chat-mute-slot').append(muteToggle(gameId, () => {
    updateChat($('chat-panel'), { chat_from: Infinity, chat: [], seat: S.seat }, S.view, S.players, gameId);
    showSpectatorChat();
  }));
  $('spectator-chat-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const input = $('spectator-chat-input');
    const text = input.value.trim();
    if (text && ws && ws.readyState === WebSocket.OPEN) {
      ws.send(JSON.stringify({ type: 'chat', text }));
      input.value = '';
    }
  });
  $('hand-toggle').addEventListener('click', () => {
    const area = $('hand-area');
    const collapsed = area.classList.toggle('collapsed');
    $('hand-toggle').setAttribute('aria-expanded', String(!collapsed));
  });
  try {
    S.cards = await loadCards();
  } catch (e) {
    toast(t('web-cannot-load-cards', { why: e.message }));
  }
  connect();
}

window.addEventListener('hashchange', () => location.reload());
start();
