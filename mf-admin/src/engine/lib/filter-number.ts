/**
 * A whole number from a filter's value in the address, within `min`..`max`; anything else (empty,
 * a fraction, out of range, not a number) is the fallback, so a list call never carries a count
 * its schema refuses.
 */
export function wholeNumberIn(value: string | undefined, min: number, max: number, fallback: number): number {
  const n = value === undefined || value.trim() === '' ? Number.NaN : Number(value);
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
}
