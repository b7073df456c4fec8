import type { Order } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/order/order_list: the user's orders. */
export function orderList() {
  return call<Order[]>('order/order_list', {});
}
