import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { channelRewards, channels, users, walletLedger, type Channel } from '../../db/schema.js';

/** The user's side of invite channels: their channel, their invitees and their rebates (read-only but the first-visit channel). */
export function createChannelsRepository(db: Db) {
  return {
    async ofUser(userId: string): Promise<Channel | undefined> {
      const [row] = await db.select().from(channels).where(eq(channels.userId, userId));
      return row;
    },

    /** A new channel unless the code is taken or the user has one already (another request made it). */
    async insertIfFree(row: { code: string; userId: string }): Promise<boolean> {
      const inserted = await db.insert(channels).values(row).onConflictDoNothing().returning({ code: channels.code });
      return inserted.length > 0;
    },

    async invitedCount(code: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(users).where(eq(users.channelCode, code));
      return Number(row?.n ?? 0);
    },

    /** When the users who signed up with the code did so, newest first. */
    async invited(code: string, limit: number): Promise<Date[]> {
      const rows = await db
        .select({ createdAt: users.createdAt })
        .from(users)
        .where(eq(users.channelCode, code))
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(limit);
      return rows.map((r) => r.createdAt);
    },

    /**
     * The inviter's rebates, newest first, with the invitee's e-mail and the wallet balance after
     * the credit (the rebate's `reward` row of the wallet ledger, written in the same transaction).
     */
    async rewards(inviterId: string, limit: number) {
      return db
        .select({
          id: channelRewards.id,
          desc: channelRewards.desc,
          userSpendCents: channelRewards.userSpendCents,
          rewardCents: channelRewards.rewardCents,
          createdAt: channelRewards.createdAt,
          consumerEmail: users.email,
          balanceAfterCents: walletLedger.balanceAfterCents,
        })
        .from(channelRewards)
        .innerJoin(users, eq(users.id, channelRewards.consumerId))
        .leftJoin(
          walletLedger,
          and(
            eq(walletLedger.userId, channelRewards.inviterId),
            eq(walletLedger.orderId, channelRewards.orderId),
            eq(walletLedger.kind, sql`'reward'`),
          ),
        )
        .where(eq(channelRewards.inviterId, inviterId))
        .orderBy(desc(channelRewards.createdAt), desc(channelRewards.id))
        .limit(limit);
    },
  };
}

export type ChannelsRepository = ReturnType<typeof createChannelsRepository>;
