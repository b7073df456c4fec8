import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { paymentsRoutes } from './routes.js';
import { createPaymentsService, type PaymentsModuleService } from './service.js';
import type { SettleTrade } from './types.js';
import { createUsdtWatcher, type UsdtWatcher } from './usdt-watcher.js';

export type { PaymentsModuleService } from './service.js';
export type { UsdtWatcher } from './usdt-watcher.js';
export type * from './types.js';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsModuleService;
    usdtWatcher: UsdtWatcher;
  }
}

/**
 * Payment providers (docs/payments.md): `fastify.payments.start` for orders, the epay notify
 * routes, the sandbox gateway and the USDT watcher. Proved payments go to fulfilment.
 */
async function paymentsModule(fastify: FastifyInstance) {
  const settle: SettleTrade = (proof) => fastify.fulfilment.settle(proof);
  const payments = createPaymentsService({ settings: fastify.settings, settle });
  fastify.decorate('payments', payments);
  const watcher = createUsdtWatcher({ db: fastify.db, settings: fastify.settings, settle, log: fastify.log });
  fastify.decorate('usdtWatcher', watcher);
  await paymentsRoutes(fastify, payments);

  fastify.addHook('onReady', async () => {
    await payments.init();
    if (await payments.sandboxEnabled()) {
      fastify.log.warn(
        'payments: the sandbox serves at least one pay method and pays orders without money; choose a platform or off for alipay, wxpay and urlscheme in production',
      );
    }
  });
  // Epay trades whose notify never came are asked about at their gateway.
  fastify.jobs.define({
    name: 'payments.epay-reconcile',
    every: () => 60_000,
    run: async () => {
      const result = await payments.reconcileEpay(fastify.db);
      if (result.settled > 0) fastify.log.info(result, 'epay trades settled by reconciliation');
      return result;
    },
  });
  // The chain is watched by the one instance that owns the jobs, at the settings' interval.
  fastify.jobs.define({
    name: 'payments.usdt-watch',
    every: async () => (await fastify.settings.get('usdtCheckInterval').catch(() => 15)) * 1000,
    run: () => watcher.checkOnce(),
  });
}

export default fp(paymentsModule, {
  name: 'payments',
  dependencies: ['db', 'jobs', 'config', 'auth', 'envelope', 'settings', 'fulfilment', 'notifications'],
});
