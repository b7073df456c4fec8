import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { shopRoutes } from './routes.js';
import { createShopService, type ShopService } from './service.js';

export type { ShopService, Viewer } from './service.js';
export { ComboFields } from './schema.js';
export { agencyHostOf, isAgencyRequest } from './agency.js';

declare module 'fastify' {
  interface FastifyInstance {
    shop: ShopService;
  }
}

/** Products (spec-2 combos): the shop list and the admin product calls. */
async function shopModule(fastify: FastifyInstance) {
  const shop = createShopService({
    db: fastify.db,
    settings: fastify.settings,
    existingPermissions: (names) => fastify.network.existingPermissionNames(names),
  });
  fastify.decorate('shop', shop);
  shopRoutes(fastify, shop, fastify.audit);
}

export default fp(shopModule, {
  name: 'shop',
  dependencies: ['db', 'auth', 'envelope', 'settings', 'network', 'audit'],
});
