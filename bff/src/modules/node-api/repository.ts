import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  agents,
  lines,
  userPermissions,
  users,
  type Agent,
  type Line,
  type NewAgent,
  type NewLine,
} from '../../db/schema.js';
import { userHasAllowanceSql } from '../usage/eligibility.js';
import type { LineRule, ListState, ListBuild } from './user-list.js';

/** The rows of a raw statement (node-postgres and PGlite both answer `rows`). */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * One user of a node list as JSON, written by the database (the shape of docs/node-api.md GET
 * /user): the credentials are stored columns (migration 0011), so nothing is derived per pull;
 * device_limit is the subscription devices' limit (client-devices' deviceLimitOf).
 * One concat, not a chain of ||, which copies the growing string at every step.
 */
const USER_ENTRY = sql`concat('{"id":', ${users.nodeUid}, ',"uid":', to_json(${users.id}),
  ',"uuid":"', ${users.credUuid}, '","speed_limit":0,"device_limit":',
  CASE WHEN ${users.deviceNum} > 0 THEN ${users.deviceNum} ELSE ${users.packageDeviceNum} END,
  ',"password":"', ${users.credSsPassword},
  '","ss_key16":"', ${users.credSsKey16}, '","ss_key32":"', ${users.credSsKey32}, '"}')`;

/**
 * Whether a user passes one of a node's line rules (refuses agency users, requires a permission
 * granted until after `grantsValidAt`): the user list's rule apart from the user's allowance.
 */
function admittedByRules(rules: LineRule[], grantsValidAt: Date) {
  if (rules.length === 0) return sql`false`;
  const admitted = rules.map(
    (rule) =>
      sql`(${rule.dfa ? sql`${users.isAgency} = false` : sql`true`} AND ${
        rule.perm === null
          ? sql`${users.normalPermission} = true`
          : sql`EXISTS (SELECT 1 FROM ${userPermissions} WHERE ${userPermissions.userId} = ${users.id}
            AND ${userPermissions.permissionId} = ${rule.perm} AND ${userPermissions.expireTime} > ${grantsValidAt.toISOString()}::timestamptz)`
      })`,
  );
  return sql`(${sql.join(admitted, sql` OR `)})`;
}

/** SQL of the node API and the user-side node list. */
export function createNodeApiRepository(db: Db) {
  return {
    /** Our ids of the users behind node uids (the integer ids of the user list). */
    async userIdsByNodeUid(uids: number[]): Promise<Map<number, string>> {
      const rows = await db
        .select({ id: users.id, nodeUid: users.nodeUid })
        .from(users)
        .where(inArray(users.nodeUid, uids));
      return new Map(rows.map((r) => [r.nodeUid, r.id]));
    },

    /**
     * Of these users, those a node with these line rules may report traffic for: the users its
     * list can hold, by the rules alone (a user who ran out of traffic or time since the node's
     * last pull was on it and is charged), permissions counted while granted after `grantsValidAt`.
     */
    async admittedUserIds(rules: LineRule[], ids: string[], grantsValidAt: Date): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, ids), admittedByRules(rules, grantsValidAt)));
      return new Set(rows.map((r) => r.id));
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
     * What decides a node's list, in one small query: the rules of its public lines (the list
     * depends on nothing else of the node), the list versions that apply (node_list_versions:
     * 'users' and the permissions those lines require) and the node's upgrade request.
     */
    async listState(agentId: string): Promise<ListState | undefined> {
      const rows = rowsOf<{
        upgrade_requested_at: Date | string | null;
        server_type: Agent['serverType'];
        rules: LineRule[];
        versions: Record<string, string>;
      }>(
        await db.execute(sql`
          WITH rules AS (
            SELECT DISTINCT ${lines.disableForAgency} AS dfa, ${lines.permissionRequire} AS perm
            FROM ${lines} WHERE ${lines.agentID} = ${agentId} AND ${lines.public} = true
          )
          SELECT a.upgrade_requested_at, a.server_type,
            coalesce((SELECT json_agg(json_build_object('dfa', dfa, 'perm', perm)) FROM rules), '[]') AS rules,
            coalesce((SELECT json_object_agg(v.scope, v.version::text) FROM node_list_versions v
                      WHERE v.scope = 'users' OR v.scope IN (SELECT 'perm:' || perm FROM rules WHERE perm IS NOT NULL)), '{}') AS versions
          FROM ${agents} a WHERE a.id = ${agentId}`),
      );
      const row = rows[0];
      if (row === undefined) return undefined;
      const upgrade = row.upgrade_requested_at;
      return {
        upgradeRequestedAt: upgrade === null ? null : new Date(upgrade),
        serverType: row.server_type,
        rules: row.rules,
        versions: row.versions,
      };
    },

    /**
     * A node list for line rules, built by one statement (one snapshot: the versions it reports
     * are those of the rows it listed). Users are those of usage/eligibility with a line they may
     * use (`testing/allowed-users.ts` is the same rule as a plain query), as JSON entries joined with commas in node uid order (an integer
     * sort, cheaper than the ids' text; any stable order keeps the ETag). `validUntil` is a
     * moment after `now` before which time alone cannot drop anyone: the first end of a listed
     * user's time package (when it is all they have) or of a grant of the rules' permissions (any
     * user's: an index reads it, and an early rebuild only costs a build, the ETag stays).
     */
    async buildList(rules: LineRule[], today: string, now: Date): Promise<ListBuild> {
      const nowIso = now.toISOString();
      const perms = [...new Set(rules.flatMap((r) => (r.perm === null ? [] : [r.perm])))];
      const scopes = ['users', ...perms.map((p) => `perm:${p}`)];
      const grantsEnd =
        perms.length === 0
          ? sql`NULL::timestamptz`
          : sql`(SELECT min(${userPermissions.expireTime}) FROM ${userPermissions}
                 WHERE ${userPermissions.permissionId} IN (${sql.join(
                   perms.map((p) => sql`${p}`),
                   sql`, `,
                 )})
                   AND ${userPermissions.expireTime} > ${nowIso}::timestamptz)`;
      const statement = sql`
        SELECT
          (SELECT coalesce(json_object_agg(v.scope, v.version::text), '{}') FROM node_list_versions v
            WHERE v.scope IN (${sql.join(
              scopes.map((scope) => sql`${scope}`),
              sql`, `,
            )})) AS versions,
          string_agg(listed.entry, ',' ORDER BY listed.n) AS users,
          count(*)::int AS count,
          (extract(epoch FROM least(min(listed.time_until), ${grantsEnd})) * 1000)::float8 AS valid_until
        FROM (
          SELECT ${users.nodeUid} AS n, ${USER_ENTRY} AS entry,
                 CASE WHEN ${users.traffic} > ${users.spendTraffic} THEN NULL ELSE ${users.vipExpireTime} END AS time_until
          FROM ${users}
          WHERE ${userHasAllowanceSql(today, now)} AND ${admittedByRules(rules, now)}
        ) listed`;
      return db.transaction(async (tx) => {
        // A pass over every user: the JIT compiler (PostgreSQL's default above a cost) spent
        // seconds compiling it at 100 k users, and the sort of ~20 MB of entries spilled to disk
        // under the default work_mem. Both only for this transaction.
        await tx.execute(sql`SELECT set_config('jit', 'off', true), set_config('work_mem', '64MB', true)`);
        const [row] = rowsOf<{
          versions: Record<string, string>;
          users: string | null;
          count: number;
          valid_until: number | null;
        }>(await tx.execute(statement));
        return { versions: row!.versions, users: row!.users ?? '', count: row!.count, validUntil: row!.valid_until };
      });
    },

    async saveStatus(
      agentId: string,
      status: {
        version?: string | undefined;
        load?: number | undefined;
        latencyMs?: number | undefined;
        onlineUsers?: number | undefined;
      },
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
      await db
        .update(agents)
        .set({ lastReportAt: sql`now()` })
        .where(eq(agents.id, agentId));
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
      return db
        .select()
        .from(agents)
        .where(eq(agents.status, true))
        .orderBy(asc(agents.orderID), asc(agents.index), asc(agents.id));
    },
  };
}

export type NodeApiRepository = ReturnType<typeof createNodeApiRepository>;
