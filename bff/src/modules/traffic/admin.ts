import { AdminTrafficRecordsRequest } from '@portal/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { backOfficeRoute } from '../audit/index.js';
import { createTrafficAdminRepository } from './admin-repository.js';
import { createTrafficAdminService } from './admin-service.js';

/** The back office's view of the traffic ledger (traffic.read, read-only). */
async function trafficAdminModule(fastify: FastifyInstance) {
  const service = createTrafficAdminService({
    repo: createTrafficAdminRepository(fastify.db),
    timeZone: fastify.config.serviceTimezone,
  });
  backOfficeRoute(
    fastify,
    '/api/admin/traffic_spend/traffic_records',
    AdminTrafficRecordsRequest,
    (request) => service.records(request),
    'traffic.read',
  );
}

export const trafficAdmin = fp(trafficAdminModule, {
  name: 'traffic-admin',
  dependencies: ['db', 'config', 'auth', 'envelope'],
});
