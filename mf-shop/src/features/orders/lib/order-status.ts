import type { Order, OrderStatus } from '@portal/contracts';
import { shopLabels } from '@portal/contracts/shop-labels';
import { bytesToGB, toCents } from '@portal/platform';

export const orderFilters = ['all', 'unpaid', 'paid'] as const;
export type OrderFilter = (typeof orderFilters)[number];

/** topay and wallet_spend are both unpaid (spec-2 §4); only these can be cancelled. */
export function isUnpaid(status: OrderStatus): boolean {
  return status === 'topay' || status === 'wallet_spend';
}

/** The filter of the order list: all; unpaid = topay + wallet_spend; paid = paied. */
export function matchesFilter(order: Pick<Order, 'status'>, filter: OrderFilter): boolean {
  if (filter === 'unpaid') return isUnpaid(order.status);
  if (filter === 'paid') return order.status === 'paied';
  return true;
}

/** A filter from the address (?filter=), 'all' for anything unknown. */
export function parseFilter(value: string | null): OrderFilter {
  return (orderFilters as readonly string[]).includes(value ?? '') ? (value as OrderFilter) : 'all';
}

/** paied 成功, topay and wallet_spend 未支付, cancled 已取消; an unknown status shows as it came. */
export function statusLabel(status: string): string {
  return (shopLabels.orders.status as Record<string, string>)[status] ?? status;
}

export function statusColour(status: string): 'green' | 'orange' | 'gray' {
  if (status === 'paied') return 'green';
  return isUnpaid(status as OrderStatus) ? 'orange' : 'gray';
}

/** Yuan the order costs after its coupon: what was (or is to be) paid, wallet included. */
export function paidAmount(order: Pick<Order, 'order_money' | 'coupon_discount'>): number {
  return Math.max(0, toCents(order.order_money) - toCents(order.coupon_discount)) / 100;
}

/** What the order gives: traffic in GB, days, both, or a dash. */
export function gainedText(order: Pick<Order, 'add_traffic' | 'add_vip_duration'>): string {
  const parts: string[] = [];
  if (order.add_traffic > 0) parts.push(shopLabels.orders.gainedTraffic(bytesToGB(order.add_traffic)));
  if (order.add_vip_duration > 0) parts.push(shopLabels.orders.gainedDays(order.add_vip_duration));
  return parts.length ? parts.join(' + ') : shopLabels.orders.nothingGained;
}

/** Newest first; an unreadable time sorts last. */
export function newestFirst<T extends Pick<Order, 'create_time'>>(orders: readonly T[]): T[] {
  const time = (o: T) => {
    const t = Date.parse(o.create_time);
    return Number.isFinite(t) ? t : -Infinity;
  };
  return [...orders].sort((a, b) => time(b) - time(a));
}
