import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users, type NewUser, type User } from '../../db/schema.js';

export function createAccountsRepository(db: Db) {
  return {
    async findByEmail(email: string): Promise<User | undefined> {
      const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return user;
    },

    async hasAdmin(): Promise<boolean> {
      const rows = await db.select({ id: users.id }).from(users).where(eq(users.type, 'admin')).limit(1);
      return rows.length > 0;
    },

    /** Inserts unless the e-mail is taken; returns whether this call created the row. */
    async insertIfAbsent(user: NewUser): Promise<boolean> {
      const inserted = await db
        .insert(users)
        .values(user)
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id });
      return inserted.length > 0;
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
