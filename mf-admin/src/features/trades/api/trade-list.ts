import type { AdminTrade, TradeListRequest } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/admin/trades/tradelist: the newest `requestNumber` trades, those matching `filterStr`. */
export function tradeList(request: TradeListRequest) {
  return call<AdminTrade[]>('admin/trades/tradelist', request);
}
