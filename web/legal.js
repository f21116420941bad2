// The legal list as the server sends it (`view.legal`,
// docs/server-protocol.md "What the view holds"), its groups opened into
// one choice each: shared by the game page and the puzzles page.

import { offsetSquare } from './board.js';

/**
 * `view.legal` with its groups opened: a group (`each`) is choices alike
 * but for their square; a member is its square (a move's: the square
 * moved to, from the group's `from`), then `<` and the square of a piece
 * taken up, then `:` and the piece destroyed (`d7<a3:r+`; `memberOf`). Its
 * notation is the group's with `@` for the square (and ` from` the piece
 * taken up in a shortage); its words are the group's for the piece it
 * destroys (`onto_labels`), or for taking up a piece (`pickup_label`), or
 * its `label`, with `@` for its square and `#` for the piece's. A
 * summoning's squares are the group's `pattern` and `marked` shifts laid
 * from its square (those on the board).
 */
export function openLegal(list) {
  const out = [];
  const lay = (at, shifts) => (shifts || []).map(([dx, dy]) => offsetSquare(at, dx, dy)).filter((s) => s);
  for (const c of list || []) {
    if (!c.each) {
      out.push(c);
      continue;
    }
    const { each, pattern, marked, pickup_label: pickupLabel, onto_labels: ontoLabels, ...group } = c;
    for (const m of each) {
      const one = memberOf(m);
      const laid = pattern ? { squares: lay(one.at, pattern), marked: lay(one.at, marked) } : {};
      const text = group.text.replace('@', one.at) + (one.pickup ? ` from ${one.pickup}` : '');
      const destroying = one.onto && (ontoLabels || []).find((l) => l.onto === one.onto && !!l.pickup === !!one.pickup);
      const words = (destroying && destroying.label) || (one.pickup && pickupLabel) || group.label;
      const label = words.replace('@', one.at).replace('#', one.pickup || '#');
      if (group.kind === 'move') {
        one.to = one.at;
        delete one.at;
      }
      out.push({ ...group, ...laid, ...one, text, label });
    }
  }
  return out;
}

/**
 * A group's member as the server writes it (`d7`, `d7<a3`, `d7:r+`,
 * `d7<a3:b`: its square, the square of a piece taken up, a piece
 * destroyed; docs/server-protocol.md) as {at, pickup?, onto?}: data in a
 * short form, like the board text, not a choice's notation.
 */
export function memberOf(member) {
  const [squares, onto] = member.split(':');
  const [at, pickup] = squares.split('<');
  const one = { at };
  if (pickup) one.pickup = pickup;
  if (onto) one.onto = onto;
  return one;
}
