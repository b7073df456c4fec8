import { Codes, DEFAULT_REQUEST_COUNT, type AdminTrade, type Order } from '@portal/contracts';
import type { TradeListRequest } from '@portal/contracts/schemas';
import { DomainError } from '../../lib/domain-error.js';
import { yuanOf } from '../../lib/money.js';
import { orderToWire } from '../orders/service.js';
import type { TradeListRow, TradesAdminRepository } from './repository.js';

export const tradesAdminTexts = {
  orderMissing: '订单不存在',
} as const;

export function toAdminTrade(row: TradeListRow): AdminTrade {
  return {
    _id: row.id,
    username: row.email,
    desc: row.desc,
    tradeno: row.id,
    platform_tradeno: row.externalId ?? '',
    fromChannel: row.fromChannel ?? '',
    request_pay_amound: yuanOf(row.amountCents),
    rewardMoney: yuanOf(row.rewardCents),
    pay_mode: row.payMode,
    device: row.device,
    third_pay_platform: row.provider,
    status: row.status,
    create_time: row.createdAt.toISOString(),
    add_traffic: row.addTraffic,
    add_vip_duration: row.addVipDuration,
    order_id: row.orderId,
    note: row.note,
  };
}

/** /admin_tradeList (spec-2 §2 item 6): every payment attempt, newest first, and its order. */
export function createTradesAdminService({ repo }: { repo: TradesAdminRepository }) {
  return {
    async list({
      requestNumber = DEFAULT_REQUEST_COUNT.list,
      filterStr = '',
    }: TradeListRequest): Promise<AdminTrade[]> {
      return (await repo.list(requestNumber, filterStr.trim())).map(toAdminTrade);
    },

    /** The order a trade pays, whoever's it is (the admin's view of the user's order detail). */
    async order(orderId: string): Promise<Order> {
      const order = await repo.order(orderId);
      if (order === undefined) throw new DomainError(Codes.NOT_FOUND, tradesAdminTexts.orderMissing);
      return orderToWire(order);
    },
  };
}

export type TradesAdminService = ReturnType<typeof createTradesAdminService>;
