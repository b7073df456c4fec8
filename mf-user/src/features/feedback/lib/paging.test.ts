import { describe, expect, it } from 'vitest';
import { pageCount, pageRows } from './paging';

describe('paging', () => {
  const rows = Array.from({ length: 23 }, (_, i) => i);

  it('counts pages (at least one) and cuts a page, clamping to the last', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(23, 20)).toBe(2);
    expect(pageCount(23, 5)).toBe(5);
    expect(pageCount(23, 'all')).toBe(1);
    expect(pageRows(rows, 0, 20)).toHaveLength(20);
    expect(pageRows(rows, 1, 20)).toEqual([20, 21, 22]);
    expect(pageRows(rows, 9, 20)).toEqual([20, 21, 22]);
    expect(pageRows(rows, 0, 'all')).toHaveLength(23);
    expect(pageRows([], 3, 5)).toEqual([]);
  });
});
