import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders, trades, users, type Order } from '../../db/schema.js';
import { containsPattern } from '../../lib/like-pattern.js';
import { searchWindowEdge } from '../../lib/search-window.js';

/**
 * How many of the newest trades the free text is first looked for in, by every field and any part
 * of it (the table walked newest first along trades_created_idx, then stopped). A search that
 * wants more than it finds there goes on through indexes only (see `list`).
 */
export const TRADE_SEARCH_WINDOW = 20_000;

/** Our ids (trades, orders) are 24 hex characters: such a text is first tried as a whole number. */
const looksLikeId = (text: string) => /^[0-9a-f]{24}$/i.test(text);

const listColumns = {
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
};

/**
 * Reads of the money path for the back office: trades with their order and buyer. Read-only;
 * every write of orders and trades stays in modules/orders and modules/fulfilment.
 */
export function createTradesAdminRepository(db: Db, { searchWindow = TRADE_SEARCH_WINDOW } = {}) {
  const newestFirst = [desc(trades.createdAt), desc(trades.id)] as const;
  const selectTrades = () =>
    db
      .select(listColumns)
      .from(trades)
      .innerJoin(orders, eq(orders.id, trades.orderId))
      .innerJoin(users, eq(users.id, trades.userId));

  return {
    /**
     * The newest `limit` trades, those containing `text` (case-insensitive) in the buyer's e-mail,
     * the trade id, the platform's number, the order id or the channel code when it is not ''.
     *
     * A search must not read every trade (500 k trades joined to their buyers took 1.3 s), so:
     * 1. a text shaped like our ids is looked up as a trade or order number (primary key, order
     *    index); when that finds trades, they are the answer;
     * 2. else the newest TRADE_SEARCH_WINDOW trades are searched by every field and any part;
     * 3. when that leaves the answer short and older trades exist, the older ones are found through
     *    indexes only: the buyers whose e-mail contains the text (trigrams on PostgreSQL) and the
     *    exact trade, order or platform number or channel code. A part of a number finds a trade
     *    among the newest TRADE_SEARCH_WINDOW only.
     */
    async list(limit: number, text: string) {
      if (text === '')
        return selectTrades()
          .orderBy(...newestFirst)
          .limit(limit);
      const key = text.toLowerCase();
      if (looksLikeId(text)) {
        const exact = await selectTrades()
          .where(or(eq(trades.id, key), eq(trades.orderId, key), sql`lower(${trades.externalId}) = ${key}`))
          .orderBy(...newestFirst)
          .limit(limit);
        if (exact.length > 0) return exact;
      }
      const pattern = containsPattern(text);
      // The buyers whose e-mail contains the text come from the users' trigram index first, so
      // the window is filtered on the trades' own columns, not joined to every buyer.
      const buyers = sql`(SELECT u.id FROM ${users} u WHERE u.email ILIKE ${pattern})`;
      const matches = or(
        sql`${trades.userId} IN ${buyers}`,
        ilike(trades.id, pattern),
        ilike(trades.externalId, pattern),
        ilike(trades.orderId, pattern),
        ilike(trades.fromChannel, pattern),
      );
      const edge = searchWindowEdge(trades, searchWindow);
      const found = await selectTrades()
        .where(and(sql`(${trades.createdAt}, ${trades.id}) >= ${edge}`, matches))
        .orderBy(...newestFirst)
        .limit(limit);
      if (found.length >= limit) return found;
      const olderThanWindow = sql`(${trades.createdAt}, ${trades.id}) < ${edge}`;
      const [older] = await db.select({ id: trades.id }).from(trades).where(olderThanWindow).limit(1);
      if (older === undefined) return found;
      const candidates = sql`(
        SELECT t.id FROM ${trades} t WHERE t.user_id IN ${buyers}
        UNION SELECT t.id FROM ${trades} t WHERE t.id = ${key} OR t.order_id = ${key}
          OR lower(t.external_id) = ${key} OR lower(t.from_channel) = ${key}
      )`;
      const rest = await selectTrades()
        .where(and(sql`${trades.id} IN ${candidates}`, olderThanWindow))
        .orderBy(...newestFirst)
        .limit(limit - found.length);
      return [...found, ...rest];
    },

    async order(orderId: string): Promise<Order | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
      return row;
    },
  };
}

export type TradesAdminRepository = ReturnType<typeof createTradesAdminRepository>;
export type TradeListRow = Awaited<ReturnType<TradesAdminRepository['list']>>[number];
