import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { randomHex } from '../../lib/random.js';
import { advisoryLockLeader, soleLeader } from './leader.js';
import { createJobRunner, type JobRunner } from './runner.js';
import { watchForStalls } from './stalls.js';

export type { JobDefinition, JobRunner, JobStatus } from './runner.js';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

/**
 * Background jobs with one owner. Modules `define` their jobs while they register; after start-up
 * the instance holding the leadership (PGlite: the only one; PostgreSQL: the advisory-lock holder)
 * runs them. Every instance watches the heartbeats and writes a stalled job to the error log.
 */
async function jobsModule(fastify: FastifyInstance) {
  const instanceId = `${hostname()}:${process.pid}:${randomHex(3)}`;
  const database = fastify.config.database;
  const leadership =
    database.driver === 'postgres' ? advisoryLockLeader({ url: database.url, log: fastify.log }) : soleLeader();
  const jobs = createJobRunner({ db: fastify.db, log: fastify.log, leadership, instanceId });
  fastify.decorate('jobs', jobs);
  // The shared rate-limit counters' old windows go with the other expired rows (modules/retention).
  const stalls = watchForStalls({ jobs, errorLog: fastify.errorLog, log: fastify.log });

  fastify.addHook('onReady', async () => {
    jobs.start();
    stalls.start();
  });
  fastify.addHook('onClose', async () => {
    stalls.stop();
    await jobs.stop();
  });
}

export default fp(jobsModule, { name: 'jobs', dependencies: ['db', 'config', 'error-log'] });
