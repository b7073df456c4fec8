import { desc, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { errorLog, type ErrorLogRow } from '../../db/schema.js';

export function createErrorLogRepository(db: Db) {
  return {
    async insert(row: typeof errorLog.$inferInsert): Promise<void> {
      await db.insert(errorLog).values(row);
    },

    async since(from: Date, limit: number): Promise<ErrorLogRow[]> {
      return db
        .select()
        .from(errorLog)
        .where(gte(errorLog.createdAt, from))
        .orderBy(desc(errorLog.createdAt), desc(errorLog.id))
        .limit(limit);
    },

    async clear(): Promise<number> {
      const rows = await db.delete(errorLog).returning({ one: sql`1` });
      return rows.length;
    },
  };
}

export type ErrorLogRepository = ReturnType<typeof createErrorLogRepository>;
