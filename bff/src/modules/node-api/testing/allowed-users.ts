import { and, asc, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { lines, userPermissions, users } from '../../../db/schema.js';
import { userHasAllowanceSql } from '../../usage/eligibility.js';

/**
 * The tests' reference for a node's user list (what the list query did before it was built by one
 * statement from stored credentials): users with allowance left (usage/eligibility) and at least
 * one public line of the agent they may use (its permission held and unexpired; not agency for
 * disableForAgency lines), ordered by id.
 */
export async function allowedUsers(
  db: Db,
  agentId: string,
  today: string,
  now: Date,
): Promise<Array<{ id: string; nodeUid: number; userkey: string }>> {
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
}
