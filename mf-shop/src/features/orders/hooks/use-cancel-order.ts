import { useState } from 'react';
import { Codes, shopMessages, type Order } from '@portal/contracts';
import { notify } from '@portal/platform';
import { cancelOrder } from '../api/cancel-order';

/**
 * Cancels an unpaid order (spec-2 §4, §8): success marks it cancelled in the list; 1026 (no
 * longer cancellable) is silently ignored; any other refusal says 订单取消失败.
 */
export function useCancelOrder(onCancelled: (order: Order) => void) {
  const [cancelling, setCancelling] = useState<string | null>(null);
  async function cancel(order: Order) {
    if (cancelling) return;
    setCancelling(order._id);
    const result = await cancelOrder(order._id);
    setCancelling(null);
    if (result.code === Codes.OK) {
      onCancelled(order);
      notify({ kind: 'success', title: shopMessages.orderCancelled });
      return;
    }
    if (result.code === Codes.ORDER_NOT_CANCELLABLE || result.status === 502 || result.code === Codes.SESSION_EXPIRED)
      return;
    notify({ kind: 'error', title: shopMessages.orderCancelFailed });
  }
  return { cancelling, cancel };
}
