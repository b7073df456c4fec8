import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createUsageService, type UsageService } from './service.js';

export type { ReportResult, TrafficReport, UsageService, UserUsage } from './service.js';
export { chargeFor } from './service.js';
export { userHasAllowance, userHasAllowanceSql, dailyUsageToday, hasActiveTimePackage } from './eligibility.js';

declare module 'fastify' {
  interface FastifyInstance {
    usage: UsageService;
  }
}

/** Node traffic accounting (reports from the node API → balances, spend records, daily usage). */
async function usageModule(fastify: FastifyInstance) {
  fastify.decorate(
    'usage',
    createUsageService({
      db: fastify.db,
      settings: fastify.settings,
      timeZone: fastify.config.serviceTimezone,
      emit: (events) => fastify.notifications.emit(events),
    }),
  );
}

export default fp(usageModule, { name: 'usage', dependencies: ['db', 'config', 'settings', 'notifications'] });
