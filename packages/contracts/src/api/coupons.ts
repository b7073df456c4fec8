import { Type, type Static } from '@sinclair/typebox';

/** POST /api/coupon/redeem_coupon: trial coupons only (freeUse, freeTime). */
export const RedeemCouponRequest = Type.Object({ code: Type.String({ minLength: 1, maxLength: 64 }) });
export type RedeemCouponRequest = Static<typeof RedeemCouponRequest>;

export interface RedeemCouponAnswer {
  name: string;
  /** Bytes added. */
  traffic: number;
  /** VIP days added. */
  day: number;
  type: 'freeUse' | 'freeTime' | 'cash' | 'discount';
}
