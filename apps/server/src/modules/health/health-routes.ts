import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '@seguridad/contracts/http/health';
import { sendSerialized, serializeForReuse } from '../../lib/serialized-reply';

const startedAt = Date.now();
/** Probes hammering the health route must not queue behind real queries on the database. */
const PING_CACHE_MS = 1_000;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  let lastPing: { ok: boolean; at: number } | undefined;
  let inFlight: Promise<boolean> | undefined;
  // The reply is the same for every probe within a second: serialized once, by the route's schema.
  let lastReply: { databaseOk: boolean; uptimeSeconds: number; body: string } | undefined;

  /** The cached answer while it is fresh (no promise to wait on: probes come in bursts). */
  function freshPing(): boolean | undefined {
    return lastPing && Date.now() - lastPing.at < PING_CACHE_MS ? lastPing.ok : undefined;
  }

  function databaseAnswers(): Promise<boolean> {
    inFlight ??= app.database.ping().then((ok) => {
      lastPing = { ok, at: Date.now() };
      inFlight = undefined;
      return ok;
    });
    return inFlight;
  }

  app.get(
    '/api/health',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    (_request, reply) => {
      const send = (databaseOk: boolean): void => {
        const uptimeSeconds = Math.round((Date.now() - startedAt) / 1000);
        reply.code(databaseOk ? 200 : 503);
        if (lastReply?.databaseOk !== databaseOk || lastReply.uptimeSeconds !== uptimeSeconds) {
          const body = serializeForReuse(reply, {
            status: databaseOk ? 'ok' : 'degraded',
            database: app.database.kind,
            databaseOk,
            uptimeSeconds,
            version: '1.0.0',
          });
          lastReply = { databaseOk, uptimeSeconds, body };
        }
        sendSerialized(reply, lastReply.body);
      };
      // Answered in the same tick while the last ping is fresh: probes need no promise.
      const fresh = freshPing();
      if (fresh !== undefined) return send(fresh);
      return databaseAnswers().then(send);
    },
  );
};
