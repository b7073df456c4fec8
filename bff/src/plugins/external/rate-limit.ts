import rateLimit from '@fastify/rate-limit';
import { Codes } from '@portal/contracts';
import fp from 'fastify-plugin';
import { DomainError } from '../../lib/domain-error.js';
import {
  memoryCounters,
  sharedCounters,
  sharedRateLimitStore,
  type CounterFactory,
} from '../../lib/shared-rate-limit-store.js';
import { settleFailureAttempts } from '../../lib/throttle.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The counters of failure limits (lib/throttle.ts), where the plugin's counters are. */
    failureCounters: CounterFactory;
  }
}

/**
 * Routes opt in with `config.rateLimit`; throttles use `createRateLimit`, failure limits
 * `failureCounters`. On PostgreSQL the counters live in the database, shared by every instance
 * behind a balancer; on PGlite (one process owns the data) they stay in memory.
 */
export default fp(
  async (fastify) => {
    const shared = fastify.database.driver === 'postgres';
    await fastify.register(rateLimit, {
      global: false,
      errorResponseBuilder: () => new DomainError(Codes.RATE_LIMITED),
      ...(shared ? { store: sharedRateLimitStore(fastify) } : {}),
    });
    fastify.decorate('failureCounters', shared ? sharedCounters(fastify) : memoryCounters);
    settleFailureAttempts(fastify);
  },
  { name: 'rate-limit', dependencies: ['db'] },
);
