import { and, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { couponUses, coupons, type Coupon, type NewCoupon } from '../../db/schema.js';

/** Every function takes the database or the transaction it must run in. */
export const couponsRepository = {
  /** The coupon a code names now (a deleted coupon's code names nothing). */
  async findByCode(db: Db, code: string): Promise<Coupon | undefined> {
    const [row] = await db
      .select()
      .from(coupons)
      .where(and(eq(coupons.code, code), isNull(coupons.deletedAt)))
      .limit(1);
    return row;
  },

  async findById(db: Db, id: string): Promise<Coupon | undefined> {
    const [row] = await db.select().from(coupons).where(eq(coupons.id, id)).limit(1);
    return row;
  },

  /**
   * Serialises the redemptions of one coupon by one user until the transaction ends, so the
   * per-user count below cannot be read by two of them at once.
   */
  async lockUserCoupon(tx: Db, couponId: string, userId: string): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`coupon-use:${couponId}:${userId}`}, 0))`);
  },

  async countUses(tx: Db, couponId: string, userId: string): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(couponUses)
      .where(and(eq(couponUses.couponId, couponId), eq(couponUses.userId, userId), eq(couponUses.isDeleted, false)));
    return row?.n ?? 0;
  },

  /** Takes one of the coupon's uses; false when none is left (the row lock orders concurrent takers). */
  async takeUse(tx: Db, couponId: string): Promise<boolean> {
    const rows = await tx
      .update(coupons)
      .set({ authTimes: sql`${coupons.authTimes} + 1` })
      .where(and(eq(coupons.id, couponId), lt(coupons.authTimes, coupons.numberOfAuthorizations)))
      .returning({ id: coupons.id });
    return rows.length > 0;
  },

  async insertUse(tx: Db, use: typeof couponUses.$inferInsert): Promise<void> {
    await tx.insert(couponUses).values(use);
  },

  /** Marks the order's live use deleted; the coupon it belonged to, or undefined when there was none. */
  async deleteUseOfOrder(tx: Db, orderId: string): Promise<string | undefined> {
    const [row] = await tx
      .update(couponUses)
      .set({ isDeleted: true })
      .where(and(eq(couponUses.orderId, orderId), eq(couponUses.isDeleted, false)))
      .returning({ couponId: couponUses.couponId });
    return row?.couponId;
  },

  /** Gives one use back to the coupon (the counterpart of takeUse). */
  async giveBackUse(tx: Db, couponId: string): Promise<void> {
    await tx
      .update(coupons)
      .set({ authTimes: sql`${coupons.authTimes} - 1` })
      .where(and(eq(coupons.id, couponId), gt(coupons.authTimes, 0)));
  },

  /** false when the code is taken (by a coupon that is not deleted). */
  async insertIfCodeFree(db: Db, coupon: NewCoupon): Promise<boolean> {
    const rows = await db
      .insert(coupons)
      .values(coupon)
      .onConflictDoNothing({ target: coupons.code, where: sql`${coupons.deletedAt} IS NULL` })
      .returning({ id: coupons.id });
    return rows.length > 0;
  },
};
