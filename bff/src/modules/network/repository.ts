import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  agents,
  entries,
  lines,
  permissions,
  userPermissions,
  type Agent,
  type Entry,
  type Line,
  type NewAgent,
  type NewEntry,
  type NewLine,
} from '../../db/schema.js';

/** SQL of the operator's network: agents (nodes), entries, lines, permissions. */
export function createNetworkRepository(db: Db) {
  return {
    async insertAgent(agent: NewAgent): Promise<void> {
      await db.insert(agents).values(agent);
    },
    async insertEntry(entry: NewEntry): Promise<void> {
      await db.insert(entries).values(entry);
    },
    async insertLine(line: NewLine): Promise<void> {
      await db.insert(lines).values(line);
    },
    async insertLines(rows: NewLine[]): Promise<void> {
      if (rows.length > 0) await db.insert(lines).values(rows);
    },
    async insertPermission(permission: { id: string; name: string; desc?: string }): Promise<void> {
      await db.insert(permissions).values(permission).onConflictDoNothing();
    },
    async grantPermission(userId: string, permissionId: string, expireTime: Date): Promise<void> {
      await db
        .insert(userPermissions)
        .values({ userId, permissionId, expireTime })
        .onConflictDoUpdate({ target: [userPermissions.userId, userPermissions.permissionId], set: { expireTime } });
    },

    /** Public lines of enabled agents, with their agent and entry, in display order. */
    async publicLines(): Promise<Array<{ line: Line; agent: Agent; entry: Entry | null }>> {
      const rows = await db
        .select({ line: lines, agent: agents, entry: entries })
        .from(lines)
        .innerJoin(agents, eq(lines.agentID, agents.id))
        .leftJoin(entries, eq(lines.entryID, entries.id))
        .where(and(eq(lines.public, true), eq(agents.status, true)))
        .orderBy(lines.index, agents.index, lines.id);
      return rows;
    },

    /** Ids of the user's permissions that have not expired at `now`. */
    async activePermissionIds(userId: string, now: Date): Promise<string[]> {
      const rows = await db
        .select({ id: userPermissions.permissionId })
        .from(userPermissions)
        .where(and(eq(userPermissions.userId, userId), gt(userPermissions.expireTime, now)));
      return rows.map((r) => r.id);
    },

    async countAgents(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(agents);
      return row?.n ?? 0;
    },

    async deleteLinesOf(agentIds: string[]): Promise<void> {
      if (agentIds.length > 0) await db.delete(lines).where(inArray(lines.agentID, agentIds));
    },
  };
}

export type NetworkRepository = ReturnType<typeof createNetworkRepository>;
