import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { appleIdsRoutes } from './routes.js';
import { createAppleIdsService } from './service.js';

export type { AppleIdsService } from './service.js';

/** /api/user/apple_ids (ours): the shared Apple ID accounts of /apple_id_share, for paid users only. */
async function appleIdsModule(fastify: FastifyInstance) {
  appleIdsRoutes(fastify, createAppleIdsService({ settings: fastify.settings }));
}

export default fp(appleIdsModule, { name: 'apple-ids', dependencies: ['auth', 'envelope', 'settings'] });
