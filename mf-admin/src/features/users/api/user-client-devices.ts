import type { AdminSubscriptionDevices } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/admin/users/subscription_devices: the user's subscription devices and latest fetches (users.read). */
export function userClientDevices(userId: string) {
  return call<AdminSubscriptionDevices>('admin/users/subscription_devices', { uid: userId });
}

/** POST /api/admin/users/remove_subscription_device: frees the device's place (users.edit, audited). */
export function removeUserClientDevice(userId: string, id: string) {
  return call<unknown>('admin/users/remove_subscription_device', { uid: userId, id });
}

/** POST /api/admin/users/reset_userkey: a new subscription key; every old link stops working (users.edit, audited). */
export function resetUserKey(userId: string) {
  return call<unknown>('admin/users/reset_userkey', { uid: userId });
}
