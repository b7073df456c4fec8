import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createNetworkRepository, type NetworkRepository } from './repository.js';

export type { NetworkRepository } from './repository.js';
export { DEMO_NETWORK, applyDemoNetwork } from './demo.js';

declare module 'fastify' {
  interface FastifyInstance {
    network: NetworkRepository;
  }
}

/** The operator's network (agents, entries, lines, permissions); admin screens come in a later issue. */
async function networkModule(fastify: FastifyInstance) {
  fastify.decorate('network', createNetworkRepository(fastify.db));
}

export default fp(networkModule, { name: 'network', dependencies: ['db'] });
