import type { Order } from '@portal/contracts';
import { shopLabels } from '@portal/contracts/shop-labels';
import { bytesToGB, formatDateTime, formatYuan } from '@portal/platform';
import { statusLabel } from '../lib/order-status';
import { DialogFrame } from '@portal/ui/dialog-frame';
import { FieldList } from '../../../components/field-list';

const t = shopLabels.orders;
const f = t.fields;

/** Every field of the order, as a description list (spec-2 §3 "order"). */
export function orderDetailRows(order: Order): [string, string][] {
  const none = t.none;
  return [
    [f.id, order._id],
    [f.desc, order.desc],
    [f.order_money, `¥${formatYuan(order.order_money)}`],
    [f.coupon, order.coupon_code ? shopLabels.confirm.couponUsed(order.coupon_name, order.coupon_code) : none],
    [f.couponType, order.couponType ? t.couponTypes[order.couponType] : none],
    [f.coupon_discount, `¥${formatYuan(order.coupon_discount)}`],
    [f.wallet_spend, `¥${formatYuan(order.wallet_spend)}`],
    [f.pay_money, `¥${formatYuan(order.pay_money)}`],
    [f.status, statusLabel(order.status)],
    [f.create_time, formatDateTime(order.create_time)],
    [f.add_traffic, `${bytesToGB(order.add_traffic)} GB`],
    [f.add_vip_duration, `${order.add_vip_duration} 天`],
    [f.gainPermission, order.gainPermission.length ? order.gainPermission.join('、') : none],
    [f.permissionDuration, order.permissionDuration > 0 ? `${order.permissionDuration} 天` : none],
    [f.user_feedback, order.user_feedback || none],
  ];
}

export function OrderDetailDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  return (
    <DialogFrame
      title={t.detailTitle}
      testId="order-detail-dialog"
      onClose={onClose}
      cancelLabel={shopLabels.payment.close}
    >
      <FieldList rows={orderDetailRows(order)} />
    </DialogFrame>
  );
}
