import { describe, expect, it } from 'vitest';
import { apiPaths } from '@seguridad/contracts/api-paths';
import { z } from 'zod';
import { authApi, loginBodySchema } from '@seguridad/contracts/http/auth';
import type { ApiRoute } from '@seguridad/contracts/http/api-route';
import { createTestApp, useTestApp } from '../testing/test-app';

/** The `onRoute` rule of plugins/route-access.ts: access is declared with every route. */
describe('access declared with every route', () => {
  const ctx = useTestApp();

  it('every registered API route carries the access contracts declare for it', () => {
    const declared = new Map(
      Object.values(apiPaths)
        .flatMap((area) => Object.values(area) as ApiRoute[])
        .map((route) => [`${route.method} ${route.pattern}`, route.access]),
    );
    const api = ctx.app.routeAccess.filter(
      (route) => route.url.startsWith('/api/') && route.method !== 'HEAD',
    );
    expect(api.length).toBeGreaterThan(100);
    for (const route of api)
      expect(route.access, route.url).toBe(declared.get(`${route.method} ${route.url}`));
  });

  it('a staff or signed-in access is guarded at the door, and the docs show its security', () => {
    const expected = {
      user: 'session',
      operator: 'operator',
      supervisor: 'supervisor',
      admin: 'admin',
    } as const;
    for (const route of ctx.app.routeAccess) {
      if (route.access && route.access in expected)
        expect(route.requires, `${route.method} ${route.url}`).toEqual([
          expected[route.access as keyof typeof expected],
        ]);
      if (route.access === 'company-key') expect(route.requires).toEqual(['company-key']);
    }
  });

  it('a route that names no guard of its own still gets the one its access asks for', async () => {
    const bare = await createTestApp({
      routes: (app) => {
        app.get('/api/test/declared-user', { config: { access: 'user' } }, async () => ({ open: true }));
      },
    });
    try {
      const answer = await bare.app.inject({ method: 'GET', url: '/api/test/declared-user' });
      expect(answer.statusCode).toBe(401);
    } finally {
      await bare.close();
    }
  });

  it('refuses to start with an API route that declares no access', async () => {
    await expect(
      createTestApp({
        routes: (app) => {
          app.get('/api/test/undeclared', async () => ({ open: true }));
        },
      }),
    ).rejects.toThrow(/declares no access/);
  });

  it("refuses a route whose own guard differs from the contract's access", async () => {
    await expect(
      createTestApp({
        routes: (app) => {
          app.get(
            `${authApi.userInfo.pattern}/copy`,
            { config: { access: 'admin' }, preHandler: app.authenticate },
            async () => ({}),
          );
        },
      }),
    ).rejects.toThrow(/declares admin but names a session guard/);
  });

  it('every contract schema is the one its registration validates with', () => {
    const routes = Object.values(apiPaths).flatMap((area) => Object.values(area) as ApiRoute[]);
    const typed = routes.filter((route) => route.schemas.response !== undefined);
    // The start-up rule below holds them; this says most of the API is typed end to end.
    expect(typed.length).toBeGreaterThan(120);
  });

  it("refuses a registration whose body or answer is not the contract's", async () => {
    await expect(
      createTestApp({
        routes: (app) => {
          app.post(
            authApi.login.pattern,
            { schema: { body: z.object({ email: z.string() }) } },
            async () => ({}),
          );
        },
      }),
    ).rejects.toThrow(
      /POST \/api\/v1\/auth\/login: its body schema is not the one @seguridad\/contracts declares/,
    );
    await expect(
      createTestApp({
        routes: (app) => {
          app.post(
            authApi.login.pattern,
            { schema: { body: loginBodySchema, response: { 200: z.object({ code: z.literal(200) }) } } },
            async () => ({ code: 200 as const }),
          );
        },
      }),
    ).rejects.toThrow(/its response schema is not the one/);
  });

  it('the OpenAPI document shows each route the security its access asks for', async () => {
    const spec = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(spec.paths['/api/v1/user/info'].get.security).toEqual([{ bearer: [] }]);
    expect(spec.paths['/api/company/specialities'].get.security).toEqual([{ companyKey: [] }]);
    expect(spec.paths['/api/v1/auth/login'].post.security).toBeUndefined();
  });
});
