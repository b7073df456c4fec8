import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users, walletLedger, type WalletEntry } from '../../db/schema.js';

/**
 * How much of a change moves withdrawable money: signed cents of the same sign as the change and
 * no larger (a rebate in, a withdrawal out, a returned deduction), or 'credit-first' for a debit
 * that takes shop credit first and then withdrawable money.
 */
export type WalletSplit = number | 'credit-first';

export interface WalletFigures {
  /** The balance after the change (cents). */
  money: number;
  /** Its withdrawable part after the change (cents). */
  withdrawable: number;
  /** How much of the change moved withdrawable money (signed cents). */
  withdrawableDelta: number;
}

/** Every statement takes the transaction it belongs to: balances move only with their ledger row. */
export const walletRepository = {
  /** The balance, row-locked until the transaction ends (a read that is followed by a decision). */
  async lockBalance(tx: Db, userId: string): Promise<{ money: number; withdrawable: number } | undefined> {
    const [row] = await tx
      .select({ money: users.walletMoney, withdrawable: users.walletWithdrawable })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    return row;
  },

  /**
   * Adds a signed amount unless the balance (or, for a withdrawal, its withdrawable part) would go
   * below zero; the new figures, or undefined. The user's row is locked first, so the split of a
   * debit is decided on figures nobody else changes before the UPDATE.
   */
  async add(tx: Db, userId: string, cents: number, split: WalletSplit): Promise<WalletFigures | undefined> {
    const [row] = await tx
      .select({ money: users.walletMoney, withdrawable: users.walletWithdrawable })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (row === undefined) return undefined;
    const money = row.money + cents;
    const withdrawable = split === 'credit-first' ? Math.min(row.withdrawable, money) : row.withdrawable + split;
    if (money < 0 || withdrawable < 0) return undefined;
    await tx.update(users).set({ walletMoney: money, walletWithdrawable: withdrawable }).where(eq(users.id, userId));
    return { money, withdrawable, withdrawableDelta: withdrawable - row.withdrawable };
  },

  /** What of an order's wallet deduction is withdrawable money (cents): its spends less its returns. */
  async heldWithdrawable(tx: Db, userId: string, orderId: string): Promise<number> {
    const [row] = await tx
      .select({ sum: sql<string | null>`sum(${walletLedger.withdrawableCents})` })
      .from(walletLedger)
      .where(
        and(
          eq(walletLedger.userId, userId),
          eq(walletLedger.orderId, orderId),
          inArray(walletLedger.kind, ['spend', 'refund']),
        ),
      );
    return Math.max(0, -Number(row?.sum ?? 0));
  },

  async insertEntry(tx: Db, entry: typeof walletLedger.$inferInsert): Promise<void> {
    await tx.insert(walletLedger).values(entry);
  },

  async wallet(db: Db, userId: string) {
    const [row] = await db
      .select({
        money: users.walletMoney,
        withdrawable: users.walletWithdrawable,
        address: users.walletAddress,
        addressType: users.walletAddressType,
      })
      .from(users)
      .where(eq(users.id, userId));
    return row;
  },

  /** Newest first; rows of one transaction share created_at, the id orders them. */
  async entries(db: Db, userId: string, limit: number): Promise<WalletEntry[]> {
    return db
      .select()
      .from(walletLedger)
      .where(eq(walletLedger.userId, userId))
      .orderBy(desc(walletLedger.createdAt), desc(walletLedger.id))
      .limit(limit);
  },
};
