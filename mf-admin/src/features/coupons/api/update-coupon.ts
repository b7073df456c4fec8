import type { AdminCoupon, CouponUpdate } from '@portal/contracts';
import { call } from '@portal/platform';

/**
 * POST /api/yunying/coupon/update_coupon: creates (no `_id`; a Taobao batch of `batchCount` with
 * fresh codes) or changes a coupon; answers the coupons saved.
 */
export function updateCoupon(coupon: CouponUpdate) {
  return call<AdminCoupon[]>('yunying/coupon/update_coupon', coupon);
}
