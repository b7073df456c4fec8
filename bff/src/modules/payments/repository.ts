import { and, between, eq, gt, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { chainTransfers, trades } from '../../db/schema.js';
import { USDT_LATE_CONFIRMATION_MS, type ChainTransfer, type WatchedTrade } from './usdt.js';

/** The unique index that keeps open USDT amounts apart (schema.ts). */
export const OPEN_USDT_AMOUNT_INDEX = 'trades_open_usdt_amount_uq';

/** Payments' own columns of trades, and the chain transfers. Every function takes the database or transaction to use. */
export const paymentsRepository = {
  /** A paid trade's note: non-empty when its money went to shop credit instead of its order (fulfilment). */
  async tradeNote(tx: Db, tradeId: string): Promise<string | undefined> {
    const [row] = await tx.select({ note: trades.note }).from(trades).where(eq(trades.id, tradeId));
    return row?.note;
  },

  async setProvider(tx: Db, tradeId: string, provider: string): Promise<void> {
    await tx.update(trades).set({ provider }).where(eq(trades.id, tradeId));
  },

  /**
   * Amounts (thousandths) in [from, to] that a transfer could still pay an unpaid USDT trade with:
   * open trades, and cancelled ones (an order that expired, a buyer who chose again) until the
   * watcher stops looking for them (expiry + USDT_LATE_CONFIRMATION_MS). A payer who sends the
   * amount they were shown after their trade was cancelled must not pay someone else's order.
   */
  async openUsdtAmounts(tx: Db, from: number, to: number): Promise<Set<number>> {
    const rows = await tx
      .select({ milli: trades.usdtAmountMilli })
      .from(trades)
      .where(
        and(
          eq(trades.provider, 'usdt'),
          ne(trades.status, 'paied'),
          isNotNull(trades.usdtAmountMilli),
          between(trades.usdtAmountMilli, from, to),
          gt(trades.expiresAt, sql`now() - make_interval(secs => ${USDT_LATE_CONFIRMATION_MS / 1000})`),
        ),
      );
    return new Set(rows.map((r) => Number(r.milli)));
  },

  /**
   * Gives the trade its USDT amount, address and expiry: made + minutes, never past the order's
   * own expiry (the trade's expiry until now), so the deadline the buyer is shown is one the order
   * keeps. Throws a unique violation of OPEN_USDT_AMOUNT_INDEX when another open trade holds the
   * amount.
   */
  async assignUsdt(
    tx: Db,
    tradeId: string,
    amount: { milli: number; address: string; minutes: number },
  ): Promise<Date> {
    const [row] = await tx
      .update(trades)
      .set({
        provider: 'usdt',
        usdtAmountMilli: amount.milli,
        usdtAddress: amount.address,
        expiresAt: sql`least(${trades.createdAt} + make_interval(mins => ${amount.minutes}::int), ${trades.expiresAt})`,
      })
      .where(eq(trades.id, tradeId))
      .returning({ expiresAt: trades.expiresAt });
    if (row === undefined) throw new Error(`trade ${tradeId} does not exist`);
    return row.expiresAt;
  },

  /**
   * Epay trades (of the given platforms) not paid `olderThan` after they were made and whose
   * window ended after `expiredAfter`: candidates for asking the gateway whether they were paid.
   */
  async unsettledEpayTrades(db: Db, platforms: readonly string[], olderThan: Date, expiredAfter: Date, limit = 100) {
    if (platforms.length === 0) return [];
    return db
      .select({ id: trades.id, provider: trades.provider, amountCents: trades.amountCents })
      .from(trades)
      .where(
        and(
          inArray(trades.provider, [...platforms]),
          // Cancelled too: an order that expired or was paid another way may still have been paid
          // here; settling credits such a late payment to the wallet, as a late notify would.
          inArray(trades.status, ['topay', 'cancled']),
          lt(trades.createdAt, olderThan),
          gt(trades.expiresAt, expiredAfter),
        ),
      )
      .orderBy(trades.createdAt)
      .limit(limit);
  },

  /** USDT trades to the address, not paid, whose window ended after `expiredAfter`. */
  async watchedUsdtTrades(db: Db, address: string, expiredAfter: Date): Promise<WatchedTrade[]> {
    const rows = await db
      .select({
        id: trades.id,
        amountCents: trades.amountCents,
        usdtAmountMilli: trades.usdtAmountMilli,
        usdtAddress: trades.usdtAddress,
        status: trades.status,
        createdAt: trades.createdAt,
        expiresAt: trades.expiresAt,
      })
      .from(trades)
      .where(
        and(
          eq(trades.provider, 'usdt'),
          eq(trades.usdtAddress, address),
          ne(trades.status, 'paied'),
          isNotNull(trades.usdtAmountMilli),
          gt(trades.expiresAt, expiredAfter),
        ),
      );
    return rows.map((r) => ({
      id: r.id,
      amountCents: r.amountCents,
      usdtAmountMilli: Number(r.usdtAmountMilli),
      usdtAddress: r.usdtAddress ?? '',
      open: r.status === 'topay',
      createdAt: r.createdAt,
      expiresAt: r.expiresAt,
    }));
  },

  /** Which of these transactions already paid a trade. */
  async recordedTransfers(db: Db, txIds: readonly string[]): Promise<Set<string>> {
    if (txIds.length === 0) return new Set();
    const rows = await db
      .select({ txId: chainTransfers.txId })
      .from(chainTransfers)
      .where(inArray(chainTransfers.txId, [...txIds]));
    return new Set(rows.map((r) => r.txId));
  },

  async recordTransfer(db: Db, tradeId: string, transfer: ChainTransfer & { amountMilli: number }): Promise<void> {
    await db
      .insert(chainTransfers)
      .values({
        txId: transfer.txId,
        tradeId,
        fromAddress: transfer.from,
        toAddress: transfer.to,
        amountMilli: transfer.amountMilli,
        blockTime: transfer.blockTime,
      })
      .onConflictDoNothing();
  },
};

export type PaymentsRepository = typeof paymentsRepository;
