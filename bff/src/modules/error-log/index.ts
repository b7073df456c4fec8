import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { maskUrl } from '../../lib/log-redaction.js';
import { createErrorLogRepository } from './repository.js';
import { errorLogRoutes } from './routes.js';
import { createErrorLogService, type ErrorLogService } from './service.js';

export type { ErrorLogService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    errorLog: ErrorLogService;
  }
}

const pathOf = (request: FastifyRequest) => maskUrl(request.url.split('?')[0] ?? '');

/** Unexpected errors of requests, kept for the admin error screen (errors/list, errors/clear). */
async function errorLogModule(fastify: FastifyInstance) {
  const errorLog = createErrorLogService({ repo: createErrorLogRepository(fastify.db) });
  fastify.decorate('errorLog', errorLog);
  fastify.unexpectedErrors.listen((error, request) =>
    errorLog.record(error, { method: request.method, url: pathOf(request), id: request.id }),
  );
  errorLogRoutes(fastify, errorLog, fastify.audit);
}

export default fp(errorLogModule, { name: 'error-log', dependencies: ['db', 'errors', 'auth', 'envelope', 'audit'] });
