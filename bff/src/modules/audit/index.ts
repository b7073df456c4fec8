import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAuditRepository } from './repository.js';
import { auditRoutes } from './routes.js';
import { createAuditService, type AuditService } from './service.js';

export { adminResource, backOfficeRoute, type AdminResource } from './resource.js';
export {
  AUDIT_SECRET_FIELDS,
  type AuditedRecords,
  type AuditService,
  type Operator,
  type RecordsRef,
} from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    audit: AuditService;
  }
}

/** The audit log of back-office writes, the resource engine their routes stand on, and its list. */
async function auditModule(fastify: FastifyInstance) {
  const audit = createAuditService({ db: fastify.db, repo: createAuditRepository(fastify.db) });
  fastify.decorate('audit', audit);
  auditRoutes(fastify, audit);
}

export default fp(auditModule, { name: 'audit', dependencies: ['db', 'auth', 'envelope'] });
