import { databaseIdSchema } from '@seguridad/contracts/http/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorMessages } from '@seguridad/contracts/messages';
import { AppError } from '../../lib/app-error';
import {
  requireSignedPath,
  requireStaffSignedPath,
  sendStoredMedia,
  signedMediaQuery,
} from '../../lib/signed-media';
import { recordOpening } from '../audit/audit-service';
import { videoMailMedia, videoMailMediaPath } from './inbox-queries';
import { operatorApi } from '@seguridad/contracts/http/operator';
import { requireActiveStaffOf } from '../membership/operator-access';

/**
 * Streams video mails (with ranges, so the player can seek) and thumbnails behind signed URLs. A
 * video's URL names the staff member it was listed for, and its first fetch is their opening in
 * the audit trail; a thumbnail is a still shown in the list beside what the list already shows
 * (decision 042).
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    operatorApi.videoMailMedia.pattern,
    {
      config: { rateLimit: false },
      schema: {
        hide: true,
        params: z.object({ id: databaseIdSchema, file: z.enum(['video', 'thumbnail']) }),
        querystring: signedMediaQuery,
      },
    },
    async (request, reply) => {
      const { id, file } = request.params;
      const path = videoMailMediaPath(id, file);
      const openedBy = file === 'video' ? requireStaffSignedPath(app, path, request.query) : undefined;
      if (file === 'thumbnail') requireSignedPath(app, path, request.query);
      const row = await videoMailMedia(app.database.db, id);
      if (!row) throw new AppError(404, 'not_found', errorMessages.notFound);
      if (openedBy !== undefined) {
        await requireActiveStaffOf(app.database.db, openedBy, row.companyId);
        await recordOpening(app.database.db, {
          companyId: row.companyId,
          actorUserId: openedBy,
          action: 'video_mail.open',
          subjectKind: 'video_mail',
          subjectId: id,
          ip: request.ip,
        });
      }
      return sendStoredMedia(app, request, reply, {
        key: file === 'video' ? row.videoKey : row.thumbnailKey,
        contentType: file === 'video' ? row.videoMime : row.thumbnailMime,
      });
    },
  );
};
