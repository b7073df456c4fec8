import { prizeDiscountPercent, type PrizeDraw, type PrizeInfo, type PrizeOffer } from '@portal/contracts';
import { formatGB } from '../../../lib/units';
import { lotteryLabels as t } from '../lottery-labels';

/** A chance (0–1) as a percent with 2 decimals. */
export const chanceText = (probability: number) => `${(probability * 100).toFixed(2)}%`;

/** What a prize gives, one phrase each (traffic, VIP days, the discount coupon); 未中奖 for nothing. */
export function gainsOf(
  prize: Pick<PrizeOffer, 'gainTraffic' | 'gainVipTime' | 'hasDiscountCoupon' | 'discountValue' | 'discountDuration'>,
): string[] {
  const gains: string[] = [];
  if (prize.gainTraffic > 0) gains.push(t.traffic(formatGB(prize.gainTraffic)));
  if (prize.gainVipTime > 0) gains.push(t.vip(prize.gainVipTime));
  if (prize.hasDiscountCoupon) gains.push(t.coupon(prizeDiscountPercent(prize.discountValue), prize.discountDuration));
  return gains.length === 0 ? [t.nothing] : gains;
}

/** What one draw gave (the coupon as issued). */
export function drawGains(draw: PrizeDraw): string[] {
  const gains: string[] = [];
  if (draw.gainTraffic > 0) gains.push(t.traffic(formatGB(draw.gainTraffic)));
  if (draw.gainVipTime > 0) gains.push(t.vip(draw.gainVipTime));
  if (draw.coupon !== null) gains.push(`${prizeDiscountPercent(draw.coupon.discount)}折扣券`);
  return gains.length === 0 ? [t.nothing] : gains;
}

/** Why the user cannot draw now (the server says the same), or null. */
export function drawRefusal(info: PrizeInfo): string | null {
  if (!info.paidUser) return t.paidOnly;
  if (info.prizes.length === 0) return t.unavailable;
  if (info.permanentTraffic < info.cost) return t.notEnough;
  return null;
}

/** After a draw: the traffic left and the draw first in the records. */
export function afterDraw(info: PrizeInfo, draw: PrizeDraw, permanentTraffic: number, shown: number): PrizeInfo {
  return { ...info, permanentTraffic, draws: [draw, ...info.draws.filter((d) => d._id !== draw._id)].slice(0, shown) };
}
