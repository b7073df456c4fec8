import type { CouponRecord, CouponRestoreRequest } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/yunying/coupon/restore_record: takes back what one use granted, once. */
export function restoreRecord(id: string) {
  return call<CouponRecord>('yunying/coupon/restore_record', { id } satisfies CouponRestoreRequest);
}
