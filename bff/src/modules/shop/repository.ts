import { and, asc, count, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { combos, type Combo, type NewCombo } from '../../db/schema.js';

export const shopRepository = {
  /** Products on sale, by display order; `aboveCents` keeps only those priced above it. */
  async onSale(db: Db, aboveCents: number | null): Promise<Combo[]> {
    const conditions: SQL[] = [isNull(combos.deletedAt)];
    if (aboveCents !== null) conditions.push(gt(combos.priceCents, aboveCents));
    return db
      .select()
      .from(combos)
      .where(and(...conditions))
      .orderBy(asc(combos.orderId), asc(combos.createdAt));
  },

  /** `lock`: the row stays locked until the transaction ends (the admin screen's audited writes). */
  async onSaleById(db: Db, id: string, { lock = false } = {}): Promise<Combo | undefined> {
    const query = db
      .select()
      .from(combos)
      .where(and(eq(combos.id, id), isNull(combos.deletedAt)));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  },

  async countGranting(db: Db, permissionName: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(combos)
      .where(
        and(isNull(combos.deletedAt), sql`${combos.permissionsGain} @> ${JSON.stringify([permissionName])}::jsonb`),
      );
    return row?.n ?? 0;
  },

  /** false when the id is taken. */
  async insertIfAbsent(db: Db, combo: NewCombo): Promise<boolean> {
    const rows = await db
      .insert(combos)
      .values(combo)
      .onConflictDoNothing({ target: combos.id })
      .returning({ id: combos.id });
    return rows.length > 0;
  },

  /** Changes a product on sale; false when there is none with that id. */
  async update(db: Db, id: string, fields: Omit<NewCombo, 'id'>): Promise<boolean> {
    const rows = await db
      .update(combos)
      .set(fields)
      .where(and(eq(combos.id, id), isNull(combos.deletedAt)))
      .returning({ id: combos.id });
    return rows.length > 0;
  },

  async softDelete(db: Db, id: string, at: Date): Promise<boolean> {
    const rows = await db
      .update(combos)
      .set({ deletedAt: at })
      .where(and(eq(combos.id, id), isNull(combos.deletedAt)))
      .returning({ id: combos.id });
    return rows.length > 0;
  },
};
