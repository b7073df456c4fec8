import type { AdminCoupon } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/yunying/coupon/coupon_list: every coupon, newest first (the screen filters the rows). */
export function couponList() {
  return call<AdminCoupon[]>('yunying/coupon/coupon_list');
}
