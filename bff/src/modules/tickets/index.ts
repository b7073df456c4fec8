import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DOWNLOAD_PREFIX } from '../uploads/index.js';
import { createTicketNotifier, type TicketNotifier } from './notify.js';
import { createTicketsRepository } from './repository.js';
import { ticketsRoutes } from './routes.js';
import { createTicketsService } from './service.js';

export type { TicketsService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Mails to the support address still on their way (tests wait for them). */
    ticketNotifier: TicketNotifier;
  }
}

/** Support tickets (/api/feedback/*): the user's tickets and replies, the admins' answers and closes. */
async function ticketsModule(fastify: FastifyInstance) {
  const notifier = createTicketNotifier({ mail: fastify.mail, settings: fastify.settings, log: fastify.log });
  const service = createTicketsService({
    db: fastify.db,
    repo: createTicketsRepository(fastify.db),
    uploads: fastify.uploads,
    audit: fastify.audit,
    notify: notifier.notify,
    emit: (events) => fastify.notifications.emit(events),
  });
  // A ticket's owner sees the images on it, an admin's reply's included (admins see every ticket image).
  fastify.uploads.addViewerRule((name, viewer) => service.ownerSees(`${DOWNLOAD_PREFIX}${name}`, viewer));
  fastify.decorate('ticketNotifier', notifier);
  fastify.addHook('onClose', async () => notifier.settled());
  ticketsRoutes(fastify, service);
}

export default fp(ticketsModule, {
  name: 'tickets',
  dependencies: ['db', 'auth', 'envelope', 'audit', 'settings', 'mail', 'uploads', 'notifications'],
});
