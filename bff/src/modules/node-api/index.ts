import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createNodeApiRepository } from './repository.js';
import { agentListRoute, nodeApiRoutes } from './routes.js';
import { createNodeApiService, type NodeApiService } from './service.js';

export { hashNodeSecret, newNodeSecret, STATUS_FRESH_MS, type NodeApiService } from './service.js';
export { NODE_API_PREFIX } from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    nodeApi: NodeApiService;
  }
}

/** The node-facing UniProxy API (own encapsulated context: plain JSON errors) and the user-side node list. */
async function nodeApiModule(fastify: FastifyInstance) {
  const service = createNodeApiService({
    repo: createNodeApiRepository(fastify.db),
    usage: fastify.usage,
    settings: fastify.settings,
    timeZone: fastify.config.serviceTimezone,
    networkChanged: () => fastify.network.networkChanged(),
  });
  fastify.decorate('nodeApi', service);
  agentListRoute(fastify, service);
  await fastify.register(async (scope) => nodeApiRoutes(scope, service));
}

export default fp(nodeApiModule, {
  name: 'node-api',
  dependencies: ['db', 'config', 'auth', 'envelope', 'usage', 'network', 'settings'],
});
