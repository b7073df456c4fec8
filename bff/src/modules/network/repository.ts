import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
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
import { snapshot } from '../../lib/snapshot.js';

/**
 * How old the public lines every subscription reads may be. Reading 200 lines with their agents
 * costs more than everything else a subscription does (about 12 ms on PGlite), and they change
 * only when an operator edits the network: the writers below drop the snapshot at once, other
 * instances see a change within this time.
 */
export const PUBLIC_LINES_MAX_AGE_MS = 2000;

type PublicLine = { line: Line; agent: Agent; entry: Entry | null };

/** SQL of the operator's network: agents (nodes), entries, lines, permissions. */
export function createNetworkRepository(db: Db) {
  const publicLines = snapshot(
    (): PromiseLike<PublicLine[]> =>
      db
        .select({ line: lines, agent: agents, entry: entries })
        .from(lines)
        .innerJoin(agents, eq(lines.agentID, agents.id))
        .leftJoin(entries, eq(lines.entryID, entries.id))
        .where(and(eq(lines.public, true), eq(agents.status, true)))
        .orderBy(lines.index, agents.index, lines.id),
    PUBLIC_LINES_MAX_AGE_MS,
  );
  /** Every write to agents, entries or lines goes through here (or calls `networkChanged`). */
  const changed = <T>(result: T): T => {
    publicLines.invalidate();
    return result;
  };

  return {
    async insertAgent(agent: NewAgent): Promise<void> {
      changed(await db.insert(agents).values(agent));
    },
    async insertEntry(entry: NewEntry): Promise<void> {
      changed(await db.insert(entries).values(entry));
    },
    async insertLine(line: NewLine): Promise<void> {
      changed(await db.insert(lines).values(line));
    },
    async insertLines(rows: NewLine[]): Promise<void> {
      if (rows.length > 0) changed(await db.insert(lines).values(rows));
    },
    /** For writers outside this repository (the node API's registration, SQL in tests). */
    networkChanged(): void {
      publicLines.invalidate();
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

    /**
     * Public lines of enabled agents, with their agent and entry, in display order; at most
     * PUBLIC_LINES_MAX_AGE_MS old. Shared by every caller: never mutate what it returns.
     */
    publicLines(): Promise<readonly PublicLine[]> {
      return publicLines.get();
    },

    /** The user's permissions that have not expired at `now`, soonest expiry first. */
    async activePermissions(userId: string, now: Date): Promise<Array<{ id: string; name: string; desc: string; expireTime: Date }>> {
      return db
        .select({ id: permissions.id, name: permissions.name, desc: permissions.desc, expireTime: userPermissions.expireTime })
        .from(userPermissions)
        .innerJoin(permissions, eq(userPermissions.permissionId, permissions.id))
        .where(and(eq(userPermissions.userId, userId), gt(userPermissions.expireTime, now)))
        .orderBy(asc(userPermissions.expireTime), asc(permissions.name));
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
      if (agentIds.length > 0) changed(await db.delete(lines).where(inArray(lines.agentID, agentIds)));
    },
  };
}

export type NetworkRepository = ReturnType<typeof createNetworkRepository>;
