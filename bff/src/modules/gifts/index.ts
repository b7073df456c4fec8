import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createGiftsRepository } from './repository.js';
import { giftsRoutes } from './routes.js';
import { createGiftsService } from './service.js';

export type { GiftsService } from './service.js';

/** Traffic gifts (/push): make a code from permanent traffic, receive one, list one's gifts. */
async function giftsModule(fastify: FastifyInstance) {
  const service = createGiftsService({
    db: fastify.db,
    repo: createGiftsRepository(fastify.db),
    traffic: fastify.traffic,
    settings: fastify.settings,
    emit: (events) => fastify.notifications.emit(events),
  });
  giftsRoutes(fastify, service);
}

export default fp(giftsModule, {
  name: 'gifts',
  dependencies: ['db', 'auth', 'envelope', 'errors', 'settings', 'traffic', 'notifications'],
});
