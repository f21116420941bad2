// The board and the cards as pictures: squares, pieces, pattern diagrams.
// Geometry follows crates/rules/src/geometry.rs and board.rs; the notation
// (squares a1..i9, board text, orientations r0..m270) is docs/notation.md.
// Words come from `i18n.js`, in the page's language.

import { t, colorName, rankWord } from './i18n.js';

export const COLUMNS = 'abcdefghi';

/** Whether column c (0..8) and row r (0..8) is one of the 69 squares. */
export function onBoard(c, r) {
  if (c < 0 || c > 8 || r < 0 || r > 8) return false;
  const [x, y] = [c + 1, r + 1];
  return x + y > 3 && x + y < 17 && x - y < 7 && y - x < 7;
}

export function squareName(c, r) {
  return COLUMNS[c] + (r + 1);
}

export function parseSquare(name) {
  const m = /^([a-i])([1-9])$/.exec(name || '');
  if (!m) return null;
  const c = COLUMNS.indexOf(m[1]);
  const r = Number(m[2]) - 1;
  return onBoard(c, r) ? { c, r } : null;
}

/** The square `dx` columns right and `dy` rows up of `name`, if on the board. */
export function offsetSquare(name, dx, dy) {
  const s = parseSquare(name);
  if (!s || !onBoard(s.c + dx, s.r + dy)) return null;
  return squareName(s.c + dx, s.r + dy);
}

// The colored squares of the arena (crates/rules/src/board.rs).
export const RED_SQUARES = new Set(['c2', 'd8', 'e5', 'h4']);
export const GREEN_SQUARES = new Set(['a5', 'c7', 'f2', 'g7', 'i6']);
export const CENTRAL_SQUARES = new Set(['d4', 'e4', 'f4', 'd5', 'e5', 'f5', 'd6', 'e6', 'f6']);

export const COLORS = {
  red: { letter: 'r' },
  blue: { letter: 'b' },
  brown: { letter: 'n' },
  green: { letter: 'g' },
  white: { letter: 'w' },
  orange: { letter: 'o' },
  purple: { letter: 'p' },
};
export const COLOR_BY_LETTER = {
  r: 'red', b: 'blue', n: 'brown', g: 'green', w: 'white', o: 'orange', p: 'purple',
};
export const RANKS = ['common', 'heroic', 'legendary'];

/**
 * A piece as the server writes it (its board text: `"r+"`, a red heroic
 * piece; docs/server-protocol.md) to {color, rank}; null for none.
 */
export function parsePiece(text) {
  if (!text) return null;
  const rank = text[1] === '+' ? 'heroic' : text[1] === '*' ? 'legendary' : 'common';
  return { color: COLOR_BY_LETTER[text[0]], rank };
}

/** Board text to a Map from square name to {color, rank}. */
export function parseBoard(text) {
  const pieces = new Map();
  const rows = (text || '').split('/');
  rows.forEach((row, i) => {
    const r = 8 - i;
    let c = 0;
    for (let k = 0; k < row.length; k++) {
      const ch = row[k];
      if (ch >= '1' && ch <= '9') {
        c += Number(ch);
      } else if (COLOR_BY_LETTER[ch]) {
        let rank = 'common';
        if (row[k + 1] === '+') { rank = 'heroic'; k++; }
        else if (row[k + 1] === '*') { rank = 'legendary'; k++; }
        if (onBoard(c, r)) pieces.set(squareName(c, r), { color: COLOR_BY_LETTER[ch], rank });
        c++;
      }
    }
  });
  return pieces;
}

// ---------- orientations ----------

export const ORIENTATIONS = ['r0', 'r90', 'r180', 'r270', 'm0', 'm90', 'm180', 'm270'];
export const DIRS = { n: [0, 1], ne: [1, 1], e: [1, 0], se: [1, -1], s: [0, -1], sw: [-1, -1], w: [-1, 0], nw: [-1, 1] };

/** A card offset (card upright: x right, y up) laid on the board in orientation `o`. */
export function orient(o, dx, dy) {
  const i = Math.max(0, ORIENTATIONS.indexOf(o));
  let [x, y] = [dx, dy];
  if (i >= 4) x = -x;
  for (let k = 0; k < i % 4; k++) [x, y] = [y, -x]; // a quarter turn clockwise: up becomes right
  return [x + 0, y + 0];
}

export function orientDir(o, dir) {
  const [dx, dy] = DIRS[dir];
  const [x, y] = orient(o, dx, dy);
  return Object.keys(DIRS).find((d) => DIRS[d][0] === x && DIRS[d][1] === y);
}

// ---------- pictures ----------

const SVG = 'http://www.w3.org/2000/svg';

export function svg(tag, attrs = {}, children = []) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  for (const c of children) el.append(c);
  return el;
}

function hexagon(cx, cy, r) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = Math.PI / 6 + (i * Math.PI) / 3;
    pts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(' ');
}

function star(cx, cy, r1, r2, n = 5) {
  const pts = [];
  for (let i = 0; i < 2 * n; i++) {
    const r = i % 2 ? r2 : r1;
    const a = -Math.PI / 2 + (i * Math.PI) / n;
    pts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(' ');
}

/**
 * Each color's own small sign, drawn on its pieces so that no two seats'
 * pieces differ by color alone (red and brown look alike to many eyes):
 * a shape centred on (0, 0), about 16 across.
 */
const COLOR_SIGNS = {
  red: () => svg('polygon', { points: '0,-9 8,6 -8,6' }),
  blue: () => svg('rect', { x: -6.5, y: -6.5, width: 13, height: 13 }),
  brown: () => svg('path', { d: 'M-7,-7 L7,7 M7,-7 L-7,7' }),
  green: () => svg('circle', { cx: 0, cy: 0, r: 6 }),
  white: () => svg('polygon', { points: '0,-9 8,0 0,9 -8,0' }),
  orange: () => svg('rect', { x: -9, y: -3.5, width: 18, height: 7 }),
  purple: () => svg('path', { d: 'M0,-9 L0,9 M-9,0 L9,0' }),
};

/** The color's sign at (x, y) in a piece's 100x100 box, `scale` times its size. */
function colorSign(color, x, y, scale) {
  const make = COLOR_SIGNS[color];
  if (!make) return null;
  const g = svg('g', { class: `color-sign sign-${color}`, transform: `translate(${x} ${y}) scale(${scale})` });
  g.append(make());
  return g;
}

/**
 * A piece as SVG shapes in a 100x100 box: a disc (common), a disc with a
 * star (heroic: the piece turned over), a hexagon with a crown (legendary),
 * so rank never depends on color alone; and its color's sign (in the
 * middle of a common piece, under the mark of the others), so the seat
 * does not either.
 */
export function pieceShapes(color, rank, opts = {}) {
  const cls = `piece piece-${color} piece-${rank}${opts.ghost ? ' ghost' : ''}`;
  const g = svg('g', { class: cls });
  if (rank === 'legendary') {
    g.append(svg('polygon', { class: 'body', points: hexagon(50, 50, 44) }));
    g.append(svg('polygon', { class: 'mark', points: '30,62 30,38 40,48 50,32 60,48 70,38 70,62' }));
  } else if (rank === 'heroic') {
    g.append(svg('circle', { class: 'body', cx: 50, cy: 50, r: 40 }));
    g.append(svg('polygon', { class: 'mark', points: star(50, 52, 26, 11) }));
  } else {
    g.append(svg('circle', { class: 'body', cx: 50, cy: 50, r: 32 }));
  }
  const sign = rank === 'common' ? colorSign(color, 50, 50, 1.5) : colorSign(color, 50, 80, 1.1);
  if (sign) g.append(sign);
  return g;
}

export function pieceSvg(color, rank, opts = {}) {
  const el = svg('svg', { viewBox: '0 0 100 100', class: 'piece-svg', 'aria-hidden': 'true' });
  el.append(pieceShapes(color, rank, opts));
  return el;
}

/** The mark of a colored square: a diamond (red), a circle (green). */
export function squareMarkSvg(kind) {
  const el = svg('svg', { viewBox: '0 0 100 100', class: `sq-mark sq-mark-${kind}`, 'aria-hidden': 'true' });
  if (kind === 'red') el.append(svg('polygon', { points: '50,8 92,50 50,92 8,50' }));
  else el.append(svg('circle', { cx: 50, cy: 50, r: 40 }));
  return el;
}

const ARROW_ANGLE = { n: 0, ne: 45, e: 90, se: 135, s: 180, sw: 225, w: 270, nw: 315 };

/**
 * A card's pattern as a small diagram: the summoning square (dashed frame,
 * the new piece), the pieces the pattern needs, marked squares (crosses)
 * and arrows. `o` lays it in an orientation (default: as printed).
 */
export function patternDiagram(card, color = 'blue', o = 'r0') {
  const cells = [[0, 0]];
  const lay = ([dx, dy]) => orient(o, dx, dy);
  for (const p of card.pattern || []) cells.push(lay(p));
  for (const m of card.marked || []) cells.push(lay(m));
  const xs = cells.map((c) => c[0]);
  const ys = cells.map((c) => c[1]);
  const hasArrows = (card.arrows || []).length > 0;
  const pad = hasArrows ? 1 : 0;
  const minX = Math.min(...xs) - pad, maxX = Math.max(...xs) + pad;
  const minY = Math.min(...ys) - pad, maxY = Math.max(...ys) + pad;
  const w = maxX - minX + 1, hgt = maxY - minY + 1;
  const S = 20;
  const el = svg('svg', {
    viewBox: `0 0 ${w * S} ${hgt * S}`,
    class: 'pattern-svg',
    role: 'img',
    'aria-label': patternLabel(card),
  });
  const pos = (x, y) => [(x - minX) * S, (maxY - y) * S];
  for (let x = minX; x <= maxX; x++) {
    for (let y = minY; y <= maxY; y++) {
      const [px, py] = pos(x, y);
      el.append(svg('rect', { x: px + 0.5, y: py + 0.5, width: S - 1, height: S - 1, class: 'cell' }));
    }
  }
  const put = (x, y, rank, ghost) => {
    const [px, py] = pos(x, y);
    const g = pieceShapes(color, rank, { ghost });
    g.setAttribute('transform', `translate(${px + 1.5},${py + 1.5}) scale(${(S - 3) / 100})`);
    el.append(g);
  };
  for (const p of card.pattern || []) {
    const [x, y] = lay(p);
    put(x, y, p[2], false);
  }
  for (const m of card.marked || []) {
    const [x, y] = lay(m);
    const [px, py] = pos(x, y);
    el.append(svg('path', { d: `M${px + 5},${py + 5}L${px + S - 5},${py + S - 5}M${px + S - 5},${py + 5}L${px + 5},${py + S - 5}`, class: 'marked' }));
  }
  // the being itself, on its summoning square
  const [cx, cy] = pos(0, 0);
  el.append(svg('rect', { x: cx + 1, y: cy + 1, width: S - 2, height: S - 2, class: 'summon-cell' }));
  if (!(card.pattern || []).some((p) => p[0] === 0 && p[1] === 0)) put(0, 0, card.rank, true);
  for (const d of card.arrows || []) {
    const dir = orientDir(o, d);
    const a = ARROW_ANGLE[dir];
    const tri = svg('polygon', { class: 'arrow', points: `${S / 2 - 3.5},${-1} ${S / 2 + 3.5},${-1} ${S / 2},${-6}` });
    tri.setAttribute('transform', `translate(${cx},${cy}) rotate(${a} ${S / 2} ${S / 2})`);
    el.append(tri);
  }
  return el;
}

function patternLabel(card) {
  const parts = (card.pattern || []).map(([x, y, r]) => t('web-pattern-part', { rank: r, at: `${x >= 0 ? '+' : ''}${x},${y >= 0 ? '+' : ''}${y}` }));
  let label = t('web-pattern-of', { card: card.name, rank: card.rank });
  if (parts.length) label += `; ${t('web-pattern-needs', { parts: parts.join('; ') })}`;
  if ((card.marked || []).length) label += `; ${t('web-pattern-marked', { n: card.marked.length })}`;
  if ((card.arrows || []).length) label += `; ${t('web-pattern-arrows', { arrows: card.arrows.join(' ') })}`;
  return label;
}

// ---------- the board ----------

/**
 * The board: a grid of 69 buttons (cut corners left empty) with row and
 * column labels. Returns an object to update pieces and highlights.
 */
export function createBoard(container, { onClick, onHover } = {}) {
  container.classList.add('board');
  container.setAttribute('role', 'grid');
  container.setAttribute('aria-label', t('web-the-board'));
  const buttons = new Map();
  let flipped = false;
  // one tab stop for the whole board (a roving tab index): the square that
  // takes the focus; the arrow keys move it from square to square
  let roving = 'e5';
  const rove = (name, focus) => {
    if (!buttons.has(name)) return;
    buttons.get(roving)?.setAttribute('tabindex', '-1');
    roving = name;
    const b = buttons.get(name);
    b.setAttribute('tabindex', '0');
    if (focus) b.focus();
  };
  const ARROWS = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
  container.addEventListener('keydown', (e) => {
    const step = ARROWS[e.key];
    if (!step || e.ctrlKey || e.metaKey || e.altKey) return;
    e.preventDefault();
    // as the board is drawn: a flipped board turns the arrows round too
    const [dx, dy] = flipped ? [-step[0], -step[1]] : step;
    let c = COLUMNS.indexOf(roving[0]);
    let r = Number(roving.slice(1)) - 1;
    // over the cut corners to the next square on the board, if any
    for (let k = 0; k < 9; k++) {
      c += dx;
      r += dy;
      if (c < 0 || c > 8 || r < 0 || r > 8) return;
      if (onBoard(c, r)) return rove(squareName(c, r), true);
    }
  });

  function layout() {
    container.replaceChildren();
    const cols = [...Array(9).keys()];
    const rows = [...Array(9).keys()].reverse();
    if (flipped) { cols.reverse(); rows.reverse(); }
    const corner = () => Object.assign(document.createElement('div'), { className: 'label corner' });
    const colLabels = () => {
      container.append(corner());
      for (const c of cols) container.append(Object.assign(document.createElement('div'), { className: 'label', textContent: COLUMNS[c] }));
      container.append(corner());
    };
    colLabels();
    for (const r of rows) {
      const row = document.createElement('div');
      row.setAttribute('role', 'row');
      row.className = 'board-row';
      row.append(Object.assign(document.createElement('div'), { className: 'label', textContent: String(r + 1) }));
      for (const c of cols) {
        if (!onBoard(c, r)) {
          row.append(Object.assign(document.createElement('div'), { className: 'cut' }));
          continue;
        }
        const name = squareName(c, r);
        let b = buttons.get(name);
        if (!b) {
          b = document.createElement('button');
          b.type = 'button';
          b.className = 'sq';
          b.dataset.sq = name;
          b.tabIndex = name === roving ? 0 : -1;
          b.setAttribute('role', 'gridcell');
          if (RED_SQUARES.has(name)) { b.classList.add('sq-red'); b.append(squareMarkSvg('red')); }
          if (GREEN_SQUARES.has(name)) { b.classList.add('sq-green'); b.append(squareMarkSvg('green')); }
          if (CENTRAL_SQUARES.has(name)) b.classList.add('sq-central');
          const name_ = Object.assign(document.createElement('span'), { className: 'sq-name', textContent: name });
          const slot = Object.assign(document.createElement('span'), { className: 'slot' });
          b.append(name_, slot);
          b.addEventListener('click', () => onClick && onClick(name));
          b.addEventListener('mouseenter', () => onHover && onHover(name));
          b.addEventListener('mouseleave', () => onHover && onHover(null));
          b.addEventListener('focus', () => {
            if (roving !== name) rove(name, false);
            if (onHover) onHover(name);
          });
          b.addEventListener('blur', () => onHover && onHover(null));
          buttons.set(name, b);
        }
        row.append(b);
      }
      row.append(Object.assign(document.createElement('div'), { className: 'label', textContent: String(r + 1) }));
      container.append(row);
    }
    colLabels();
  }
  layout();

  const HIGHLIGHTS = ['target', 'summon-at', 'pattern', 'marked-sq', 'last', 'last-main', 'selected', 'dest', 'effect-at', 'hover-option'];
  let pieces = new Map();
  let gateways = new Map();

  return {
    buttons,
    setFlipped(f) { flipped = !!f; layout(); },
    get flipped() { return flipped; },
    setPieces(map) {
      pieces = map;
      for (const [name, b] of buttons) {
        const p = map.get(name);
        const slot = b.querySelector('.slot');
        const key = p ? `${p.color}-${p.rank}` : '';
        b.classList.toggle('occupied', !!p);
        if (slot.dataset.key !== key) {
          slot.replaceChildren();
          if (p) slot.append(pieceSvg(p.color, p.rank));
          slot.dataset.key = key;
        }
      }
    },
    /**
     * Nethervoid: each seat's Gateway ({square: colour label}), drawn as a
     * dashed ring with a gate glyph on its piece (not by colour alone), with
     * a title and a word in the square's label.
     */
    setGateways(map) {
      gateways = map;
      for (const [name, b] of buttons) {
        const who = map.get(name);
        const old = b.querySelector('.gateway-mark');
        if (old && old.dataset.who === (who || '')) continue;
        if (old) old.remove();
        b.classList.toggle('gateway', !!who);
        if (who) {
          const m = Object.assign(document.createElement('span'), { className: 'gateway-mark' });
          m.dataset.who = who;
          m.title = t('web-gateway-of', { color: who });
          m.setAttribute('aria-hidden', 'true');
          const ring = svg('svg', { viewBox: '0 0 100 100', class: 'gateway-ring' });
          ring.append(svg('circle', { cx: 50, cy: 50, r: 46 }));
          m.append(ring, Object.assign(document.createElement('span'), { className: 'gateway-glyph', textContent: 'G' }));
          b.append(m);
        }
        b.setAttribute('aria-label', describeSquare(name, pieces.get(name), {}, gateways));
      }
    },
    /**
     * Pieces destroyed in the turn shown, drawn faded on their squares
     * ([{at, piece: {color, rank}}]); an empty list clears them.
     */
    setGhosts(list) {
      const want = new Map(list.map((g) => [g.at, g.piece]));
      for (const [name, b] of buttons) {
        const old = b.querySelector('.ghost');
        const p = want.get(name);
        const key = p ? `${p.color}-${p.rank}` : '';
        if (old && old.dataset.key === key) continue;
        if (old) old.remove();
        if (p) {
          const g = Object.assign(document.createElement('span'), { className: 'ghost' });
          g.dataset.key = key;
          g.setAttribute('aria-hidden', 'true');
          g.append(pieceSvg(p.color, p.rank));
          b.append(g);
        }
        b.classList.toggle('has-ghost', !!p);
      }
    },
    /**
     * Short animations of events just received: a moved piece slides from
     * its old square, a new piece appears, a destroyed one fades. Nothing
     * moves when the reader asks for reduced motion.
     */
    animate(events) {
      const reduce = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
      if (reduce) return;
      for (const e of events) {
        if (e.kind === 'moved') {
          const from = buttons.get(e.from);
          const to = buttons.get(e.to);
          const piece = to && to.querySelector('.slot svg');
          if (!from || !to || !piece || !piece.animate) continue;
          const a = from.getBoundingClientRect();
          const b = to.getBoundingClientRect();
          piece.animate([{ transform: `translate(${a.left - b.left}px, ${a.top - b.top}px)` }, { transform: 'translate(0, 0)' }],
            { duration: 350, easing: 'ease-out' });
        } else if (e.kind === 'placed' || e.kind === 'summoned' || e.kind === 'converted' || e.kind === 'upgraded' || e.kind === 'downgraded') {
          const piece = buttons.get(e.at)?.querySelector('.slot svg');
          if (piece && piece.animate) piece.animate([{ transform: 'scale(0.4)', opacity: 0.3 }, { transform: 'scale(1)', opacity: 1 }], { duration: 300, easing: 'ease-out' });
        } else if (e.kind === 'destroyed') {
          const ghost = buttons.get(e.at)?.querySelector('.ghost');
          if (ghost && ghost.animate) ghost.animate([{ opacity: 1, transform: 'scale(1)' }, { opacity: 0.35, transform: 'scale(0.8)' }], { duration: 500, easing: 'ease-in' });
        }
      }
    },
    /** highlights: {class: Set of squares}; every square gets a readable label. */
    setHighlights(h) {
      container.classList.toggle('many', !!(h.target && h.target.size > 16));
      for (const [name, b] of buttons) {
        for (const cls of HIGHLIGHTS) b.classList.toggle(cls, !!(h[cls] && h[cls].has(name)));
        const clickable = !!(h.clickable && h.clickable.has(name));
        b.classList.toggle('clickable', clickable);
        b.setAttribute('aria-disabled', clickable ? 'false' : 'true');
        b.setAttribute('aria-label', describeSquare(name, pieces.get(name), h, gateways));
      }
      // the tab stop goes to the first square that can be chosen, unless
      // the reader is on the board already
      const first = [...buttons.keys()].find((name) => h.clickable && h.clickable.has(name));
      if (first && !container.contains(document.activeElement) && !(h.clickable.has(roving))) rove(first, false);
    },
  };
}

function describeSquare(name, piece, h, gateways) {
  const bits = [name];
  if (RED_SQUARES.has(name)) bits.push(t('web-red-square'));
  if (GREEN_SQUARES.has(name)) bits.push(t('web-green-square'));
  if (CENTRAL_SQUARES.has(name)) bits.push(t('web-central'));
  bits.push(piece ? t('piece', { color: colorName(piece.color), c: piece.color, rank: piece.rank }) : t('web-empty'));
  if (gateways && gateways.has(name)) bits.push(t('web-gateway-of', { color: gateways.get(name) }));
  if (h['summon-at'] && h['summon-at'].has(name)) bits.push(t('web-can-summon-here'));
  if ((h.last && h.last.has(name)) || (h['last-main'] && h['last-main'].has(name))) bits.push(t('web-touched-last-turn'));
  if (h.clickable && h.clickable.has(name)) bits.push(t('web-choice'));
  return bits.join(', ');
}

/**
 * Nethervoid: the Gateways of a view's seats, {square: colour name} (a
 * seat's `gateway` is public, in every view).
 */
export function gatewaysOf(view) {
  const map = new Map();
  for (const s of view.seats || []) if (s.gateway) map.set(s.gateway, colorName(s.color));
  return map;
}

/** Pieces on the board: counts by color of all pieces and of upgraded ones. */
export function countPieces(pieces) {
  const n = {};
  for (const { color, rank } of pieces.values()) {
    n[color] = n[color] || { total: 0, upgraded: 0 };
    n[color].total++;
    if (rank !== 'common') n[color].upgraded++;
  }
  return n;
}

/**
 * A card as an element: name, rank, kind, its pattern diagram and its text
 * (flares: their two thresholds). `actions` are extra buttons to append.
 */
export function cardElement(card, color, { tag = 'div', attrs = {}, actions = [], note = null } = {}) {
  const el = document.createElement(tag);
  el.className = `card card-${card.kind || 'being'}`;
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  el.dataset.card = card.id;
  const head = document.createElement('div');
  head.className = 'card-head';
  const name = document.createElement('span');
  name.className = 'card-name';
  name.textContent = card.name;
  head.append(name);
  if (card.kind !== 'flare') {
    const rank = document.createElement('span');
    rank.className = `card-rank rank-${card.rank}`;
    rank.title = rankWord(card.rank);
    rank.append(pieceSvg(color, card.rank));
    rank.append(document.createTextNode(t('web-rank-letter', { rank: card.rank })));
    head.append(rank);
  }
  el.append(head);
  const kind = document.createElement('div');
  kind.className = 'card-kind';
  kind.textContent = card.kind === 'flare'
    ? t('web-card-kind-flare', { upper: card.flare.upper, lower: card.flare.lower })
    : t('web-card-kind', { kind: card.kind === 'legend' ? 'legend' : 'being', rank: card.rank });
  el.append(kind);
  if (card.kind !== 'flare') {
    const d = document.createElement('div');
    d.className = 'card-pattern';
    d.append(patternDiagram(card, color));
    el.append(d);
  }
  const text = document.createElement('p');
  text.className = 'card-text';
  text.textContent = card.text;
  el.append(text);
  if (card.warp) {
    // Etherweave: the warp effect, played from the hand instead
    const w = document.createElement('p');
    w.className = 'card-warp';
    w.textContent = `⟲ ${t('web-card-warp', { text: card.warp })}`;
    el.append(w);
  }
  if (note) {
    const n = document.createElement('div');
    n.className = 'card-note';
    n.textContent = note;
    el.append(n);
  }
  if (actions.length) {
    const a = document.createElement('div');
    a.className = 'card-actions';
    a.append(...actions);
    el.append(a);
  }
  return el;
}

/** The side of the board in use, as the server says (`view.side`): the
 * `tasks` side marks the central squares, the `deathmatch` side does not. */
export function showSide(container, side) {
  container.classList.toggle('board-deathmatch', side === 'deathmatch');
}

/** The key to the board's marks. */
export function fillLegend(el, { choices = true } = {}) {
  const item = (...children) => {
    const s = document.createElement('span');
    s.append(...children);
    return s;
  };
  const box = (cls) => Object.assign(document.createElement('span'), { className: `hl ${cls}` });
  for (const rank of RANKS) el.append(item(pieceSvg('blue', rank), rankWord(rank)));
  el.append(item(`◇ ${t('web-red-square')}`), item(`◯ ${t('web-green-square')}`), item(`⋯ ${t('web-central-squares')}`));
  if (choices) el.append(item(box('hl-target'), t('web-legend-choice')), item(box('hl-summon'), `✦ ${t('web-legend-summon-here')}`));
  el.append(item(box('hl-last'), t('web-legend-last-turn')));
}
