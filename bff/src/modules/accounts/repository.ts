import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  channels,
  emailTokens,
  staffMembers,
  users,
  type EmailToken,
  type NewUser,
  type User,
} from '../../db/schema.js';

export type TokenPurpose = EmailToken['purpose'];

export function createAccountsRepository(db: Db) {
  return {
    async findByEmail(email: string): Promise<User | undefined> {
      const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return user;
    },

    /** Whether `code` is the channel (invite) code of an existing user. */
    async isInviterCode(code: string): Promise<boolean> {
      const [row] = await db.select({ code: channels.code }).from(channels).where(eq(channels.code, code)).limit(1);
      return row !== undefined;
    },

    async findById(id: string): Promise<User | undefined> {
      const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return user;
    },

    /**
     * The account a subscription link names: both the id and the current key must match, so a
     * replaced key resolves to nothing at once. (The subscription endpoint uses this too.)
     */
    async findByIdAndKey(id: string, userkey: string): Promise<User | undefined> {
      if (id === '' || userkey === '') return undefined;
      const [user] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, id), eq(users.userkey, userkey)))
        .limit(1);
      return user;
    },

    /** Whether anyone holds the admin role (staff_members is the one source of truth for staff). */
    async hasAdmin(): Promise<boolean> {
      const rows = await db
        .select({ id: staffMembers.userId })
        .from(staffMembers)
        .where(eq(staffMembers.roleId, 'admin'))
        .limit(1);
      return rows.length > 0;
    },

    /** Appoints a user to a built-in role (first admin, seed data); an existing appointment stays. */
    async appoint(userId: string, roleId: 'admin' | 'yunying'): Promise<void> {
      await db.insert(staffMembers).values({ userId, roleId }).onConflictDoNothing({ target: staffMembers.userId });
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

    /**
     * A sign-up of an address whose earlier sign-up was never confirmed, and whose confirmation
     * link has run out, takes its place: the pending account gets this one's password, key,
     * avatar, inviter and first page, and counts from now. Returns its id; undefined when the
     * address is confirmed, or its link can still be confirmed (the person who asked for it may be
     * about to: nobody else can swap the password under them).
     */
    async replaceUnconfirmed(
      user: Pick<NewUser, 'email' | 'passwordHash' | 'userkey' | 'icon' | 'channelCode' | 'firstUrl'>,
    ): Promise<string | undefined> {
      const [row] = await db
        .update(users)
        .set({
          passwordHash: user.passwordHash,
          userkey: user.userkey,
          icon: user.icon,
          channelCode: user.channelCode,
          firstUrl: user.firstUrl,
          createdAt: sql`now()`,
        })
        .where(
          and(
            eq(users.email, user.email),
            eq(users.emailConfirmed, false),
            sql`NOT EXISTS (SELECT 1 FROM ${emailTokens} WHERE ${emailTokens.userId} = ${users.id}
                  AND ${emailTokens.purpose} = 'signup_confirm' AND ${emailTokens.usedAt} IS NULL
                  AND ${emailTokens.expiresAt} > now())`,
          ),
        )
        .returning({ id: users.id });
      return row?.id;
    },

    /** Removes an account that never got confirmed (its confirmation mail could not be sent). */
    async deleteUnconfirmed(id: string): Promise<void> {
      await db.delete(users).where(and(eq(users.id, id), eq(users.emailConfirmed, false)));
    },

    /** Replaces the subscription key unless the account may not; returns whether it was replaced. */
    async replaceUserkey(id: string, userkey: string): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ userkey })
        .where(and(eq(users.id, id), eq(users.canChangeDescribeKey, true)))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    async confirmEmail(id: string): Promise<void> {
      await db.update(users).set({ emailConfirmed: true }).where(eq(users.id, id));
    },

    /** Sets a new password (and confirms the e-mail the link was sent to) unless the account may not change it. */
    async setPassword(id: string, passwordHash: string): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ passwordHash, emailConfirmed: true })
        .where(and(eq(users.id, id), eq(users.canChangePassword, true), eq(users.disabled, false)))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    async insertToken(token: typeof emailTokens.$inferInsert): Promise<void> {
      await db.insert(emailTokens).values(token);
    },

    /** Uses a token up: only an unused, unexpired one with this key and purpose, and only once. */
    async consumeToken(id: string, keyHash: string, purpose: TokenPurpose): Promise<EmailToken | undefined> {
      const [token] = await db
        .update(emailTokens)
        .set({ usedAt: sql`now()`, confirmedAt: sql`now()` })
        .where(
          and(
            eq(emailTokens.id, id),
            eq(emailTokens.keyHash, keyHash),
            eq(emailTokens.purpose, purpose),
            isNull(emailTokens.usedAt),
            gt(emailTokens.expiresAt, sql`now()`),
          ),
        )
        .returning();
      return token;
    },

    /** Whether this link (its key) was confirmed within the last `withinMs`. */
    async confirmedRecently(id: string, keyHash: string, purpose: TokenPurpose, withinMs: number): Promise<boolean> {
      const [row] = await db
        .select({ id: emailTokens.id })
        .from(emailTokens)
        .where(
          and(
            eq(emailTokens.id, id),
            eq(emailTokens.keyHash, keyHash),
            eq(emailTokens.purpose, purpose),
            gt(emailTokens.confirmedAt, sql`now() - make_interval(secs => ${withinMs / 1000})`),
          ),
        );
      return row !== undefined;
    },

    /** Retires a user's unused tokens of one purpose (a newer request replaces them). */
    async retireTokens(userId: string, purpose: TokenPurpose): Promise<void> {
      await db
        .update(emailTokens)
        .set({ usedAt: sql`now()` })
        .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
    },

    /** The address of the newest e-mail change still awaiting its confirmation (unused, unexpired), if any. */
    async pendingEmail(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ pendingEmail: emailTokens.pendingEmail })
        .from(emailTokens)
        .where(
          and(
            eq(emailTokens.userId, userId),
            eq(emailTokens.purpose, 'change_email'),
            isNull(emailTokens.usedAt),
            gt(emailTokens.expiresAt, sql`now()`),
          ),
        )
        .orderBy(desc(emailTokens.createdAt))
        .limit(1);
      return row?.pendingEmail ?? null;
    },

    /** Replaces the account's e-mail (confirmed by the link mailed to it); false for an unknown or disabled account. */
    async setEmail(id: string, email: string): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ email, emailConfirmed: true })
        .where(and(eq(users.id, id), eq(users.disabled, false)))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    async latestTokenAt(userId: string, purpose: TokenPurpose): Promise<Date | undefined> {
      const [row] = await db
        .select({ createdAt: emailTokens.createdAt })
        .from(emailTokens)
        .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose)))
        .orderBy(desc(emailTokens.createdAt))
        .limit(1);
      return row?.createdAt;
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository> & {
  /** Runs `fn` in one transaction with a repository bound to it. */
  transaction<T>(fn: (repo: AccountsRepository) => Promise<T>): Promise<T>;
};

/** The repository on `db`, able to open transactions. */
export function accountsRepository(db: Db): AccountsRepository {
  return {
    ...createAccountsRepository(db),
    transaction: (fn) => db.transaction((tx) => fn(accountsRepository(tx))),
  };
}
