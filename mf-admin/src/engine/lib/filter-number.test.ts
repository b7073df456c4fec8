import { describe, expect, it } from 'vitest';
import { wholeNumberIn } from './filter-number';

describe('wholeNumberIn', () => {
  it('takes a whole number in range and falls back for anything else', () => {
    expect(wholeNumberIn('30', 1, 100, 7)).toBe(30);
    expect(wholeNumberIn('1', 1, 100, 7)).toBe(1);
    expect(wholeNumberIn('100', 1, 100, 7)).toBe(100);
    for (const value of [undefined, '', ' ', '0', '101', '2.5', 'abc', '-3', 'Infinity']) {
      expect(wholeNumberIn(value, 1, 100, 7), String(value)).toBe(7);
    }
  });
});
