import type { OrderFeedbackRequest } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/order/feedback: a short problem report on one order. */
export function orderFeedback(orderId: string, msg: string) {
  return call<unknown>('order/feedback', { order_id: orderId, msg } satisfies OrderFeedbackRequest);
}
