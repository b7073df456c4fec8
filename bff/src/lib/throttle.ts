import { Codes } from '@portal/contracts';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
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
    limiter: fastify.createRateLimit({
      max: w.max,
      timeWindow: w.timeWindowMs,
      keyGenerator: (r) => `${name}|${w.key(r)}`,
    }),
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
  /**
   * preHandler: takes this attempt from every window before the call looks at anything (one atomic
   * step per window), or refuses with Retry-After while one is used up. The attempt is given back
   * as the answer goes out unless the call failed with one of the counted codes.
   */
  check: preHandlerAsyncHookHandler;
}

export interface FailureOptions {
  /** The refusals (DomainError codes) that count as a failed attempt; any other outcome gives it back. */
  counted: Iterable<number>;
  /** The answer while a window is used up; 4029 unless the call has a code of its own. */
  refusal?: () => DomainError;
}

/** An attempt a failure limit holds for a request until its answer goes out. */
interface HeldAttempt {
  counted: ReadonlySet<number>;
  failed: boolean;
  giveBack: () => Promise<void>;
}

const heldAttempts = new WeakMap<FastifyRequest, HeldAttempt[]>();

function hold(request: FastifyRequest, counted: ReadonlySet<number>, giveBack: () => Promise<void>): void {
  const held = heldAttempts.get(request);
  const attempt = { counted, failed: false, giveBack };
  if (held === undefined) heldAttempts.set(request, [attempt]);
  else held.push(attempt);
}

/**
 * Gives points back. A failure to do so (the database gone) costs the user one attempt, never the
 * answer: it is logged, and the answer goes out.
 */
async function giveBackAll(request: FastifyRequest, giveBacks: Array<() => Promise<void>>): Promise<void> {
  for (const giveBack of giveBacks) {
    await giveBack().catch((err: unknown) =>
      request.log.error({ err }, 'a failure limit could not give an attempt back'),
    );
  }
}

/**
 * The hooks that settle the attempts failure limits hold (registered once, by the rate-limit
 * plugin): an error with a counted code keeps the attempt; whatever else happened, it is given
 * back before the answer is sent, so the next request already sees it.
 */
export function settleFailureAttempts(fastify: FastifyInstance): void {
  fastify.addHook('onError', (request, _reply, error, done) => {
    const code = error instanceof DomainError ? error.code : undefined;
    for (const attempt of heldAttempts.get(request) ?? []) {
      if (code !== undefined && attempt.counted.has(code)) attempt.failed = true;
    }
    done();
  });
  fastify.addHook('onSend', (request, _reply, _payload, done) => {
    const held = heldAttempts.get(request);
    if (held === undefined) {
      done();
      return;
    }
    heldAttempts.delete(request);
    const giveBacks = held.filter((a) => !a.failed).map((a) => a.giveBack);
    void giveBackAll(request, giveBacks).then(() => done());
  });
}

const secondsOf = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** A point given back only while the window it was taken in lasts (a new window starts at zero). */
const rewardWhileLasts = (limiter: RateLimiterAbstract, key: string, res: RateLimiterRes) => {
  const until = Date.now() + res.msBeforeNext;
  return async () => {
    if (Date.now() < until) await limiter.reward(key, 1);
  };
};

/**
 * Counts failures only (wrong passwords, coupon codes that do not work), so people who use a call
 * often are never slowed down. Each attempt is taken from every window before the work, so guesses
 * sent in parallel are checked no more than the window allows; it is given back unless the call
 * fails with a counted code. Once a window is used up the call is refused with `refusal()` (and a
 * Retry-After) until the window passes, and the first refusal of a window is logged (warn) for the
 * operator. Counters: see FastifyInstance.failureCounters (shared on PostgreSQL, memory on PGlite).
 */
export function failureLimit(
  fastify: FastifyInstance,
  name: string,
  windows: AttemptWindow[],
  { counted, refusal = () => new DomainError(Codes.RATE_LIMITED) }: FailureOptions,
): FailureLimit {
  const codes: ReadonlySet<number> = new Set(counted);
  const counters = windows.map((w, index) => ({
    ...w,
    index,
    limiter: fastify.failureCounters({ points: w.max, durationMs: w.timeWindowMs }),
    // Once per window and instance: a burst is one log line, not one per refused guess.
    logged: new RateLimiterMemory({ points: 1, duration: w.timeWindowMs / 1000 }),
  }));
  return {
    check: async function failureLimitHandler(request, reply) {
      const taken: Array<() => Promise<void>> = [];
      for (const counter of counters) {
        const windowKey = counter.key(request);
        if (windowKey === '') continue;
        const key = `${name}|${counter.index}|${windowKey}`;
        let res: RateLimiterRes;
        try {
          res = await counter.limiter.consume(key, 1);
        } catch (outcome) {
          if (!(outcome instanceof RateLimiterRes)) {
            await giveBackAll(request, taken);
            throw outcome;
          }
          // Refused: nothing is tried, so nothing stays counted, this window's point included.
          await giveBackAll(request, [...taken, rewardWhileLasts(counter.limiter, key, outcome)]);
          if (
            (await counter.logged.consume(key).then(
              () => true,
              () => false,
            )) === true
          ) {
            request.log.warn(
              {
                limit: name,
                window: { max: counter.max, seconds: counter.timeWindowMs / 1000 },
                userId: request.user?.id,
                ip: request.ip,
              },
              'failure limit used up: attempts are refused until the window passes',
            );
          }
          reply.header('retry-after', secondsOf(outcome.msBeforeNext));
          throw refusal();
        }
        taken.push(rewardWhileLasts(counter.limiter, key, res));
      }
      if (taken.length > 0) hold(request, codes, () => giveBackAll(request, taken));
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

/** Plenty: the failure count of a back-off is never refused, only read. */
const UNBOUNDED = 2 ** 30;

/**
 * Failures counted per key (an account, whatever the address): the first `free` cost nothing,
 * then each one starts a cool-down that doubles (base, 2×base, … up to max) during which the call
 * is refused with `refusal(seconds left)` and a Retry-After, and nothing is tried or counted. A slow
 * attack from many addresses is held to about one guess per longest cool-down, while the owner
 * who mistyped waits a minute or two, never long.
 *
 * Taken before the work, like failureLimit: the attempt is counted at once (so parallel attempts
 * see each other), and one past the free ones must pass a gate of one point whose window is the
 * cool-down its own failure would start: only one such attempt at a time gets through, and the
 * next one waits out that cool-down. Its length comes from the attempts that passed the gate and
 * failed (a separate count), not from the raw count, which attempts refused in the same instant
 * inflate. An attempt that does not fail gives back its counts and opens the gate again.
 */
export function failureBackoff(
  fastify: FastifyInstance,
  name: string,
  options: BackoffOptions,
  { counted, refusal }: { counted: Iterable<number>; refusal: (retryAfterSeconds: number) => DomainError },
): FailureLimit {
  const codes: ReadonlySet<number> = new Set(counted);
  const failures = fastify.failureCounters({ points: UNBOUNDED, durationMs: options.memoryMs });
  const gated = fastify.failureCounters({ points: UNBOUNDED, durationMs: options.memoryMs });
  const gate = fastify.failureCounters({ points: 1, durationMs: options.baseMs });
  return {
    check: async function failureBackoffHandler(request, reply) {
      const account = options.key(request);
      if (account === '') return;
      const failuresKey = `${name}|failures|${account}`;
      const gatedKey = `${name}|gated|${account}`;
      const gateKey = `${name}|gate|${account}`;
      const count = await failures.consume(failuresKey, 1);
      const giveBackCount = rewardWhileLasts(failures, failuresKey, count);
      if (coolDownMs(count.consumedPoints, options) === 0) {
        hold(request, codes, giveBackCount);
        return;
      }
      const passedBefore = Math.min(
        (await gated.get(gatedKey))?.consumedPoints ?? 0,
        count.consumedPoints - options.free - 1,
      );
      const ms = coolDownMs(options.free + 1 + Math.max(0, passedBefore), options);
      let passed: RateLimiterRes;
      try {
        passed = await gate.consume(gateKey, 1, { customDuration: ms / 1000 });
      } catch (outcome) {
        await giveBackAll(request, [giveBackCount]);
        if (!(outcome instanceof RateLimiterRes)) throw outcome;
        const seconds = secondsOf(outcome.msBeforeNext);
        reply.header('retry-after', seconds);
        throw refusal(seconds);
      }
      const gateUntil = Date.now() + passed.msBeforeNext;
      const giveBackGated = rewardWhileLasts(gated, gatedKey, await gated.consume(gatedKey, 1));
      hold(request, codes, async () => {
        await giveBackCount();
        await giveBackGated();
        if (Date.now() < gateUntil) await gate.delete(gateKey);
      });
    },
  };
}
