import { Codes } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { DomainError } from './domain-error.js';
import { centsOf, yuanOf } from './money.js';

// QUALITY 3 at the one place yuan from the wire become cents: whatever a schema lets through,
// this conversion takes whole cents only.
describe('centsOf', () => {
  it.each([
    [0, 0],
    [0.01, 1],
    [1, 100],
    [19.99, 1999],
    [0.1 + 0.2, 30],
    [1e13, 1e15],
  ])('takes %s yuan as %s cents', (yuan, cents) => {
    expect(centsOf(yuan)).toBe(cents);
  });

  it.each([
    ['a fraction of a cent', 0.001],
    ['half a cent', 1.005],
    ['a fraction of a cent on a large amount', 123_456.789],
    ['a negative amount', -1],
    ['a negative cent', -0.01],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-Infinity', Number.NEGATIVE_INFINITY],
    ['2^53 yuan', 2 ** 53],
    ['cents beyond 2^53', 1e14],
    ['Number.MAX_VALUE', Number.MAX_VALUE],
  ])('refuses %s (%s) with INVALID_PAYLOAD', (_what, yuan) => {
    let thrown: unknown;
    try {
      centsOf(yuan);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DomainError);
    expect((thrown as DomainError).code).toBe(Codes.INVALID_PAYLOAD);
    expect((thrown as DomainError).message).toContain('金额无效');
  });

  it('round-trips every cent amount through yuanOf', () => {
    for (const cents of [0, 1, 7, 99, 100, 101, 1999, 123_456_789, 2 ** 40 + 3]) {
      expect(centsOf(yuanOf(cents))).toBe(cents);
    }
  });
});
