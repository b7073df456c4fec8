import {
  Codes,
  type AdminSubscriptionDevices,
  type SubscriptionDevice,
  type SubscriptionDevices,
} from '@portal/contracts';
import { DomainError } from '../../lib/domain-error.js';
import type { SettingsService } from '../settings/index.js';
import type { SubscriptionClient } from '../subscriptions/service.js';
import type { FetchLog } from './fetch-log.js';
import {
  deviceLimitOf,
  UNKNOWN_HWID,
  type Admission,
  type ClientDevicesRepository,
  type NoHwidMode,
} from './repository.js';

/** The fetches the operator's user detail shows. */
export const FETCHES_SHOWN = 50;

type DeviceRow = Awaited<ReturnType<ClientDevicesRepository['list']>>[number];

function toDevice(row: DeviceRow): SubscriptionDevice {
  return {
    id: row.id,
    model: row.model,
    os: [row.os, row.osVersion].filter((part) => part !== '').join(' '),
    client: row.userAgent,
    unknown: row.hwid === UNKNOWN_HWID,
    firstSeenAt: row.firstSeenAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    lastIp: row.lastIp,
  };
}

export interface ClientDevicesDeps {
  repo: ClientDevicesRepository;
  settings: SettingsService;
  log: FetchLog;
  now?: () => Date;
}

/**
 * Subscription devices (issue 27, docs/subscriptions.md "Devices"): the gate each fetch of a
 * subscription passes, the record of fetches, and the lists the user and the operator see.
 */
export function createClientDevicesService({ repo, settings, log, now = () => new Date() }: ClientDevicesDeps) {
  async function limited(
    userId: string,
    user: { deviceNum: number; packageDeviceNum: number },
  ): Promise<SubscriptionDevices> {
    return { limit: deviceLimitOf(user), devices: (await repo.list(userId)).map(toDevice) };
  }

  return {
    /** Whether this fetch gets lines (`ok`) or the informative entry, and why. */
    async admit(
      user: { id: string; deviceNum: number; packageDeviceNum: number },
      client: SubscriptionClient,
    ): Promise<Admission> {
      const mode = (await settings.get('subscription_no_hwid')) as NoHwidMode;
      return repo.admit(user, client, mode, now());
    },

    /** Queues the fetch for the batched write; never waits on the database. */
    record(userId: string, client: SubscriptionClient, kind: string, admission: Admission): void {
      log.push({
        userId,
        at: now(),
        ip: client.ip,
        userAgent: client.userAgent,
        hwid: client.hwid ?? null,
        kind,
        refused: admission === 'ok' ? null : admission,
      });
    },

    devicesOf: limited,

    /** Writes the fetches still queued (the app's close; tests). */
    flushFetches: (): Promise<void> => log.flush(),

    async remove(userId: string, id: string): Promise<void> {
      if (!(await repo.remove(userId, id))) throw new DomainError(Codes.NOT_FOUND);
    },

    async adminView(
      userId: string,
      user: { deviceNum: number; packageDeviceNum: number },
    ): Promise<AdminSubscriptionDevices> {
      const [devices, fetches] = await Promise.all([limited(userId, user), repo.fetches(userId, FETCHES_SHOWN)]);
      return {
        ...devices,
        deviceNum: user.deviceNum,
        packageDeviceNum: user.packageDeviceNum,
        fetches: fetches.map((row) => ({
          at: row.at.toISOString(),
          ip: row.ip,
          userAgent: row.userAgent,
          hwid: row.hwid,
          kind: row.kind,
          refused: row.refused,
        })),
      };
    },
  };
}

export type ClientDevicesService = ReturnType<typeof createClientDevicesService>;
