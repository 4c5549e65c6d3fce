import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CALL_ATTACHMENT_MAX_BYTES,
  attachmentUploadResponseSchema,
  attachmentUrlResponseSchema,
  callsApi,
} from '@seguridad/contracts/http/calls';
import { errorResponses } from '../../lib/error-responses';
import { callTexts, errorMessages } from '@seguridad/contracts/messages';
import { attachmentById, saveAttachment } from './attachment-queries';
import { AppError } from '../../lib/app-error';
import { requireSignedPath, signedMediaQuery } from '../../lib/signed-media';
import { signPath } from '../../lib/signed-urls';
import { recordOpening } from '../audit/audit-service';
import { attachmentDisposition, servedContentType } from './attachment-content';
import { isOpenCall, participantOfRequest, storedSenderOf } from './call-access';
import { callErrors, callIdParams, callTokenHeaders } from './call-route-schemas';
import { readCallAttachment } from './read-call-attachment';

/** How long a signed attachment URL works; asked for again each time a file is opened. */
export const ATTACHMENT_URL_TTL_MS = 10 * 60 * 1000;
/** Enough bytes to tell the image formats apart. */
const SNIFF_BYTES = 16;

export const attachmentFilePath = (id: number) => callsApi.attachmentFile.path({ id });

/** Files sent in a call's chat: upload by a member, signed short-lived URLs, served inert. */
export const attachmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  // Only this plugin takes attachment uploads; multipart's hooks stay inside it.
  await app.register(multipart, {
    limits: { fileSize: CALL_ATTACHMENT_MAX_BYTES + 1, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });

  app.post(
    callsApi.publicAttachment.pattern,
    {
      config: { rateLimit: { max: app.config.callAttachmentsMax, timeWindow: '10 minutes' } },
      schema: {
        tags: ['company'],
        summary: `Uploads a chat attachment (multipart field "attachment", any type, up to ${CALL_ATTACHMENT_MAX_BYTES / 1024 / 1024} MB)`,
        params: callIdParams,
        headers: callTokenHeaders,
        response: {
          200: attachmentUploadResponseSchema,
          ...callErrors,
          ...errorResponses(413, 415),
        },
      },
    },
    async (request) => {
      const participant = await participantOfRequest(app, request, request.params.id, {
        companyKey: 'required',
      });
      if (!participant || !isOpenCall(participant.call)) {
        throw new AppError(404, 'call_not_found', callTexts.callNotFound);
      }
      if (!request.isMultipart()) {
        throw new AppError(415, 'unsupported_media_type', errorMessages.unsupportedMediaType);
      }
      const upload = await readCallAttachment(request, app.storage);
      try {
        const saved = await saveAttachment(db, {
          callId: participant.call.id,
          sender: storedSenderOf(participant.side),
          storageKey: upload.key,
          name: upload.name,
          mime: upload.mime,
          bytes: upload.bytes,
        });
        return {
          success: true as const,
          data: { id: saved.id, name: saved.name, mime: saved.mime, size: saved.bytes },
        };
      } catch (error) {
        await app.storage.remove(upload.key);
        throw error;
      }
    },
  );

  app.get(
    callsApi.attachment.pattern,
    {
      schema: {
        tags: ['company'],
        summary: 'A signed URL of a chat attachment for a member of its call, valid 10 minutes',
        params: callIdParams,
        headers: callTokenHeaders,
        response: { 200: attachmentUrlResponseSchema, ...callErrors },
      },
    },
    async (request, reply) => {
      const attachment = await attachmentById(db, request.params.id);
      // Credentials are checked even for an unknown id, so the answer does not tell which ids exist.
      const participant = await participantOfRequest(app, request, attachment?.callId ?? 0, {
        companyKey: 'required',
      });
      if (!attachment || !participant) throw new AppError(404, 'not_found', errorMessages.notFound);
      // A staff member asks for the URL with their session each time they show or open the file:
      // that request is the opening (decision 042). The caller opening their own file is not.
      if (participant.side === 'answerer') {
        await recordOpening(db, {
          companyId: participant.call.companyId,
          actorUserId: participant.userId,
          action: 'call.attachment_open',
          subjectKind: 'call_attachment',
          subjectId: attachment.id,
          ip: request.ip,
          details: { call_id: attachment.callId },
        });
      }
      const now = Date.now();
      reply.header('Cache-Control', 'no-store');
      return {
        success: true as const,
        data: {
          tempUrl: signPath(
            app.config.mediaUrlSecret,
            attachmentFilePath(attachment.id),
            ATTACHMENT_URL_TTL_MS,
            now,
          ),
          expires_at: new Date(Math.floor((now + ATTACHMENT_URL_TTL_MS) / 1000) * 1000).toISOString(),
        },
      };
    },
  );

  app.get(
    callsApi.attachmentFile.pattern,
    {
      schema: { hide: true, params: callIdParams, querystring: signedMediaQuery },
    },
    async (request, reply) => {
      const { id } = request.params;
      requireSignedPath(app, attachmentFilePath(id), request.query);
      const attachment = await attachmentById(db, id);
      if (!attachment) throw new AppError(404, 'not_found', errorMessages.notFound);
      const head = await readHead(
        await app.storage.read(attachment.storageKey, { start: 0, end: SNIFF_BYTES - 1 }),
      );
      return reply
        .header('Content-Type', servedContentType(attachment.mime, head))
        .header('Content-Disposition', attachmentDisposition(attachment.name))
        .header('Content-Length', attachment.bytes)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "sandbox; default-src 'none'")
        .header('Cache-Control', 'private, max-age=600')
        .header('Cross-Origin-Resource-Policy', 'same-origin')
        .send(await app.storage.read(attachment.storageKey));
    },
  );
};

async function readHead(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}
