import { EmptyRequest, NumRequest } from '@portal/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { backOfficeRoute, type AuditService } from '../audit/index.js';
import type { ErrorLogService } from './service.js';

export function errorLogRoutes(fastify: FastifyInstance, errorLog: ErrorLogService, audit: AuditService) {
  backOfficeRoute(fastify, '/api/admin/errors/list', NumRequest, ({ num }) => errorLog.list(num), 'errors.read');

  backOfficeRoute(
    fastify,
    '/api/admin/errors/clear',
    EmptyRequest,
    (_payload, operator) =>
      audit.action(
        operator,
        { recordType: 'error_log', recordId: '*', detail: 'clear', after: (cleared) => cleared },
        () => errorLog.clear(),
      ),
    'errors.clear',
  );
}
