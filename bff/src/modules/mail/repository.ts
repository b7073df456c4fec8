import type { Db } from '../../db/client.js';
import { mailOutbox } from '../../db/schema.js';

export function createOutboxRepository(db: Db) {
  return {
    async insert(mail: { to: string; subject: string; text: string; html: string | null }): Promise<number> {
      const [row] = await db.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
      return row!.id;
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
