import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createTradesAdminRepository } from './repository.js';
import { tradesAdminRoutes } from './routes.js';
import { createTradesAdminService } from './service.js';

export type { TradesAdminService } from './service.js';

/** The back office's trade list and order detail: reads of the money path's trades and orders. */
async function tradesAdminModule(fastify: FastifyInstance) {
  tradesAdminRoutes(fastify, createTradesAdminService({ repo: createTradesAdminRepository(fastify.db) }));
}

export default fp(tradesAdminModule, { name: 'trades-admin', dependencies: ['db', 'auth', 'envelope'] });
