import type { TradeStatus, TradeStatusRequest } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/shop/trade_status: polled while a payment dialog is open. */
export function tradeStatus(tradeId: string) {
  return call<TradeStatus>('shop/trade_status', { trade_id: tradeId } satisfies TradeStatusRequest);
}
