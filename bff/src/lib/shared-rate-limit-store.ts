import type { FastifyInstance } from 'fastify';
import {
  RateLimiterDrizzle,
  RateLimiterMemory,
  type RateLimiterAbstract,
  type RateLimiterRes,
} from 'rate-limiter-flexible';
import { rateLimits } from '../db/schema.js';

/**
 * Makes the counters that failure limits take attempts from (lib/throttle.ts): `points` per
 * window of `durationMs`, with rate-limiter-flexible's atomic `consume` (refused past the points)
 * and `reward` (a point given back).
 */
export type CounterFactory = (options: { points: number; durationMs: number }) => RateLimiterAbstract;

/** In memory, for PGlite: one process owns the data, so one process counts. */
export const memoryCounters: CounterFactory = ({ points, durationMs }) =>
  new RateLimiterMemory({ points, duration: durationMs / 1000 });

/**
 * In the `rate_limits` table, for PostgreSQL: every instance counts the same attempts (one atomic
 * INSERT … ON CONFLICT … RETURNING per consume). Keys are prefixed apart from the plugin store's.
 */
export function sharedCounters(fastify: FastifyInstance): CounterFactory {
  return ({ points, durationMs }) =>
    new RateLimiterDrizzle({
      storeClient: fastify.db,
      schema: rateLimits,
      points,
      duration: durationMs / 1000,
      keyPrefix: 'failures',
      // Expired rows are removed by the rate-limit clean-up job (modules/jobs), not by timers here.
      clearExpiredByTimeout: false,
    });
}

type StoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Plenty: @fastify/rate-limit compares the count with its own `max`; this limiter only counts. */
const UNBOUNDED_POINTS = 2 ** 30;

/**
 * A store for @fastify/rate-limit whose counters live in the `rate_limits` table, so that every
 * instance on one PostgreSQL counts the same hits. The counting (an atomic upsert that restarts an
 * expired window) is rate-limiter-flexible's; this class only adapts its API to the plugin's
 * incr/read/child contract. Route-level limits get their route as a key prefix (the in-memory
 * store keeps one map per route instead); `createRateLimit` callers put a name in their keys.
 */
export function sharedRateLimitStore(fastify: FastifyInstance) {
  const limiters = new Map<number, RateLimiterDrizzle>();
  const limiterFor = (timeWindowMs: number) => {
    const seconds = Math.max(1, Math.ceil(timeWindowMs / 1000));
    let limiter = limiters.get(seconds);
    if (limiter === undefined) {
      limiter = new RateLimiterDrizzle({
        storeClient: fastify.db,
        schema: rateLimits,
        points: UNBOUNDED_POINTS,
        duration: seconds,
        keyPrefix: `w${seconds}`,
        // Expired rows are removed by the rate-limit clean-up job (modules/jobs), not by timers here.
        clearExpiredByTimeout: false,
      });
      limiters.set(seconds, limiter);
    }
    return limiter;
  };
  const answer = (res: RateLimiterRes | null) =>
    res === null ? { current: 0, ttl: 0 } : { current: res.consumedPoints, ttl: Math.max(0, res.msBeforeNext) };

  class SharedStore {
    private readonly prefix: string;
    /** The plugin passes its options here; `prefix` is only given by `child`. */
    constructor(_options?: unknown, prefix = '') {
      this.prefix = prefix;
    }

    incr(key: string, callback: StoreCallback, timeWindow: number): void {
      limiterFor(timeWindow)
        .penalty(`${this.prefix}${key}`, 1)
        .then(
          (res) => callback(null, answer(res)),
          (error: Error) => callback(error),
        );
    }

    read(key: string, callback: StoreCallback, timeWindow: number): void {
      limiterFor(timeWindow)
        .get(`${this.prefix}${key}`)
        .then(
          (res) => callback(null, answer(res)),
          (error: Error) => callback(error),
        );
    }

    child(routeOptions: object): SharedStore {
      // The plugin passes the merged limit options with `routeInfo`: the route, or {} for createRateLimit.
      const route = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      if (route?.url === undefined) return this;
      return new SharedStore(undefined, `${[route.method].flat().join(',')} ${route.url}|`);
    }
  }
  return SharedStore;
}
