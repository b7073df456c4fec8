import { NumRequest } from '@portal/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { backOfficeRoute } from '../audit/index.js';
import { createStatisticsRepository } from './repository.js';
import { createStatisticsService } from './service.js';

export { createStatisticsService, STATISTICS_DEFAULT_DAYS, type StatisticsService } from './service.js';

/** /admin_stastic's call (spec-2 §7: basic_stastic {num}), read-only, for admins. */
async function statisticsModule(fastify: FastifyInstance) {
  const statistics = createStatisticsService({
    repo: createStatisticsRepository(fastify.db),
    timeZone: fastify.config.serviceTimezone,
  });
  backOfficeRoute(fastify, '/api/admin/users/basic_stastic', NumRequest, ({ num }) => statistics.basic(num));
}

export default fp(statisticsModule, {
  name: 'statistics',
  dependencies: ['db', 'config', 'auth', 'envelope', 'audit'],
});
