import type { CouponDeleteRequest, CouponsDeleted } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/yunying/coupon/delete_coupon: all or none (a coupon with uses refuses the whole list). */
export function deleteCoupons(ids: string[]) {
  return call<CouponsDeleted>('yunying/coupon/delete_coupon', { id_list: ids } satisfies CouponDeleteRequest);
}
