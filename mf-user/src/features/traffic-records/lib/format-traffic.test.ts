import { describe, expect, it } from 'vitest';
import { GiB, MiB } from '@portal/contracts';
import { formatChange, formatTraffic } from './format-traffic';

describe('formatTraffic', () => {
  it('shows G from 1 G on, M below', () => {
    expect(formatTraffic(16 * GiB)).toBe('16.00 G');
    expect(formatTraffic(GiB)).toBe('1.00 G');
    expect(formatTraffic(200 * MiB)).toBe('200.00 M');
    expect(formatTraffic(0)).toBe('0.00 M');
  });
});

describe('formatChange', () => {
  it('signs credits and debits', () => {
    expect(formatChange(16 * GiB)).toBe('+16.00 G');
    expect(formatChange(-20 * GiB)).toBe('-20.00 G');
    expect(formatChange(-300 * MiB)).toBe('-300.00 M');
    expect(formatChange(0)).toBe('0.00 M');
  });
});
