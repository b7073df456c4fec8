import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { couponUses, coupons, orders, users, type Coupon, type NewCoupon } from '../../db/schema.js';

export interface UseRow {
  id: string;
  couponId: string;
  userId: string;
  email: string | null;
  code: string;
  type: Coupon['type'];
  addTraffic: number;
  addDay: number;
  addMoneyCents: number;
  discount: number | null;
  orderId: string | null;
  orderStatus: string | null;
  isDeleted: boolean;
  createdAt: Date;
}

const useColumns = {
  id: couponUses.id,
  couponId: couponUses.couponId,
  userId: couponUses.userId,
  email: users.email,
  code: couponUses.code,
  type: couponUses.type,
  addTraffic: couponUses.addTraffic,
  addDay: couponUses.addDay,
  addMoneyCents: couponUses.addMoneyCents,
  discount: couponUses.discount,
  orderId: couponUses.orderId,
  orderStatus: sql<string | null>`${orders.status}::text`,
  isDeleted: couponUses.isDeleted,
  createdAt: couponUses.createdAt,
};

/** The operations screens' queries; redemption, order uses and code-safe inserts stay in modules/coupons. */
export const couponAdminRepository = {
  /** The newest `limit` coupons of a type and Taobao flag (undefined: any), along coupons_create_time_idx; never deleted ones. */
  async list(
    db: Db,
    filter: { type?: Coupon['type'] | undefined; taobao?: boolean | undefined; limit: number },
  ): Promise<Coupon[]> {
    return db
      .select()
      .from(coupons)
      .where(
        and(
          isNull(coupons.deletedAt),
          filter.type === undefined ? undefined : eq(coupons.type, filter.type),
          filter.taobao === undefined ? undefined : eq(coupons.taobao, filter.taobao),
        ),
      )
      .orderBy(desc(coupons.createTime), desc(coupons.id))
      .limit(filter.limit);
  },

  async lock(db: Db, id: string): Promise<Coupon | undefined> {
    const [row] = await db
      .select()
      .from(coupons)
      .where(and(eq(coupons.id, id), isNull(coupons.deletedAt)))
      .for('update');
    return row;
  },

  async lockMany(db: Db, ids: readonly string[]): Promise<Coupon[]> {
    return db
      .select()
      .from(coupons)
      .where(and(inArray(coupons.id, [...ids]), isNull(coupons.deletedAt)))
      .orderBy(coupons.id)
      .for('update');
  },

  async codeTakenByAnother(db: Db, code: string, id: string): Promise<boolean> {
    const [row] = await db
      .select({ id: coupons.id })
      .from(coupons)
      .where(and(eq(coupons.code, code), ne(coupons.id, id), isNull(coupons.deletedAt)))
      .limit(1);
    return row !== undefined;
  },

  async update(db: Db, id: string, fields: Omit<NewCoupon, 'id' | 'authTimes' | 'createTime'>): Promise<void> {
    await db.update(coupons).set(fields).where(eq(coupons.id, id));
  },

  /** Marks the coupons deleted (soft: their use records and orders keep them). */
  async remove(db: Db, ids: readonly string[]): Promise<number> {
    const rows = await db
      .update(coupons)
      .set({ deletedAt: sql`now()` })
      .where(and(inArray(coupons.id, [...ids]), isNull(coupons.deletedAt)))
      .returning({ id: coupons.id });
    return rows.length;
  },

  /** The most recent uses, newest first, with the user's e-mail and the order's status. */
  async uses(db: Db, limit: number): Promise<UseRow[]> {
    return db
      .select(useColumns)
      .from(couponUses)
      .leftJoin(users, eq(users.id, couponUses.userId))
      .leftJoin(orders, eq(orders.id, couponUses.orderId))
      .orderBy(desc(couponUses.createdAt), desc(couponUses.id))
      .limit(limit);
  },

  /** One use; `lock` locks its row (after the order's, when it has one: the orders' lock order). */
  async use(db: Db, id: string, { lock = false } = {}): Promise<UseRow | undefined> {
    const query = db
      .select(useColumns)
      .from(couponUses)
      .leftJoin(users, eq(users.id, couponUses.userId))
      .leftJoin(orders, eq(orders.id, couponUses.orderId))
      .where(eq(couponUses.id, id));
    const [row] = lock ? await query.for('update', { of: couponUses }) : await query;
    return row;
  },

  async lockOrder(db: Db, orderId: string): Promise<void> {
    await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
  },

  /** Marks a live use restored; false when it was restored already (concurrent restores: one wins). */
  async markRestored(db: Db, id: string): Promise<boolean> {
    const rows = await db
      .update(couponUses)
      .set({ isDeleted: true })
      .where(and(eq(couponUses.id, id), eq(couponUses.isDeleted, false)))
      .returning({ id: couponUses.id });
    return rows.length > 0;
  },
};
