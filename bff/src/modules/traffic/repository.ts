import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { trafficGrants, trafficRecords, users } from '../../db/schema.js';

/** Every statement takes the transaction it belongs to: traffic moves only inside the caller's transaction. */
export const trafficRepository = {
  async addTraffic(tx: Db, userId: string, bytes: number): Promise<{ traffic: number; spendTraffic: number } | undefined> {
    const [row] = await tx
      .update(users)
      .set({ traffic: sql`${users.traffic} + ${bytes}` })
      .where(eq(users.id, userId))
      .returning({ traffic: users.traffic, spendTraffic: users.spendTraffic });
    return row;
  },

  async extendVip(tx: Db, userId: string, days: number): Promise<Date | undefined> {
    const [row] = await tx
      .update(users)
      .set({
        vipExpireTime: sql`greatest(now(), coalesce(${users.vipExpireTime}, now())) + make_interval(days => ${days}::int)`,
      })
      .where(eq(users.id, userId))
      .returning({ vipExpireTime: users.vipExpireTime });
    return row?.vipExpireTime ?? undefined;
  },

  /** Sets traffic and/or VIP expiry (an operator's change); the row is locked first to read what it replaces. */
  async setBalances(
    tx: Db,
    userId: string,
    target: { traffic?: number; vipExpireTime?: Date | null },
  ): Promise<{ before: { traffic: number; vipExpireTime: Date | null }; traffic: number; spendTraffic: number } | undefined> {
    const [before] = await tx
      .select({ traffic: users.traffic, vipExpireTime: users.vipExpireTime })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (before === undefined) return undefined;
    const [row] = await tx
      .update(users)
      .set({
        ...(target.traffic === undefined ? {} : { traffic: target.traffic }),
        ...(target.vipExpireTime === undefined ? {} : { vipExpireTime: target.vipExpireTime }),
      })
      .where(eq(users.id, userId))
      .returning({ traffic: users.traffic, spendTraffic: users.spendTraffic });
    return { before, traffic: row!.traffic, spendTraffic: row!.spendTraffic };
  },

  async insertRecord(tx: Db, record: typeof trafficRecords.$inferInsert): Promise<void> {
    await tx.insert(trafficRecords).values(record);
  },

  async insertGrant(tx: Db, grant: typeof trafficGrants.$inferInsert): Promise<void> {
    await tx.insert(trafficGrants).values(grant);
  },
};
