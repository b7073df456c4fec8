import { asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions, staffMembers, staffRoles, users } from '../../db/schema.js';
import { staffFactsOf, type SessionStaffRow } from '../sessions/repository.js';

export interface RoleRow {
  id: string;
  name: string;
  permissions: string[];
  builtin: boolean;
  members: number;
}

export interface MemberRow {
  userId: string;
  email: string;
  roleId: string;
  roleName: string;
  appointedAt: Date;
  lastSignIn: Date | null;
}

const lastSignIn =
  sql<Date | null>`(SELECT max(${sessions.createdAt}) FROM ${sessions} WHERE ${sessions.userId} = ${users.id})`.mapWith(
    (value: unknown) => (value === null ? null : new Date(value as string)),
  );

export function createStaffRepository(db: Db) {
  return {
    async roles(): Promise<RoleRow[]> {
      const rows = await db
        .select({
          id: staffRoles.id,
          name: staffRoles.name,
          permissions: staffRoles.permissions,
          builtin: staffRoles.builtin,
          members: count(staffMembers.userId),
        })
        .from(staffRoles)
        .leftJoin(staffMembers, eq(staffMembers.roleId, staffRoles.id))
        .groupBy(staffRoles.id)
        .orderBy(sql`${staffRoles.builtin} DESC`, asc(staffRoles.createdAt), asc(staffRoles.id));
      return rows.map((r) => ({ ...r, members: Number(r.members) }));
    },

    async role(id: string): Promise<RoleRow | undefined> {
      return (await this.roles()).find((r) => r.id === id);
    },

    async roleByName(name: string): Promise<{ id: string } | undefined> {
      const [row] = await db.select({ id: staffRoles.id }).from(staffRoles).where(eq(staffRoles.name, name)).limit(1);
      return row;
    },

    async insertRole(row: { id: string; name: string; permissions: string[] }): Promise<void> {
      await db.insert(staffRoles).values({ ...row, builtin: false });
    },

    async updateRole(id: string, row: { name: string; permissions: string[] }): Promise<void> {
      await db
        .update(staffRoles)
        .set({ ...row, updatedAt: new Date() })
        .where(eq(staffRoles.id, id));
    },

    async deleteRole(id: string): Promise<void> {
      await db.delete(staffRoles).where(eq(staffRoles.id, id));
    },

    async members(): Promise<MemberRow[]> {
      return db
        .select({
          userId: staffMembers.userId,
          email: users.email,
          roleId: staffMembers.roleId,
          roleName: staffRoles.name,
          appointedAt: staffMembers.appointedAt,
          lastSignIn,
        })
        .from(staffMembers)
        .innerJoin(users, eq(users.id, staffMembers.userId))
        .innerJoin(staffRoles, eq(staffRoles.id, staffMembers.roleId))
        .orderBy(asc(staffMembers.appointedAt), asc(staffMembers.userId));
    },

    async member(userId: string): Promise<{ userId: string; roleId: string; appointedAt: Date } | undefined> {
      const [row] = await db
        .select({ userId: staffMembers.userId, roleId: staffMembers.roleId, appointedAt: staffMembers.appointedAt })
        .from(staffMembers)
        .where(eq(staffMembers.userId, userId))
        .limit(1);
      return row;
    },

    async insertMember(row: { userId: string; roleId: string; appointedBy: string }): Promise<void> {
      await db.insert(staffMembers).values(row);
    },

    async updateMember(userId: string, roleId: string, appointedBy: string): Promise<void> {
      await db
        .update(staffMembers)
        .set({ roleId, appointedBy, appointedAt: new Date() })
        .where(eq(staffMembers.userId, userId));
    },

    async deleteMember(userId: string): Promise<void> {
      await db.delete(staffMembers).where(eq(staffMembers.userId, userId));
    },

    /** Users named by ids or e-mails (lower case), with their last sign-in. */
    async usersNamed(entries: string[]): Promise<Array<{ id: string; email: string; lastSignIn: Date | null }>> {
      if (entries.length === 0) return [];
      const lower = entries.map((e) => e.toLowerCase());
      return db
        .select({ id: users.id, email: users.email, lastSignIn })
        .from(users)
        .where(or(inArray(users.id, entries), inArray(sql`lower(${users.email})`, lower)));
    },

    async userByEmail(email: string): Promise<{ id: string; email: string } | undefined> {
      const [row] = await db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
        .limit(1);
      return row;
    },

    /** What the session lookup reads, for any user (the staff rules judge a target like a caller). */
    async staffRowOf(userId: string): Promise<{ id: string; email: string; row: SessionStaffRow } | undefined> {
      const found = await staffFactsOf(db, userId);
      return found && { id: found.id, email: found.email, row: found.staff };
    },

    /** The earliest admin appointed (the owner when admin_id is empty). */
    async earliestAdmin(): Promise<string | undefined> {
      const [row] = await db
        .select({ userId: staffMembers.userId })
        .from(staffMembers)
        .where(eq(staffMembers.roleId, 'admin'))
        .orderBy(asc(staffMembers.appointedAt), asc(staffMembers.userId))
        .limit(1);
      return row?.userId;
    },

    async hasAdmin(): Promise<boolean> {
      return (await this.earliestAdmin()) !== undefined;
    },

    async usersWithRole(roleId: string): Promise<string[]> {
      const rows = await db
        .select({ userId: staffMembers.userId })
        .from(staffMembers)
        .where(eq(staffMembers.roleId, roleId));
      return rows.map((r) => r.userId);
    },

    async userIdsIn(ids: string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      return (await db.select({ id: users.id }).from(users).where(inArray(users.id, ids))).map((r) => r.id);
    },
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;
