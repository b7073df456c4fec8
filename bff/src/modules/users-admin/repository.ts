import { and, desc, eq, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { channels, emailTokens, users, type Channel } from '../../db/schema.js';

/** The user columns the back office shows (never the password hash, sessions or mailed keys). */
const userColumns = {
  id: users.id,
  email: users.email,
  type: users.type,
  disabled: users.disabled,
  scale: users.scale,
  channelCode: users.channelCode,
  ownChannelCode: channels.code,
  createdAt: users.createdAt,
  paidUser: users.paidUser,
  isAgency: users.isAgency,
  walletMoney: users.walletMoney,
  spendTraffic: users.spendTraffic,
  traffic: users.traffic,
  vipExpireTime: users.vipExpireTime,
  lastActiveAt: users.lastActiveAt,
  userkey: users.userkey,
  canChangeDescribeKey: users.canChangeDescribeKey,
  canChangePassword: users.canChangePassword,
  normalPermission: users.normalPermission,
  specialDailyLimit: users.specialDailyLimit,
  dailyLimit: users.dailyLimit,
  forceReward: users.forceReward,
};

/** The fields the edit dialog changes besides traffic and VIP time (those go through modules/traffic). */
export interface UserFlags {
  disabled: boolean;
  scale: number;
  paidUser: boolean;
  isAgency: boolean;
  specialDailyLimit: boolean;
  dailyLimit: number | null;
  normalPermission: boolean;
  canChangePassword: boolean;
  canChangeDescribeKey: boolean;
  forceReward: boolean;
}

export interface UserListFilter {
  limit: number;
  text?: string;
  from?: Date;
  to?: Date;
}

/** Part of a text, case-insensitive, without LIKE's wildcards (the operator's text is literal). */
const contains = (column: SQL | typeof users.email, text: string) =>
  sql`strpos(lower(${column}), ${text.toLowerCase()}) > 0`;

export function createUsersAdminRepository(db: Db) {
  const selectUsers = () => db.select(userColumns).from(users).leftJoin(channels, eq(channels.userId, users.id));

  return {
    /**
     * Newest first along users_created_idx. A text shaped like a user id (24 hex characters) is
     * first looked up as the id (the primary key): when it names a user in the period, that user
     * is the answer; else, and for any other text, every user's e-mail, id and codes are searched
     * (100 k users: one pass over the table, no trades or records joined).
     */
    async list(filter: UserListFilter) {
      const conditions: SQL[] = [];
      if (filter.from !== undefined) conditions.push(gte(users.createdAt, filter.from));
      if (filter.to !== undefined) conditions.push(lte(users.createdAt, filter.to));
      const text = filter.text?.trim();
      if (text && /^[0-9a-f]{24}$/i.test(text)) {
        const exact = await selectUsers().where(and(eq(users.id, text.toLowerCase()), ...conditions));
        if (exact.length > 0) return exact;
      }
      if (text) {
        conditions.push(
          or(
            contains(users.email, text),
            contains(sql`${users.id}`, text),
            contains(sql`${users.channelCode}`, text),
            contains(sql`coalesce(${channels.code}, '')`, text),
          )!,
        );
      }
      return selectUsers()
        .where(conditions.length === 0 ? undefined : and(...conditions))
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(filter.limit);
    },

    async one(id: string) {
      const [row] = await selectUsers().where(eq(users.id, id));
      return row;
    },

    /** The audited fields of a user, its row locked for the transaction. */
    async lockedFlags(id: string) {
      const [row] = await db
        .select({
          email: users.email,
          disabled: users.disabled,
          scale: users.scale,
          paidUser: users.paidUser,
          isAgency: users.isAgency,
          traffic: users.traffic,
          vipExpireTime: users.vipExpireTime,
          specialDailyLimit: users.specialDailyLimit,
          dailyLimit: users.dailyLimit,
          normalPermission: users.normalPermission,
          canChangePassword: users.canChangePassword,
          canChangeDescribeKey: users.canChangeDescribeKey,
          forceReward: users.forceReward,
        })
        .from(users)
        .where(eq(users.id, id))
        .for('update');
      return row;
    },

    async setFlags(id: string, flags: UserFlags): Promise<void> {
      await db.update(users).set(flags).where(eq(users.id, id));
    },

    async idOfEmail(email: string): Promise<string | undefined> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, email.trim().toLowerCase()))
        .for('update');
      return row?.id;
    },

    /** A new password; pending mailed password changes are retired (an older link must not undo it). */
    async setPasswordHash(id: string, passwordHash: string): Promise<void> {
      await db.update(users).set({ passwordHash }).where(eq(users.id, id));
      await db.delete(emailTokens).where(and(eq(emailTokens.userId, id), eq(emailTokens.purpose, 'change_password')));
    },

    async channelOfUser(userId: string, lock = false): Promise<Channel | undefined> {
      const query = db.select().from(channels).where(eq(channels.userId, userId));
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    async channelByCode(code: string): Promise<Channel | undefined> {
      const [row] = await db.select().from(channels).where(eq(channels.code, code));
      return row;
    },

    async insertChannel(channel: typeof channels.$inferInsert): Promise<void> {
      await db.insert(channels).values(channel);
    },

    async updateChannel(
      userId: string,
      fields: Pick<Channel, 'code' | 'name' | 'rewardRate' | 'consumerDurationDays'>,
    ) {
      await db.update(channels).set(fields).where(eq(channels.userId, userId));
    },

    /** Invitees who signed up with the old code keep their inviter when the code changes. */
    async moveInvitees(from: string, to: string): Promise<number> {
      const rows = await db
        .update(users)
        .set({ channelCode: to })
        .where(eq(users.channelCode, from))
        .returning({ id: users.id });
      return rows.length;
    },

    async emailOf(userId: string): Promise<string | undefined> {
      const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      return row?.email;
    },
  };
}

export type UsersAdminRepository = ReturnType<typeof createUsersAdminRepository>;
export type AdminUserRow = NonNullable<Awaited<ReturnType<UsersAdminRepository['one']>>>;
