import { useCallback } from 'react';
import type { Order } from '@portal/contracts';
import { formatDateTime, formatYuan } from '@portal/platform';
import { RecordDialog, type RecordRow } from '../../../engine/components/record-dialog';
import { orderForTrade } from '../api/order-for-trade';
import { tradeLabels as t } from '../labels';

const f = t.fields;
const yuan = (amount: number) => `¥${formatYuan(amount)}`;

/** spec-2 §3 "order detail": what the order cost, its coupon and wallet deduction, its state and the buyer's feedback. */
export function orderDetailRows(order: Order): RecordRow[] {
  return [
    [f.id, order._id],
    [f.desc, order.desc],
    [f.order_money, yuan(order.order_money)],
    [f.coupon, order.coupon_name || order.coupon_code || t.none],
    [f.coupon_discount, yuan(order.coupon_discount)],
    [f.wallet_spend, yuan(order.wallet_spend)],
    [f.pay_money, yuan(order.pay_money)],
    [f.status, t.status_labels[order.status] ?? order.status],
    [f.create_time, formatDateTime(order.create_time)],
    [f.user_feedback, order.user_feedback || t.none],
  ];
}

export interface OrderDetailDialogProps {
  orderId: string;
  onClose: () => void;
}

/** The order a trade pays, fetched when opened (get_order_for_trade). */
export default function OrderDetailDialog({ orderId, onClose }: OrderDetailDialogProps) {
  const load = useCallback(() => orderForTrade(orderId), [orderId]);
  return (
    <RecordDialog
      title={t.detailTitle}
      testId="trade-order-dialog"
      load={load}
      rows={orderDetailRows}
      onClose={onClose}
    />
  );
}
