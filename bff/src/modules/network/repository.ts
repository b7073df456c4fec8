import { and, asc, count, eq, gt, inArray, sql } from 'drizzle-orm';
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
  type Permission,
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
type EditableTable = typeof agents | typeof entries | typeof lines | typeof permissions;

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

  /**
   * One table's records by id for the admin screens. `get` locks the row until the transaction
   * ends (it is the audit's "before"); every write drops the snapshot: permissions too, as they
   * decide which lines a user gets.
   */
  function byId<T extends EditableTable>(table: T) {
    // Drizzle's builders take the union of these tables; each has a text `id` primary key.
    const t = table as EditableTable;
    return {
      async get(id: string): Promise<T['$inferSelect'] | undefined> {
        const [row] = await db.select().from(t).where(eq(t.id, id)).for('update');
        return row as T['$inferSelect'] | undefined;
      },
      async insert(row: T['$inferInsert']): Promise<void> {
        changed(await db.insert(t).values(row));
      },
      async update(id: string, fields: Partial<T['$inferInsert']>): Promise<void> {
        changed(await db.update(t).set(fields).where(eq(t.id, id)));
      },
      async remove(id: string): Promise<void> {
        changed(await db.delete(t).where(eq(t.id, id)));
      },
    };
  }

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
    async activePermissions(
      userId: string,
      now: Date,
    ): Promise<Array<{ id: string; name: string; desc: string; expireTime: Date }>> {
      return db
        .select({
          id: permissions.id,
          name: permissions.name,
          desc: permissions.desc,
          expireTime: userPermissions.expireTime,
        })
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

    // The admin screens (modules/network/service.ts).

    /** Reads and writes of one record by id: `agents.get(id)`, `lines.update(id, fields)`… */
    records: {
      agents: byId(agents),
      entries: byId(entries),
      lines: byId(lines),
      permissions: byId(permissions),
    },
    async agents(): Promise<Agent[]> {
      return db.select().from(agents).orderBy(asc(agents.index), asc(agents.id));
    },
    async entries(): Promise<Entry[]> {
      return db.select().from(entries).orderBy(asc(entries.index), asc(entries.id));
    },
    async lines(): Promise<Line[]> {
      return db.select().from(lines).orderBy(asc(lines.index), asc(lines.id));
    },
    async permissions(): Promise<Permission[]> {
      return db.select().from(permissions).orderBy(asc(permissions.name), asc(permissions.id));
    },

    /** Every agent's update count back to 0; how many agents there are. */
    async resetUpdateTimes(): Promise<number> {
      return changed((await db.update(agents).set({ updateConfigTimes: 0 }).returning({ id: agents.id })).length);
    },
    /** Every line's traffic heat back to 0; how many lines there are. */
    async resetHot(): Promise<number> {
      return changed((await db.update(lines).set({ hot: 0 }).returning({ id: lines.id })).length);
    },
    /** How many lines go through the entry, or require the permission. */
    async linesUsing(ref: { entryId: string } | { permissionId: string }): Promise<number> {
      const where = 'entryId' in ref ? eq(lines.entryID, ref.entryId) : eq(lines.permissionRequire, ref.permissionId);
      const [row] = await db.select({ n: count() }).from(lines).where(where);
      return row?.n ?? 0;
    },
    async permissionIdByName(name: string): Promise<string | undefined> {
      const [row] = await db.select({ id: permissions.id }).from(permissions).where(eq(permissions.name, name));
      return row?.id;
    },
    /** Which of `names` name a permission. */
    async existingPermissionNames(names: readonly string[]): Promise<Set<string>> {
      if (names.length === 0) return new Set();
      const rows = await db
        .select({ name: permissions.name })
        .from(permissions)
        .where(inArray(permissions.name, [...names]));
      return new Set(rows.map((r) => r.name));
    },
  };
}

export type NetworkRepository = ReturnType<typeof createNetworkRepository>;
