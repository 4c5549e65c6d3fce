import { databaseIdSchema } from '@seguridad/contracts/http/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorMessages } from '@seguridad/contracts/messages';
import { AppError } from '../../lib/app-error';
import { verifySignedPath } from '../../lib/signed-urls';
import { videoMailMedia, videoMailMediaPath } from './inbox-queries';

const signedQuery = z.object({ exp: z.string().max(20).optional(), sig: z.string().max(100).optional() });

/** `bytes=start-end` of one range, clamped to the file; undefined when absent or not satisfiable. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | undefined {
  const match = header?.match(/^bytes=(\d*)-(\d*)$/);
  if (!match || (!match[1] && !match[2])) return undefined;
  const start = match[1] ? Number(match[1]) : Math.max(0, size - Number(match[2]));
  const end = match[1] && match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  return start <= end && start < size ? { start, end } : undefined;
}

/** Streams video mails (with ranges, so the player can seek) and thumbnails behind signed URLs. */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/media/video-mails/:id/:file',
    {
      config: { rateLimit: false },
      schema: {
        hide: true,
        params: z.object({ id: databaseIdSchema, file: z.enum(['video', 'thumbnail']) }),
        querystring: signedQuery,
      },
    },
    async (request, reply) => {
      const { id, file } = request.params;
      if (
        !verifySignedPath(
          app.config.mediaUrlSecret,
          videoMailMediaPath(id, file),
          request.query.exp,
          request.query.sig,
        )
      ) {
        throw new AppError(403, 'forbidden', errorMessages.forbidden);
      }
      const row = await videoMailMedia(app.database.db, id);
      if (!row) throw new AppError(404, 'not_found', errorMessages.notFound);
      const key = file === 'video' ? row.videoKey : row.thumbnailKey;
      const mime = file === 'video' ? row.videoMime : row.thumbnailMime;
      const size = await app.storage.size(key);
      reply
        .header('Content-Type', mime)
        .header('Accept-Ranges', 'bytes')
        .header('Cache-Control', 'private, max-age=3600')
        .header('Content-Disposition', 'inline')
        .header('Cross-Origin-Resource-Policy', 'same-origin');
      const range = parseRange(request.headers.range, size);
      if (request.headers.range && !range) {
        return reply.code(416).header('Content-Range', `bytes */${size}`).send();
      }
      if (range) {
        return reply
          .code(206)
          .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
          .header('Content-Length', range.end - range.start + 1)
          .send(app.storage.read(key, range));
      }
      return reply.header('Content-Length', size).send(app.storage.read(key));
    },
  );
};
