import type { Order, OrderIdRequest } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/shop/wallet_check: applies the wallet deduction; pay_money 0 when the wallet covers all. */
export function walletCheck(orderId: string) {
  return call<Order>('shop/wallet_check', { order_id: orderId } satisfies OrderIdRequest, { loading: true });
}
