import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { couponAdminRoutes } from './routes.js';
import { createCouponAdminService } from './service.js';

/** Operations: coupons (Taobao batches), their use records and restoring a use (spec-2 §2 items 13, 14). */
async function couponAdminModule(fastify: FastifyInstance) {
  const service = createCouponAdminService({
    db: fastify.db,
    traffic: fastify.traffic,
    orders: fastify.orders,
    audit: fastify.audit,
  });
  couponAdminRoutes(fastify, service);
}

export default fp(couponAdminModule, {
  name: 'coupon-admin',
  dependencies: ['db', 'auth', 'envelope', 'audit', 'traffic', 'coupons', 'orders'],
});
