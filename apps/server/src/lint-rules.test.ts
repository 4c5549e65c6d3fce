import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The house rules that lint holds (eslint.config.js), each proved on a planted violation: the
 * snippet is linted as if it were a file at that path, so a rule that stopped matching, or a
 * file pattern that no longer covers the place, fails here. (The circle between server modules is
 * held by `scripts/check-cycles.mjs`, which the lint command runs.)
 */
const eslint = new ESLint({ cwd: new URL('../../../', import.meta.url).pathname });

async function lintMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.message);
}

const wholeAppService = `import type { FastifyInstance } from 'fastify';
export function baseUrl(app: FastifyInstance): string {
  return app.config.publicBaseUrl;
}
`;

describe('lint refuses', () => {
  it('an API route declared without who may call it', async () => {
    const code = `import { apiRoute } from './api-route';
export const planted = { open: apiRoute('GET', '/api/v1/planted'), fine: apiRoute('GET', '/api/v1/ok', 'public') };
`;
    const messages = await lintMessages('packages/contracts/src/http/planted.ts', code);
    expect(messages).toEqual(['Declare who may call this route: apiRoute(method, pattern, access).']);
  });

  it('a staff role union written outside the contracts, and accepts it inside', async () => {
    const code = `export type PlantedRole = 'operator' | 'supervisor' | 'admin';\n`;
    expect(await lintMessages('apps/server/src/modules/planted/planted-service.ts', code)).toEqual([
      'Use StaffRole from @seguridad/contracts/staff-access instead of writing the roles again.',
    ]);
    expect(await lintMessages('apps/web/src/features/planted/planted.ts', code)).toHaveLength(1);
    expect(await lintMessages('packages/contracts/src/staff-planted.ts', code)).toEqual([]);
  });

  it('a function outside plugins and route files that takes the whole app', async () => {
    const [message] = await lintMessages(
      'apps/server/src/modules/planted/planted-service.ts',
      wholeAppService,
    );
    expect(message).toMatch(/^Take the app's pieces this function uses \(Deps</);
    const holder = `import type { FastifyInstance } from 'fastify';\nexport type Planted = { app: FastifyInstance };\n`;
    expect(await lintMessages('apps/server/src/realtime/planted.ts', holder)).toHaveLength(1);

    // A plugin gets the app: wrapped in fp(), in plugins/, or a route file's registration.
    const plugin = `import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
export const planted = fp(async (app: FastifyInstance) => {
  app.log.info('ready');
});
`;
    expect(await lintMessages('apps/server/src/modules/planted/planted-job.ts', plugin)).toEqual([]);
    expect(await lintMessages('apps/server/src/plugins/planted.ts', wholeAppService)).toEqual([]);
    expect(await lintMessages('apps/server/src/modules/planted/planted-routes.ts', wholeAppService)).toEqual(
      [],
    );
  });

  it('a web request that states its own method', async () => {
    const code = `import { apiRequest } from '../../shared/api/api-client';
export const send = (path: string) => apiRequest({ method: 'POST', path });
`;
    expect(await lintMessages('apps/web/src/features/planted/planted-api.ts', code)).toEqual([
      "A route's request carries its method: call apiRequest(route.request(params), …).",
    ]);
    const untyped = `import { apiRequest } from '../../shared/api/api-client';
import { authApi } from '@seguridad/contracts/http/auth';
export const info = () => apiRequest<{ id: number }>(authApi.userInfo.path(), { auth: true });
`;
    expect(await lintMessages('apps/web/src/features/planted/planted-info.ts', untyped)).toEqual([
      "A route's request carries its answer's type: call apiRequest(route.request(params), …).",
    ]);
  });
});
