import { randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import { Server as TusServer } from '@tus/server';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  successResponseSchema,
  THUMBNAIL_MAX_BYTES,
  VIDEO_MAIL_MAX_BYTES,
  videoMailUploadResponseSchema,
  widgetApi,
} from '@seguridad/contracts/http/widget';
import { errorMessages, widgetTexts } from '@seguridad/contracts/messages';
import { peekStream } from '../../integrations/storage/peek-stream';
import { sniffVideo } from '../../integrations/storage/magic-bytes';
import { ResumableStore, uploadedPieces } from '../../integrations/storage/resumable-store';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/error-responses';
import { guarded } from '../../lib/route-guards';
import { readVideoMailForm } from './read-video-mail-upload';
import {
  claimVideoMailUpload,
  deleteVideoMailUpload,
  insertVideoMailUpload,
  markVideoMailUploadDone,
  releaseVideoMailUpload,
  videoMailUploadById,
} from './video-mail-upload-queries';
import { parseVideoMailFields, submitVideoMail } from './video-mail-service';

const uploadParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{22}$/) });
const videoBytesSchema = z.coerce.number().int().min(1);

/**
 * The resumable video mail (decision 029): the form first, once; then the video through tus from
 * wherever the connection dropped; then one request that files it. Same checks as the one-shot
 * `POST /api/calls/videoMail`: company key, service on, the submissions limit, fields, thumbnail,
 * size and type.
 */
export const videoMailUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const storage = app.storage;
  await app.register(multipart, {
    // Two files, so that a video sent here is refused as unexpected rather than as too many files.
    limits: { fileSize: THUMBNAIL_MAX_BYTES + 1, files: 2, fields: 10, fieldSize: 8 * 1024, parts: 12 },
  });
  // A tus PATCH body is the video's raw bytes: the tus server reads them from the request itself.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  const tus = new TusServer({
    path: widgetApi.startVideoMailUpload.pattern,
    datastore: new ResumableStore(storage, async (id) => {
      const row = await videoMailUploadById(db, id);
      return row && { key: row.videoKey, size: row.videoBytes, complete: row.status === 'done' };
    }),
    maxSize: VIDEO_MAIL_MAX_BYTES,
    relativeLocation: true,
    // The widget sends from our own origin; no other site may.
    allowedOrigins: () => false,
  });

  async function ownUpload(company: { id: number }, id: string) {
    const row = await videoMailUploadById(db, id);
    if (!row || row.companyId !== company.id)
      throw new AppError(404, 'upload_not_found', widgetTexts.uploadNotFound);
    return row;
  }

  app.post(
    widgetApi.startVideoMailUpload.pattern,
    {
      preHandler: app.requireCompany,
      config: { rateLimit: { max: app.config.widgetSubmissionsMax, timeWindow: '10 minutes' } },
      schema: {
        tags: ['company'],
        summary: 'Starts a resumable video mail: the form and thumbnail now, the video through tus',
        response: { 200: videoMailUploadResponseSchema, ...errorResponses(400, 401, 403, 413, 415, 429) },
      },
    },
    guarded('company')(async (request) => {
      const company = request.company;
      if (!company.videoMailEnabled) throw new AppError(403, 'service_off', errorMessages.serviceUnavailable);
      if (!request.isMultipart())
        throw new AppError(415, 'unsupported_media_type', errorMessages.unsupportedMediaType);
      const form = await readVideoMailForm(request, storage);
      const id = randomBytes(16).toString('base64url');
      try {
        const { video_bytes: declared, ...fields } = form.fields;
        parseVideoMailFields(fields);
        const videoBytes = videoBytesSchema.safeParse(declared);
        if (!videoBytes.success) throw new AppError(400, 'video_size_invalid', widgetTexts.videoSizeInvalid);
        if (videoBytes.data > VIDEO_MAIL_MAX_BYTES)
          throw new AppError(413, 'payload_too_large', errorMessages.payloadTooLarge);
        await insertVideoMailUpload(db, {
          id,
          companyId: company.id,
          fields,
          thumbnailKey: form.thumbnail.key,
          thumbnailMime: form.thumbnail.type.mime,
          thumbnailBytes: form.thumbnail.bytes,
          videoKey: storage.newKey('video'),
          videoBytes: videoBytes.data,
        });
      } catch (error) {
        await storage.remove(form.thumbnail.key);
        throw error;
      }
      return { success: true as const, data: { upload_url: widgetApi.videoMailUploadPatch.path({ id }) } };
    }),
  );

  // tus HEAD (where to resume) and PATCH (bytes from there), for the company that started it.
  for (const route of [widgetApi.videoMailUploadHead, widgetApi.videoMailUploadPatch]) {
    app.route({
      method: route.method,
      url: route.pattern,
      preHandler: app.requireCompany,
      schema: { hide: true, params: uploadParams },
      handler: guarded('company')(async (request, reply) => {
        await ownUpload(request.company, request.params.id);
        reply.hijack();
        await tus.handle(request.raw, reply.raw);
      }),
    });
  }

  app.post(
    widgetApi.completeVideoMailUpload.pattern,
    {
      preHandler: app.requireCompany,
      schema: {
        tags: ['company'],
        summary: 'Files a resumable video mail whose video has all arrived (asking again is harmless)',
        params: uploadParams,
        response: { 200: successResponseSchema, ...errorResponses(400, 401, 404, 409, 413, 415) },
      },
    },
    guarded('company')(async (request) => {
      const row = await ownUpload(request.company, request.params.id);
      if (row.status === 'done') return { success: true as const };
      if (!(await claimVideoMailUpload(db, row.id)))
        throw new AppError(409, 'upload_finishing', widgetTexts.uploadFinishing);
      const discard = async () => {
        await Promise.all([
          storage.remove(row.videoKey),
          row.thumbnailKey && storage.remove(row.thumbnailKey),
        ]);
        await deleteVideoMailUpload(db, row.id);
      };
      try {
        const arrived = uploadedPieces(await storage.pieces(row.videoKey));
        if (arrived.bytes !== row.videoBytes) {
          await releaseVideoMailUpload(db, row.id);
          throw new AppError(409, 'upload_incomplete', widgetTexts.uploadIncomplete);
        }
        const indexes = arrived.pieces.map((piece) => piece.index);
        const open = () => storage.readPieces(row.videoKey, indexes);
        const { head, stream } = await peekStream(await open(), 12);
        stream.destroy();
        const type = sniffVideo(head);
        if (!type || !row.thumbnailKey || !row.thumbnailMime) {
          await discard();
          throw new AppError(415, 'unsupported_media_type', errorMessages.unsupportedMediaType);
        }
        const thumbnail = { key: row.thumbnailKey, mime: row.thumbnailMime };
        const deps = {
          db,
          storage,
          io: app.io,
          mail: app.mail,
          config: app.config,
          log: request.log.child({ reqId: request.id }),
        };
        const submitted = await submitVideoMail(deps, request.company, {
          fields: row.fields,
          video: { type, bytes: row.videoBytes, open },
          thumbnail,
        }).catch(async (error: unknown) => {
          // What the citizen sent cannot become a video mail: nothing of it is kept.
          if (error instanceof AppError && error.statusCode < 500) await discard();
          throw error;
        });
        await markVideoMailUploadDone(db, row.id, submitted.id);
        await storage.removePieces(row.videoKey);
        return { success: true as const };
      } catch (error) {
        if (!(error instanceof AppError)) await releaseVideoMailUpload(db, row.id);
        throw error;
      }
    }),
  );
};
