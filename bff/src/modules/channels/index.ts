import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createChannelsRepository } from './repository.js';
import { channelsRoutes } from './routes.js';
import { createChannelsService } from './service.js';

export type { ChannelsService } from './service.js';

/** The user's invite rebate (/channel): their channel, invitees and rebates. */
async function channelsModule(fastify: FastifyInstance) {
  const service = createChannelsService({ repo: createChannelsRepository(fastify.db), settings: fastify.settings });
  channelsRoutes(fastify, service);
}

export default fp(channelsModule, {
  name: 'channels',
  dependencies: ['db', 'config', 'auth', 'envelope', 'settings'],
});
