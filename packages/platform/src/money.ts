/**
 * Money on the wire is yuan with at most two decimals; arithmetic on it is done in integer cents
 * so that 0.1 + 0.2 never shows up on a bill.
 */
export function toCents(yuan: number): number {
  return Math.round(yuan * 100);
}

/** Yuan with two decimals ('12.30'), without the currency sign. */
export function formatYuan(yuan: number): string {
  return (toCents(yuan) / 100).toFixed(2);
}
