import { databaseIdSchema } from '@seguridad/contracts/http/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorMessages } from '@seguridad/contracts/messages';
import { AppError } from '../../lib/app-error';
import { requireSignedPath, sendStoredMedia, signedMediaQuery } from '../../lib/signed-media';
import { videoMailMedia, videoMailMediaPath } from './inbox-queries';
import { operatorApi } from '@seguridad/contracts/http/operator';

/** Streams video mails (with ranges, so the player can seek) and thumbnails behind signed URLs. */
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
      requireSignedPath(app, videoMailMediaPath(id, file), request.query);
      const row = await videoMailMedia(app.database.db, id);
      if (!row) throw new AppError(404, 'not_found', errorMessages.notFound);
      return sendStoredMedia(app, request, reply, {
        key: file === 'video' ? row.videoKey : row.thumbnailKey,
        contentType: file === 'video' ? row.videoMime : row.thumbnailMime,
      });
    },
  );
};
