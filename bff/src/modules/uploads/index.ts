import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createUploadsRepository } from './repository.js';
import { uploadsRoutes } from './routes.js';
import { createUploadsService, type UploadsService } from './service.js';

export type { UploadPurpose, UploadsService, ViewerRule } from './service.js';
export { DOWNLOAD_PREFIX, IMAGE_TOO_LARGE, MAX_IMAGE_BYTES, ORPHAN_GRACE_MS, uploadQuotaReached } from './service.js';

/** How often the cleanup looks for uploads nothing refers to. */
export const ORPHAN_CLEANUP_INTERVAL_MS = 60 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    uploads: UploadsService;
  }
}

/** Image uploads (tickets, avatars, prize images), stored in the database and served back; the orphan cleanup job. */
async function uploadsModule(fastify: FastifyInstance) {
  const uploads = createUploadsService(createUploadsRepository(fastify.db), {
    quotaBytes: fastify.config.uploadQuotaBytes,
  });
  fastify.decorate('uploads', uploads);
  // Uploads no avatar, prize, ticket or comment refers to, once past the grace period.
  fastify.jobs.define({
    name: 'uploads.orphan-cleanup',
    every: () => ORPHAN_CLEANUP_INTERVAL_MS,
    run: async () => {
      const deleted = await uploads.deleteOrphans();
      if (deleted > 0) fastify.log.info({ deleted }, 'orphan uploads deleted');
      return deleted;
    },
  });
  // Its own scope: the multipart parser exists only for the upload route.
  await fastify.register(uploadsRoutes, { uploads });
}

export default fp(uploadsModule, { name: 'uploads', dependencies: ['db', 'jobs', 'auth', 'envelope'] });
