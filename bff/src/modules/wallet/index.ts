import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { walletRoutes } from './routes.js';
import { createWalletService, type WalletService } from './service.js';

export type { WalletChange, WalletKind, WalletService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    wallet: WalletService;
  }
}

/** The wallet balance and its ledger (spec-2 wallet); the withdrawal calls come in a later issue. */
async function walletModule(fastify: FastifyInstance) {
  const wallet = createWalletService({ db: fastify.db, settings: fastify.settings });
  fastify.decorate('wallet', wallet);
  walletRoutes(fastify, wallet);
}

export default fp(walletModule, { name: 'wallet', dependencies: ['db', 'auth', 'envelope', 'settings'] });
