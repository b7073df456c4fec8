import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createWithdrawalsRepository } from './repository.js';
import { withdrawalsRoutes } from './routes.js';
import { createWithdrawalsService } from './service.js';

export type { WithdrawalsService } from './service.js';

/** Withdrawals: the user's request (/api/wallet/*) and the operator's settle and message (/api/admin/charge/*). */
async function withdrawalsModule(fastify: FastifyInstance) {
  const service = createWithdrawalsService({
    db: fastify.db,
    repo: createWithdrawalsRepository(fastify.db),
    wallet: fastify.wallet,
    settings: fastify.settings,
    audit: fastify.audit,
    emit: (events) => fastify.notifications.emit(events),
  });
  withdrawalsRoutes(fastify, service);
}

export default fp(withdrawalsModule, {
  name: 'withdrawals',
  dependencies: ['db', 'auth', 'envelope', 'audit', 'settings', 'wallet', 'accounts', 'mail', 'notifications'],
});
