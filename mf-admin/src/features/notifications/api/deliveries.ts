import type { DeliveriesRequest, NotificationDelivery } from '@portal/contracts';
import { call } from '@portal/platform';

/** A delivery as the screen lists it: the engine's rows are keyed by `_id`. */
export type DeliveryRow = NotificationDelivery & { _id: string };

/** POST /api/admin/notifications/deliveries: the newest deliveries first. */
export async function deliveryList(request: DeliveriesRequest) {
  const result = await call<NotificationDelivery[]>('admin/notifications/deliveries', request);
  return result.code === 0
    ? { ...result, data: result.data.map((row) => ({ ...row, _id: String(row.id) })) }
    : { ...result, data: [] as DeliveryRow[] };
}

/** POST /api/admin/notifications/resend: the delivery queued again from its first try. */
export function resendDelivery(id: number) {
  return call<unknown>('admin/notifications/resend', { id });
}

/** POST /api/admin/notifications/test: a webhook.test event to every channel that takes it. */
export function sendTestNotification() {
  return call<unknown>('admin/notifications/test');
}
