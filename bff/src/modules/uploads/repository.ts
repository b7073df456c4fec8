import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { uploads, type UploadRow } from '../../db/schema.js';

export function createUploadsRepository(db: Db) {
  return {
    async insert(row: typeof uploads.$inferInsert): Promise<void> {
      await db.insert(uploads).values(row);
    },

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
  };
}

export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
