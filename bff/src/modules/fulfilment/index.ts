import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { SettleTrade } from '../payments/types.js';
import { createFulfilmentService, type FulfilmentService } from './service.js';

export type { FulfilmentService, RebatePolicy } from './service.js';
export { payableCents } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** `settle` is what the payments module calls once a provider has proved a payment. */
    fulfilment: FulfilmentService & { settle: SettleTrade };
  }
}

/**
 * Settles proved payments (orders paid, traffic, days, permissions, rebates, statistics).
 * Registered before payments, which call `fastify.fulfilment.settle`, and before orders, which
 * pay orders nothing is left to pay on through the same code.
 */
async function fulfilmentModule(fastify: FastifyInstance) {
  fastify.decorate(
    'fulfilment',
    createFulfilmentService({
      db: fastify.db,
      traffic: fastify.traffic,
      wallet: fastify.wallet,
      settings: fastify.settings,
      timeZone: fastify.config.serviceTimezone,
      warn: (details, message) => fastify.log.warn(details, message),
      notify: (events) => fastify.notifications.emit(events),
    }),
  );
}

export default fp(fulfilmentModule, {
  name: 'fulfilment',
  dependencies: ['db', 'config', 'settings', 'traffic', 'wallet', 'notifications'],
});
