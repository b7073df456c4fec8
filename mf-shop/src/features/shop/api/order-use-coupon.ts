import type { Order, OrderUseCouponRequest } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/coupon/orderUseCoupon: applies a cash or discount coupon; answers the updated order. */
export function orderUseCoupon(orderId: string, code: string) {
  return call<Order>('coupon/orderUseCoupon', { order_id: orderId, code } satisfies OrderUseCouponRequest);
}
