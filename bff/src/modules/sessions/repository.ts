import { and, eq, getTableColumns, gt, lt, ne, sql } from 'drizzle-orm';
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
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql`now()`)))
    .limit(1)
    .prepare('session_user');

  return {
    async insert(row: { id: string; userId: string; expiresAt: Date; ip: string | null; userAgent: string | null }) {
      await db.insert(sessions).values(row);
    },

    async findUser(id: string): Promise<{ user: SessionUser; lastSeenAt: Date; staff: SessionStaffRow } | undefined> {
      const [row] = await userBySession.execute({ id });
      if (row === undefined) return undefined;
      const { sessionLastSeenAt, staffRoleId, staffRoleName, staffRolePermissions, ownerSetting, yunyingSetting, ...user } =
        row;
      const staff = { roleId: staffRoleId, roleName: staffRoleName, rolePermissions: staffRolePermissions, ownerSetting, yunyingSetting };
      return { user, lastSeenAt: sessionLastSeenAt, staff };
    },

    async touch(id: string, userId: string, now: Date) {
      await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
      await db.update(users).set({ lastActiveAt: now }).where(eq(users.id, userId));
    },

    async delete(id: string) {
      await db.delete(sessions).where(eq(sessions.id, id));
    },

    async deleteForUser(userId: string, exceptId?: string) {
      await db
        .delete(sessions)
        .where(exceptId === undefined ? eq(sessions.userId, userId) : and(eq(sessions.userId, userId), ne(sessions.id, exceptId)));
    },

    async deleteExpiredForUser(userId: string, now: Date) {
      await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, now)));
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
