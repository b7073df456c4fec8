import { describe, expect, it } from 'vitest';
import { testConfig } from '../../test/build-test-app.js';
import { coolDownMs } from './throttle.js';

describe('coolDownMs', () => {
  it('costs nothing for the free failures, then doubles from the base up to the cap', () => {
    const options = { free: 3, baseMs: 1000, maxMs: 5000 };
    expect([1, 2, 3, 4, 5, 6, 7, 8, 1000].map((n) => coolDownMs(n, options))).toEqual([
      0, 0, 0, 1000, 2000, 4000, 5000, 5000, 5000,
    ]);
  });

  it('by default: 5 free failures per account, then 1, 2, 4, 8 and at most 15 minutes', () => {
    const { accountFree, coolDownMs: baseMs, timeWindowMs } = testConfig().loginRateLimit;
    const minutes = [5, 6, 7, 8, 9, 10, 11].map(
      (n) => coolDownMs(n, { free: accountFree, baseMs, maxMs: timeWindowMs }) / 60_000,
    );
    expect(minutes).toEqual([0, 1, 2, 4, 8, 15, 15]);
  });
});
