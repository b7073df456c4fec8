import { and, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { channels, emailTokens, subscriptionFetches, users, type Channel } from '../../db/schema.js';
import { containsPattern } from '../../lib/like-pattern.js';
import { searchWindowEdge } from '../../lib/search-window.js';

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
  firstUrl: users.firstUrl,
  lastUrl: users.lastUrl,
  userkey: users.userkey,
  canChangeDescribeKey: users.canChangeDescribeKey,
  canChangePassword: users.canChangePassword,
  normalPermission: users.normalPermission,
  specialDailyLimit: users.specialDailyLimit,
  dailyLimit: users.dailyLimit,
  forceReward: users.forceReward,
  deviceNum: users.deviceNum,
  packageDeviceNum: users.packageDeviceNum,
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
  deviceNum?: number;
}

export interface UserListFilter {
  limit: number;
  text?: string;
  from?: Date;
  to?: Date;
  /** Fetched from at least this many addresses or hardware ids in the last 24 hours. */
  sharedFrom?: number;
}

/**
 * How many of the newest users a free text is first looked for in, by every field and any part
 * (a range of users_created_idx); beyond them, through indexes only (see `list`).
 */
export const USER_SEARCH_WINDOW = 20_000;

export function createUsersAdminRepository(db: Db, { searchWindow = USER_SEARCH_WINDOW } = {}) {
  const selectUsers = () => db.select(userColumns).from(users).leftJoin(channels, eq(channels.userId, users.id));
  const newestFirst = [desc(users.createdAt), desc(users.id)] as const;

  return {
    /**
     * Newest first along users_created_idx. The text is contained (case-insensitive, wildcards
     * literal) in the e-mail, the id, the inviter's code or the user's own code. So that a text
     * found in few users does not walk the whole table (1.8 s for 100 k users, under load):
     * 1. a text shaped like a user id (24 hex characters) is first looked up as the id (primary
     *    key): when it names a user in the period, that user is the answer;
     * 2. else the newest USER_SEARCH_WINDOW users are searched by every field, any part;
     * 3. when that leaves the answer short, older users are found through indexes only: the
     *    e-mail, any part (trigrams on PostgreSQL), and the whole id or code in any case.
     */
    async list(filter: UserListFilter) {
      const conditions: SQL[] = [];
      if (filter.from !== undefined) conditions.push(gte(users.createdAt, filter.from));
      if (filter.to !== undefined) conditions.push(lte(users.createdAt, filter.to));
      if (filter.sharedFrom !== undefined) {
        // A range of subscription_fetches_at_idx: the day's fetches, grouped by user.
        conditions.push(sql`${users.id} IN (
          SELECT f.user_id FROM ${subscriptionFetches} f WHERE f.at > now() - interval '24 hours'
          GROUP BY f.user_id
          HAVING count(DISTINCT f.ip) >= ${filter.sharedFrom} OR count(DISTINCT f.hwid) >= ${filter.sharedFrom})`);
      }
      const text = filter.text?.trim() ?? '';
      if (text === '') {
        return selectUsers()
          .where(and(...conditions))
          .orderBy(...newestFirst)
          .limit(filter.limit);
      }
      const key = text.toLowerCase();
      if (/^[0-9a-f]{24}$/.test(key)) {
        const exact = await selectUsers().where(and(eq(users.id, key), ...conditions));
        if (exact.length > 0) return exact;
      }
      const pattern = containsPattern(text);
      const matches = or(
        ilike(users.email, pattern),
        ilike(users.id, pattern),
        ilike(users.channelCode, pattern),
        ilike(channels.code, pattern),
      );
      const edge = searchWindowEdge(users, searchWindow);
      const found = await selectUsers()
        .where(and(sql`(${users.createdAt}, ${users.id}) >= ${edge}`, matches, ...conditions))
        .orderBy(...newestFirst)
        .limit(filter.limit);
      if (found.length >= filter.limit) return found;
      const olderThanWindow = sql`(${users.createdAt}, ${users.id}) < ${edge}`;
      const [older] = await db.select({ id: users.id }).from(users).where(olderThanWindow).limit(1);
      if (older === undefined) return found;
      const candidates = sql`(
        SELECT u.id FROM ${users} u WHERE u.email ILIKE ${pattern}
        UNION SELECT u.id FROM ${users} u WHERE u.id = ${key} OR lower(u.channel_code) = ${key}
        UNION SELECT c.user_id FROM ${channels} c WHERE lower(c.code) = ${key}
      )`;
      const rest = await selectUsers()
        .where(and(sql`${users.id} IN ${candidates}`, olderThanWindow, ...conditions))
        .orderBy(...newestFirst)
        .limit(filter.limit - found.length);
      return [...found, ...rest];
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
          deviceNum: users.deviceNum,
        })
        .from(users)
        .where(eq(users.id, id))
        .for('update');
      return row;
    },

    /** A new subscription key chosen by the operator's reset (whatever canChangeDescribeKey says). */
    async setUserkey(id: string, userkey: string): Promise<boolean> {
      const rows = await db.update(users).set({ userkey }).where(eq(users.id, id)).returning({ id: users.id });
      return rows.length > 0;
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
