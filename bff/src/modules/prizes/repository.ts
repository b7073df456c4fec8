import { and, asc, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { coupons, prizeDraws, prizes, type PrizeDrawRow, type PrizeRow } from '../../db/schema.js';

export type PrizeFields = Omit<PrizeRow, 'id' | 'createdAt' | 'deletedAt'>;

/** A draw with its coupon (when it issued one) and its prize's image now. */
export interface DrawWithCoupon extends PrizeDrawRow {
  couponCode: string | null;
  couponDiscount: number | null;
  couponExpireTime: Date | null;
  photoUrl: string | null;
}

const live = isNull(prizes.deletedAt);

/** Every function takes the database or the transaction it must run in. */
export const prizesRepository = {
  /** Prizes not deleted, in the order they were made (the screen's 序号). */
  async list(db: Db): Promise<PrizeRow[]> {
    return db.select().from(prizes).where(live).orderBy(asc(prizes.createdAt), asc(prizes.id));
  },

  /** Prizes that can be drawn: not deleted, weight above 0. */
  async drawable(db: Db): Promise<PrizeRow[]> {
    return db
      .select()
      .from(prizes)
      .where(and(live, gt(prizes.weight, 0)))
      .orderBy(asc(prizes.createdAt), asc(prizes.id));
  },

  /** A prize not deleted; `lock` locks its row for the transaction (an operator's edit). */
  async find(db: Db, id: string, { lock = false } = {}): Promise<PrizeRow | undefined> {
    const query = db
      .select()
      .from(prizes)
      .where(and(eq(prizes.id, id), live));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  },

  async insert(db: Db, row: PrizeFields & { id: string }): Promise<void> {
    await db.insert(prizes).values(row);
  },

  async update(db: Db, id: string, fields: PrizeFields): Promise<void> {
    await db
      .update(prizes)
      .set(fields)
      .where(and(eq(prizes.id, id), live));
  },

  /** Deleted prizes stay for the draws naming them; false when none was live. */
  async softDelete(db: Db, id: string, at: Date): Promise<boolean> {
    const rows = await db
      .update(prizes)
      .set({ deletedAt: at })
      .where(and(eq(prizes.id, id), live))
      .returning({ id: prizes.id });
    return rows.length > 0;
  },

  async insertDraw(db: Db, row: typeof prizeDraws.$inferInsert): Promise<void> {
    await db.insert(prizeDraws).values(row);
  },

  /** The user's latest draws, newest first, with the coupon they issued and the prize's image now. */
  async draws(db: Db, userId: string, limit: number, drawId?: string): Promise<DrawWithCoupon[]> {
    return db
      .select({
        id: prizeDraws.id,
        userId: prizeDraws.userId,
        prizeId: prizeDraws.prizeId,
        prizeName: prizeDraws.prizeName,
        cost: prizeDraws.cost,
        gainTraffic: prizeDraws.gainTraffic,
        gainVipTime: prizeDraws.gainVipTime,
        couponId: prizeDraws.couponId,
        day: prizeDraws.day,
        createdAt: prizeDraws.createdAt,
        couponCode: coupons.code,
        couponDiscount: coupons.discount,
        couponExpireTime: coupons.expireTime,
        photoUrl: prizes.photoUrl,
      })
      .from(prizeDraws)
      .leftJoin(coupons, eq(coupons.id, prizeDraws.couponId))
      .leftJoin(prizes, and(eq(prizes.id, prizeDraws.prizeId), live))
      .where(
        drawId === undefined
          ? eq(prizeDraws.userId, userId)
          : and(eq(prizeDraws.userId, userId), eq(prizeDraws.id, drawId)),
      )
      .orderBy(desc(prizeDraws.createdAt), desc(prizeDraws.id))
      .limit(limit);
  },
};
