import { describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from '../../testing/test-app';
import { testEngine } from '../../testing/test-database';

describe('GET /api/health', () => {
  const ctx = useTestApp();

  it('reports the database engine and that it answers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: testEngine(), databaseOk: true });
  });

  it('carries the API security headers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers from the cached ping as well as from a fresh one', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const second = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ status: 'ok', databaseOk: true });
    expect(first.json().database).toBe(second.json().database);
  });

  it('answers JSON with only the declared fields', async () => {
    const second = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Object.keys(second.json()).sort()).toEqual([
      'database',
      'databaseOk',
      'status',
      'uptimeSeconds',
      'version',
    ]);
  });
});

describe('GET /api/health when the database stops answering', () => {
  it('turns degraded with a 503 once the last good ping is stale, not a cached 200', async () => {
    const ctx = await createTestApp();
    try {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      await ctx.database.close();
      // The last ping is trusted for a second, so probes in bursts do not queue on the database.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'degraded', databaseOk: false });
    } finally {
      await ctx.app.close();
    }
  });
});
