import { DEFAULT_DAILY_LIMIT_BYTES } from '@portal/contracts';

/**
 * The dashboard's arithmetic (spec-1 §4): whole days left on a time package, the daily allowance
 * left and used, and the unlimited-time traffic left. Traffic is in bytes, 1 GB = 1024^3 bytes.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

function expiryTime(vipExpireTime: string | null | undefined): number {
  if (!vipExpireTime) return Number.NaN;
  return new Date(vipExpireTime).getTime();
}

/** The time-package card shows only while the package expiry is in the future. */
export function hasTimePackage(vipExpireTime: string | null | undefined, now: number): boolean {
  const expiry = expiryTime(vipExpireTime);
  return Number.isFinite(expiry) && expiry > now;
}

/** Days left, rounded to whole days. */
export function remainingDays(vipExpireTime: string | null | undefined, now: number): number {
  const expiry = expiryTime(vipExpireTime);
  if (!Number.isFinite(expiry)) return 0;
  return Math.max(0, Math.round((expiry - now) / DAY_MS));
}

/** The daily allowance, 50 GiB when the user has none recorded. */
export function dailyLimit(limit: number | null | undefined): number {
  return typeof limit === 'number' && Number.isFinite(limit) && limit >= 0 ? limit : DEFAULT_DAILY_LIMIT_BYTES;
}

/** Limit minus today's usage, never below zero. */
export function dailyRemainingBytes(limit: number | null | undefined, usage: number): number {
  return Math.max(0, dailyLimit(limit) - Math.max(0, usage));
}

/** Usage over limit as a percentage, capped at 100. */
export function dailyUsagePercent(limit: number | null | undefined, usage: number): number {
  const allowance = dailyLimit(limit);
  const used = Math.max(0, usage);
  if (allowance === 0) return used > 0 ? 100 : 0;
  return Math.min(100, (used / allowance) * 100);
}

/** Unlimited-time traffic left: traffic minus spendTraffic. */
export function unlimitedRemainingBytes(traffic: number, spendTraffic: number): number {
  return traffic - spendTraffic;
}

export { formatGB, formatMB } from '../../../lib/units';
