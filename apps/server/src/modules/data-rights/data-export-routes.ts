import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DATA_EXPORTS_PER_DAY,
  dataExportFileName,
  dataExportParamsSchema,
  dataExportRequestedResponseSchema,
  dataExportResponseSchema,
  dataExportsApi,
} from '@seguridad/contracts/http/data-exports';
import { dataExportTexts } from '@seguridad/contracts/messages/data-export';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/error-responses';
import { guarded } from '../../lib/route-guards';
import { askForExport, latestExportOf, readyExportOf, shownExport } from './data-export-queries';

/**
 * «Descargar mis datos» (decision 040): the citizen asks, a background job builds the ZIP and
 * mails them, the settings page follows it and downloads it with the session for 7 days.
 */
export const dataExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.post(
    dataExportsApi.request.pattern,
    {
      preHandler: app.authenticate,
      config: { rateLimit: { max: 10, timeWindow: '1 hour' } },
      schema: {
        tags: ['user'],
        response: { 200: dataExportRequestedResponseSchema, ...errorResponses(401, 409, 429) },
      },
    },
    guarded('user')(async (request) => {
      const asked = await askForExport(db, request.user.id, DATA_EXPORTS_PER_DAY);
      if ('refused' in asked) {
        if (asked.refused === 'in_progress')
          throw new AppError(409, 'export_in_progress', dataExportTexts.inProgress);
        throw new AppError(429, 'export_limit', dataExportTexts.tooMany);
      }
      app.startDataExports();
      return { code: 200 as const, message: dataExportTexts.requested, export: shownExport(asked.row) };
    }),
  );

  app.get(
    dataExportsApi.latest.pattern,
    {
      preHandler: app.authenticate,
      schema: { tags: ['user'], response: { 200: dataExportResponseSchema, ...errorResponses(401) } },
    },
    guarded('user')(async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const latest = await latestExportOf(db, request.user.id);
      return { code: 200 as const, export: latest ? shownExport(latest) : null };
    }),
  );

  app.get(
    dataExportsApi.download.pattern,
    {
      preHandler: app.authenticate,
      config: { rateLimit: { max: 20, timeWindow: '1 hour' } },
      schema: {
        tags: ['user'],
        summary: 'The ZIP of «Descargar mis datos», streamed; only its own account, until it expires',
        params: dataExportParamsSchema,
      },
    },
    guarded('user')(async (request, reply) => {
      const ready = await readyExportOf(db, request.user.id, request.params.id);
      if (!ready?.storageKey) throw new AppError(404, 'not_found', dataExportTexts.notFound);
      return reply
        .header('Content-Type', 'application/zip')
        .header(
          'Content-Disposition',
          `attachment; filename="${dataExportFileName(ready.createdAt.toISOString())}"`,
        )
        .header('Content-Length', ready.bytes ?? undefined)
        .header('Cache-Control', 'no-store')
        .send(await app.storage.read(ready.storageKey));
    }),
  );
};
