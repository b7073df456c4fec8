import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { trafficGrants, trafficRecords, users } from '../../db/schema.js';

/** Every statement takes the transaction it belongs to: traffic moves only inside the caller's transaction. */
export const trafficRepository = {
  async addTraffic(
    tx: Db,
    userId: string,
    bytes: number,
  ): Promise<{ traffic: number; spendTraffic: number } | undefined> {
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
  ): Promise<
    { before: { traffic: number; vipExpireTime: Date | null }; traffic: number; spendTraffic: number } | undefined
  > {
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

  /** Locks the user's row; their traffic and spendTraffic. */
  async lockTotals(tx: Db, userId: string): Promise<{ traffic: number; spendTraffic: number } | undefined> {
    const [row] = await tx
      .select({ traffic: users.traffic, spendTraffic: users.spendTraffic })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    return row;
  },

  /** The user's traffic and spendTraffic as they are now (no lock: for display). */
  async totals(db: Db, userId: string): Promise<{ traffic: number; spendTraffic: number } | undefined> {
    const [row] = await db
      .select({ traffic: users.traffic, spendTraffic: users.spendTraffic })
      .from(users)
      .where(eq(users.id, userId));
    return row;
  },

  /**
   * Bytes of time-limited grants not taken back yet: running ones, and lapsed ones the expiry job
   * has not reached. Neither is the user's to give away or spend as permanent traffic.
   */
  async openGrantBytes(tx: Db, userId: string): Promise<number> {
    const [row] = await tx
      .select({ total: sql<string>`coalesce(sum(${trafficGrants.bytes}), 0)` })
      .from(trafficGrants)
      .where(and(eq(trafficGrants.userId, userId), isNull(trafficGrants.settledAt)));
    return Number(row?.total ?? 0);
  },

  /** Grants whose time is up and whose expiry has not been applied, oldest first. */
  async dueGrants(db: Db, at: Date, limit: number): Promise<Array<{ id: number; userId: string; bytes: number }>> {
    return db
      .select({ id: trafficGrants.id, userId: trafficGrants.userId, bytes: trafficGrants.bytes })
      .from(trafficGrants)
      .where(and(isNull(trafficGrants.settledAt), lte(trafficGrants.expiresAt, at)))
      .orderBy(trafficGrants.expiresAt)
      .limit(limit);
  },

  /** Claims a grant's expiry (conditional: only one caller ever gets true). */
  async claimGrant(tx: Db, id: number, at: Date): Promise<boolean> {
    const rows = await tx
      .update(trafficGrants)
      .set({ settledAt: at })
      .where(and(eq(trafficGrants.id, id), isNull(trafficGrants.settledAt)))
      .returning({ id: trafficGrants.id });
    return rows.length === 1;
  },

  /** Moves a future VIP expiry `days` earlier, never before now; a past or missing one stays. */
  async shortenVip(tx: Db, userId: string, days: number): Promise<void> {
    await tx
      .update(users)
      .set({
        vipExpireTime: sql`CASE WHEN ${users.vipExpireTime} > now()
          THEN greatest(now(), ${users.vipExpireTime} - make_interval(days => ${days}::int))
          ELSE ${users.vipExpireTime} END`,
      })
      .where(eq(users.id, userId));
  },

  /** Marks a grant's expiry applied; whether one was still open (an open grant's traffic is still the user's). */
  async settleGrant(tx: Db, source: string, sourceId: string): Promise<'open' | 'settled' | 'none'> {
    const open = await tx
      .update(trafficGrants)
      .set({ settledAt: sql`now()` })
      .where(
        and(eq(trafficGrants.source, source), eq(trafficGrants.sourceId, sourceId), isNull(trafficGrants.settledAt)),
      )
      .returning({ id: trafficGrants.id });
    if (open.length > 0) return 'open';
    const [any] = await tx
      .select({ id: trafficGrants.id })
      .from(trafficGrants)
      .where(and(eq(trafficGrants.source, source), eq(trafficGrants.sourceId, sourceId)))
      .limit(1);
    return any === undefined ? 'none' : 'settled';
  },
};
