import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';

export type LimitOutcome = { allowed: boolean; retryAfterSeconds: number };

/**
 * Fixed-window counters for limits that are not per route and IP (per e-mail, per phone…). In
 * Redis when configured, so every process counts together (atomically, in one script); in memory
 * otherwise.
 */
export interface AttemptLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<LimitOutcome>;
  /** Starts the key's count over (e.g. a sign-in that succeeded was not a guess). */
  forget(key: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * A limiter of rate-limiter-flexible has one limit and window; callers pass theirs on each hit, so
 * one is kept per pair. They share one key space: a key counts the same whatever limit it is asked
 * against, as it did with hand-made counters.
 */
function createAttemptLimiter(
  build: (limit: number, windowMs: number) => RateLimiterAbstract,
): AttemptLimiter {
  const limiters = new Map<string, RateLimiterAbstract>();
  const limiterFor = (limit: number, windowMs: number) => {
    const id = `${limit}:${windowMs}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      limiter = build(limit, windowMs);
      limiters.set(id, limiter);
    }
    return limiter;
  };
  return {
    async hit(key, limit, windowMs) {
      try {
        const result = await limiterFor(limit, windowMs).consume(key, 1);
        return { allowed: true, retryAfterSeconds: Math.ceil(result.msBeforeNext / 1000) };
      } catch (outcome) {
        if (!(outcome instanceof RateLimiterRes)) throw outcome;
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(outcome.msBeforeNext / 1000)) };
      }
    },
    async forget(key) {
      await Promise.all([...limiters.values()].map((limiter) => limiter.delete(key)));
    },
    async close() {
      limiters.clear();
    },
  };
}

export function createMemoryAttemptLimiter(): AttemptLimiter {
  // Memory counters take fractions of a second (tests use windows of a few milliseconds).
  return createAttemptLimiter(
    (limit, windowMs) => new RateLimiterMemory({ points: limit, duration: windowMs / 1000 }),
  );
}

export function createRedisAttemptLimiter(redis: Redis, prefix = 'attempts'): AttemptLimiter {
  // Redis expiries are whole seconds.
  return createAttemptLimiter(
    (limit, windowMs) =>
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: prefix,
        points: limit,
        duration: Math.max(1, Math.ceil(windowMs / 1000)),
      }),
  );
}
