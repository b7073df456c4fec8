import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ordersRoutes } from './routes.js';
import { createOrdersService, type OrdersService } from './service.js';

export type { OrdersService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    orders: OrdersService;
  }
}

/** How often the expiry job looks for open orders whose time is up. */
export const EXPIRY_INTERVAL_MS = 60_000;

/** Orders, coupons on orders, the wallet deduction, dobuy and trade status; the expiry job. */
async function ordersModule(fastify: FastifyInstance) {
  const orders = createOrdersService({
    db: fastify.db,
    shop: fastify.shop,
    coupons: fastify.coupons,
    wallet: fastify.wallet,
    fulfilment: fastify.fulfilment,
    payments: fastify.payments,
    settings: fastify.settings,
  });
  fastify.decorate('orders', orders);
  ordersRoutes(fastify, orders);

  // Open orders past expires_at are cancelled like cancel_order does (coupon and wallet released).
  fastify.jobs.define({
    name: 'orders.expire',
    every: () => EXPIRY_INTERVAL_MS,
    run: async () => {
      const cancelled = await orders.expireDue();
      if (cancelled > 0) fastify.log.info({ cancelled }, 'expired orders cancelled');
      return cancelled;
    },
  });
}

export default fp(ordersModule, {
  name: 'orders',
  dependencies: ['db', 'jobs', 'auth', 'envelope', 'settings', 'coupons', 'wallet', 'fulfilment', 'payments', 'shop'],
});
