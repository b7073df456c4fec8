/**
 * The lottery (spec-2 §3 "prize", §5 prize discount, §9 prize defaults and display): the values
 * both sides need, without the TypeBox runtime (the schemas are in api/prizes.ts).
 */

/** The most G one prize may grant (its bytes stay far below 2^53). */
export const PRIZE_MAX_TRAFFIC_G = 1_000_000;
/** The draws the user's lottery page lists, newest first. */
export const PRIZE_DRAWS_SHOWN = 20;

/** spec-2 §3 / §9: a new prize (traffic in G, VIP days). */
export const PRIZE_DEFAULTS = {
  name: '一等奖',
  gainTraffic: 10,
  gainVipTime: 0,
  weight: 1,
  desc: '',
  hasDiscountCoupon: false,
} as const;

/** spec-2 §9: a prize's discount is shown as fraction × 100 percent (0.9 → 90%). */
export const prizeDiscountPercent = (value: number): string => `${Math.round(value * 100)}%`;
