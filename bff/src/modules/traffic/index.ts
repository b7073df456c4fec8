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
  fastify.decorate('traffic', createTrafficService({ timeZone: fastify.config.serviceTimezone }));
}

export default fp(trafficModule, { name: 'traffic', dependencies: ['db', 'config'] });
