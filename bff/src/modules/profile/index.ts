import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createProfileRepository } from './repository.js';
import { profileRoutes } from './routes.js';
import { createProfileService } from './service.js';

export type { ProfileService } from './service.js';

/** The profile (/user_info): change_use_info (avatar, options, a mailed e-mail change) and the Telegram unbinding. */
async function profileModule(fastify: FastifyInstance) {
  const service = createProfileService({
    repo: createProfileRepository(fastify.db),
    uploads: fastify.uploads,
    registration: fastify.registration,
  });
  profileRoutes(fastify, service);
}

export default fp(profileModule, {
  name: 'profile',
  dependencies: ['db', 'auth', 'envelope', 'accounts', 'uploads'],
});
