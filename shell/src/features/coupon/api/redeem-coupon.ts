import type { RedeemCouponAnswer, RedeemCouponRequest } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/coupon/redeem_coupon: redeems a trial coupon for the signed-in user. */
export function redeemCoupon(code: string) {
  const payload: RedeemCouponRequest = { code };
  return call<RedeemCouponAnswer>('coupon/redeem_coupon', payload, { loading: true });
}
