import { describe, expect, it } from 'vitest';
import { isMenuAtEnd, MENU_END_THRESHOLD_PX, revealScrollLeft, wheelScrollLeft } from './menu-scroll';

const box = (scrollLeft: number, clientWidth = 200, scrollWidth = 600) => ({ scrollLeft, clientWidth, scrollWidth });
const wheel = (deltaY: number, deltaX = 0, deltaMode = 0) => ({ deltaX, deltaY, deltaMode });

describe('menu at end', () => {
  it('uses the spec threshold of 20 px', () => {
    expect(MENU_END_THRESHOLD_PX).toBe(20);
  });

  it('is not at the end while more than 20 px remain to the right', () => {
    expect(isMenuAtEnd(box(0))).toBe(false);
    expect(isMenuAtEnd(box(379))).toBe(false);
  });

  it('is at the end within 20 px of the right edge', () => {
    expect(isMenuAtEnd(box(380))).toBe(true);
    expect(isMenuAtEnd(box(400))).toBe(true);
  });

  it('counts a menu that does not overflow as being at its end (no hint)', () => {
    expect(isMenuAtEnd(box(0, 600, 600))).toBe(true);
    expect(isMenuAtEnd(box(0, 600, 590))).toBe(true);
  });
});

describe('reveal the current tab', () => {
  it('leaves the menu alone when the tab is fully visible', () => {
    expect(revealScrollLeft(box(100), 120, 60)).toBeNull();
  });

  it('centres a tab hidden to the right', () => {
    expect(revealScrollLeft(box(0), 450, 60)).toBe(450 - 70);
  });

  it('centres a tab partly hidden to the left', () => {
    expect(revealScrollLeft(box(300), 280, 60)).toBe(280 - 70);
  });

  it('never scrolls past either end', () => {
    expect(revealScrollLeft(box(200), 10, 60)).toBe(0);
    expect(revealScrollLeft(box(0), 560, 40)).toBe(400);
  });
});

describe('mouse wheel scrolls the menu sideways', () => {
  it('moves the menu right for a downward wheel and left for an upward one', () => {
    expect(wheelScrollLeft(box(100), wheel(100))).toBe(200);
    expect(wheelScrollLeft(box(100), wheel(-60))).toBe(40);
  });

  it('converts line and page wheel modes to pixels', () => {
    expect(wheelScrollLeft(box(0), wheel(3, 0, 1))).toBe(48);
    expect(wheelScrollLeft(box(0), wheel(1, 0, 2))).toBe(200);
  });

  it('stops at the ends', () => {
    expect(wheelScrollLeft(box(350), wheel(200))).toBe(400);
    expect(wheelScrollLeft(box(30), wheel(-200))).toBe(0);
  });

  it('lets the page scroll when the menu cannot move further that way', () => {
    expect(wheelScrollLeft(box(400), wheel(100))).toBeNull();
    expect(wheelScrollLeft(box(0), wheel(-100))).toBeNull();
  });

  it('ignores sideways gestures and menus that fit', () => {
    expect(wheelScrollLeft(box(100), wheel(10, 40))).toBeNull();
    expect(wheelScrollLeft(box(0, 600, 600), wheel(100))).toBeNull();
  });
});
