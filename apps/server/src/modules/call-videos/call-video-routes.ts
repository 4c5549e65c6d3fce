import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CALL_VIDEO_MAX_BYTES,
  CALL_VIDEOS_MAX,
  callVideoFieldsSchema,
  callVideoResponseSchema,
  callVideosResponseSchema,
  callVideosApi,
} from '@seguridad/contracts/http/call-videos';
import { okResponseSchema } from '@seguridad/contracts/http/auth';
import { databaseIdSchema } from '@seguridad/contracts/http/ids';
import { callTexts, errorMessages } from '@seguridad/contracts/messages';
import { recordAudit } from '../audit/audit-service';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/error-responses';
import { guarded } from '../../lib/route-guards';
import { requireSignedPath, sendStoredMedia, signedMediaQuery } from '../../lib/signed-media';
import {
  callVideoById,
  callVideoMediaPath,
  companyCallVideos,
  countCompanyCallVideos,
  deleteCallVideo,
  insertCallVideo,
} from './call-video-queries';
import { readCallVideoUpload } from './read-call-video-upload';

const idParams = z.object({ id: databaseIdSchema });

/**
 * The console's video library (decision 014): operators of a company list its videos; its admins
 * upload (mp4/webm by content, optional WebVTT captions) and delete them. The files are served
 * behind signed short-lived URLs, with ranges so players can seek.
 */
export const callVideoRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  await app.register(multipart, {
    limits: { fileSize: CALL_VIDEO_MAX_BYTES + 1, files: 2, fields: 4, fieldSize: 1024, parts: 6 },
  });

  app.get(
    callVideosApi.list.pattern,
    {
      preHandler: app.requireOperator,
      schema: {
        tags: ['operator'],
        response: { 200: callVideosResponseSchema, ...errorResponses(401, 403) },
      },
    },
    guarded('operator')(async (request) => ({
      code: 200 as const,
      videos: await companyCallVideos(db, request.operator.companyId, app.config.mediaUrlSecret),
    })),
  );

  app.post(
    callVideosApi.upload.pattern,
    {
      preHandler: app.requireCompanyAdmin,
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        tags: ['operator'],
        response: { 200: callVideoResponseSchema, ...errorResponses(400, 401, 403, 409, 413, 415, 429) },
      },
    },
    guarded(
      'user',
      'operator',
    )(async (request) => {
      if (!request.isMultipart())
        throw new AppError(415, 'unsupported_media_type', errorMessages.unsupportedMediaType);
      const companyId = request.operator.companyId;
      if ((await countCompanyCallVideos(db, companyId)) >= CALL_VIDEOS_MAX)
        throw new AppError(409, 'library_full', callTexts.videoLibraryFull);
      const upload = await readCallVideoUpload(request, app.storage);
      const parsed = callVideoFieldsSchema.safeParse(upload.fields);
      if (!parsed.success) {
        await Promise.all([
          app.storage.remove(upload.video.key),
          upload.captionsKey ? app.storage.remove(upload.captionsKey) : undefined,
        ]);
        throw new AppError(400, 'validation_failed', errorMessages.badRequest);
      }
      const video = await insertCallVideo(
        db,
        {
          companyId,
          title: parsed.data.title,
          storageKey: upload.video.key,
          mime: upload.video.mime,
          bytes: upload.video.bytes,
          captionsKey: upload.captionsKey,
          uploadedBy: request.user.id,
        },
        app.config.mediaUrlSecret,
      );
      await recordAudit(db, {
        companyId,
        actorUserId: request.user.id,
        action: 'library.video_add',
        subjectKind: 'call_video',
        subjectId: video.id,
        ip: request.ip,
        details: { title: parsed.data.title },
      });
      return { code: 200 as const, video };
    }),
  );

  app.delete(
    callVideosApi.remove.pattern,
    {
      preHandler: app.requireCompanyAdmin,
      schema: {
        tags: ['operator'],
        params: idParams,
        response: { 200: okResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    guarded(
      'user',
      'operator',
    )(async (request) => {
      const removed = await deleteCallVideo(db, request.operator.companyId, request.params.id);
      if (!removed) throw new AppError(404, 'not_found', callTexts.videoNotFound);
      await app.storage.remove(removed.storageKey);
      if (removed.captionsKey) await app.storage.remove(removed.captionsKey);
      await recordAudit(db, {
        companyId: request.operator.companyId,
        actorUserId: request.user.id,
        action: 'library.video_remove',
        subjectKind: 'call_video',
        subjectId: request.params.id,
        ip: request.ip,
      });
      return { code: 200 as const, message: callTexts.videoDeleted };
    }),
  );

  app.get(
    callVideosApi.media.pattern,
    {
      config: { rateLimit: false },
      schema: {
        hide: true,
        params: z.object({ id: databaseIdSchema, file: z.enum(['video', 'captions']) }),
        querystring: signedMediaQuery,
      },
    },
    async (request, reply) => {
      const { id, file } = request.params;
      requireSignedPath(app, callVideoMediaPath(id, file), request.query);
      const row = await callVideoById(db, id);
      const key = file === 'video' ? row?.storageKey : row?.captionsKey;
      if (!row || !key) throw new AppError(404, 'not_found', errorMessages.notFound);
      return sendStoredMedia(app, request, reply, {
        key,
        contentType: file === 'video' ? row.mime : 'text/vtt; charset=utf-8',
      });
    },
  );
};
