import { Codes } from '@portal/contracts';
import { DomainError } from './domain-error.js';

/**
 * Money is integer cents inside the BFF and yuan (at most two decimals) on the wire. These are
 * the only conversions between the two.
 */
export function yuanOf(cents: number): number {
  return cents / 100;
}

/** Whole cents of a yuan amount; anything else (fractions of a cent, NaN, negatives, huge) is refused. */
export function centsOf(yuan: number): number {
  const cents = Math.round(yuan * 100);
  if (!Number.isFinite(yuan) || yuan < 0 || !Number.isSafeInteger(cents) || Math.abs(yuan * 100 - cents) > 1e-6) {
    throw new DomainError(Codes.INVALID_PAYLOAD, `金额无效：${yuan}（以元为单位，最多两位小数）`);
  }
  return cents;
}

/**
 * floor(amount × fraction) in integer arithmetic, the fraction taken to four decimals: plain
 * floating point would turn 1000 × (1 - 0.9) into 99.99999999999999 and floor it to 99.
 */
export function floorPart(amount: number, fraction: number): number {
  const product = amount * Math.round(fraction * 10_000);
  if (!Number.isSafeInteger(product) || product < 0) throw new Error(`floorPart(${amount}, ${fraction}) out of range`);
  return (product - (product % 10_000)) / 10_000;
}
