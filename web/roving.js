// One tab stop for a group of controls (a roving tab index): the hand's
// cards, the list of choices. Tab enters the group at its current item and
// leaves it; the arrow keys (and Home, End) move between its items. The
// board does the same for its squares (`board.js`).

const NEXT = new Set(['ArrowRight', 'ArrowDown']);
const PREV = new Set(['ArrowLeft', 'ArrowUp']);

/** The item's key, to find it again after the group is drawn anew. */
const keyOf = (el) => el.dataset.rovingKey || el.dataset.card || el.dataset.choice || el.textContent;

/**
 * Makes the `selector` items of `container` one tab stop: the current one
 * (kept across redraws by its key) takes the focus; the controls inside
 * the other items leave the tab order with them. Call after each redraw.
 */
export function roving(container, selector) {
  const items = [...container.querySelectorAll(selector)];
  if (!items.length) return;
  let at = items.findIndex((el) => keyOf(el) === container.dataset.rovingAt);
  if (at < 0) at = 0;
  items.forEach((el, i) => {
    const on = i === at;
    el.tabIndex = on ? 0 : -1;
    // an item's own buttons (a card's Discard) only with their item
    for (const inner of el.querySelectorAll('button, a[href], [tabindex]')) inner.tabIndex = on ? 0 : -1;
  });
  container.dataset.rovingAt = keyOf(items[at]);
  if (container.dataset.roving) return;
  container.dataset.roving = '1';
  container.addEventListener('focusin', (e) => {
    const item = e.target.closest(selector);
    if (item && container.contains(item) && keyOf(item) !== container.dataset.rovingAt) {
      container.dataset.rovingAt = keyOf(item);
      roving(container, selector);
    }
  });
  container.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const list = [...container.querySelectorAll(selector)];
    const i = list.findIndex((el) => keyOf(el) === container.dataset.rovingAt);
    let j = null;
    if (NEXT.has(e.key)) j = Math.min(list.length - 1, i + 1);
    else if (PREV.has(e.key)) j = Math.max(0, i - 1);
    else if (e.key === 'Home') j = 0;
    else if (e.key === 'End') j = list.length - 1;
    if (j === null || !list[j]) return;
    e.preventDefault();
    container.dataset.rovingAt = keyOf(list[j]);
    roving(container, selector);
    list[j].focus();
  });
}
