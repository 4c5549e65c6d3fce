import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  callRecordingsResponseSchema,
  RECORDING_CHUNK_CONTENT_TYPE,
  RECORDING_CHUNK_MAX_BYTES,
  recordingChunkParamsSchema,
  recordingChunkResponseSchema,
  recordingsApi,
} from '@seguridad/contracts/http/recordings';
import { databaseIdSchema } from '@seguridad/contracts/http/ids';
import { errorMessages, recordingTexts } from '@seguridad/contracts/messages';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/error-responses';
import { requireActiveStaffOf, roleAtLeast } from '../membership/operator-access';
import { guarded } from '../../lib/route-guards';
import { callById } from '../calls/call-queries';
import { requireStaffSignedPath, sendStoredMedia, signedMediaQuery } from '../../lib/signed-media';
import { recordOpening } from '../audit/audit-service';
import { companyRecordings, recordingById, recordingMediaPath } from './recording-queries';
import { appendRecordingChunk } from './recording-service';

/**
 * Call recordings (decision 017): the recording operator's console uploads chunks as they come;
 * every operator of the company lists the recordings and plays them behind signed URLs.
 */
export const recordingRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  // A chunk is raw bytes of the WebM stream; only this plugin's routes read such bodies.
  app.addContentTypeParser(RECORDING_CHUNK_CONTENT_TYPE, { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    recordingsApi.chunk.pattern,
    {
      preHandler: app.requireOperator,
      bodyLimit: RECORDING_CHUNK_MAX_BYTES,
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['operator'],
        params: recordingChunkParamsSchema,
        response: {
          200: recordingChunkResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409, 413, 415, 429),
        },
      },
    },
    guarded(
      'user',
      'operator',
    )(async (request) => {
      const { id, seq } = request.params;
      if (request.headers['content-type']?.split(';')[0]?.trim() !== RECORDING_CHUNK_CONTENT_TYPE)
        throw new AppError(415, 'unsupported_media_type', errorMessages.unsupportedMediaType);
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0)
        throw new AppError(400, 'validation_failed', errorMessages.badRequest);
      // Another company's recording is as unknown here as one that does not exist.
      const recording = await recordingById(db, id);
      if (!recording || recording.companyId !== request.operator.companyId)
        throw new AppError(404, 'not_found', recordingTexts.recordingNotFound);
      const call = await callById(db, recording.callId);
      if (!call || call.status !== 'active' || call.operatorId !== request.user.id)
        throw new AppError(403, 'not_in_call', recordingTexts.notInCall);
      const next = await appendRecordingChunk(app, recording, seq, body);
      return { code: 200 as const, next_seq: next };
    }),
  );

  app.get(
    recordingsApi.list.pattern,
    {
      preHandler: app.requireOperator,
      schema: {
        tags: ['operator'],
        response: { 200: callRecordingsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    guarded(
      'user',
      'operator',
    )(async (request) => ({
      code: 200 as const,
      recordings: await companyRecordings(
        db,
        request.operator.companyId,
        app.config.mediaUrlSecret,
        request.user.id,
        roleAtLeast(request.operator.role, 'supervisor') ? undefined : request.user.id,
      ),
    })),
  );

  app.get(
    recordingsApi.media.pattern,
    {
      config: { rateLimit: false },
      schema: { hide: true, params: z.object({ id: databaseIdSchema }), querystring: signedMediaQuery },
    },
    async (request, reply) => {
      const { id } = request.params;
      const openedBy = requireStaffSignedPath(app, recordingMediaPath(id), request.query);
      const recording = await recordingById(db, id);
      if (!recording || recording.status !== 'ready')
        throw new AppError(404, 'not_found', errorMessages.notFound);
      // The URL carries no session: it names who it was listed for (decision 042), who must
      // still be an active member of the recording's company.
      await requireActiveStaffOf(db, openedBy, recording.companyId);
      await recordOpening(db, {
        companyId: recording.companyId,
        actorUserId: openedBy,
        action: 'recording.download',
        subjectKind: 'recording',
        subjectId: id,
        ip: request.ip,
        details: { call_id: recording.callId },
      });
      return sendStoredMedia(app, request, reply, {
        key: recording.storageKey,
        contentType: 'video/webm',
        disposition: `inline; filename="llamada-${recording.callId}.webm"`,
      });
    },
  );
};
