import { OrderIdRequest, TradeListRequest } from '@portal/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { backOfficeRoute } from '../audit/index.js';
import type { TradesAdminService } from './service.js';

/** Read-only calls (trades.read): nothing here writes, so nothing is audited. */
export function tradesAdminRoutes(fastify: FastifyInstance, trades: TradesAdminService) {
  backOfficeRoute(
    fastify,
    '/api/admin/trades/tradelist',
    TradeListRequest,
    (request) => trades.list(request),
    'trades.read',
  );
  backOfficeRoute(
    fastify,
    '/api/admin/trades/get_order_for_trade',
    OrderIdRequest,
    ({ order_id }) => trades.order(order_id),
    'trades.read',
  );
}
