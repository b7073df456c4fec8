import { AuditListRequest } from '@portal/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { backOfficeRoute } from './resource.js';
import type { AuditService } from './service.js';

/** How many audit rows a list answers unless it asks for another number. */
export const AUDIT_LIST_DEFAULT = 500;

const dateOf = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms));

export function auditRoutes(fastify: FastifyInstance, audit: AuditService) {
  backOfficeRoute(
    fastify,
    '/api/admin/audit/list',
    AuditListRequest,
    async (filter) =>
      audit.list({
        operator: filter.operator,
        recordType: filter.recordType,
        from: dateOf(filter.fromTimestamp),
        to: dateOf(filter.toTimestamp),
        limit: filter.limit ?? AUDIT_LIST_DEFAULT,
      }),
    'audit.read',
  );
}
