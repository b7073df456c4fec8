import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users, withdrawals, type WithdrawalRow } from '../../db/schema.js';

/**
 * The withdrawals table. Statements run in the caller's transaction where there is one (the shared
 * `db` handle joins it); the wallet balance is never written here (modules/wallet does that).
 */
export function createWithdrawalsRepository(db: Db) {
  return {
    async insert(row: typeof withdrawals.$inferInsert): Promise<WithdrawalRow> {
      const [inserted] = await db.insert(withdrawals).values(row).returning();
      return inserted!;
    },

    async openOf(userId: string): Promise<WithdrawalRow | undefined> {
      const [row] = await db
        .select()
        .from(withdrawals)
        .where(and(eq(withdrawals.userId, userId), eq(withdrawals.status, 'request')));
      return row;
    },

    /** The user's withdrawals, newest first. */
    async ofUser(userId: string, limit: number): Promise<WithdrawalRow[]> {
      return db
        .select()
        .from(withdrawals)
        .where(eq(withdrawals.userId, userId))
        .orderBy(desc(withdrawals.requestedAt), desc(withdrawals.id))
        .limit(limit);
    },

    /** Every withdrawal with its user's e-mail, newest first. */
    async list(limit: number) {
      return db
        .select({ row: withdrawals, email: users.email })
        .from(withdrawals)
        .innerJoin(users, eq(users.id, withdrawals.userId))
        .orderBy(desc(withdrawals.requestedAt), desc(withdrawals.id))
        .limit(limit);
    },

    /** One withdrawal, its row locked until the transaction ends (audit snapshots read it first). */
    async lock(id: string): Promise<WithdrawalRow | undefined> {
      const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
      return row;
    },

    /** request → paid, only while request: concurrent settles of one request pay it once. */
    async settle(id: string, txid: string, operatorId: string): Promise<WithdrawalRow | undefined> {
      const [row] = await db
        .update(withdrawals)
        .set({ status: 'paid', txid, paidAt: sql`now()`, paidBy: operatorId })
        .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'request')))
        .returning();
      return row;
    },

    async setMessage(id: string, msg: string): Promise<WithdrawalRow | undefined> {
      const [row] = await db.update(withdrawals).set({ msg }).where(eq(withdrawals.id, id)).returning();
      return row;
    },

    /**
     * Sets the address and stamps the change (`at`) when it replaces a different one (a first
     * address is not a change: there was no payout to divert).
     */
    async setAddress(userId: string, addressType: string, address: string, at: Date): Promise<boolean> {
      const changed = sql`(${users.walletAddress} <> '' AND (${users.walletAddress} <> ${address} OR ${users.walletAddressType} <> ${addressType}))`;
      const rows = await db
        .update(users)
        .set({
          walletAddress: address,
          walletAddressType: addressType,
          walletAddressChangedAt: sql`CASE WHEN ${changed} THEN ${at.toISOString()}::timestamptz ELSE ${users.walletAddressChangedAt} END`,
        })
        .where(eq(users.id, userId))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    async userWallet(userId: string) {
      const [row] = await db
        .select({
          email: users.email,
          money: users.walletMoney,
          withdrawable: users.walletWithdrawable,
          address: users.walletAddress,
          addressType: users.walletAddressType,
          addressChangedAt: users.walletAddressChangedAt,
        })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },
  };
}

export type WithdrawalsRepository = ReturnType<typeof createWithdrawalsRepository>;
