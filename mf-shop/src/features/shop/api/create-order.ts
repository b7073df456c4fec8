import type { CreateOrderRequest, Order } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/shop/create_order: an unpaid order for one product. */
export function createOrder(comboId: string) {
  return call<Order>('shop/create_order', { combo_id: comboId } satisfies CreateOrderRequest, { loading: true });
}
