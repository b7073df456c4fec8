import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createNoticesRepository } from './repository.js';
import { noticesRoutes } from './routes.js';
import { createNoticesService, type NoticesService } from './service.js';

export type { NewNotice, NoticesService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    notices: NoticesService;
  }
}

async function noticesModule(fastify: FastifyInstance) {
  const notices = createNoticesService(createNoticesRepository(fastify.db));
  fastify.decorate('notices', notices);
  noticesRoutes(fastify, notices);
}

export default fp(noticesModule, { name: 'notices', dependencies: ['db', 'auth', 'envelope'] });
