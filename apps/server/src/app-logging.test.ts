import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fp from 'fastify-plugin';
import { capturedLog, LOG_LEVEL_ERROR as ERROR, LOG_LEVEL_WARN as WARN } from './testing/captured-log';
import { createTestApp, type TestContext } from './testing/test-app';

/** Routes only these tests add: they state their access as every route must. */
const publicRoute = { config: { access: 'public' as const } };

/** What Fastify names the listener it puts on a response when it has a logger of its own. */
const FASTIFY_RESPONSE_LISTENER = 'onResFinished';

function responseListeners(response: NodeJS.EventEmitter): string[] {
  return [...response.listeners('finish'), ...response.listeners('error')].map((listener) => listener.name);
}

describe('the log without request lines (any level above debug)', () => {
  let ctx: TestContext;
  const log = capturedLog();
  let listeners: string[] = [];
  beforeAll(async () => {
    ctx = await createTestApp({
      env: { LOG_LEVEL: 'warn' },
      logger: { level: 'warn', stream: log.stream },
      routes: (app) => {
        app.get('/api/test/fails', publicRoute, () => {
          throw new Error('the disk is gone');
        });
        app.get('/api/test/sends-twice', publicRoute, (_request, reply) => {
          reply.send({ first: true });
          reply.send({ second: true });
        });
        app.get('/api/test/listeners', publicRoute, (_request, reply) => {
          listeners = responseListeners(reply.raw);
          return { ok: true };
        });
        app.register(
          fp(async (plugin) => {
            plugin.log.warn('from a plugin');
          }),
        );
      },
    });
  });
  afterAll(() => ctx.close());

  it('logs a failed request at error, with its request id, and answers the generic 500', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/test/fails' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('the disk is gone');
    const line = log.lines.find((entry) => entry.msg === 'request failed');
    expect(line).toMatchObject({ level: ERROR, err: { message: 'the disk is gone' } });
    expect(line?.reqId).toBeTruthy();
  });

  it("keeps Fastify's own warnings about a reply", async () => {
    await ctx.app.inject({ method: 'GET', url: '/api/test/sends-twice' });
    expect(log.lines).toContainEqual(
      expect.objectContaining({
        level: WARN,
        err: expect.objectContaining({ code: 'FST_ERR_REP_ALREADY_SENT' }),
      }),
    );
  });

  it('gives plugins the same logger as the app', () => {
    expect(log.lines).toContainEqual(expect.objectContaining({ level: WARN, msg: 'from a plugin' }));
    ctx.app.log.warn('from the app');
    expect(log.lines).toContainEqual(expect.objectContaining({ level: WARN, msg: 'from the app' }));
  });

  it('puts no listener on a response and writes no request line', async () => {
    const before = log.lines.length;
    const response = await ctx.app.inject({ method: 'GET', url: '/api/test/listeners' });
    expect(response.statusCode).toBe(200);
    expect(listeners).not.toContain(FASTIFY_RESPONSE_LISTENER);
    expect(log.lines.length).toBe(before);
  });
});

describe('the log when debugging', () => {
  let ctx: TestContext;
  let listeners: string[] = [];
  const log = capturedLog();
  beforeAll(async () => {
    ctx = await createTestApp({
      env: { LOG_LEVEL: 'debug' },
      logger: { level: 'debug', stream: log.stream },
      routes: (app) => {
        app.get('/api/test/listeners', publicRoute, (_request, reply) => {
          listeners = responseListeners(reply.raw);
          return { ok: true };
        });
      },
    });
  });
  afterAll(() => ctx.close());

  it('writes a line for each request and its completion, with the request id', async () => {
    await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const incoming = log.lines.find((entry) => entry.msg === 'incoming request');
    const completed = log.lines.find((entry) => entry.msg === 'request completed');
    expect(incoming?.reqId).toBeTruthy();
    expect(completed?.reqId).toBe(incoming?.reqId);
  });

  it("has Fastify's listener on each response, which writes the completion line", async () => {
    await ctx.app.inject({ method: 'GET', url: '/api/test/listeners' });
    expect(listeners).toContain(FASTIFY_RESPONSE_LISTENER);
  });
});
