import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponseSchema } from '@seguridad/contracts/http/auth';
import {
  formatRetentionPeriod,
  holdBodySchema,
  holdParamsSchema,
  heldItemsResponseSchema,
  RETENTION_KINDS,
  RETENTION_RULES,
  retentionTableResponseSchema,
  retentionUpdateBodySchema,
  retentionApi,
} from '@seguridad/contracts/http/retention';
import { retentionTexts } from '@seguridad/contracts/messages/retention';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/error-responses';
import { guarded } from '../../lib/route-guards';
import { recordAudit } from '../audit/audit-service';
import { heldItemsOf, placeHold, releaseHold } from './hold-queries';
import { retentionTableOf, setRetentionPeriod } from './retention-queries';

/**
 * The console's retention table and legal holds (decisions 034, 041): administrators of a company
 * see and change its periods within each kind's bounds; supervisors and administrators hold or
 * release its calls, video mails and contact messages (for a complaint or an investigation).
 */
export const retentionRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const adminErrors = errorResponses(400, 401, 403, 404, 429);

  app.get(
    retentionApi.get.pattern,
    {
      preHandler: app.requireCompanyAdmin,
      schema: { tags: ['operator'], response: { 200: retentionTableResponseSchema, ...adminErrors } },
    },
    guarded('operator')(async (request) => {
      const table = await retentionTableOf(db, request.operator.companyId);
      return {
        code: 200 as const,
        retention: RETENTION_KINDS.map((kind) => ({
          kind,
          label: RETENTION_RULES[kind].label,
          days: table[kind],
          default_days: RETENTION_RULES[kind].defaultDays,
          min_days: RETENTION_RULES[kind].minDays,
          max_days: RETENTION_RULES[kind].maxDays,
          period: formatRetentionPeriod(table[kind]),
        })),
      };
    }),
  );

  app.put(
    retentionApi.update.pattern,
    {
      preHandler: app.requireCompanyAdmin,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['operator'],
        body: retentionUpdateBodySchema,
        response: { 200: okResponseSchema, ...adminErrors },
      },
    },
    guarded(
      'user',
      'operator',
    )(async (request) => {
      await setRetentionPeriod(db, {
        companyId: request.operator.companyId,
        kind: request.body.kind,
        days: request.body.days,
        userId: request.user.id,
      });
      await recordAudit(db, {
        companyId: request.operator.companyId,
        actorUserId: request.user.id,
        action: 'retention.period_set',
        subjectKind: 'retention',
        subjectId: request.body.kind,
        ip: request.ip,
        details: { days: request.body.days },
      });
      return { code: 200 as const, message: retentionTexts.periodSaved };
    }),
  );

  app.get(
    retentionApi.holds.pattern,
    {
      preHandler: app.requireSupervisor,
      schema: { tags: ['operator'], response: { 200: heldItemsResponseSchema, ...adminErrors } },
    },
    guarded('operator')(async (request) => ({
      code: 200 as const,
      holds: await heldItemsOf(db, request.operator.companyId),
    })),
  );

  app.put(
    retentionApi.placeHold.pattern,
    {
      preHandler: app.requireSupervisor,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['operator'],
        params: holdParamsSchema,
        body: holdBodySchema,
        response: { 200: okResponseSchema, ...adminErrors },
      },
    },
    guarded(
      'user',
      'operator',
    )(async (request) => {
      const placed = await placeHold(db, {
        ...request.params,
        companyId: request.operator.companyId,
        reason: request.body.reason,
        userId: request.user.id,
      });
      if (!placed) throw new AppError(404, 'not_found', retentionTexts.holdSubjectNotFound);
      await recordAudit(db, {
        companyId: request.operator.companyId,
        actorUserId: request.user.id,
        action: 'hold.place',
        subjectKind: request.params.subject,
        subjectId: request.params.id,
        ip: request.ip,
        details: { reason: request.body.reason },
      });
      return { code: 200 as const, message: retentionTexts.holdPlaced };
    }),
  );

  app.delete(
    retentionApi.releaseHold.pattern,
    {
      preHandler: app.requireSupervisor,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['operator'],
        params: holdParamsSchema,
        response: { 200: okResponseSchema, ...adminErrors },
      },
    },
    guarded(
      'user',
      'operator',
    )(async (request) => {
      const released = await releaseHold(db, { ...request.params, companyId: request.operator.companyId });
      if (!released) throw new AppError(404, 'not_found', retentionTexts.holdNotFound);
      await recordAudit(db, {
        companyId: request.operator.companyId,
        actorUserId: request.user.id,
        action: 'hold.release',
        subjectKind: request.params.subject,
        subjectId: request.params.id,
        ip: request.ip,
      });
      return { code: 200 as const, message: retentionTexts.holdReleased };
    }),
  );
};
