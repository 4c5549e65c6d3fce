import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  reportCsvQuerySchema,
  reportQuerySchema,
  reportResponseSchema,
  reportsApi,
  serviceLevelBodySchema,
  serviceLevelResponseSchema,
} from '@seguridad/contracts/http/reports';
import { reportConsoleTexts } from '@seguridad/contracts/messages';
import { errorResponses } from '../../lib/error-responses';
import { guarded } from '../../lib/route-guards';
import { recordAudit } from '../audit/audit-service';
import { reportCsv } from './report-csv';
import { serviceLevelTargetsOf, setServiceLevelTargets } from './report-queries';
import { buildReport } from './report-service';

const errors = errorResponses(400, 401, 403);

/**
 * The console's Reportes tab (decisions 045, 047): supervisors and administrators read their own
 * company's figures over Chile days and download each table as CSV; administrators set the two
 * service-level thresholds, and the change is in the audit trail like every settings change.
 */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    reportsApi.report.pattern,
    {
      preHandler: app.requireSupervisor,
      schema: {
        tags: ['operator'],
        summary: 'Calls, inbox and ratings of a range of Chile days, grouped',
        querystring: reportQuerySchema,
        response: { 200: reportResponseSchema, ...errors },
      },
    },
    guarded('operator')(async (request) =>
      buildReport(db, { companyId: request.operator.companyId, ...request.query }),
    ),
  );

  app.get(
    reportsApi.csv.pattern,
    {
      preHandler: app.requireSupervisor,
      // No response schema: the answer is CSV text, not JSON; errors are the API's usual ones.
      schema: {
        tags: ['operator'],
        summary: 'One table of the report (calls, inbox or ratings) as CSV for a Spanish-locale spreadsheet',
        querystring: reportCsvQuerySchema,
      },
    },
    guarded('operator')(async (request, reply) => {
      const { companyId } = request.operator;
      const { from, to, group, table } = request.query;
      const targets = await serviceLevelTargetsOf(db, companyId);
      const body = await reportCsv(db, { companyId, from, to, group }, table, targets);
      const name = reportConsoleTexts.csvFileName(table, from, to);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(body);
    }),
  );

  app.get(
    reportsApi.serviceLevel.pattern,
    {
      preHandler: app.requireSupervisor,
      schema: {
        tags: ['operator'],
        summary: "The company's two service-level thresholds",
        response: { 200: serviceLevelResponseSchema, ...errors },
      },
    },
    guarded('operator')(async (request) => ({
      code: 200 as const,
      targets: await serviceLevelTargetsOf(db, request.operator.companyId),
    })),
  );

  app.put(
    reportsApi.setServiceLevel.pattern,
    {
      preHandler: app.requireCompanyAdmin,
      schema: {
        tags: ['operator'],
        summary: "Sets the company's two service-level thresholds (administrators)",
        body: serviceLevelBodySchema,
        response: { 200: serviceLevelResponseSchema, ...errors },
      },
    },
    guarded(
      'user',
      'operator',
    )(async (request) => {
      const { companyId } = request.operator;
      const before = await serviceLevelTargetsOf(db, companyId);
      await setServiceLevelTargets(db, companyId, request.body);
      await recordAudit(db, {
        companyId,
        actorUserId: request.user.id,
        action: 'company.service_level_change',
        subjectKind: 'company',
        subjectId: companyId,
        ip: request.ip,
        details: { before, after: { ...request.body } },
      });
      // The live view colours the longest wait by these thresholds (decision 046).
      app.supervisionChanged(companyId);
      return { code: 200 as const, targets: await serviceLevelTargetsOf(db, companyId) };
    }),
  );
};
