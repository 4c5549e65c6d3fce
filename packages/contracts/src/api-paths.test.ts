import { describe, expect, it } from 'vitest';
import { apiPaths } from './api-paths';
import { type ApiRoute, pathParamNames } from './http/api-route';

const routes: Array<[string, ApiRoute]> = Object.entries(apiPaths).flatMap(([area, declared]) =>
  Object.entries(declared).map(([name, route]): [string, ApiRoute] => [`${area}.${name}`, route]),
);

describe('apiPaths', () => {
  it('declares each method and pattern once', () => {
    const keys = routes.map(([, route]) => `${route.method} ${route.pattern}`);
    const repeated = keys.filter((key, index) => keys.indexOf(key) !== index);
    expect(repeated).toEqual([]);
  });

  it('keeps every pattern under /api/ with named parameters only', () => {
    for (const [name, route] of routes) {
      expect(route.pattern, name).toMatch(/^\/api\/[A-Za-z0-9_./:-]+$/);
      expect(route.pattern, name).not.toMatch(/\/\/|\/$/);
    }
  });

  it('fills every :param when building the path a client requests', () => {
    for (const [name, route] of routes) {
      const names = pathParamNames(route.pattern);
      const params = Object.fromEntries(names.map((param, index) => [param, `v${index}`]));
      const built = (route.path as (params?: Record<string, string>) => string)(params);
      expect(built, name).not.toContain(':');
      expect(built, name).toBe(
        route.pattern.replace(/:[A-Za-z_][A-Za-z0-9_]*/g, (match) => params[match.slice(1)] ?? ''),
      );
    }
  });

  it('refuses to build a path with a parameter missing, and encodes the values', () => {
    const attachment = apiPaths.calls.attachment;
    expect(() => (attachment.path as (params?: object) => string)({})).toThrow(':id');
    expect(apiPaths.operator.videoMailMedia.path({ id: 7, file: 'a b' })).toBe(
      '/api/media/video-mails/7/a%20b',
    );
    expect(apiPaths.auth.login.path()).toBe('/api/v1/auth/login');
  });
});
