import { and, asc, desc, eq, gte, type SQL } from 'drizzle-orm';
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
     */
    async records({ type, fromDay, limit }: TrafficRecordsFilter) {
      const conditions: SQL[] = [gte(trafficRecords.day, fromDay)];
      if (type !== '') conditions.push(eq(trafficRecords.type, type));
      const order =
        type === 'spend'
          ? [asc(trafficRecords.trafficChange), desc(trafficRecords.id)]
          : [desc(trafficRecords.createdAt), desc(trafficRecords.id)];
      return db
        .select({
          id: trafficRecords.id,
          userId: trafficRecords.userId,
          email: users.email,
          day: trafficRecords.day,
          type: trafficRecords.type,
          trafficChange: trafficRecords.trafficChange,
          allSpend: trafficRecords.allSpend,
          allTraffic: trafficRecords.allTraffic,
          updatedAt: trafficRecords.updatedAt,
        })
        .from(trafficRecords)
        .innerJoin(users, eq(users.id, trafficRecords.userId))
        .where(and(...conditions))
        .orderBy(...order)
        .limit(limit);
    },
  };
}

export type TrafficAdminRepository = ReturnType<typeof createTrafficAdminRepository>;
