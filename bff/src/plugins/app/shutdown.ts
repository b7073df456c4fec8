import { Codes, defaultMessages } from '@portal/contracts';
import fp from 'fastify-plugin';
import { sendFailure } from '../../lib/http.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set once close() starts: in-flight requests finish, new ones get 503. */
    isClosing(): boolean;
    /** Draining before a close: requests are served as usual, but /readyz says not ready. */
    isDraining(): boolean;
    beginDrain(): void;
  }
}

/**
 * Fastify's own 503-on-closing answer is plain JSON; this one speaks the envelope under /api/ and
 * tells keep-alive clients to reconnect (to another instance) with `Connection: close`.
 */
export default fp(
  async (fastify) => {
    let closing = false;
    let draining = false;
    fastify.decorate('isClosing', () => closing);
    fastify.decorate('isDraining', () => draining);
    fastify.decorate('beginDrain', () => {
      draining = true;
    });
    fastify.addHook('preClose', async () => {
      closing = true;
    });
    fastify.addHook('onRequest', async (request, reply) => {
      if (!closing) return;
      reply.header('connection', 'close');
      return sendFailure(reply, 503, Codes.UNAVAILABLE, defaultMessages[Codes.UNAVAILABLE] ?? '服务暂时不可用');
    });
  },
  { name: 'shutdown' },
);
