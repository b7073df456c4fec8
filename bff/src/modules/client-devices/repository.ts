import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { subscriptionDevices, subscriptionFetches, users, type User } from '../../db/schema.js';
import type { SubscriptionClient } from '../subscriptions/service.js';

/** What a fetch without a hardware id gets (setting subscription_no_hwid). */
export type NoHwidMode = 'allow' | 'count' | 'refuse';

/** Served, or why the client gets the informative entry instead of lines. */
export type Admission = 'ok' | 'device_limit' | 'no_hwid';

/** The one device that stands for every fetch without a hardware id, when they are counted. */
export const UNKNOWN_HWID = 'unknown';

/** A user's fetches kept at most (the oldest go at each write), besides the 30 days of the retention job. */
export const FETCHES_KEPT_PER_USER = 200;

/** The limit a user's devices count against: the operator's, else the package's; 0 is none. */
export function deviceLimitOf(user: Pick<User, 'deviceNum' | 'packageDeviceNum'>): number {
  return user.deviceNum > 0 ? user.deviceNum : user.packageDeviceNum;
}

export interface FetchRow {
  userId: string;
  at: Date;
  ip: string;
  userAgent: string;
  hwid: string | null;
  kind: string;
  refused: string | null;
}

export function createClientDevicesRepository(db: Db) {
  const seenBy = (client: SubscriptionClient, at: Date) => ({
    lastSeenAt: at,
    lastIp: client.ip,
    userAgent: client.userAgent,
    ...(client.deviceOs === undefined ? {} : { os: client.deviceOs }),
    ...(client.osVersion === undefined ? {} : { osVersion: client.osVersion }),
    ...(client.deviceModel === undefined ? {} : { model: client.deviceModel }),
  });

  return {
    /**
     * Lets a fetch through, or not: a known device always (its last fetch noted); a new one while
     * the user has fewer devices than the limit (it becomes one of them). New devices of one user
     * are admitted one at a time under the user's row lock, so two at once never both pass a limit
     * of one.
     */
    async admit(
      user: Pick<User, 'id' | 'deviceNum' | 'packageDeviceNum'>,
      client: SubscriptionClient,
      mode: NoHwidMode,
      at: Date,
    ): Promise<Admission> {
      let hwid = client.hwid;
      if (hwid === undefined) {
        if (mode === 'allow') return 'ok';
        if (mode === 'refuse') return 'no_hwid';
        hwid = UNKNOWN_HWID;
      }
      const seen = seenBy(client, at);
      const known = await db
        .update(subscriptionDevices)
        .set(seen)
        .where(and(eq(subscriptionDevices.userId, user.id), eq(subscriptionDevices.hwid, hwid)))
        .returning({ id: subscriptionDevices.id });
      if (known.length > 0) return 'ok';
      const limit = deviceLimitOf(user);
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
        if (limit > 0) {
          const [held] = await tx
            .select({ n: count() })
            .from(subscriptionDevices)
            .where(eq(subscriptionDevices.userId, user.id));
          // The same device may have been admitted meanwhile (two fetches of one new client).
          const [again] = await tx
            .select({ id: subscriptionDevices.id })
            .from(subscriptionDevices)
            .where(and(eq(subscriptionDevices.userId, user.id), eq(subscriptionDevices.hwid, hwid)));
          if (again === undefined && (held?.n ?? 0) >= limit) return 'device_limit';
        }
        await tx
          .insert(subscriptionDevices)
          .values({ userId: user.id, hwid, firstSeenAt: at, ...seen })
          .onConflictDoUpdate({ target: [subscriptionDevices.userId, subscriptionDevices.hwid], set: seen });
        return 'ok';
      });
    },

    async list(userId: string) {
      return db
        .select()
        .from(subscriptionDevices)
        .where(eq(subscriptionDevices.userId, userId))
        .orderBy(desc(subscriptionDevices.lastSeenAt), desc(subscriptionDevices.id));
    },

    /** Removes one of the user's devices (its place is free at once); false when the user has none of that id. */
    async remove(userId: string, id: string): Promise<boolean> {
      const gone = await db
        .delete(subscriptionDevices)
        .where(and(eq(subscriptionDevices.userId, userId), eq(subscriptionDevices.id, id)))
        .returning({ id: subscriptionDevices.id });
      return gone.length > 0;
    },

    async fetches(userId: string, limit: number) {
      return db
        .select()
        .from(subscriptionFetches)
        .where(eq(subscriptionFetches.userId, userId))
        .orderBy(desc(subscriptionFetches.at), desc(subscriptionFetches.id))
        .limit(limit);
    },

    /** Writes a batch of fetches, then trims their users' history to the newest FETCHES_KEPT_PER_USER. */
    async recordFetches(rows: readonly FetchRow[]): Promise<void> {
      if (rows.length === 0) return;
      await db.insert(subscriptionFetches).values([...rows]);
      const userIds = [...new Set(rows.map((row) => row.userId))];
      await db.execute(sql`
        DELETE FROM ${subscriptionFetches} WHERE id IN (
          SELECT id FROM (
            SELECT f.id, row_number() OVER (PARTITION BY f.user_id ORDER BY f.at DESC, f.id DESC) AS n
            FROM ${subscriptionFetches} f WHERE f.user_id IN (${sql.join(
              userIds.map((id) => sql`${id}`),
              sql`, `,
            )})
          ) ranked WHERE ranked.n > ${FETCHES_KEPT_PER_USER})`);
    },

    /** The two figures a user's limit comes from; undefined for an unknown user. */
    async limitsOf(userId: string) {
      const [row] = await db
        .select({ deviceNum: users.deviceNum, packageDeviceNum: users.packageDeviceNum })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    /** Users that exist, of those named (a fetch of a user deleted meanwhile is dropped). */
    async existingUsers(ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(inArray(users.id, [...ids]));
      return new Set(rows.map((row) => row.id));
    },
  };
}

export type ClientDevicesRepository = ReturnType<typeof createClientDevicesRepository>;
