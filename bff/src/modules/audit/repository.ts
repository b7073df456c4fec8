import { and, desc, eq, gte, ilike, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { containsPattern } from '../../lib/like-pattern.js';
import { auditLog, type AuditRow } from '../../db/schema.js';

export interface AuditFilter {
  /** Part of the operator's e-mail. */
  operator?: string | undefined;
  recordType?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  limit: number;
}

export function createAuditRepository(db: Db) {
  return {
    async insert(row: typeof auditLog.$inferInsert): Promise<void> {
      await db.insert(auditLog).values(row);
    },

    async list(filter: AuditFilter): Promise<AuditRow[]> {
      const conditions: SQL[] = [];
      if (filter.operator !== undefined && filter.operator !== '') {
        conditions.push(ilike(auditLog.operatorEmail, containsPattern(filter.operator)));
      }
      if (filter.recordType !== undefined && filter.recordType !== '')
        conditions.push(eq(auditLog.recordType, filter.recordType));
      if (filter.from !== undefined) conditions.push(gte(auditLog.createdAt, filter.from));
      if (filter.to !== undefined) conditions.push(lte(auditLog.createdAt, filter.to));
      return db
        .select()
        .from(auditLog)
        .where(and(...conditions))
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(filter.limit);
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
