import { describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app';

describe('the Redis connections', () => {
  it('are not opened without REDIS_URL', async () => {
    const ctx = await createTestApp({ env: { REDIS_URL: '' } });
    try {
      expect(ctx.app.redis).toBeUndefined();
      expect((await ctx.app.attempts.hit('sin-redis', 1, 60_000)).allowed).toBe(true);
    } finally {
      await ctx.close();
    }
  });

  it.runIf(Boolean(process.env.REDIS_URL))('are shared and all closed with the app', async () => {
    const ctx = await createTestApp({ env: { REDIS_URL: process.env.REDIS_URL! } });
    const redis = ctx.app.redis!;
    const extra = redis.duplicate();
    expect(await redis.client.ping()).toBe('PONG');
    await ctx.close();
    // QUIT is answered just before the socket closes.
    await expect.poll(() => [redis.client.status, extra.status], { timeout: 2_000 }).toEqual(['end', 'end']);
  });
});
