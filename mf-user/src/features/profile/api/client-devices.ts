import type { SubscriptionDevices } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/user/subscription_devices: the clients that imported the link, and the device limit. */
export function listClientDevices() {
  return call<SubscriptionDevices>('user/subscription_devices', {});
}

/** POST /api/user/remove_subscription_device: frees the device's place at once. */
export function removeClientDevice(id: string) {
  return call<unknown>('user/remove_subscription_device', { id });
}
