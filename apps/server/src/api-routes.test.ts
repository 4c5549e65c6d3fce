import { describe, expect, it } from 'vitest';
import { apiPaths } from '@seguridad/contracts/api-paths';
import type { ApiRoute } from '@seguridad/contracts/http/api-route';
import { useTestApp } from './testing/test-app';

describe('the API routes declared in contracts', () => {
  const ctx = useTestApp();

  it('are each registered by the server with their method and pattern', () => {
    const declared: ApiRoute[] = Object.values(apiPaths).flatMap((area) => Object.values(area));
    const missing = declared
      .filter((route) => !ctx.app.hasRoute({ method: route.method, url: route.pattern }))
      .map((route) => `${route.method} ${route.pattern}`);
    expect(missing).toEqual([]);
  });
});
