import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { signIns } from '../../db/schema.js';

export const signUseRepository = {
  async streakOn(db: Db, userId: string, day: string): Promise<number | undefined> {
    const [row] = await db
      .select({ streak: signIns.streak })
      .from(signIns)
      .where(and(eq(signIns.userId, userId), eq(signIns.day, day)))
      .limit(1);
    return row?.streak;
  },

  async latest(db: Db, userId: string): Promise<{ day: string; streak: number } | undefined> {
    const [row] = await db
      .select({ day: signIns.day, streak: signIns.streak })
      .from(signIns)
      .where(eq(signIns.userId, userId))
      .orderBy(desc(signIns.day))
      .limit(1);
    return row;
  },

  /** false when the user already has a sign-in that day (the primary key decides, also under concurrency). */
  async insert(db: Db, row: typeof signIns.$inferInsert): Promise<boolean> {
    const inserted = await db.insert(signIns).values(row).onConflictDoNothing().returning({ day: signIns.day });
    return inserted.length > 0;
  },
};
