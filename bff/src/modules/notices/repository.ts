import { and, desc, eq, gt, isNull, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { noticeReads, notices, type Notice } from '../../db/schema.js';

/** Notices a user may see: addressed to everyone or to them, and not expired. */
const visibleTo = (userId: string) =>
  and(
    or(isNull(notices.userId), eq(notices.userId, userId)),
    or(isNull(notices.expiresAt), gt(notices.expiresAt, sql`now()`)),
  );

export function createNoticesRepository(db: Db) {
  return {
    async unreadFor(userId: string, limit: number): Promise<Array<Pick<Notice, 'id' | 'desc' | 'href'>>> {
      return db
        .select({ id: notices.id, desc: notices.desc, href: notices.href })
        .from(notices)
        .where(
          and(
            visibleTo(userId),
            notExists(
              db
                .select({ one: sql`1` })
                .from(noticeReads)
                .where(and(eq(noticeReads.noticeId, notices.id), eq(noticeReads.userId, userId))),
            ),
          ),
        )
        .orderBy(desc(notices.createdAt), desc(notices.id))
        .limit(limit);
    },

    async isVisible(userId: string, noticeId: string): Promise<boolean> {
      const rows = await db
        .select({ id: notices.id })
        .from(notices)
        .where(and(eq(notices.id, noticeId), visibleTo(userId)))
        .limit(1);
      return rows.length > 0;
    },

    async markRead(userId: string, noticeId: string): Promise<void> {
      await db.insert(noticeReads).values({ userId, noticeId }).onConflictDoNothing();
    },

    async insert(notice: typeof notices.$inferInsert): Promise<void> {
      await db.insert(notices).values(notice);
    },

    async existsFor(desc: string, href: string): Promise<boolean> {
      const rows = await db
        .select({ id: notices.id })
        .from(notices)
        .where(and(eq(notices.desc, desc), eq(notices.href, href), isNull(notices.userId)))
        .limit(1);
      return rows.length > 0;
    },
  };
}

export type NoticesRepository = ReturnType<typeof createNoticesRepository>;
