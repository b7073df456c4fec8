import { and, asc, desc, eq, gte, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { trafficRecords, users } from '../../db/schema.js';

export interface TrafficRecordsFilter {
  /** '' = every type. */
  type: string;
  /** The first service day (YYYY-MM-DD) included. */
  fromDay: string;
  limit: number;
}

/** The traffic ledger as the back office reads it (all users). */
export function createTrafficAdminRepository(db: Db) {
  return {
    /**
     * Records from `fromDay` on, with the user's e-mail: spend records (one per user and day,
     * growing through the day) the largest spend first, anything else newest first.
     *
     * The page is read first (newest first along traffic_records_created_idx or, for one type,
     * traffic_records_type_created_idx, stopping at `limit`), then the e-mails of its users only:
     * joined in the same statement, every record of the period was matched to its user before the
     * limit (548 k rows for 31 days, 0.95 s).
     */
    async records({ type, fromDay, limit }: TrafficRecordsFilter) {
      const conditions: SQL[] = [gte(trafficRecords.day, fromDay)];
      if (type !== '') conditions.push(eq(trafficRecords.type, type));
      const order =
        type === 'spend'
          ? [asc(trafficRecords.trafficChange), desc(trafficRecords.id)]
          : [desc(trafficRecords.createdAt), desc(trafficRecords.id)];
      const rows = await db
        .select({
          id: trafficRecords.id,
          userId: trafficRecords.userId,
          day: trafficRecords.day,
          type: trafficRecords.type,
          trafficChange: trafficRecords.trafficChange,
          allSpend: trafficRecords.allSpend,
          allTraffic: trafficRecords.allTraffic,
          updatedAt: trafficRecords.updatedAt,
        })
        .from(trafficRecords)
        .where(and(...conditions))
        .orderBy(...order)
        .limit(limit);
      const ids = [...new Set(rows.map((row) => row.userId))];
      const emails = new Map(
        ids.length === 0
          ? []
          : (await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ids))).map(
              (u) => [u.id, u.email] as const,
            ),
      );
      // The foreign key keeps every record's user (a deleted user's records go with them); a user
      // deleted between the two reads drops its records, as the join did.
      return rows.flatMap((row) => {
        const email = emails.get(row.userId);
        return email === undefined ? [] : [{ ...row, email }];
      });
    },
  };
}

export type TrafficAdminRepository = ReturnType<typeof createTrafficAdminRepository>;
