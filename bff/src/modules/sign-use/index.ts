import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { signUseRoutes } from './routes.js';
import { createSignUseService, type SignUseService } from './service.js';

export type { SignUseService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    signUse: SignUseService;
  }
}

async function signUseModule(fastify: FastifyInstance) {
  const signUse = createSignUseService({
    db: fastify.db,
    settings: fastify.settings,
    traffic: fastify.traffic,
    timeZone: fastify.config.serviceTimezone,
  });
  fastify.decorate('signUse', signUse);
  signUseRoutes(fastify, signUse);
}

export default fp(signUseModule, { name: 'sign-use', dependencies: ['db', 'auth', 'envelope', 'settings', 'traffic'] });
