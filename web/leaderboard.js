// The leaderboards (`/api/leaderboard/{pool}`): one table per pool, the
// players the server lists (enough rated games, a small enough deviation),
// best first, each linked to their profile.

import { h, api, toast } from './common.js';
import { initI18n, t, langSelector } from './i18n.js';

await initI18n();

const $ = (id) => document.getElementById(id);
const POOLS = {
  duel: 'players-pool-duel',
  'high-form': 'players-pool-high-form',
  melee: 'players-pool-melee',
  team: 'players-pool-team',
};
const fmt = (x) => Math.round(x).toLocaleString(document.documentElement.lang || undefined);

function table(pool, board) {
  const rows = board.players.map((p) =>
    h(
      'tr',
      {},
      h('td', {}, p.rank),
      h('td', {}, h('a', { href: `/players/${encodeURIComponent(p.name)}` }, p.name)),
      h('td', { class: 'rating-value' }, fmt(p.rating)),
      h('td', {}, `± ${fmt(p.deviation)}`),
      h('td', {}, p.games),
    ),
  );
  return h(
    'section',
    { class: 'panel', dataset: { pool } },
    h('h2', {}, t(POOLS[pool])),
    rows.length
      ? h(
          'table',
          { class: 'list' },
          h('thead', {}, h('tr', {}, ['players-rank', 'players-player', 'players-rating', 'players-deviation', 'players-games-count'].map((id) => h('th', {}, t(id))))),
          h('tbody', {}, rows),
        )
      : h('p', {}, t('players-board-empty')),
  );
}

$('lang-slot').append(langSelector());
try {
  const boards = await Promise.all(Object.keys(POOLS).map((p) => api(`/api/leaderboard/${p}`)));
  const first = boards[0];
  $('rule').textContent = t('players-board-rule', { games: first.min_games, deviation: first.max_deviation });
  $('boards').replaceChildren(...boards.map((b) => table(b.pool, b)));
} catch (e) {
  toast(e.message, 'error');
}
