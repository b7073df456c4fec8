import { describe, expect, it } from 'vitest';
import { GiB, MiB } from '@portal/contracts';
import {
  dailyLimit,
  dailyRemainingBytes,
  dailyUsagePercent,
  formatGB,
  formatMB,
  hasTimePackage,
  remainingDays,
  unlimitedRemainingBytes,
} from './figures.js';

const now = Date.parse('2026-11-21T02:00:00Z');
const day = 24 * 60 * 60 * 1000;

describe('time package', () => {
  it('shows only while the expiry is in the future', () => {
    expect(hasTimePackage(new Date(now + 1000).toISOString(), now)).toBe(true);
    expect(hasTimePackage(new Date(now).toISOString(), now)).toBe(false);
    expect(hasTimePackage(new Date(now - day).toISOString(), now)).toBe(false);
    expect(hasTimePackage(null, now)).toBe(false);
    expect(hasTimePackage('not a date', now)).toBe(false);
  });

  it('rounds the days left to whole days', () => {
    expect(remainingDays(new Date(now + 30 * day).toISOString(), now)).toBe(30);
    expect(remainingDays(new Date(now + 2.4 * day).toISOString(), now)).toBe(2);
    expect(remainingDays(new Date(now + 2.6 * day).toISOString(), now)).toBe(3);
    expect(remainingDays(new Date(now - 5 * day).toISOString(), now)).toBe(0);
  });
});

describe('daily allowance', () => {
  it('defaults to 50 GiB when the limit is missing', () => {
    expect(dailyLimit(undefined)).toBe(50 * GiB);
    expect(dailyLimit(null)).toBe(50 * GiB);
    expect(dailyLimit(10 * GiB)).toBe(10 * GiB);
  });

  it('is limit minus usage, never below zero', () => {
    expect(dailyRemainingBytes(50 * GiB, 20 * GiB)).toBe(30 * GiB);
    expect(dailyRemainingBytes(50 * GiB, 80 * GiB)).toBe(0);
  });

  it('caps the usage percentage at 100', () => {
    expect(dailyUsagePercent(50 * GiB, 0)).toBe(0);
    expect(dailyUsagePercent(50 * GiB, 25 * GiB)).toBe(50);
    expect(dailyUsagePercent(50 * GiB, 75 * GiB)).toBe(100);
    expect(dailyUsagePercent(0, 1)).toBe(100);
    expect(dailyUsagePercent(0, 0)).toBe(0);
  });
});

describe('unlimited-time traffic', () => {
  it('is traffic minus spendTraffic, shown in GB (1024^3) with 2 decimals', () => {
    expect(formatGB(unlimitedRemainingBytes(100 * GiB, 12 * GiB))).toBe('88.00');
    expect(formatGB(1.5 * GiB + 1)).toBe('1.50');
    expect(formatGB(1_000_000_000)).toBe('0.93');
    expect(formatGB(unlimitedRemainingBytes(0, 0))).toBe('0.00');
  });

  it('shows MB in 1024 steps', () => {
    expect(formatMB(200 * MiB)).toBe('200');
    expect(formatMB(1.5 * MiB)).toBe('1.5');
  });
});
