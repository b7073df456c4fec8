import type { FastifyInstance } from 'fastify';

/** Liveness and readiness for orchestrators and load balancers: plain JSON, no envelope. */
export default async function healthModule(fastify: FastifyInstance) {
  fastify.get('/healthz', async () => ({ status: 'ok' }));

  // Ready: the database answers with every migration applied. Also reports whether this instance
  // runs the background jobs and each job's last run, for operators (no host names: it is public).
  fastify.get('/readyz', async (_request, reply) => {
    if (fastify.isClosing() || fastify.isDraining() || !(await fastify.database.ready())) {
      return reply.code(503).send({ status: 'unavailable' });
    }
    const runs = await fastify.jobs.status().catch(() => []);
    return {
      status: 'ready',
      jobs: {
        leader: fastify.jobs.isLeader(),
        runs: runs.map((r) => ({ name: r.name, lastRunAt: r.lastRunAt.toISOString(), lastOk: r.lastOk })),
      },
    };
  });
}
