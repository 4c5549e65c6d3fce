import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorDrawResponseSchema, publishDrawBodySchema, promoApi } from '@seguridad/contracts/http/promo';
import { errorMessages } from '@seguridad/contracts/messages';
import { recordAudit } from '../audit/audit-service';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/error-responses';
import { guarded } from '../../lib/route-guards';
import { defaultCompanyId } from '../company/company-queries';
import { operatorDrawView, publishDraw, runDraw } from './draw-service';

/**
 * The draw in the operator console: admins of the company that runs the campaign (the first one,
 * the same tenant the security network belongs to) see, publish and run it. For any other company
 * there is no draw (404, which also leaves the console's session alone, unlike a 403).
 */
export const drawRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const errors = errorResponses(400, 401, 403, 404, 409, 422, 429);
  /** Publishing and running are rare and costly (running sends 50 e-mails): the auth ceiling. */
  const actionLimit = { rateLimit: { max: app.config.authRateLimitMax, timeWindow: '1 minute' } };

  const campaignAdmin = guarded('user', 'operator');
  async function assertCampaignCompany(companyId: number) {
    if (companyId !== (await defaultCompanyId(db))) {
      throw new AppError(404, 'not_found', errorMessages.notFound);
    }
  }

  app.get(
    promoApi.operatorDraw.pattern,
    {
      preHandler: app.requireCompanyAdmin,
      schema: { tags: ['operator'], response: { 200: operatorDrawResponseSchema, ...errors } },
    },
    campaignAdmin(async (request) => {
      await assertCampaignCompany(request.operator.companyId);
      return operatorDrawView(db);
    }),
  );

  app.post(
    promoApi.publishDraw.pattern,
    {
      preHandler: app.requireCompanyAdmin,
      config: actionLimit,
      schema: {
        tags: ['operator'],
        body: publishDrawBodySchema,
        response: { 200: operatorDrawResponseSchema, ...errors },
      },
    },
    campaignAdmin(async (request) => {
      await assertCampaignCompany(request.operator.companyId);
      await publishDraw(app, request.user.id, new Date(request.body.scheduled_at));
      await recordAudit(db, {
        companyId: request.operator.companyId,
        actorUserId: request.user.id,
        action: 'draw.publish',
        subjectKind: 'draw',
        subjectId: request.body.scheduled_at,
        ip: request.ip,
        details: { scheduled_at: request.body.scheduled_at },
      });
      return operatorDrawView(db);
    }),
  );

  app.post(
    promoApi.runDraw.pattern,
    {
      preHandler: app.requireCompanyAdmin,
      config: actionLimit,
      schema: { tags: ['operator'], response: { 200: operatorDrawResponseSchema, ...errors } },
    },
    campaignAdmin(async (request) => {
      await assertCampaignCompany(request.operator.companyId);
      await runDraw(app, request.user.id);
      await recordAudit(db, {
        companyId: request.operator.companyId,
        actorUserId: request.user.id,
        action: 'draw.run',
        subjectKind: 'draw',
        subjectId: 'sorteo',
        ip: request.ip,
      });
      return operatorDrawView(db);
    }),
  );
};
