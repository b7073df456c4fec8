import { and, asc, desc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders, trades, type Order, type Trade } from '../../db/schema.js';

export const OPEN_STATUSES = ['topay', 'wallet_spend'] as const;

/**
 * SQL of orders and their trades, for the orders module and for fulfilment (the paying half of
 * the same domain, registered separately because the payments module sits between the two).
 * Lock order on the money path: the order row first, then its trades, then the (coupon, user)
 * advisory lock, the coupon row, coupon uses, and user rows last (several: in id order).
 */
export const ordersRepository = {
  async insertOrder(db: Db, order: typeof orders.$inferInsert): Promise<Order> {
    const [row] = await db.insert(orders).values(order).returning();
    return row!;
  },

  /** The user's order, row-locked until the transaction ends; undefined for anyone else's. */
  async lockOwnOrder(tx: Db, userId: string, orderId: string): Promise<Order | undefined> {
    const [row] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
      .for('update');
    return row;
  },

  async lockOrder(tx: Db, orderId: string): Promise<Order | undefined> {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    return row;
  },

  async updateOrder(tx: Db, orderId: string, fields: Partial<typeof orders.$inferInsert>): Promise<Order> {
    const [row] = await tx.update(orders).set(fields).where(eq(orders.id, orderId)).returning();
    return row!;
  },

  async ownOrders(db: Db, userId: string, limit: number): Promise<Order[]> {
    return db
      .select()
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit);
  },

  /** Open orders whose time is up, oldest first (the partial index on expires_at serves it). */
  async dueOrderIds(db: Db, at: Date, limit: number): Promise<string[]> {
    const rows = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(inArray(orders.status, [...OPEN_STATUSES]), lte(orders.expiresAt, at)))
      .orderBy(asc(orders.expiresAt))
      .limit(limit);
    return rows.map((r) => r.id);
  },

  async findTrade(db: Db, tradeId: string): Promise<Trade | undefined> {
    const [row] = await db.select().from(trades).where(eq(trades.id, tradeId));
    return row;
  },

  async lockTrade(tx: Db, tradeId: string): Promise<Trade | undefined> {
    const [row] = await tx.select().from(trades).where(eq(trades.id, tradeId)).for('update');
    return row;
  },

  async insertTrade(tx: Db, trade: typeof trades.$inferInsert): Promise<Trade> {
    const [row] = await tx.insert(trades).values(trade).returning();
    return row!;
  },

  async updateTrade(tx: Db, tradeId: string, fields: Partial<typeof trades.$inferInsert>): Promise<Trade> {
    const [row] = await tx.update(trades).set(fields).where(eq(trades.id, tradeId)).returning();
    return row!;
  },

  /** Cancels the order's open trades, but `exceptTradeId`. */
  async cancelOpenTrades(tx: Db, orderId: string, exceptTradeId?: string): Promise<void> {
    const open = and(eq(trades.orderId, orderId), eq(trades.status, 'topay'));
    await tx
      .update(trades)
      .set({ status: 'cancled' })
      .where(exceptTradeId === undefined ? open : and(open, ne(trades.id, exceptTradeId)));
  },

  /**
   * trade_status, the call the checkout polls every 3 s: one query on two primary keys, prepared
   * once. A paid order answers paid whichever of its trades brought the money; a trade whose money
   * went to the wallet instead (the order was closed) answers cancelled, so the poll stops
   * without announcing a purchase.
   */
  prepareTradeStatus(db: Db) {
    return db
      .select({
        status: sql<Trade['status']>`CASE WHEN ${orders.status} = 'paied' THEN 'paied'::trade_status
          WHEN ${trades.status} = 'paied' THEN 'cancled'::trade_status ELSE ${trades.status} END`,
        addTraffic: orders.addTraffic,
        addVipDuration: orders.addVipDuration,
      })
      .from(trades)
      .innerJoin(orders, eq(orders.id, trades.orderId))
      .where(and(eq(trades.id, sql.placeholder('tradeId')), eq(trades.userId, sql.placeholder('userId'))))
      .limit(1)
      .prepare('trade_status');
  },
};
