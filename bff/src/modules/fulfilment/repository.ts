import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  channelRewards,
  combos,
  channels,
  paymentStatsDaily,
  permissions,
  userPermissions,
  users,
  type Channel,
} from '../../db/schema.js';

/** SQL of what a paid order changes besides the order and its trades. */
export const fulfilmentRepository = {
  async buyer(tx: Db, userId: string) {
    const [row] = await tx
      .select({ id: users.id, email: users.email, channelCode: users.channelCode, createdAt: users.createdAt })
      .from(users)
      .where(eq(users.id, userId));
    return row;
  },

  async channelByCode(tx: Db, code: string): Promise<Channel | undefined> {
    const [row] = await tx.select().from(channels).where(eq(channels.code, code));
    return row;
  },

  /** Row-locks the users in id order, so two payments touching the same two users never deadlock. */
  async lockUsers(tx: Db, userIds: string[]): Promise<void> {
    await tx
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, userIds))
      .orderBy(asc(users.id))
      .for('update');
  },

  /**
   * paid_user, and the daily allowance of a time package (null: leave it). An allowance an
   * operator set (the special speed limit, users.special_daily_limit) is left as it is.
   */
  /**
   * The package's device count (issue 27) for the user's device limit, read before the purchase
   * adds anything: with the service still running (traffic left or a time package), the larger of
   * what the user had and the new package's; after it had run out, the new package's alone.
   */
  async keepPackageDeviceNum(tx: Db, userId: string, comboId: string): Promise<void> {
    await tx.execute(sql`
      UPDATE ${users} SET package_device_num = CASE
          WHEN ${users.traffic} > ${users.spendTraffic} OR ${users.vipExpireTime} > now()
            THEN GREATEST(${users.packageDeviceNum}, c.device_num)
          ELSE c.device_num END
      FROM ${combos} c WHERE ${users.id} = ${userId} AND c.id = ${comboId}`);
  },

  async markPaidUser(tx: Db, userId: string, dailyLimitBytes: number | null): Promise<void> {
    await tx
      .update(users)
      .set(
        dailyLimitBytes === null
          ? { paidUser: true }
          : {
              paidUser: true,
              dailyLimit: sql`CASE WHEN ${users.specialDailyLimit} THEN ${users.dailyLimit} ELSE ${dailyLimitBytes}::bigint END`,
            },
      )
      .where(eq(users.id, userId));
  },

  async permissionIdsByName(tx: Db, names: string[]): Promise<Map<string, string>> {
    if (names.length === 0) return new Map();
    const rows = await tx
      .select({ id: permissions.id, name: permissions.name })
      .from(permissions)
      .where(inArray(permissions.name, names));
    return new Map(rows.map((r) => [r.name, r.id]));
  },

  /** Grants or extends a permission by `days` from max(now, its current expiry), and counts the purchase. */
  async grantPermission(tx: Db, userId: string, permissionId: string, days: number): Promise<void> {
    await tx
      .insert(userPermissions)
      .values({ userId, permissionId, expireTime: sql`now() + make_interval(days => ${days}::int)` })
      .onConflictDoUpdate({
        target: [userPermissions.userId, userPermissions.permissionId],
        set: { expireTime: sql`greatest(now(), ${userPermissions.expireTime}) + make_interval(days => ${days}::int)` },
      });
    await tx
      .update(permissions)
      .set({ useTimes: sql`${permissions.useTimes} + 1` })
      .where(eq(permissions.id, permissionId));
  },

  async insertReward(tx: Db, reward: typeof channelRewards.$inferInsert): Promise<void> {
    await tx.insert(channelRewards).values(reward);
  },

  async addPaymentStats(tx: Db, day: string, payNum: number, incomeCents: number): Promise<void> {
    await tx
      .insert(paymentStatsDaily)
      .values({ day, payNum, incomeCents })
      .onConflictDoUpdate({
        target: paymentStatsDaily.day,
        set: {
          payNum: sql`${paymentStatsDaily.payNum} + ${payNum}`,
          incomeCents: sql`${paymentStatsDaily.incomeCents} + ${incomeCents}`,
        },
      });
  },

  async permissionNames(db: Db): Promise<string[]> {
    const rows = await db.select({ name: permissions.name }).from(permissions).orderBy(asc(permissions.name));
    return rows.map((r) => r.name);
  },

  /** Seed data: a user's invite channel, unless the code is taken or the user has one. */
  async insertChannelIfAbsent(db: Db, channel: typeof channels.$inferInsert): Promise<boolean> {
    const rows = await db.insert(channels).values(channel).onConflictDoNothing().returning({ code: channels.code });
    return rows.length > 0;
  },
};
