/** Pure geometry of the header menu's horizontal scrolling (spec-1 §2), kept apart for tests. */

/** The swipe hint disappears once the menu is scrolled to within this many pixels of its end. */
export const MENU_END_THRESHOLD_PX = 20;

export interface ScrollBox {
  scrollLeft: number;
  clientWidth: number;
  scrollWidth: number;
}

const maxScroll = (box: ScrollBox): number => Math.max(0, box.scrollWidth - box.clientWidth);
const clamp = (value: number, min: number, max: number): number => Math.min(Math.max(value, min), max);

/** True when nothing (or less than the threshold) is left to scroll to on the right. */
export function isMenuAtEnd(box: ScrollBox, threshold = MENU_END_THRESHOLD_PX): boolean {
  return maxScroll(box) - box.scrollLeft <= threshold;
}

/**
 * The scroll position that brings an item fully into view, centred when possible; null when the
 * item is already fully visible (then the menu stays where the user left it).
 * `itemLeft` is measured from the start of the scrolled content.
 */
export function revealScrollLeft(box: ScrollBox, itemLeft: number, itemWidth: number): number | null {
  const visible = itemLeft >= box.scrollLeft && itemLeft + itemWidth <= box.scrollLeft + box.clientWidth;
  if (visible) return null;
  return Math.round(clamp(itemLeft - (box.clientWidth - itemWidth) / 2, 0, maxScroll(box)));
}

const LINE_HEIGHT_PX = 16;

/**
 * Turns a vertical wheel movement into a new horizontal scroll position, or null when the wheel
 * should keep its normal meaning: a sideways gesture (trackpads scroll horizontally themselves),
 * a menu that does not overflow, or a menu already at the edge it is pushed towards (so the page
 * scrolls on instead of the wheel getting stuck on the header).
 */
export function wheelScrollLeft(
  box: ScrollBox,
  wheel: { deltaX: number; deltaY: number; deltaMode: number },
): number | null {
  if (wheel.deltaY === 0 || Math.abs(wheel.deltaX) > Math.abs(wheel.deltaY)) return null;
  const max = maxScroll(box);
  if (max === 0) return null;
  const unit = wheel.deltaMode === 1 ? LINE_HEIGHT_PX : wheel.deltaMode === 2 ? box.clientWidth : 1;
  const next = clamp(box.scrollLeft + wheel.deltaY * unit, 0, max);
  return Math.abs(next - box.scrollLeft) < 0.5 ? null : next;
}
