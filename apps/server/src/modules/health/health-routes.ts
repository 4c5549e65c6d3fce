import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema, healthApi } from '@seguridad/contracts/http/health';
import { missingSenders } from '../../config';

const startedAt = Date.now();
/** Probes hammering the health route must not queue behind real queries on the database. */
const PING_CACHE_MS = 1_000;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  let lastPing: { ok: boolean; at: number } | undefined;
  let inFlight: Promise<boolean> | undefined;
  // The process stays up and answers (status `ok`), but says loudly what it cannot send.
  const degraded = missingSenders(app.config);

  /** Whether the database answered a ping in the last second; one ping at a time. */
  function databaseAnswers(): Promise<boolean> {
    if (lastPing && Date.now() - lastPing.at < PING_CACHE_MS) return Promise.resolve(lastPing.ok);
    inFlight ??= app.database.ping().then((ok) => {
      lastPing = { ok, at: Date.now() };
      inFlight = undefined;
      return ok;
    });
    return inFlight;
  }

  app.get(
    healthApi.health.pattern,
    {
      config: { rateLimit: false },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (_request, reply) => {
      const databaseOk = await databaseAnswers();
      reply.code(databaseOk ? 200 : 503);
      return {
        ...(degraded.length > 0 ? { degraded } : {}),
        status: databaseOk ? ('ok' as const) : ('degraded' as const),
        database: app.database.kind,
        databaseOk,
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
        version: '1.0.0',
      };
    },
  );
};
