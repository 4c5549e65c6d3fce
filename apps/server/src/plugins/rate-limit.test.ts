import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { errorMessages } from '@seguridad/contracts/messages';
import { DEMO_COMPANY_KEY } from '@seguridad/contracts/constants';
import { createTestApp, openTestDatabase, type TestContext } from '../testing/test-app';
import { isLimitedRoute } from './rate-limit';

const request = {
  method: 'GET' as const,
  url: '/api/company/specialities',
  headers: { 'company-key': DEMO_COMPANY_KEY },
};

describe('per-IP rate limit', () => {
  const contexts: TestContext[] = [];
  afterAll(async () => {
    for (const ctx of contexts) await ctx.close();
  });

  it('answers 429 in Spanish once an IP goes over the limit', async () => {
    const ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '3' } });
    contexts.push(ctx);
    for (let i = 0; i < 3; i += 1) expect((await ctx.app.inject(request)).statusCode).toBe(200);
    const limited = await ctx.app.inject(request);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      success: false,
      code: 429,
      message: errorMessages.tooManyRequests,
    });
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.headers['x-ratelimit-limit']).toBe('3');
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    // Another address keeps its own budget.
    expect((await ctx.app.inject({ ...request, remoteAddress: '10.9.8.7' })).statusCode).toBe(200);
  });

  it("a route's own limit counts an IPv6 client by its /56, as the ceiling does", async () => {
    const ctx = await createTestApp({
      routes: (app) => {
        app.get(
          '/api/test/own-limit',
          { config: { access: 'public', rateLimit: { max: 2, timeWindow: '1 minute' } } },
          async () => ({ ok: true }),
        );
      },
    });
    contexts.push(ctx);
    const from = (remoteAddress: string) =>
      ctx.app.inject({ method: 'GET', url: '/api/test/own-limit', remoteAddress });
    expect((await from('2001:db8:1234:5601::1')).statusCode).toBe(200);
    expect((await from('2001:db8:1234:5602::9')).statusCode).toBe(200);
    // A third address of the same subscriber's /56 is the same client, not a fresh budget.
    expect((await from('2001:db8:1234:56ff::2')).statusCode).toBe(429);
    expect((await from('2001:db8:1234:5700::1')).statusCode).toBe(200);
  });

  it('writes no x-ratelimit headers below the ceiling', async () => {
    const ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '5' } });
    contexts.push(ctx);
    const allowed = await ctx.app.inject(request);
    expect(allowed.statusCode).toBe(200);
    for (const header of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'retry-after']) {
      expect(allowed.headers[header]).toBeUndefined();
    }
  });

  it('limits only API and dev routes, decided per route', () => {
    expect(isLimitedRoute('/api/company/specialities')).toBe(true);
    expect(isLimitedRoute('/dev/mailbox')).toBe(true);
    expect(isLimitedRoute('/*')).toBe(false);
    expect(isLimitedRoute('/preguntas-frecuentes')).toBe(false);
  });

  it('holds the global limit on any spelling of the path the router accepts', async () => {
    const ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '2' } });
    contexts.push(ctx);
    for (let i = 0; i < 2; i += 1) expect((await ctx.app.inject(request)).statusCode).toBe(200);
    const encoded = await ctx.app.inject({ ...request, url: '/%61pi/company/specialities' });
    expect(encoded.statusCode).toBe(429);
  });

  it('holds a route limit on a percent-encoded path', async () => {
    const ctx = await createTestApp({ env: { WIDGET_SUBMISSIONS_MAX: '1' } });
    contexts.push(ctx);
    const contact = {
      method: 'POST' as const,
      headers: { 'company-key': DEMO_COMPANY_KEY },
      payload: {
        name: 'Rosa Pérez',
        email: 'rosa@example.com',
        phone_number: '+56912345678',
        message: 'Hay un auto abandonado en la esquina.',
      },
    };
    expect((await ctx.app.inject({ ...contact, url: '/api/attention/contact' })).statusCode).toBe(200);
    const encoded = await ctx.app.inject({ ...contact, url: '/%61pi/attention/contact' });
    expect(encoded.statusCode).toBe(429);
    const mixed = await ctx.app.inject({ ...contact, url: '/api/attention/%63ontact' });
    expect(mixed.statusCode).toBe(429);
  });

  it.runIf(Boolean(process.env.REDIS_URL))(
    'shares the counters between two processes through Redis',
    async () => {
      const database = await openTestDatabase();
      // A fresh address per run keeps earlier runs' counters in Redis out of this one.
      const remoteAddress = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
      const env = { RATE_LIMIT_MAX: '4', RATE_LIMIT_SYNC_MS: '20', REDIS_URL: process.env.REDIS_URL! };
      const first = await createTestApp({ env, database });
      const second = await createTestApp({ env, database });
      contexts.push(first, second);
      const codes = [];
      for (const app of [first.app, second.app, first.app, second.app, first.app, second.app, first.app]) {
        codes.push((await app.inject({ ...request, remoteAddress })).statusCode);
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
      // Each process knows the others' requests as of its own last sync, so an address spread
      // over two of them gets one request over the ceiling before both refuse it.
      expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429]);
      await database.close();
    },
  );
});
