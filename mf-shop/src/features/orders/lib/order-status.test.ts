import { describe, expect, it } from 'vitest';
import { GiB, type OrderStatus } from '@portal/contracts';
import {
  gainedText,
  isUnpaid,
  matchesFilter,
  newestFirst,
  paidAmount,
  parseFilter,
  statusLabel,
} from './order-status.js';

const statuses: OrderStatus[] = ['topay', 'wallet_spend', 'paied', 'cancled'];

describe('order status', () => {
  it('labels paied 成功, topay and wallet_spend 未支付, cancled 已取消', () => {
    expect(statuses.map(statusLabel)).toEqual(['未支付', '未支付', '成功', '已取消']);
    expect(statusLabel('refunded')).toBe('refunded');
  });

  it('lets only unpaid orders (topay, wallet_spend) be cancelled', () => {
    expect(statuses.filter(isUnpaid)).toEqual(['topay', 'wallet_spend']);
  });

  it('filters all, unpaid (topay + wallet_spend) and paid (paied)', () => {
    const orders = statuses.map((status) => ({ status }));
    expect(orders.filter((o) => matchesFilter(o, 'all'))).toHaveLength(4);
    expect(orders.filter((o) => matchesFilter(o, 'unpaid')).map((o) => o.status)).toEqual(['topay', 'wallet_spend']);
    expect(orders.filter((o) => matchesFilter(o, 'paid')).map((o) => o.status)).toEqual(['paied']);
  });

  it('reads the filter from the address, all by default', () => {
    expect(parseFilter('paid')).toBe('paid');
    expect(parseFilter('unpaid')).toBe('unpaid');
    expect(parseFilter(null)).toBe('all');
    expect(parseFilter('everything')).toBe('all');
  });
});

describe('order figures', () => {
  it('pays the order amount less the coupon, in cents', () => {
    expect(paidAmount({ order_money: 30, coupon_discount: 5.1 })).toBe(24.9);
    expect(paidAmount({ order_money: 5, coupon_discount: 8 })).toBe(0);
  });

  it('states traffic in GB, days, or both', () => {
    expect(gainedText({ add_traffic: 115 * GiB, add_vip_duration: 0 })).toBe('115.00 GB 流量');
    expect(gainedText({ add_traffic: 0, add_vip_duration: 33 })).toBe('33 天时长');
    expect(gainedText({ add_traffic: 10 * GiB, add_vip_duration: 7 })).toBe('10.00 GB 流量 + 7 天时长');
    expect(gainedText({ add_traffic: 0, add_vip_duration: 0 })).toBe('—');
  });

  it('lists the newest order first', () => {
    const sorted = newestFirst([
      { create_time: '2026-11-01T10:00:00Z' },
      { create_time: 'garbage' },
      { create_time: '2026-11-20T10:00:00Z' },
    ]);
    expect(sorted.map((o) => o.create_time)).toEqual(['2026-11-20T10:00:00Z', '2026-11-01T10:00:00Z', 'garbage']);
  });
});
