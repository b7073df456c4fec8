import { and, desc, eq, gte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { trafficRecords } from '../../db/schema.js';
import type { TrafficRecordsFilter } from './admin-repository.js';

/** The traffic ledger as its user reads it: their own records only. */
export function createMyTrafficRepository(db: Db) {
  return {
    /** The user's records from `fromDay` on (of one type, or all), the most recently changed first. */
    async ofUser(userId: string, { type, fromDay, limit }: TrafficRecordsFilter) {
      const conditions: SQL[] = [eq(trafficRecords.userId, userId), gte(trafficRecords.day, fromDay)];
      if (type !== '') conditions.push(eq(trafficRecords.type, type));
      return db
        .select()
        .from(trafficRecords)
        .where(and(...conditions))
        .orderBy(desc(trafficRecords.updatedAt), desc(trafficRecords.id))
        .limit(limit);
    },
  };
}

export type MyTrafficRepository = ReturnType<typeof createMyTrafficRepository>;
