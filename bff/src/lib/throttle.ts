import { Codes } from '@portal/contracts';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { DomainError } from './domain-error.js';

export interface AttemptWindow {
  max: number;
  timeWindowMs: number;
  /** The counter this request belongs to; '' skips this window (nothing to key on). */
  key: (request: FastifyRequest) => string;
}

/**
 * A preHandler counting every attempt (not only failures) in several windows, for calls that send
 * mail or reveal an account: once any window is used up the call is refused with 4029 and a
 * Retry-After. Counters are per instance, like the login throttle (see bff/README.md).
 */
export function attemptLimit(fastify: FastifyInstance, name: string, windows: AttemptWindow[]): preHandlerAsyncHookHandler {
  const limiters = windows.map((w) => ({
    key: w.key,
    limiter: fastify.createRateLimit({ max: w.max, timeWindow: w.timeWindowMs, keyGenerator: (r) => `${name}|${w.key(r)}` }),
  }));
  return async function attemptLimitHandler(request, reply) {
    for (const { key, limiter } of limiters) {
      if (key(request) === '') continue;
      const state = await limiter(request);
      if (!state.isAllowed && state.isExceeded) {
        reply.header('retry-after', Math.max(1, state.ttlInSeconds));
        throw new DomainError(Codes.RATE_LIMITED);
      }
    }
  };
}

export interface FailureLimit {
  /** preHandler: refuses while any window is used up, before the call looks at anything. */
  check: preHandlerAsyncHookHandler;
  /** Counts one failed attempt in every window. */
  recordFailure(request: FastifyRequest): Promise<void>;
}

/**
 * Counts failures only (wrong passwords, coupon codes that do not work), so people who use a call
 * often are never slowed down. Once a window is used up the call is refused with `refusal()` (and
 * a Retry-After) until the window passes. Counters are per instance, like attemptLimit's.
 */
export function failureLimit(
  fastify: FastifyInstance,
  name: string,
  windows: AttemptWindow[],
  refusal: () => DomainError = () => new DomainError(Codes.RATE_LIMITED),
): FailureLimit {
  const limiters = windows.map((w) => ({
    key: w.key,
    limiter: fastify.createRateLimit({ max: w.max, timeWindow: w.timeWindowMs, keyGenerator: (r) => `${name}|${w.key(r)}` }),
  }));
  return {
    check: async function failureLimitHandler(request, reply) {
      for (const { key, limiter } of limiters) {
        if (key(request) === '') continue;
        const state = await limiter(request, { increment: false });
        if (!state.isAllowed && state.remaining === 0) {
          reply.header('retry-after', Math.max(1, state.ttlInSeconds));
          throw refusal();
        }
      }
    },
    async recordFailure(request) {
      for (const { key, limiter } of limiters) if (key(request) !== '') await limiter(request);
    },
  };
}
