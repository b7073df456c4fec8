import type { AdminCoupon, CouponListRequest } from '@portal/contracts';
import { call } from '@portal/platform';

/**
 * POST /api/yunying/coupon/coupon_list: the newest `limit` coupons (1000 when absent) of a type
 * and Taobao flag (absent: any), newest first. The server filters and bounds the answer.
 */
export function couponList(request: CouponListRequest = {}) {
  return call<AdminCoupon[]>('yunying/coupon/coupon_list', request);
}
