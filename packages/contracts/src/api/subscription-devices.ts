import { Type, type Static } from '@sinclair/typebox';
import { UserId } from './users-admin.js';

/**
 * Subscription devices (issue 27, docs/subscriptions.md "Devices"): the clients that fetched a
 * user's subscription with a hardware id, the limit they count against, and who fetched the link.
 * /api/user/subscription_devices, /api/user/remove_subscription_device, and the operator's
 * /api/admin/users/subscription_devices and /api/admin/users/remove_subscription_device (ours).
 */

/** One device as its owner (or an operator) sees it. */
export interface SubscriptionDevice {
  id: string;
  /** `x-device-model` ("iPhone15,2"), '' when the client sent none. */
  model: string;
  /** `x-device-os` and `x-ver-os` ("iOS 17.5"), '' when the client sent none. */
  os: string;
  /** The client's User-Agent ("Happ/2.7.1"). */
  client: string;
  /** The fetches that came without a hardware id, counted as one device (an operator's setting). */
  unknown: boolean;
  firstSeenAt: string;
  lastSeenAt: string;
  lastIp: string;
}

/** The user's devices and the limit they count against (0: no limit). */
export interface SubscriptionDevices {
  limit: number;
  devices: SubscriptionDevice[];
}

/** One fetch of the link, for the operator's user detail. */
export interface SubscriptionFetch {
  at: string;
  ip: string;
  userAgent: string;
  hwid: string | null;
  kind: string;
  /** Why the client got the informative entry instead of lines: device_limit or no_hwid. */
  refused: string | null;
}

/** The operator's view: the devices and the latest fetches. */
export interface AdminSubscriptionDevices extends SubscriptionDevices {
  /** The operator's own limit on the user (0: the package's). */
  deviceNum: number;
  /** The package's device count, kept at purchase (0: none). */
  packageDeviceNum: number;
  fetches: SubscriptionFetch[];
}

const DeviceId = Type.String({ pattern: '^[0-9a-f]{32}$' });

/** /api/user/remove_subscription_device: one of the caller's devices; another's is answered as unknown. */
export const RemoveSubscriptionDeviceRequest = Type.Object({ id: DeviceId }, { additionalProperties: false });
export type RemoveSubscriptionDeviceRequest = Static<typeof RemoveSubscriptionDeviceRequest>;

/** /api/admin/users/remove_subscription_device */
export const AdminRemoveSubscriptionDeviceRequest = Type.Object(
  { uid: UserId, id: DeviceId },
  { additionalProperties: false },
);
export type AdminRemoveSubscriptionDeviceRequest = Static<typeof AdminRemoveSubscriptionDeviceRequest>;
