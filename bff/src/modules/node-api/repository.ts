import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { agents, lines, userPermissions, users, type Agent, type Line, type NewAgent, type NewLine } from '../../db/schema.js';
import { userHasAllowanceSql } from '../usage/eligibility.js';

/** SQL of the node API and the user-side node list. */
export function createNodeApiRepository(db: Db) {
  return {
    /** Our ids of the users behind node uids (the integer ids of the user list). */
    async userIdsByNodeUid(uids: number[]): Promise<Map<number, string>> {
      const rows = await db.select({ id: users.id, nodeUid: users.nodeUid }).from(users).where(inArray(users.nodeUid, uids));
      return new Map(rows.map((r) => [r.nodeUid, r.id]));
    },

    async agentWithSecret(id: string): Promise<Pick<Agent, 'id' | 'secretHash' | 'status'> | undefined> {
      const [row] = await db
        .select({ id: agents.id, secretHash: agents.secretHash, status: agents.status })
        .from(agents)
        .where(eq(agents.id, id));
      return row;
    },

    async agent(id: string): Promise<Agent | undefined> {
      const [row] = await db.select().from(agents).where(eq(agents.id, id));
      return row;
    },

    async linesOf(agentId: string): Promise<Line[]> {
      return db.select().from(lines).where(eq(lines.agentID, agentId)).orderBy(asc(lines.index), asc(lines.id));
    },

    /**
     * Users allowed on the agent: allowance left (usage/eligibility) and at least one public line
     * of the agent they may use (its permission held and unexpired; not agency for
     * disableForAgency lines). Ordered by id so that the list (and its ETag) is stable.
     */
    async allowedUsers(agentId: string, today: string, now: Date): Promise<Array<{ id: string; nodeUid: number; userkey: string }>> {
      const nowIso = now.toISOString();
      return db
        .select({ id: users.id, nodeUid: users.nodeUid, userkey: users.userkey })
        .from(users)
        .where(
          and(
            userHasAllowanceSql(today, now),
            sql`EXISTS (
              SELECT 1 FROM ${lines}
              WHERE ${lines.agentID} = ${agentId}
                AND ${lines.public} = true
                AND (${lines.disableForAgency} = false OR ${users.isAgency} = false)
                AND ((${lines.permissionRequire} IS NULL AND ${users.normalPermission} = true) OR EXISTS (
                  SELECT 1 FROM ${userPermissions}
                  WHERE ${userPermissions.userId} = ${users.id}
                    AND ${userPermissions.permissionId} = ${lines.permissionRequire}
                    AND ${userPermissions.expireTime} > ${nowIso}::timestamptz
                ))
            )`,
          ),
        )
        .orderBy(asc(users.id));
    },

    async saveStatus(
      agentId: string,
      status: { version?: string | undefined; load?: number | undefined; latencyMs?: number | undefined; onlineUsers?: number | undefined },
    ): Promise<void> {
      await db
        .update(agents)
        .set({
          lastReportAt: sql`now()`,
          // A requested upgrade is done once the node runs another version than it did.
          ...(status.version === undefined
            ? {}
            : {
                agentVersion: status.version,
                upgradeRequestedAt: sql`CASE WHEN ${agents.agentVersion} IS DISTINCT FROM ${status.version} THEN NULL ELSE ${agents.upgradeRequestedAt} END`,
              }),
          ...(status.load === undefined ? {} : { load: status.load }),
          ...(status.latencyMs === undefined ? {} : { latencyMs: status.latencyMs }),
          ...(status.onlineUsers === undefined ? {} : { onlineUsers: status.onlineUsers }),
        })
        .where(eq(agents.id, agentId));
    },

    async touch(agentId: string): Promise<void> {
      await db.update(agents).set({ lastReportAt: sql`now()` }).where(eq(agents.id, agentId));
    },

    /** Inserts an agent and its lines unless the agent id exists (one transaction); true when inserted. */
    async insertAgentIfAbsent(agent: NewAgent, agentLines: NewLine[]): Promise<boolean> {
      return db.transaction(async (tx) => {
        const inserted = await tx.insert(agents).values(agent).onConflictDoNothing().returning({ id: agents.id });
        if (inserted.length === 0) return false;
        if (agentLines.length > 0) await tx.insert(lines).values(agentLines);
        return true;
      });
    },

    /** Enabled agents for the user-side node list, in the operator's order. */
    async listedAgents(): Promise<Agent[]> {
      return db.select().from(agents).where(eq(agents.status, true)).orderBy(asc(agents.orderID), asc(agents.index), asc(agents.id));
    },
  };
}

export type NodeApiRepository = ReturnType<typeof createNodeApiRepository>;
