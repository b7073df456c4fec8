import { eq, sql, type Column } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { prizes, ticketComments, tickets, uploads, users, type UploadRow } from '../../db/schema.js';

/**
 * The upload name an image column's text points at: the download path (with or without an origin
 * before it) or the bare name; null for anything else ('' included).
 */
const referencedName = (column: Column) =>
  sql`substring(${column} from '(?:^|/)([0-9a-f]{32}\\.(?:jpg|png|webp))(?:[?#].*)?$')`;

/**
 * Every column that holds an image reference (uploads.ownImage callers): avatars, prize images
 * (deleted prizes too), ticket and ticket-comment images. A new column that stores one belongs here,
 * or the cleanup deletes its images.
 */
const referencedNames = sql`
  SELECT ${referencedName(users.icon)} AS name FROM ${users} WHERE ${users.icon} <> ''
  UNION SELECT ${referencedName(prizes.photoUrl)} FROM ${prizes} WHERE ${prizes.photoUrl} <> ''
  UNION SELECT ${referencedName(tickets.imageUrl)} FROM ${tickets} WHERE ${tickets.imageUrl} <> ''
  UNION SELECT ${referencedName(ticketComments.imageUrl)} FROM ${ticketComments} WHERE ${ticketComments.imageUrl} <> ''`;

export function createUploadsRepository(db: Db) {
  async function totalBytes(ownerId: string): Promise<number> {
    const [row] = await db
      .select({ total: sql`coalesce(sum(${uploads.size}), 0)`.mapWith(Number) })
      .from(uploads)
      .where(eq(uploads.ownerId, ownerId));
    return row?.total ?? 0;
  }

  return {
    /**
     * Stores the upload unless its owner's stored bytes and this one exceed `quotaBytes`; answers
     * whether it was stored. The owner's row is locked first, so two uploads at once cannot both
     * fit in what is left.
     */
    async insertWithin(row: typeof uploads.$inferInsert, quotaBytes: number): Promise<boolean> {
      return db.transaction(async () => {
        if (Number.isFinite(quotaBytes)) {
          await db.select({ id: users.id }).from(users).where(eq(users.id, row.ownerId)).for('no key update');
          if ((await totalBytes(row.ownerId)) + row.size > quotaBytes) return false;
        }
        await db.insert(uploads).values(row);
        return true;
      });
    },

    totalBytes,

    async find(name: string): Promise<UploadRow | undefined> {
      const [row] = await db.select().from(uploads).where(eq(uploads.name, name)).limit(1);
      return row;
    },

    async findMeta(name: string): Promise<Omit<UploadRow, 'content'> | undefined> {
      const [row] = await db
        .select({
          name: uploads.name,
          ownerId: uploads.ownerId,
          purpose: uploads.purpose,
          contentType: uploads.contentType,
          size: uploads.size,
          isPublic: uploads.isPublic,
          createdAt: uploads.createdAt,
        })
        .from(uploads)
        .where(eq(uploads.name, name))
        .limit(1);
      return row;
    },

    /**
     * Deletes up to `limit` of the oldest uploads created before `before` that no image column
     * refers to; answers how many went. One statement: the references are read in it.
     */
    async deleteOrphans(before: Date, limit: number): Promise<number> {
      const deleted = await db
        .delete(uploads)
        .where(
          sql`${uploads.name} IN (
            WITH referenced AS (${referencedNames})
            SELECT u.name FROM ${uploads} u
            WHERE u.created_at < ${before.toISOString()}::timestamptz
              AND NOT EXISTS (SELECT 1 FROM referenced r WHERE r.name = u.name)
            ORDER BY u.created_at
            LIMIT ${limit}
          )`,
        )
        .returning({ name: uploads.name });
      return deleted.length;
    },
  };
}

export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
