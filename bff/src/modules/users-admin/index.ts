import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { argon2Hasher } from '../../lib/passwords.js';
import { createUsersAdminRepository } from './repository.js';
import { usersAdminRoutes } from './routes.js';
import { createUsersAdminService } from './service.js';

/** The back office's users: list, one user, channel, the edit dialog and the password change. */
async function usersAdminModule(fastify: FastifyInstance) {
  const service = createUsersAdminService({
    db: fastify.db,
    repo: createUsersAdminRepository(fastify.db),
    audit: fastify.audit,
    traffic: fastify.traffic,
    sessions: fastify.sessions,
    passwords: argon2Hasher,
    timeZone: fastify.config.serviceTimezone,
    channelDefaults: async () => {
      const s = await fastify.settings.getMany(['channelRewardRate', 'channelConsumerDuration']);
      return { rewardRate: s.channelRewardRate, comsumerDuration: s.channelConsumerDuration };
    },
    uploadBytes: (userId) => fastify.uploads.totalBytes(userId),
  });
  usersAdminRoutes(fastify, service);
}

export default fp(usersAdminModule, {
  name: 'users-admin',
  dependencies: ['db', 'auth', 'envelope', 'audit', 'traffic', 'settings', 'uploads'],
});
