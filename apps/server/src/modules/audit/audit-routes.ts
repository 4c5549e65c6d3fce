import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUDIT_CSV_MAX_ROWS,
  AUDIT_PAGE_SIZE,
  auditApi,
  auditQuerySchema,
  auditResponseSchema,
  type AuditQuery,
} from '@seguridad/contracts/http/audit';
import { auditTexts } from '@seguridad/contracts/messages';
import { chileDateTime, nextDay, startOfChileDay } from '../../lib/chile-time';
import { CSV_BOM, csvRow } from '../../lib/csv';
import { errorResponses } from '../../lib/error-responses';
import { guarded } from '../../lib/route-guards';
import { listAudit, recordAudit, type AuditEvent, type AuditFilter } from './audit-service';

const errors = errorResponses(400, 401, 403);

function filterOf(companyId: number, query: AuditQuery): AuditFilter {
  return {
    companyId,
    actorUserId: query.actor,
    action: query.area ? `${query.area}.` : undefined,
    from: query.from ? startOfChileDay(query.from) : undefined,
    to: query.to ? startOfChileDay(nextDay(query.to)) : undefined,
    beforeId: query.before,
  };
}

const view = (event: AuditEvent) => ({
  id: event.id,
  created_at: event.createdAt.toISOString(),
  actor_user_id: event.actorUserId,
  actor_label: event.actorLabel,
  action: event.action,
  subject_kind: event.subjectKind,
  subject_id: event.subjectId,
  ip: event.ip,
  details: event.details,
});

/**
 * The console's Auditoría tab, administrators only (decision 033): the company's trail, newest
 * first, by person, kind of action and Chilean days, a page at a time, and as CSV. Reading the
 * trail changes nothing; exporting it is itself an entry, since the file holds staff's addresses.
 */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    auditApi.list.pattern,
    {
      preHandler: app.requireCompanyAdmin,
      schema: {
        tags: ['audit'],
        querystring: auditQuerySchema,
        response: { 200: auditResponseSchema, ...errors },
      },
    },
    guarded('operator')(async (request) => {
      const filter = filterOf(request.operator.companyId, request.query);
      const events = await listAudit(db, { ...filter, limit: AUDIT_PAGE_SIZE + 1 });
      const page = events.slice(0, AUDIT_PAGE_SIZE);
      return {
        code: 200 as const,
        events: page.map(view),
        next_before: events.length > AUDIT_PAGE_SIZE ? page[page.length - 1]!.id : null,
      };
    }),
  );

  app.get(
    auditApi.csv.pattern,
    {
      preHandler: app.requireCompanyAdmin,
      // No response schema: the answer is CSV text, not JSON; errors are the API's usual ones.
      schema: { tags: ['audit'], querystring: auditQuerySchema },
    },
    guarded(
      'user',
      'operator',
    )(async (request, reply) => {
      const { companyId } = request.operator;
      const filter = filterOf(companyId, request.query);
      const columns = auditTexts.columns;
      let body =
        CSV_BOM +
        csvRow([
          columns.when,
          columns.who,
          columns.action,
          auditTexts.code,
          columns.subject,
          columns.ip,
          columns.details,
        ]);
      let rows = 0;
      let beforeId = filter.beforeId;
      while (rows < AUDIT_CSV_MAX_ROWS) {
        const page = await listAudit(db, {
          ...filter,
          beforeId,
          limit: Math.min(1000, AUDIT_CSV_MAX_ROWS - rows),
        });
        for (const event of page) {
          body += csvRow([
            chileDateTime(event.createdAt),
            event.actorLabel,
            auditTexts.actionLabel(event.action),
            event.action,
            `${event.subjectKind} ${event.subjectId}`,
            event.ip,
            Object.keys(event.details).length > 0 ? JSON.stringify(event.details) : '',
          ]);
        }
        rows += page.length;
        if (page.length < 1000) break;
        beforeId = page[page.length - 1]!.id;
      }
      await recordAudit(db, {
        companyId,
        actorUserId: request.user.id,
        action: 'audit.export',
        subjectKind: 'audit_trail',
        subjectId: companyId,
        ip: request.ip,
        details: { ...request.query, rows },
      });
      const today = chileDateTime(new Date()).slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${auditTexts.csvFileName(today)}"`)
        .header('cache-control', 'no-store')
        .send(body);
    }),
  );
};
