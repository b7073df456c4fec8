import { and, desc, eq, getTableColumns, gt, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions, settings, staffMembers, staffRoles, users, type User } from '../../db/schema.js';

/** A user as request handlers see it: every column but the password hash. */
export type SessionUser = Omit<User, 'passwordHash'>;

/**
 * What the same lookup reads for the back office (modules/staff decides from it): the user's
 * appointment, if any, and the settings admin_id and yunying_list as stored.
 */
export interface SessionStaffRow {
  roleId: string | null;
  roleName: string | null;
  rolePermissions: string[] | null;
  ownerSetting: unknown;
  yunyingSetting: unknown;
}

const { passwordHash: _passwordHash, ...userColumns } = getTableColumns(users);

/** A session ends after this many days without use (last_seen_at), whatever its expires_at says. */
export const SESSION_IDLE_DAYS = 30;
/** Used within the idle limit (last_seen_at) and not past expires_at. */
const live = () =>
  and(
    gt(sessions.expiresAt, sql`now()`),
    gt(sessions.lastSeenAt, sql.raw(`now() - interval '${SESSION_IDLE_DAYS} days'`)),
  );

/** One of a user's live sessions, as the device list reads it. */
export interface SessionRow {
  id: string;
  publicId: string;
  ip: string | null;
  userAgent: string | null;
  createdAt: Date;
  lastSeenAt: Date;
}

/** What tells whether a user is staff: the same facts the session lookup reads (modules/staff decides). */
export interface StaffFacts {
  email: string;
  staff: SessionStaffRow;
}

/**
 * Any user's staff facts, read as the session lookup reads them (modules/staff judges a target as
 * it judges a caller; the new-device mail asks whether the user signing in is staff).
 */
export async function staffFactsOf(
  db: Db,
  userId: string,
): Promise<{ id: string; email: string; staff: SessionStaffRow } | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      roleId: staffRoles.id,
      roleName: staffRoles.name,
      rolePermissions: staffRoles.permissions,
      ownerSetting: sql<unknown>`(SELECT ${settings.value} FROM ${settings} WHERE ${settings.key} = 'admin_id')`,
      yunyingSetting: sql<unknown>`(SELECT ${settings.value} FROM ${settings} WHERE ${settings.key} = 'yunying_list')`,
    })
    .from(users)
    .leftJoin(staffMembers, eq(staffMembers.userId, users.id))
    .leftJoin(staffRoles, eq(staffRoles.id, staffMembers.roleId))
    .where(eq(users.id, userId))
    .limit(1);
  if (row === undefined) return undefined;
  const { id, email, ...staff } = row;
  return { id, email, staff };
}

export function createSessionsRepository(db: Db) {
  // Prepared once: this lookup runs on every authenticated call.
  const userBySession = db
    .select({
      ...userColumns,
      sessionLastSeenAt: sessions.lastSeenAt,
      staffRoleId: staffRoles.id,
      staffRoleName: staffRoles.name,
      staffRolePermissions: staffRoles.permissions,
      ownerSetting: sql<unknown>`(SELECT ${settings.value} FROM ${settings} WHERE ${settings.key} = 'admin_id')`,
      yunyingSetting: sql<unknown>`(SELECT ${settings.value} FROM ${settings} WHERE ${settings.key} = 'yunying_list')`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(staffMembers, eq(staffMembers.userId, users.id))
    .leftJoin(staffRoles, eq(staffRoles.id, staffMembers.roleId))
    .where(and(eq(sessions.id, sql.placeholder('id')), live()))
    .limit(1)
    .prepare('session_user');

  return {
    async insert(row: { id: string; userId: string; expiresAt: Date; ip: string | null; userAgent: string | null }) {
      await db.insert(sessions).values(row);
    },

    async findUser(id: string): Promise<{ user: SessionUser; lastSeenAt: Date; staff: SessionStaffRow } | undefined> {
      const [row] = await userBySession.execute({ id });
      if (row === undefined) return undefined;
      const {
        sessionLastSeenAt,
        staffRoleId,
        staffRoleName,
        staffRolePermissions,
        ownerSetting,
        yunyingSetting,
        ...user
      } = row;
      const staff = {
        roleId: staffRoleId,
        roleName: staffRoleName,
        rolePermissions: staffRolePermissions,
        ownerSetting,
        yunyingSetting,
      };
      return { user, lastSeenAt: sessionLastSeenAt, staff };
    },

    /** Marks the session used now; its end moves to `expiresAt` (the idle limit slides). */
    async touch(id: string, userId: string, now: Date, expiresAt: Date, lastUrl?: string) {
      await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, id));
      await db
        .update(users)
        .set({ lastActiveAt: now, ...(lastUrl === undefined ? {} : { lastUrl }) })
        .where(eq(users.id, userId));
    },

    async delete(id: string) {
      await db.delete(sessions).where(eq(sessions.id, id));
    },

    /** Ends every session of the user but `exceptId`; how many of them were live. */
    async deleteForUser(userId: string, exceptId?: string): Promise<number> {
      const deleted = await db
        .delete(sessions)
        .where(
          exceptId === undefined
            ? eq(sessions.userId, userId)
            : and(eq(sessions.userId, userId), ne(sessions.id, exceptId)),
        )
        .returning({ live: sql<boolean>`${live()!}` });
      return deleted.filter((row) => row.live).length;
    },

    /** The user's live sessions, most recently used first. */
    async listForUser(userId: string): Promise<SessionRow[]> {
      return db
        .select({
          id: sessions.id,
          publicId: sessions.publicId,
          ip: sessions.ip,
          userAgent: sessions.userAgent,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
        })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), live()))
        .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
    },

    /** Ends one session of this user by its public id; false when the user has none with it. */
    async deleteByPublicId(userId: string, publicId: string): Promise<boolean> {
      const deleted = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.publicId, publicId)))
        .returning({ id: sessions.id });
      return deleted.length > 0;
    },

    async staffFacts(userId: string): Promise<StaffFacts | undefined> {
      const found = await staffFactsOf(db, userId);
      return found && { email: found.email, staff: found.staff };
    },

    async deleteExpiredForUser(userId: string, now: Date) {
      const idleSince = new Date(now.getTime() - SESSION_IDLE_DAYS * 24 * 60 * 60 * 1000);
      await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleSince))));
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
