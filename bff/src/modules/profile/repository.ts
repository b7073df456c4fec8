import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';

export interface ProfileChange {
  icon?: string;
  inXinjiang?: boolean;
  inForeign?: boolean;
  useEnglishNode?: boolean;
}

export function createProfileRepository(db: Db) {
  return {
    /** Writes the fields given (nothing when none is). */
    async update(userId: string, change: ProfileChange): Promise<void> {
      if (Object.keys(change).length === 0) return;
      await db.update(users).set(change).where(eq(users.id, userId));
    },

    /** Clears the Telegram binding; false when there was none. */
    async unbindTelegram(userId: string): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ telegramId: null, telegramName: '' })
        .where(and(eq(users.id, userId), isNotNull(users.telegramId)))
        .returning({ id: users.id });
      return rows.length > 0;
    },
  };
}

export type ProfileRepository = ReturnType<typeof createProfileRepository>;
