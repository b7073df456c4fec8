import { desc, eq, ilike, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders, trades, users, type Order } from '../../db/schema.js';
import { containsPattern } from '../../lib/like-pattern.js';

/**
 * Reads of the money path for the back office: trades with their order and buyer. Read-only;
 * every write of orders and trades stays in modules/orders and modules/fulfilment.
 */
export function createTradesAdminRepository(db: Db) {
  return {
    /**
     * The newest `limit` trades, those containing `text` (case-insensitive) in the buyer's e-mail,
     * the trade id, the platform's number, the order id or the channel code when it is not ''.
     */
    async list(limit: number, text: string) {
      const pattern = containsPattern(text);
      return db
        .select({
          id: trades.id,
          email: users.email,
          desc: orders.desc,
          externalId: trades.externalId,
          fromChannel: trades.fromChannel,
          amountCents: trades.amountCents,
          rewardCents: trades.rewardCents,
          payMode: trades.payMode,
          device: trades.device,
          provider: trades.provider,
          status: trades.status,
          createdAt: trades.createdAt,
          addTraffic: orders.addTraffic,
          addVipDuration: orders.addVipDuration,
          orderId: trades.orderId,
          note: trades.note,
        })
        .from(trades)
        .innerJoin(orders, eq(orders.id, trades.orderId))
        .innerJoin(users, eq(users.id, trades.userId))
        .where(
          text === ''
            ? undefined
            : or(
                ilike(users.email, pattern),
                ilike(trades.id, pattern),
                ilike(trades.externalId, pattern),
                ilike(trades.orderId, pattern),
                ilike(trades.fromChannel, pattern),
              ),
        )
        .orderBy(desc(trades.createdAt), desc(trades.id))
        .limit(limit);
    },

    async order(orderId: string): Promise<Order | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
      return row;
    },
  };
}

export type TradesAdminRepository = ReturnType<typeof createTradesAdminRepository>;
export type TradeListRow = Awaited<ReturnType<TradesAdminRepository['list']>>[number];
