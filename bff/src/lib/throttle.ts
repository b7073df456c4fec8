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
 * mail or reveal an account: once any window is used up the call is refused with `refusal()` (4029
 * unless the call has a code of its own) and a Retry-After. Counters are in the rate-limit store:
 * shared by every instance on PostgreSQL, in memory on PGlite (see bff/README.md).
 */
export function attemptLimit(
  fastify: FastifyInstance,
  name: string,
  windows: AttemptWindow[],
  refusal: () => DomainError = () => new DomainError(Codes.RATE_LIMITED),
): preHandlerAsyncHookHandler {
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
        throw refusal();
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
 * a Retry-After) until the window passes. Counters live where attemptLimit's do.
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

export interface BackoffOptions {
  /** The counter this request belongs to; '' skips the back-off (nothing to key on). */
  key: (request: FastifyRequest) => string;
  /** Failures that cost nothing. */
  free: number;
  /** The cool-down after the first failure beyond `free`; each further failure doubles it. */
  baseMs: number;
  /** The longest cool-down. */
  maxMs: number;
  /** How long failures are remembered: a window from the first one. */
  memoryMs: number;
}

/** The cool-down that the `failures`-th failure starts (0: none). */
export function coolDownMs(
  failures: number,
  { free, baseMs, maxMs }: Pick<BackoffOptions, 'free' | 'baseMs' | 'maxMs'>,
): number {
  if (failures <= free) return 0;
  return Math.min(maxMs, baseMs * 2 ** Math.min(failures - free - 1, 40));
}

type RateLimitState = Awaited<ReturnType<ReturnType<FastifyInstance['createRateLimit']>>>;
/** The count a limiter holds (0 for a key on the store's allow list). */
const failuresIn = (state: RateLimitState) => (state.isAllowed ? 0 : state.max - state.remaining);

/**
 * Failures counted per key (an account, whatever the address): the first `free` cost nothing,
 * then each one starts a cool-down that doubles (base, 2×base, … up to max) during which the call
 * is refused with `refusal(seconds left)` and a Retry-After, and nothing is tried or counted. A slow
 * attack from many addresses is held to about one guess per longest cool-down, while the owner
 * who mistyped waits a minute or two, never long. The counters are rate-limit store entries like
 * failureLimit's: the failure count in a window of `memoryMs`, and each cool-down as an entry whose
 * window is the cool-down itself, keyed by its length so it starts at the failure that set it.
 */
export function failureBackoff(
  fastify: FastifyInstance,
  name: string,
  options: BackoffOptions,
  refusal: (retryAfterSeconds: number) => DomainError,
): FailureLimit {
  const failures = fastify.createRateLimit({
    max: Number.MAX_SAFE_INTEGER,
    timeWindow: options.memoryMs,
    keyGenerator: (r) => `${name}|failures|${options.key(r)}`,
  });
  // One limiter per cool-down length: at most log2(max / base) + 2 of them.
  const coolDowns = new Map<number, ReturnType<FastifyInstance['createRateLimit']>>();
  const coolDown = (ms: number) => {
    let limiter = coolDowns.get(ms);
    if (limiter === undefined) {
      limiter = fastify.createRateLimit({
        max: 0,
        timeWindow: ms,
        keyGenerator: (r) => `${name}|cool-down|${ms}|${options.key(r)}`,
      });
      coolDowns.set(ms, limiter);
    }
    return limiter;
  };
  return {
    check: async function failureBackoffHandler(request, reply) {
      if (options.key(request) === '') return;
      const ms = coolDownMs(failuresIn(await failures(request, { increment: false })), options);
      if (ms === 0) return;
      const state = await coolDown(ms)(request, { increment: false });
      if (!state.isAllowed && state.isExceeded) {
        const seconds = Math.max(1, state.ttlInSeconds);
        reply.header('retry-after', seconds);
        throw refusal(seconds);
      }
    },
    async recordFailure(request) {
      if (options.key(request) === '') return;
      const ms = coolDownMs(failuresIn(await failures(request)), options);
      if (ms > 0) await coolDown(ms)(request);
    },
  };
}
