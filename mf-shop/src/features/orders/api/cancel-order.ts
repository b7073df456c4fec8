import type { OrderIdRequest } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/order/cancel_order: releases the coupon and returns the wallet deduction (1026: not cancellable). */
export function cancelOrder(orderId: string) {
  return call<unknown>('order/cancel_order', { order_id: orderId } satisfies OrderIdRequest);
}
