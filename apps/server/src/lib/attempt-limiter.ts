import type { Redis } from 'ioredis';

export type LimitOutcome = { allowed: boolean; retryAfterSeconds: number };

/**
 * Fixed-window counters for limits that are not per route and IP (per e-mail, per phone…). In
 * Redis when configured, so every process counts together; in memory otherwise.
 */
export interface AttemptLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<LimitOutcome>;
  /** Starts the key's count over (e.g. a sign-in that succeeded was not a guess). */
  forget(key: string): Promise<void>;
  close(): Promise<void>;
}

export function createMemoryAttemptLimiter(): AttemptLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, limit, windowMs) {
      const now = Date.now();
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        if (windows.size > 50_000) {
          for (const [staleKey, stale] of windows) if (stale.resetAt <= now) windows.delete(staleKey);
        }
        window = { count: 0, resetAt: now + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { allowed: window.count <= limit, retryAfterSeconds: Math.ceil((window.resetAt - now) / 1000) };
    },
    async forget(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
  };
}

export function createRedisAttemptLimiter(redis: Redis, prefix = 'attempts:'): AttemptLimiter {
  return {
    async hit(key, limit, windowMs) {
      const redisKey = `${prefix}${key}`;
      const [[, count], [, ttl]] = (await redis.multi().incr(redisKey).pttl(redisKey).exec()) as [
        [null, number],
        [null, number],
      ];
      let remainingMs = ttl;
      if (ttl < 0) {
        await redis.pexpire(redisKey, windowMs);
        remainingMs = windowMs;
      }
      return { allowed: count <= limit, retryAfterSeconds: Math.ceil(remainingMs / 1000) };
    },
    async forget(key) {
      await redis.del(`${prefix}${key}`);
    },
    async close() {},
  };
}
