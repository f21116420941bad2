// The leaderboards (`/api/leaderboard`): one table per pool, the
// players the server lists (enough rated games, a small enough deviation),
// best first, each linked to their profile.

import { h, api, toast } from './common.js';
import { initI18n, t, langSelector } from './i18n.js';

await initI18n();

const $ = (id) => document.getElementById(id);
const fmt = (x) => Math.round(x).toLocaleString(document.documentElement.lang || undefined);

function table(board) {
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
    { class: 'panel', dataset: { pool: board.pool } },
    h('h2', {}, board.label),
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
  const all = await api('/api/leaderboard');
  $('rule').textContent = t('players-board-rule', { games: all.min_games, deviation: all.max_deviation });
  $('boards').replaceChildren(...all.boards.map(table));
} catch (e) {
  toast(e.message, 'error');
}
