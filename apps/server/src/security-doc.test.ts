import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '@seguridad/contracts/api-paths';
import type { ApiRoute } from '@seguridad/contracts/http/api-route';
import {
  HANDLER_CHECKS,
  SOCKET_EVENTS,
  SECURITY_TABLE_END,
  SECURITY_TABLE_START,
  routeKey,
  securityTables,
} from './testing/security-doc';
import { callTestServer } from './testing/calls';
import { useTestApp } from './testing/test-app';

const docUrl = new URL('../../../docs/security.md', import.meta.url);

/**
 * docs/security.md says what every route and socket event requires. Its tables are generated from
 * the server's own route table, so they cannot drift: a new route without a guard fails here until
 * `testing/security-doc.ts` says what its handler checks, and a changed guard fails until the doc is
 * regenerated (`UPDATE_SECURITY_DOC=1 npx vitest run src/security-doc.test.ts`).
 */
describe('docs/security.md and the route table', () => {
  const ctx = useTestApp();

  it('every route is guarded, or its handler check is written down; no entry is stale', () => {
    const unguarded = ctx.app.routeAccess
      .filter((route) => route.requires.length === 0 && route.method !== 'HEAD')
      .map(routeKey);
    expect(unguarded.filter((key) => !(key in HANDLER_CHECKS))).toEqual([]);
    const known = new Set(ctx.app.routeAccess.map(routeKey));
    expect(Object.keys(HANDLER_CHECKS).filter((key) => !known.has(key))).toEqual([]);
  });

  it('lists every route declared in contracts', () => {
    const known = new Set(ctx.app.routeAccess.map(routeKey));
    const declared: ApiRoute[] = Object.values(apiPaths).flatMap((area) => Object.values(area));
    expect(
      declared.map((route) => `${route.method} ${route.pattern}`).filter((key) => !known.has(key)),
    ).toEqual([]);
  });

  it('lists every socket event the server listens to', async () => {
    const server = await callTestServer();
    try {
      const socket = await server.connect();
      const listening = server.ctx.app.io.sockets.sockets.get(socket.id!)!;
      const handled = listening
        .eventNames()
        .map(String)
        .filter((name) => !['disconnect', 'disconnecting', 'error'].includes(name));
      expect(handled.sort()).toEqual(SOCKET_EVENTS.map((row) => row.event).sort());
    } finally {
      await server.close();
    }
  });

  it('holds the tables generated from the route table', () => {
    const generated = securityTables(ctx.app.routeAccess);
    const doc = readFileSync(docUrl, 'utf8');
    const start = doc.indexOf(SECURITY_TABLE_START);
    const end = doc.indexOf(SECURITY_TABLE_END);
    expect(start, 'docs/security.md keeps its table markers').toBeGreaterThan(-1);
    const current = doc.slice(start, end + SECURITY_TABLE_END.length);
    if (process.env.UPDATE_SECURITY_DOC === '1' && current !== generated) {
      writeFileSync(docUrl, doc.slice(0, start) + generated + doc.slice(end + SECURITY_TABLE_END.length));
      return;
    }
    expect(current).toBe(generated);
  });
});
