import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { couponsRoutes } from './routes.js';
import { createCouponsService, type CouponsService } from './service.js';

export type { CouponsService, NewCouponInput } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    coupons: CouponsService;
  }
}

async function couponsModule(fastify: FastifyInstance) {
  const coupons = createCouponsService({ db: fastify.db, traffic: fastify.traffic });
  fastify.decorate('coupons', coupons);
  couponsRoutes(fastify, coupons);
}

export default fp(couponsModule, { name: 'coupons', dependencies: ['db', 'auth', 'envelope', 'traffic'] });
