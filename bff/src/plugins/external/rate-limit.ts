import rateLimit from '@fastify/rate-limit';
import { Codes } from '@portal/contracts';
import fp from 'fastify-plugin';
import { DomainError } from '../../lib/domain-error.js';
import { sharedRateLimitStore } from '../../lib/shared-rate-limit-store.js';

/**
 * Routes opt in with `config.rateLimit`; throttles use `createRateLimit`. On PostgreSQL the
 * counters live in the database, shared by every instance behind a balancer; on PGlite (one
 * process owns the data) they stay in memory.
 */
export default fp(
  async (fastify) => {
    await fastify.register(rateLimit, {
      global: false,
      errorResponseBuilder: () => new DomainError(Codes.RATE_LIMITED),
      ...(fastify.database.driver === 'postgres' ? { store: sharedRateLimitStore(fastify) } : {}),
    });
  },
  { name: 'rate-limit', dependencies: ['db'] },
);
