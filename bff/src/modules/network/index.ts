import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createNetworkRepository, type NetworkRepository } from './repository.js';
import { networkAdminRoutes } from './routes.js';
import { createNetworkAdminService } from './service.js';

export type { NetworkRepository } from './repository.js';
export type { NetworkAdminService } from './service.js';
export { DEMO_NETWORK, applyDemoNetwork } from './demo.js';

declare module 'fastify' {
  interface FastifyInstance {
    network: NetworkRepository;
  }
}

/** The operator's network (agents, entries, lines, permissions) as every other module reads it. */
async function networkModule(fastify: FastifyInstance) {
  fastify.decorate('network', createNetworkRepository(fastify.db));
}

export default fp(networkModule, { name: 'network', dependencies: ['db'] });

/**
 * The admin screens of the network. Registered after the shop: a permission that products grant
 * may be neither renamed nor deleted, and products check their permissions here in turn.
 */
async function networkAdminModule(fastify: FastifyInstance) {
  const service = createNetworkAdminService({
    repo: fastify.network,
    productsGranting: (name) => fastify.shop.combos.granting(name),
  });
  networkAdminRoutes(fastify, service, fastify.audit);
}

export const networkAdmin = fp(networkAdminModule, {
  name: 'network-admin',
  dependencies: ['network', 'audit', 'shop', 'auth', 'envelope'],
});
