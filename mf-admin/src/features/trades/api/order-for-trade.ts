import type { Order } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/admin/trades/get_order_for_trade: the order a trade pays (any user's). */
export function orderForTrade(orderId: string) {
  return call<Order>('admin/trades/get_order_for_trade', { order_id: orderId });
}
