import { operatorEvents } from '@seguridad/contracts/realtime/operator';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SERVICE_TIME_ZONE } from '@seguridad/contracts/constants';
import { errorResponses } from '../../lib/error-responses';
import { guarded } from '../../lib/route-guards';
import {
  contactBodySchema,
  serviceStatusResponseSchema,
  successResponseSchema,
  VIDEO_MAIL_MAX_BYTES,
  widgetApi,
} from '@seguridad/contracts/http/widget';
import { isWithinWorkingHours } from '@seguridad/contracts/helpers/working-hours';
import { errorMessages } from '@seguridad/contracts/messages';
import { AppError } from '../../lib/app-error';
import { operatorRoom } from '../../lib/socket-rooms';
import { readVideoMailUpload } from './read-video-mail-upload';
import { saveContactMessage } from './widget-queries';
import { newContactMail } from './widget-mails';
import { submitVideoMail } from './video-mail-service';
import {
  widgetAppearanceQuerySchema,
  widgetAppearanceResponseSchema,
} from '@seguridad/contracts/http/launcher';
import { launcherByPublicKey, quickExitUrlOf } from '../company/company-queries';

const errors = errorResponses(400, 401, 403, 413, 415, 429);

/** The public calls of the widget (spec §7, company service API), keyed by `company-key`. */
export const widgetRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const submissionLimit = { max: app.config.widgetSubmissionsMax, timeWindow: '10 minutes' };
  const videoMailDeps = (request: FastifyRequest) => ({
    db,
    storage: app.storage,
    io: app.io,
    mail: app.mail,
    config: app.config,
    log: request.log.child({ reqId: request.id }),
  });
  // Only these routes take uploads; multipart's per-request hooks stay inside this plugin. The
  // files are checked and capped per field below; these are the outer bounds of any upload.
  await app.register(multipart, {
    limits: { fileSize: VIDEO_MAIL_MAX_BYTES + 1, files: 2, fields: 10, fieldSize: 8 * 1024, parts: 12 },
  });

  /**
   * The launcher's colour and label for `widget.js` on the company's site (decision 036). Asked
   * cross-origin by the loader before it draws the button: a simple GET with the public key in
   * the query (a header would cost a preflight), readable from any origin, cached for minutes.
   */
  app.get(
    widgetApi.appearance.pattern,
    {
      config: { rateLimit: { max: 300, timeWindow: '1 minute' } },
      schema: {
        tags: ['company'],
        querystring: widgetAppearanceQuerySchema,
        response: { 200: widgetAppearanceResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('access-control-allow-origin', '*');
      const launcher = await launcherByPublicKey(db, request.query.key);
      if (!launcher) throw new AppError(401, 'invalid_company_key', errorMessages.companyKeyInvalid);
      reply.header('cache-control', 'public, max-age=300');
      return { success: true as const, data: launcher };
    },
  );

  app.get(
    widgetApi.serviceStatus.pattern,
    {
      preHandler: app.requireCompany,
      schema: {
        tags: ['company'],
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
          quickExitUrl: quickExitUrlOf(company),
        },
      };
    }),
  );

  app.post(
    widgetApi.contact.pattern,
    {
      preHandler: app.requireCompany,
      config: { rateLimit: submissionLimit },
      schema: {
        tags: ['company'],
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
      app.supervisionChanged(company.id);
      await app.mail
        .send(newContactMail(company.inboxEmail, app.config.brandName, { ...body, phone: body.phone_number }))
        .catch((error: unknown) =>
          request.log.error({ err: error, reqId: request.id }, 'contact mail to the company inbox failed'),
        );
      return { success: true as const };
    }),
  );

  app.post(
    widgetApi.videoMail.pattern,
    {
      preHandler: app.requireCompany,
      config: { rateLimit: submissionLimit },
      schema: {
        tags: ['company'],
        response: { 200: successResponseSchema, ...errors },
      },
    },
    guarded('company')(async (request) => {
      const company = request.company;
      if (!company.videoMailEnabled) throw new AppError(403, 'service_off', errorMessages.serviceUnavailable);
      if (!request.isMultipart())
        throw new AppError(415, 'unsupported_media_type', errorMessages.unsupportedMediaType);
      const upload = await readVideoMailUpload(request, app.storage);
      const raw = upload.video.key;
      const removeRaw = () => app.storage.remove(raw).catch(() => undefined);
      try {
        const video = { ...upload.video, open: () => app.storage.read(raw) };
        const thumbnail = { key: upload.thumbnail.key, mime: upload.thumbnail.type.mime };
        const { videoKey } = await submitVideoMail(videoMailDeps(request), company, {
          fields: upload.fields,
          video,
          thumbnail,
        });
        app.supervisionChanged(company.id);
        if (videoKey !== raw) await removeRaw();
      } catch (error) {
        await Promise.all([removeRaw(), app.storage.remove(upload.thumbnail.key).catch(() => undefined)]);
        throw error;
      }
      return { success: true as const };
    }),
  );
};
