import type { FastifyInstance } from 'fastify';

/** Liveness and readiness for orchestrators and load balancers: plain JSON, no envelope. */
export default async function healthModule(fastify: FastifyInstance) {
  fastify.get('/healthz', async () => ({ status: 'ok' }));

  fastify.get('/readyz', async (_request, reply) => {
    if (fastify.isClosing() || !(await fastify.database.ready())) {
      return reply.code(503).send({ status: 'unavailable' });
    }
    return { status: 'ready' };
  });
}
