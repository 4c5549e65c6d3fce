import { operatorEvents } from '@seguridad/contracts/realtime/operator';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SERVICE_TIME_ZONE } from '@seguridad/contracts/constants';
import { errorResponses } from '../../lib/error-responses';
import { guarded } from '../../lib/route-guards';
import {
  contactBodySchema,
  serviceStatusResponseSchema,
  successResponseSchema,
  VIDEO_MAIL_MAX_BYTES,
  videoMailFieldsSchema,
} from '@seguridad/contracts/http/widget';
import { isWithinWorkingHours } from '@seguridad/contracts/helpers/working-hours';
import { errorMessages } from '@seguridad/contracts/messages';
import { webPaths } from '@seguridad/contracts/web-paths';
import { AppError } from '../../lib/app-error';
import { playableVideo } from '../../integrations/storage/playable-video';
import { operatorRoom } from '../operator/operator-access';
import { readVideoMailUpload } from './read-video-mail-upload';
import { saveContactMessage, saveVideoMail } from './widget-queries';
import { newContactMail, newVideoMailMail } from './widget-mails';

const errors = errorResponses(400, 401, 403, 413, 415, 429);

/** The public calls of the widget (spec §7, company service API), keyed by `company-key`. */
export const widgetRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const submissionLimit = { max: app.config.widgetSubmissionsMax, timeWindow: '10 minutes' };
  // Only these routes take uploads; multipart's per-request hooks stay inside this plugin. The
  // files are checked and capped per field below; these are the outer bounds of any upload.
  await app.register(multipart, {
    limits: { fileSize: VIDEO_MAIL_MAX_BYTES + 1, files: 2, fields: 10, fieldSize: 8 * 1024, parts: 12 },
  });

  app.get(
    '/api/company/serviceStatus',
    {
      preHandler: app.companyPreHandler,
      schema: {
        tags: ['company'],
        security: [{ companyKey: [] }],
        response: { 200: serviceStatusResponseSchema, ...errors },
      },
    },
    guarded('company')(async (request) => {
      const company = request.company;
      const open = isWithinWorkingHours(company.workingHours, new Date(), SERVICE_TIME_ZONE);
      return {
        success: true as const,
        data: {
          callBack: company.callBackEnabled && open,
          videoCall: company.videoCallEnabled,
          videoMail: company.videoMailEnabled,
          working_hours: open,
        },
      };
    }),
  );

  app.post(
    '/api/attention/contact',
    {
      preHandler: app.companyPreHandler,
      config: { rateLimit: submissionLimit },
      schema: {
        tags: ['company'],
        security: [{ companyKey: [] }],
        body: contactBodySchema,
        response: { 200: successResponseSchema, ...errors },
      },
    },
    guarded('company')(async (request) => {
      const company = request.company;
      const body = request.body;
      const id = await saveContactMessage(db, {
        companyId: company.id,
        name: body.name,
        email: body.email,
        phone: body.phone_number,
        message: body.message,
      });
      app.io.to(operatorRoom(company.id)).emit(operatorEvents.inboxNew, { kind: 'contact', id });
      await app.mail
        .send(newContactMail(company.inboxEmail, app.config.brandName, { ...body, phone: body.phone_number }))
        .catch((error: unknown) =>
          request.log.error({ err: error, reqId: request.id }, 'contact mail to the company inbox failed'),
        );
      return { success: true as const };
    }),
  );

  app.post(
    '/api/calls/videoMail',
    {
      preHandler: app.companyPreHandler,
      config: { rateLimit: submissionLimit },
      schema: {
        tags: ['company'],
        security: [{ companyKey: [] }],
        response: { 200: successResponseSchema, ...errors },
      },
    },
    guarded('company')(async (request) => {
      const company = request.company;
      if (!company.videoMailEnabled) throw new AppError(403, 'service_off', errorMessages.serviceUnavailable);
      if (!request.isMultipart())
        throw new AppError(415, 'unsupported_media_type', errorMessages.unsupportedMediaType);
      const upload = await readVideoMailUpload(request, app.storage);
      const removeFiles = () =>
        Promise.all([app.storage.remove(upload.video.key), app.storage.remove(upload.thumbnail.key)]);
      try {
        const parsed = videoMailFieldsSchema.safeParse(upload.fields);
        if (!parsed.success) {
          throw new AppError(
            400,
            'validation_failed',
            errorMessages.badRequest,
            parsed.error.issues.map((issue) => issue.message),
          );
        }
        // Whichever browser recorded it, the operator gets a file that plays and seeks (decision 028).
        const raw = await app.storage.readAll(upload.video.key);
        const playable = playableVideo(upload.video.type.mime, raw);
        if (!playable) throw new AppError(415, 'unsupported_media_type', errorMessages.unsupportedMediaType);
        if (playable.file !== raw) await app.storage.replace(upload.video.key, playable.file);
        const durationMs = playable.durationMs === null ? null : Math.round(playable.durationMs);
        const videoBytes = playable.file.length;
        const fields = parsed.data;
        const id = await saveVideoMail(db, {
          companyId: company.id,
          name: fields.name,
          email: fields.email,
          phone: fields.phone_number,
          message: fields.message,
          isDerived: fields.is_derived,
          videoKey: upload.video.key,
          videoMime: upload.video.type.mime,
          videoBytes,
          durationMs,
          thumbnailKey: upload.thumbnail.key,
          thumbnailMime: upload.thumbnail.type.mime,
        });
        app.io.to(operatorRoom(company.id)).emit(operatorEvents.inboxNew, { kind: 'videoMail', id });
        await app.mail
          .send(
            newVideoMailMail(
              company.inboxEmail,
              app.config.brandName,
              `${app.config.publicBaseUrl}${webPaths.operator}`,
              {
                ...fields,
                phone: fields.phone_number,
                isDerived: fields.is_derived,
              },
            ),
          )
          .catch((error: unknown) =>
            request.log.error(
              { err: error, reqId: request.id },
              'video mail notice to the company inbox failed',
            ),
          );
        return { success: true as const };
      } catch (error) {
        await removeFiles();
        throw error;
      }
    }),
  );
};
