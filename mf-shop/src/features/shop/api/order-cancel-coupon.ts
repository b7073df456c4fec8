import type { Order, OrderIdRequest } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/coupon/orderCancleCoupon: takes the coupon off the order again. */
export function orderCancelCoupon(orderId: string) {
  return call<Order>('coupon/orderCancleCoupon', { order_id: orderId } satisfies OrderIdRequest);
}
