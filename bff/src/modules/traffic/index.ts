import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createTrafficService, type TrafficService } from './service.js';

export type { Credit, TrafficService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    traffic: TrafficService;
  }
}

/** Traffic and VIP time balances with their ledger; used by coupons, sign-in and (later) orders. */
async function trafficModule(fastify: FastifyInstance) {
  const traffic = createTrafficService({ timeZone: fastify.config.serviceTimezone });
  fastify.decorate('traffic', traffic);
  // Trial traffic granted until a deadline is taken back when the deadline passes (tiyan_expire).
  fastify.jobs.define({
    name: 'traffic.grant-expiry',
    every: () => GRANT_EXPIRY_INTERVAL_MS,
    run: () => traffic.expireDueGrants(fastify.db),
  });
}

/** How often lapsed trial traffic is looked for. */
export const GRANT_EXPIRY_INTERVAL_MS = 60_000;

export default fp(trafficModule, { name: 'traffic', dependencies: ['db', 'config', 'jobs'] });
