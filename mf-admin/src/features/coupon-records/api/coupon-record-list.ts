import type { CouponRecord, CouponRecordListRequest } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/yunying/coupon/coupon_record_list: the most recent `limit` uses (default 100), newest first. */
export function couponRecordList(request: CouponRecordListRequest) {
  return call<CouponRecord[]>('yunying/coupon/coupon_record_list', request);
}
