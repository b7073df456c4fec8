import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { applyDemoNetwork } from '../network/index.js';
import { createSeedService, randomCouponCode, readSeedFile } from './service.js';

/**
 * Start-up data: demo content on the first start (DEMO_DATA), a trial coupon with a known code
 * (DEMO_COUPON_CODE), and a seed file (SEED_FILE). Runs before the server listens.
 */
async function seedModule(fastify: FastifyInstance) {
  const { demoData, demoCouponCode, seedFile } = fastify.config;
  const seed = createSeedService({
    accounts: fastify.accounts,
    coupons: fastify.coupons,
    notices: fastify.notices,
    settings: fastify.settings,
    shop: fastify.shop,
    wallet: fastify.wallet,
    db: fastify.db,
    traffic: fastify.traffic,
    fulfilment: fastify.fulfilment,
    ensureAgent: (agent) => fastify.nodeApi.ensureSeedAgent(agent),
  });

  const demoNow = demoData && (await seed.applyDemoOnce());
  if (demoNow) fastify.log.info('demo data created: notices and an announcement');
  if (demoNow && (await applyDemoNetwork(fastify.network)))
    fastify.log.info('demo network created: 3 agents, 1 entry, 6 lines');
  if (demoNow) fastify.log.info({ products: await seed.applyDemoProducts() }, 'demo products created');
  const couponCode = demoCouponCode || (demoNow ? randomCouponCode() : '');
  if (couponCode !== '' && (await seed.ensureTrialCoupon(couponCode))) {
    fastify.log.warn(`Trial coupon created (8 GiB, once per user). Code: ${couponCode}`);
  }

  if (seedFile !== '') {
    const counts = await seed.applySeedFile(await readSeedFile(seedFile));
    fastify.log.info({ seedFile, ...counts }, 'seed file applied');
  }
}

export default fp(seedModule, {
  name: 'seed',
  dependencies: [
    'accounts',
    'coupons',
    'notices',
    'settings',
    'network',
    'node-api',
    'shop',
    'wallet',
    'fulfilment',
    'traffic',
  ],
});
