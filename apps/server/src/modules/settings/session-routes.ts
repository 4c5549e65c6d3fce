import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponseSchema } from '@seguridad/contracts/http/auth';
import {
  revokeSessionBodySchema,
  securityLogResponseSchema,
  sessionsResponseSchema,
  settingsApi,
} from '@seguridad/contracts/http/settings';
import { settingsTexts } from '@seguridad/contracts/messages';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/error-responses';
import { guarded } from '../../lib/route-guards';
import { parseUserAgent, userAgentName } from '@seguridad/contracts/helpers/user-agent';
import {
  purgeExpiredSecurityEvents,
  recordSecurityEvent,
  securityEventsOf,
} from '../identity/security-event-queries';
import { liveSessionsOf } from '../identity/session-queries';
import { revokeOwnSession } from '../identity/session-service';

const errors = errorResponses(400, 401, 404, 429);

/** Sessions and the security log, as GitHub and Google show them (decision 011). */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    settingsApi.sessions.pattern,
    {
      preHandler: app.authenticate,
      schema: { tags: ['auth'], response: { 200: sessionsResponseSchema, ...errors } },
    },
    guarded('user')(async (request) => {
      const rows = await liveSessionsOf(db, request.user.id);
      return {
        code: 200 as const,
        sessions: rows.map((row) => {
          const agent = parseUserAgent(row.userAgent);
          return {
            id: row.id,
            device: row.deviceName ?? userAgentName(row.userAgent),
            browser: agent.browser ?? null,
            system: agent.system ?? null,
            // No geo-IP database: the place stays unknown rather than guessed (decision 011).
            place: null,
            created_at: row.createdAt.toISOString(),
            last_used_at: row.lastUsedAt.toISOString(),
            current: row.id === request.user.sessionId,
          };
        }),
      };
    }),
  );

  app.post(
    settingsApi.revokeSession.pattern,
    {
      preHandler: app.authenticate,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        body: revokeSessionBodySchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    guarded('user')(async (request) => {
      const userId = request.user.id;
      const sessionId = request.body.session_id;
      const live = await liveSessionsOf(db, userId);
      const target = live.find((session) => session.id === sessionId);
      if (!target || !(await revokeOwnSession(app, userId, sessionId))) {
        throw new AppError(404, 'session_not_found', settingsTexts.sessionNotFound);
      }
      await recordSecurityEvent(
        db,
        userId,
        'session_revoked',
        target.deviceName ?? userAgentName(target.userAgent),
      );
      return { code: 200 as const, message: settingsTexts.sessionRevoked };
    }),
  );

  app.get(
    settingsApi.securityLog.pattern,
    {
      preHandler: app.authenticate,
      schema: { tags: ['auth'], response: { 200: securityLogResponseSchema, ...errors } },
    },
    guarded('user')(async (request) => {
      await purgeExpiredSecurityEvents(db);
      return { code: 200 as const, events: await securityEventsOf(db, request.user.id) };
    }),
  );
};
