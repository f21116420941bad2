// A player's profile (`/api/players/{name}`): the ratings of each pool
// with a graph of their history, results against frequent opponents, the
// games being played and the finished ones, filtered and page by page,
// each with its replay and its record. The page draws what the server
// sends; the results and ratings are the server's.

import { h, api, loadMeta, formLabel, schoolLabel, timeAgo, toast } from './common.js';
import { initI18n, t, langSelector } from './i18n.js';

await initI18n();

const $ = (id) => document.getElementById(id);
const name = decodeURIComponent(location.pathname.split('/')[2] || '');

const RESULTS = { win: 'players-result-win', draw: 'players-result-draw', loss: 'players-result-loss' };

const fmt = (x) => Math.round(x).toLocaleString(document.documentElement.lang || undefined);
const playerLink = (n) => h('a', { href: `/players/${encodeURIComponent(n)}` }, n);

/** A pool's ratings after each game as a line, with the band of ± one
 * deviation around it: an inline SVG, no library. */
function graph(points, label) {
  const NS = 'http://www.w3.org/2000/svg';
  const W = 320;
  const H = 110;
  const svg = document.createElementNS(NS, 'svg');
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.setAttribute('class', 'rating-graph');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', t('players-graph', { pool: label, games: points.length }));
  if (points.length < 1) return svg;
  const lo = Math.min(...points.map((p) => p.rating - p.deviation));
  const hi = Math.max(...points.map((p) => p.rating + p.deviation));
  const x = (i) => (points.length === 1 ? W / 2 : 6 + (i * (W - 12)) / (points.length - 1));
  const y = (r) => (hi === lo ? H / 2 : 6 + ((hi - r) * (H - 12)) / (hi - lo));
  const el = (tag, attrs) => {
    const e = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    svg.append(e);
    return e;
  };
  const upper = points.map((p, i) => `${x(i)},${y(p.rating + p.deviation)}`);
  const lower = points.map((p, i) => `${x(i)},${y(p.rating - p.deviation)}`).reverse();
  el('polygon', { points: [...upper, ...lower].join(' '), class: 'band' });
  el('polyline', { points: points.map((p, i) => `${x(i)},${y(p.rating)}`).join(' '), class: 'line' });
  points.forEach((p, i) => {
    const c = el('circle', { cx: x(i), cy: y(p.rating), r: 2.5, class: 'dot' });
    const title = document.createElementNS(NS, 'title');
    title.textContent = `${fmt(p.rating)} ± ${fmt(p.deviation)}`;
    c.append(title);
  });
  return svg;
}

function showRatings(ratings, history) {
  // the pools the player has ratings in, in the server's order, named by it
  const pools = Object.keys(ratings);
  if (!pools.length) {
    $('ratings').replaceChildren(h('p', {}, t('players-no-ratings')));
    return;
  }
  $('ratings').replaceChildren(
    ...pools.map((p) => {
      const r = ratings[p];
      return h(
        'div',
        { class: 'rating-card', dataset: { pool: p } },
        h('h3', {}, r.label),
        h(
          'p',
          { class: 'rating' },
          h('span', { class: 'rating-value' }, fmt(r.rating)),
          ` ± ${fmt(r.deviation)}`,
          r.provisional ? h('span', { class: 'provisional', title: t('players-provisional-title') }, ` ${t('players-provisional')}`) : null,
        ),
        h('p', {}, t('players-record', { games: r.games, wins: r.wins, draws: r.draws, losses: r.losses })),
        graph(history[p] || [], r.label),
      );
    }),
  );
}

function showOpponents(list) {
  if (!list.length) {
    $('opponents').replaceChildren(h('p', {}, t('players-no-opponents')));
    return;
  }
  $('opponents').replaceChildren(
    h(
      'table',
      { class: 'list' },
      h('thead', {}, h('tr', {}, h('th', {}, t('players-opponent')), h('th', {}, t('players-games-count')), h('th', {}, t('players-wdl')))),
      h(
        'tbody',
        {},
        list.map((o) => h('tr', {}, h('td', {}, playerLink(o.name)), h('td', {}, o.games), h('td', {}, `${o.wins} / ${o.draws} / ${o.losses}`))),
      ),
    ),
  );
}

/** The other players of a game: accounts linked, guests and bots by name. */
function others(g) {
  const them = g.players.filter((p) => p.seat !== g.seat);
  return them.flatMap((p, i) => [
    i ? ', ' : '',
    p.account ? playerLink(p.account) : p.bot ? t('players-bot', { bot: p.bot }) : p.name || t('players-guest'),
  ]);
}

function gameRow(g) {
  const change = g.rating ? Math.round(g.rating.after) - Math.round(g.rating.before) : null;
  const links = [h('a', { href: `/games/${encodeURIComponent(g.id)}` }, t('players-open-game'))];
  if (g.status === 'over') {
    links.push(' · ', h('a', { href: `/games/${encodeURIComponent(g.id)}/replay` }, t('players-replay')));
    links.push(' · ', h('a', { href: `/api/games/${encodeURIComponent(g.id)}/record`, download: true }, t('players-record-file')));
  }
  return h(
    'tr',
    { dataset: { game: g.id } },
    h('td', {}, timeAgo(g.updated)),
    h('td', {}, formLabel(g.form), g.rated ? h('span', { class: 'rated' }, ` ${t('players-rated')}`) : null),
    h('td', {}, schoolLabel(g.school)),
    h('td', {}, others(g)),
    h('td', { class: 'game-result' }, g.result ? t(RESULTS[g.result]) : g.status === 'over' ? t('players-no-result') : ''),
    h('td', { class: 'change' }, change === null ? '' : change > 0 ? `+${change}` : `${change}`),
    h('td', {}, links),
  );
}

function gamesTable(list) {
  return h(
    'table',
    { class: 'list games' },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        ['players-when', 'web-form', 'players-school', 'players-opponents-col', 'players-result', 'players-change', 'players-links'].map((id) => h('th', {}, t(id))),
      ),
    ),
    h('tbody', {}, list.map(gameRow)),
  );
}

let shown = [];
let filters = {};

async function load(more) {
  const q = new URLSearchParams({ ...filters, limit: 20 });
  if (more && shown.length) q.set('before', shown[shown.length - 1].updated);
  let p;
  try {
    p = await api(`/api/players/${encodeURIComponent(name)}?${q}`);
  } catch (e) {
    $('not-found').hidden = false;
    $('not-found').textContent = e.message;
    document.querySelectorAll('main .panel').forEach((s) => (s.hidden = true));
    return;
  }
  $('player-name').textContent = p.name;
  document.title = t('players-profile-title', { name: p.name });
  showRatings(p.ratings, p.history);
  showOpponents(p.opponents);
  $('playing').replaceChildren(p.playing.length ? gamesTable(p.playing) : h('p', {}, t('players-none-playing')));
  shown = more ? shown.concat(p.games) : p.games;
  $('games').replaceChildren(shown.length ? gamesTable(shown) : h('p', {}, t('players-no-games')));
  $('more').hidden = !p.more;
}

async function fillFilters() {
  const meta = await loadMeta();
  const option = (value, label) => h('option', { value }, label);
  $('f-form').replaceChildren(option('', t('players-any')), ...meta.forms.map((f) => option(f.name, formLabel(f.name))));
  $('f-school').replaceChildren(option('', t('players-any')), ...meta.schools.map((s) => option(s.name, schoolLabel(s.name))));
  $('f-result').replaceChildren(option('', t('players-any')), ...Object.entries(RESULTS).map(([r, id]) => option(r, t(id))));
}

$('lang-slot').append(langSelector());
$('filters').addEventListener('submit', (e) => {
  e.preventDefault();
  const data = new FormData(e.target);
  filters = Object.fromEntries([...data.entries()].filter(([, v]) => v));
  load(false);
});
$('more').addEventListener('click', () => load(true));
fillFilters().catch((e) => toast(e.message, 'error'));
await load(false);
