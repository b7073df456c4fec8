import rateLimit from '@fastify/rate-limit';
import { Codes } from '@portal/contracts';
import fp from 'fastify-plugin';
import { DomainError } from '../../lib/domain-error.js';

/**
 * Routes opt in with `config.rateLimit`. Counters live in process memory, which is right for one
 * instance; several instances behind a balancer need a shared store (see bff/README.md).
 */
export default fp(
  async (fastify) => {
    await fastify.register(rateLimit, {
      global: false,
      errorResponseBuilder: () => new DomainError(Codes.RATE_LIMITED),
    });
  },
  { name: 'rate-limit' },
);
