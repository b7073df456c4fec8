import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { localRecords } from './local-records.js';

describe('local records', () => {
  it('remembers redeemed coupon codes exactly', async () => {
    expect(await localRecords.hasCoupon('TRIAL8G')).toBe(false);
    await localRecords.addCoupon('TRIAL8G');
    expect(await localRecords.hasCoupon('TRIAL8G')).toBe(true);
    expect(await localRecords.hasCoupon('trial8g')).toBe(false);
  });

  it('knows whether a login ever happened in this browser', async () => {
    expect(await localRecords.hasLogin()).toBe(false);
    await localRecords.addLogin();
    expect(await localRecords.hasLogin()).toBe(true);
  });
});
