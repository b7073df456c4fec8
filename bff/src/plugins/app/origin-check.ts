import { Codes } from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '../../lib/domain-error.js';
import { isApiUrl } from '../../lib/http.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The origin the request was addressed to, as the browser saw it (proxy headers honoured per trustProxy). */
export function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`.toLowerCase();
}

/**
 * Second line of defence against cross-site requests after SameSite=Lax: a browser always sends
 * Origin on a cross-origin POST, so one that names another site is refused. Calls without Origin
 * (server-to-server: payment notifies, nodes) are not browser calls and pass.
 */
export default fp(
  async (fastify) => {
    const allowed = new Set(fastify.config.publicOrigins.map((o) => o.toLowerCase()));
    fastify.addHook('onRequest', async (request) => {
      // The route's own URL: the raw one may spell /api/ with escapes (`/%61pi/…`) and still reach the route.
      if (!STATE_CHANGING.has(request.method) || !isApiUrl(request.routeOptions.url ?? request.url)) return;
      const origin = request.headers.origin;
      if (origin === undefined) return;
      const normalised = origin.toLowerCase();
      if (normalised === ownOrigin(request) || allowed.has(normalised)) return;
      throw new DomainError(Codes.FORBIDDEN, '请求来源不被允许');
    });
  },
  { name: 'origin-check', dependencies: ['config', 'errors'] },
);
