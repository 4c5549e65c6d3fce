import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createMemoryAttemptLimiter,
  createRedisAttemptLimiter,
  type AttemptLimiter,
} from './attempt-limiter';

async function exercise(limiter: AttemptLimiter) {
  const key = `prueba:${randomBytes(6).toString('hex')}`;
  const outcomes = [];
  for (let i = 0; i < 4; i += 1) outcomes.push(await limiter.hit(key, 3, 60_000));
  expect(outcomes.map((outcome) => outcome.allowed)).toEqual([true, true, true, false]);
  expect(outcomes[3]!.retryAfterSeconds).toBeGreaterThan(0);
  expect(outcomes[3]!.retryAfterSeconds).toBeLessThanOrEqual(60);
  expect((await limiter.hit(`${key}:otra`, 3, 60_000)).allowed).toBe(true);
  await limiter.forget(key);
  expect((await limiter.hit(key, 3, 60_000)).allowed).toBe(true);

  // Concurrent hits are counted atomically: exactly `limit` of them get through.
  const burstKey = `${key}:rafaga`;
  const burst = await Promise.all(Array.from({ length: 12 }, () => limiter.hit(burstKey, 5, 60_000)));
  expect(burst.filter((outcome) => outcome.allowed)).toHaveLength(5);
}

describe('attempt limiter', () => {
  it('counts in memory within a window and starts over after it', async () => {
    const limiter = createMemoryAttemptLimiter();
    await exercise(limiter);
    expect((await limiter.hit('corta', 1, 30)).allowed).toBe(true);
    expect((await limiter.hit('corta', 1, 30)).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect((await limiter.hit('corta', 1, 30)).allowed).toBe(true);
  });

  describe.runIf(Boolean(process.env.REDIS_URL))('in Redis', () => {
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { lazyConnect: true });
    afterAll(() => redis.quit());

    it('counts across processes sharing Redis', async () => {
      await exercise(createRedisAttemptLimiter(redis, `test-attempts-${randomBytes(4).toString('hex')}`));
    });

    it('lets the window run out in whole seconds', async () => {
      const limiter = createRedisAttemptLimiter(redis, `test-attempts-${randomBytes(4).toString('hex')}`);
      expect((await limiter.hit('corta', 1, 1_000)).allowed).toBe(true);
      const refused = await limiter.hit('corta', 1, 1_000);
      expect(refused).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect((await limiter.hit('corta', 1, 1_000)).allowed).toBe(true);
    });
  });
});
