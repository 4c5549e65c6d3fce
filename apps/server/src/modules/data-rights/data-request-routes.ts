import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  consoleDataRequestsResponseSchema,
  dataRequestAnswerBodySchema,
  dataRequestBodySchema,
  dataRequestExtendBodySchema,
  dataRequestParamsSchema,
  filedDataRequestResponseSchema,
  myDataRequestsResponseSchema,
  dataRequestsApi,
} from '@seguridad/contracts/http/data-requests';
import { okResponseSchema } from '@seguridad/contracts/http/auth';
import { dataRequestTexts } from '@seguridad/contracts/messages/data-requests';
import { accountTexts, errorMessages } from '@seguridad/contracts/messages';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/error-responses';
import { guarded } from '../../lib/route-guards';
import { recordAudit } from '../audit/audit-service';
import { userInfoOf } from '../identity/user-queries';
import { dataRequestAnsweredMail, dataRequestExtendedMail, dataRequestFiledMail } from './data-request-mails';
import {
  answerDataRequest,
  companiesHoldingDataOf,
  dataRequestById,
  dataRequestsForConsole,
  dataRequestsOf,
  extendDataRequest,
  fileDataRequest,
  filingsOfSince,
} from './data-request-queries';

/** Filings one account may make in a day, whatever address it files from. */
export const DATA_REQUEST_FILINGS_PER_DAY = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Rights requests (decisions 034 and 052). A citizen files one and follows it; it goes to each
 * company holding their data, whose administrators see, answer and extend (once, with a reason)
 * only their own company's request, every step in that company's audit trail.
 */
export const dataRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.post(
    dataRequestsApi.file.pattern,
    {
      preHandler: app.authenticate,
      config: { rateLimit: { max: 5, timeWindow: '1 hour' } },
      schema: {
        tags: ['user'],
        body: dataRequestBodySchema,
        response: { 200: filedDataRequestResponseSchema, ...errorResponses(400, 401, 429, 503) },
      },
    },
    guarded('user')(async (request) => {
      const user = await userInfoOf(db, request.user.id);
      if (!user) throw new AppError(401, 'unauthorized', accountTexts.loginFailed);
      // The per-address limit above does not stop one account filing from many addresses.
      const since = new Date(Date.now() - DAY_MS);
      if ((await filingsOfSince(db, request.user.id, since)) >= DATA_REQUEST_FILINGS_PER_DAY) {
        throw new AppError(429, 'too_many_requests', dataRequestTexts.tooManyFilings);
      }
      const companyIds = await companiesHoldingDataOf(db, request.user.id);
      if (companyIds.length === 0) throw new AppError(503, 'unavailable', errorMessages.generic);
      const filed = await fileDataRequest(
        db,
        { userId: request.user.id, email: user.email, ...request.body },
        companyIds,
      );
      await app.mail.send(
        dataRequestFiledMail(
          { brandName: app.config.brandName, name: user.profile.name, email: user.email },
          filed,
        ),
      );
      return { code: 200 as const, message: dataRequestTexts.filed, request: filed[0]!, requests: filed };
    }),
  );

  app.get(
    dataRequestsApi.mine.pattern,
    {
      preHandler: app.authenticate,
      schema: { tags: ['user'], response: { 200: myDataRequestsResponseSchema, ...errorResponses(401) } },
    },
    guarded('user')(async (request) => ({
      code: 200 as const,
      requests: await dataRequestsOf(db, request.user.id),
    })),
  );

  const adminErrors = errorResponses(400, 401, 403, 404, 409, 429);

  app.get(
    dataRequestsApi.companyList.pattern,
    {
      preHandler: app.requireCompanyAdmin,
      schema: { tags: ['operator'], response: { 200: consoleDataRequestsResponseSchema, ...adminErrors } },
    },
    guarded('operator')(async (request) => ({
      code: 200 as const,
      requests: await dataRequestsForConsole(db, request.operator.companyId),
    })),
  );

  app.post(
    dataRequestsApi.answer.pattern,
    {
      preHandler: app.requireCompanyAdmin,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['operator'],
        params: dataRequestParamsSchema,
        body: dataRequestAnswerBodySchema,
        response: { 200: okResponseSchema, ...adminErrors },
      },
    },
    guarded(
      'user',
      'operator',
    )(async (request) => {
      const { id } = request.params;
      const { companyId } = request.operator;
      if (!(await dataRequestById(db, id, companyId)))
        throw new AppError(404, 'not_found', dataRequestTexts.notFound);
      const answered = await answerDataRequest(db, {
        id,
        companyId,
        text: request.body.answer,
        userId: request.user.id,
      });
      if (!answered) throw new AppError(409, 'already_answered', dataRequestTexts.alreadyAnswered);
      await recordAudit(db, {
        companyId,
        actorUserId: request.user.id,
        action: 'data_request.answer',
        subjectKind: 'data_request',
        subjectId: id,
        ip: request.ip,
      });
      const [shown] = (await dataRequestsForConsole(db, companyId)).filter((row) => row.id === id);
      if (shown && answered.email)
        await app.mail.send(dataRequestAnsweredMail(answered.email, app.config.brandName, shown));
      return { code: 200 as const, message: dataRequestTexts.answered };
    }),
  );

  app.post(
    dataRequestsApi.extend.pattern,
    {
      preHandler: app.requireCompanyAdmin,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['operator'],
        params: dataRequestParamsSchema,
        body: dataRequestExtendBodySchema,
        response: { 200: okResponseSchema, ...adminErrors },
      },
    },
    guarded(
      'user',
      'operator',
    )(async (request) => {
      const { id } = request.params;
      const { companyId } = request.operator;
      if (!(await dataRequestById(db, id, companyId)))
        throw new AppError(404, 'not_found', dataRequestTexts.notFound);
      const extended = await extendDataRequest(db, { id, companyId, reason: request.body.reason });
      if (!extended) throw new AppError(409, 'already_extended', dataRequestTexts.alreadyExtended);
      await recordAudit(db, {
        companyId,
        actorUserId: request.user.id,
        action: 'data_request.extend',
        subjectKind: 'data_request',
        subjectId: id,
        ip: request.ip,
        details: { reason: request.body.reason, due_at: extended.dueAt.toISOString() },
      });
      const [shown] = (await dataRequestsForConsole(db, companyId)).filter((row) => row.id === id);
      if (shown)
        await app.mail.send(
          dataRequestExtendedMail(extended.email, app.config.brandName, shown, request.body.reason),
        );
      return { code: 200 as const, message: dataRequestTexts.extended };
    }),
  );
};
