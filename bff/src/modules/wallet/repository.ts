import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users, walletLedger, type WalletEntry } from '../../db/schema.js';

/** Every statement takes the transaction it belongs to: balances move only with their ledger row. */
export const walletRepository = {
  /** The balance, row-locked until the transaction ends (a read that is followed by a decision). */
  async lockBalance(tx: Db, userId: string): Promise<number | undefined> {
    const [row] = await tx.select({ money: users.walletMoney }).from(users).where(eq(users.id, userId)).for('update');
    return row?.money;
  },

  /** Adds a signed amount unless the balance would go below zero; the new balance, or undefined. */
  async add(tx: Db, userId: string, cents: number): Promise<number | undefined> {
    const [row] = await tx
      .update(users)
      .set({ walletMoney: sql`${users.walletMoney} + ${cents}` })
      .where(and(eq(users.id, userId), sql`${users.walletMoney} + ${cents} >= 0`))
      .returning({ money: users.walletMoney });
    return row?.money;
  },

  async insertEntry(tx: Db, entry: typeof walletLedger.$inferInsert): Promise<void> {
    await tx.insert(walletLedger).values(entry);
  },

  async wallet(db: Db, userId: string) {
    const [row] = await db
      .select({ money: users.walletMoney, address: users.walletAddress, addressType: users.walletAddressType })
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
