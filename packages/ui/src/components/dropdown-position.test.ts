import { describe, expect, it } from 'vitest';
import { dropdownPlacement } from './dropdown-position.js';

const phone = { width: 375, height: 667 };
const desktop = { width: 1280, height: 800 };

describe('dropdown placement', () => {
  it('lines an end-aligned panel up with the right edge of its trigger', () => {
    const p = dropdownPlacement({
      trigger: { top: 10, bottom: 46, left: 1100, right: 1136 },
      viewport: desktop,
      width: 320,
      align: 'end',
    });
    expect(p).toEqual({ top: 54, left: 816, width: 320, maxHeight: 800 - 54 - 8 });
  });

  it('keeps a wide panel inside a 375 px viewport with 8 px to spare on each side', () => {
    const p = dropdownPlacement({
      trigger: { top: 10, bottom: 46, left: 290, right: 326 },
      viewport: phone,
      width: 400,
      align: 'end',
    });
    expect(p.width).toBe(359);
    expect(p.left).toBe(8);
    expect(p.left + p.width).toBeLessThanOrEqual(375 - 8);
  });

  it('moves a start-aligned panel left when it would run off the right edge', () => {
    const p = dropdownPlacement({
      trigger: { top: 0, bottom: 40, left: 300, right: 340 },
      viewport: phone,
      width: 200,
      align: 'start',
    });
    expect(p.left).toBe(375 - 8 - 200);
  });

  it('opens upwards from a trigger low on a phone, using the room above', () => {
    const p = dropdownPlacement({
      trigger: { top: 600, bottom: 640, left: 0, right: 40 },
      viewport: phone,
      width: 200,
      align: 'start',
    });
    expect(p.top).toBeUndefined();
    expect(p.bottom).toBe(667 - 600 + 8);
    expect(p.maxHeight).toBe(600 - 8 - 8);
  });

  it('stays downwards when the room below is enough', () => {
    const p = dropdownPlacement({
      trigger: { top: 300, bottom: 340, left: 0, right: 40 },
      viewport: phone,
      width: 200,
      align: 'start',
    });
    expect(p.top).toBe(348);
    expect(p.bottom).toBeUndefined();
  });

  it('never offers less than a usable height', () => {
    const p = dropdownPlacement({
      trigger: { top: 100, bottom: 140, left: 0, right: 40 },
      viewport: { width: 375, height: 200 },
      width: 200,
      align: 'start',
    });
    expect(p.maxHeight).toBe(120);
  });
});
