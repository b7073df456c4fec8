import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createFetchLog } from './fetch-log.js';
import { createClientDevicesRepository } from './repository.js';
import { clientDevicesRoutes } from './routes.js';
import { createClientDevicesService, type ClientDevicesService } from './service.js';

export { deviceLimitOf, FETCHES_KEPT_PER_USER, UNKNOWN_HWID, type Admission, type NoHwidMode } from './repository.js';
export type { ClientDevicesService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    clientDevices: ClientDevicesService;
  }
}

/** Subscription devices and the record of fetches (issue 27, docs/subscriptions.md "Devices"). */
async function clientDevicesModule(fastify: FastifyInstance) {
  const repo = createClientDevicesRepository(fastify.db);
  const log = createFetchLog({
    write: async (rows) => {
      // A user deleted since the fetch has no history to keep.
      const existing = await repo.existingUsers(rows.map((row) => row.userId));
      await repo.recordFetches(rows.filter((row) => existing.has(row.userId)));
    },
    onError: (err) => fastify.log.error({ err }, 'subscription fetches could not be recorded'),
  });
  const service = createClientDevicesService({ repo, settings: fastify.settings, log });
  fastify.decorate('clientDevices', service);
  // Once the last request has been answered, before the database closes (registered after it,
  // this module closes first): what waits is written.
  fastify.addHook('onClose', async () => log.flush());
  clientDevicesRoutes(fastify, service, repo);
}

export default fp(clientDevicesModule, {
  name: 'client-devices',
  dependencies: ['db', 'auth', 'envelope', 'audit', 'settings'],
});
