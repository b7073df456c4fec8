import { and, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { gifts, type GiftRow } from '../../db/schema.js';

/**
 * The gifts table. Statements run in the caller's transaction where there is one (the shared `db`
 * handle joins it); traffic is never written here (modules/traffic does that).
 */
export function createGiftsRepository(db: Db) {
  return {
    async insert(row: typeof gifts.$inferInsert): Promise<GiftRow> {
      const [inserted] = await db.insert(gifts).values(row).returning();
      return inserted!;
    },

    /**
     * created → received for a receiver other than the sender, in one conditional update: of any
     * number of concurrent claims of one code exactly one gets the row (the others wait for its row
     * lock, then find it received). undefined: unknown, already received, or the sender's own.
     */
    async claim(code: string, receiverId: string): Promise<GiftRow | undefined> {
      const [row] = await db
        .update(gifts)
        .set({ status: 'received', receiverId, receivedAt: sql`now()` })
        .where(and(eq(gifts.code, code), eq(gifts.status, 'created'), ne(gifts.senderId, receiverId)))
        .returning();
      return row;
    },

    async find(code: string): Promise<GiftRow | undefined> {
      const [row] = await db.select().from(gifts).where(eq(gifts.code, code));
      return row;
    },

    /** The gifts a user made or received, newest first. */
    async ofUser(userId: string, limit: number): Promise<GiftRow[]> {
      return db
        .select()
        .from(gifts)
        .where(or(eq(gifts.senderId, userId), eq(gifts.receiverId, userId)))
        .orderBy(desc(gifts.createdAt), desc(gifts.code))
        .limit(limit);
    },
  };
}

export type GiftsRepository = ReturnType<typeof createGiftsRepository>;
