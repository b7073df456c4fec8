import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { settings } from '../../db/schema.js';

export function createSettingsRepository(db: Db) {
  return {
    async read(keys: readonly string[]): Promise<Array<{ key: string; value: unknown }>> {
      if (keys.length === 0) return [];
      return db
        .select({ key: settings.key, value: settings.value })
        .from(settings)
        .where(inArray(settings.key, [...keys]));
    },

    async upsert(rows: Array<{ key: string; value: unknown }>): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insert(settings)
        .values(rows.map((r) => ({ key: r.key, value: r.value })))
        .onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value`, updatedAt: sql`now()` } });
    },

    async remove(keys: readonly string[]): Promise<void> {
      if (keys.length > 0) await db.delete(settings).where(inArray(settings.key, [...keys]));
    },

    /** Replaces a row's value only while it still holds `current` (compared as JSON); true when it did. */
    async replaceIf(key: string, current: unknown, next: unknown): Promise<boolean> {
      const rows = await db
        .update(settings)
        .set({ value: next, updatedAt: sql`now()` })
        .where(sql`${settings.key} = ${key} AND ${settings.value} = ${JSON.stringify(current)}::jsonb`)
        .returning({ key: settings.key });
      return rows.length > 0;
    },

    /** true when this call created the row (another instance may have won the race). */
    async insertIfAbsent(key: string, value: unknown): Promise<boolean> {
      const rows = await db
        .insert(settings)
        .values({ key, value })
        .onConflictDoNothing()
        .returning({ key: settings.key });
      return rows.length > 0;
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
