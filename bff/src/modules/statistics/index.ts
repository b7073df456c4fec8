import { NumRequest } from '@portal/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { backOfficeRoute } from '../audit/index.js';
import { createStatisticsRepository } from './repository.js';
import { createStatisticsService } from './service.js';

export { createStatisticsService, STATISTICS_DEFAULT_DAYS, type StatisticsService } from './service.js';

/** How often the daily roll-up is reconciled with the records. */
export const STATISTICS_ROLLUP_INTERVAL_MS = 10 * 60_000;
/** The first run after start-up comes sooner, so an upgraded install's history is rolled up early. */
const FIRST_ROLLUP_DELAY_MS = 30_000;

/** /admin_stastic's call (spec-2 §7: basic_stastic {num}), read-only, for admins. */
async function statisticsModule(fastify: FastifyInstance) {
  const statistics = createStatisticsService({
    repo: createStatisticsRepository(fastify.db),
    timeZone: fastify.config.serviceTimezone,
  });
  backOfficeRoute(
    fastify,
    '/api/admin/users/basic_stastic',
    NumRequest,
    ({ num }) => statistics.basic(num),
    'statistics.read',
  );
  let scheduled = false;
  fastify.jobs.define({
    name: 'statistics.rollup',
    every: () => {
      const wait = scheduled ? STATISTICS_ROLLUP_INTERVAL_MS : FIRST_ROLLUP_DELAY_MS;
      scheduled = true;
      return wait;
    },
    run: () => statistics.reconcile(),
  });
}

export default fp(statisticsModule, {
  name: 'statistics',
  dependencies: ['db', 'config', 'auth', 'envelope', 'audit', 'jobs'],
});
