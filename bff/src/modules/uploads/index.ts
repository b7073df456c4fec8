import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createUploadsRepository } from './repository.js';
import { uploadsRoutes } from './routes.js';
import { createUploadsService, type UploadsService } from './service.js';

export type { UploadPurpose, UploadsService, ViewerRule } from './service.js';
export { DOWNLOAD_PREFIX, IMAGE_TOO_LARGE, MAX_IMAGE_BYTES } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    uploads: UploadsService;
  }
}

/** Image uploads (tickets, avatars, prize images), stored in the database and served back. */
async function uploadsModule(fastify: FastifyInstance) {
  const uploads = createUploadsService(createUploadsRepository(fastify.db));
  fastify.decorate('uploads', uploads);
  // Its own scope: the multipart parser exists only for the upload route.
  await fastify.register(uploadsRoutes, { uploads });
}

export default fp(uploadsModule, { name: 'uploads', dependencies: ['db', 'auth', 'envelope'] });
