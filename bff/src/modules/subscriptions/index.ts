import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAccountsRepository } from '../accounts/repository.js';
import { subscriptionRoutes } from './routes.js';
import { createSubscriptionService, type SubscriptionService } from './service.js';

export type { SubscriptionService } from './service.js';
export { userCredential, ssClientPassword } from './credentials.js';

declare module 'fastify' {
  interface FastifyInstance {
    subscriptions: SubscriptionService;
  }
}

/** Subscription content for client apps (docs/subscriptions.md). */
async function subscriptionsModule(fastify: FastifyInstance) {
  const accounts = createAccountsRepository(fastify.db);
  const service = createSubscriptionService({
    findUser: (id, key) => accounts.findByIdAndKey(id, key),
    gate: fastify.clientDevices,
    network: fastify.network,
    settings: fastify.settings,
    timeZone: fastify.config.serviceTimezone,
  });
  fastify.decorate('subscriptions', service);
  subscriptionRoutes(fastify, service, accounts);
}

export default fp(subscriptionsModule, {
  name: 'subscriptions',
  dependencies: ['db', 'auth', 'settings', 'network', 'client-devices'],
});
