import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { prizesRoutes } from './routes.js';
import { createPrizesService } from './service.js';

/** The lottery: prizes for operations (spec-2 §2 item 15) and the paid users' draws. */
async function prizesModule(fastify: FastifyInstance) {
  const service = createPrizesService({
    db: fastify.db,
    traffic: fastify.traffic,
    coupons: fastify.coupons,
    settings: fastify.settings,
    uploads: fastify.uploads,
    audit: fastify.audit,
  });
  prizesRoutes(fastify, service);
}

export default fp(prizesModule, {
  name: 'prizes',
  dependencies: ['db', 'auth', 'envelope', 'audit', 'settings', 'traffic', 'coupons', 'uploads'],
});
