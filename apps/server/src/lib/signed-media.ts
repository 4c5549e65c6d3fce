import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorMessages } from '@seguridad/contracts/messages';
import { AppError } from './app-error';
import { verifySignedPath } from './signed-urls';
import type { Deps } from './dependencies';

/** The query of a signed media URL (see signed-urls.ts). */
export const signedMediaQuery = z.object({
  exp: z.string().max(20).optional(),
  /** The staff member the URL was signed for (see signPath). */
  by: z.string().max(20).optional(),
  sig: z.string().max(100).optional(),
});

/** Refuses (403) a media path whose signature is missing, wrong or expired. */
export function requireSignedPath(
  app: Deps<'config'>,
  path: string,
  query: z.infer<typeof signedMediaQuery>,
): void {
  if (!verifySignedPath(app.config.mediaUrlSecret, path, query.exp, query.sig, Date.now(), query.by)) {
    throw new AppError(403, 'forbidden', errorMessages.forbidden);
  }
}

/**
 * Like requireSignedPath, for a citizen's media that only staff open: the URL must also name the
 * staff member it was signed for, who is returned so the opening goes to the audit trail. A URL
 * without one (signed before the trail named openers) is refused, and the console takes a fresh one.
 */
export function requireStaffSignedPath(
  app: Deps<'config'>,
  path: string,
  query: z.infer<typeof signedMediaQuery>,
): number {
  if (query.by === undefined) throw new AppError(403, 'forbidden', errorMessages.forbidden);
  requireSignedPath(app, path, query);
  return Number(query.by);
}

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

/**
 * Streams a stored file to a player: private caching, no sniffing, same-origin only, and byte
 * ranges, so a video seeks without downloading what comes before.
 */
export async function sendStoredMedia(
  app: Deps<'storage'>,
  request: FastifyRequest,
  reply: FastifyReply,
  file: { key: string; contentType: string; disposition?: string },
): Promise<FastifyReply> {
  const size = await app.storage.size(file.key);
  if (size === undefined) throw new AppError(404, 'not_found', errorMessages.notFound);
  reply
    .header('Content-Type', file.contentType)
    .header('Accept-Ranges', 'bytes')
    .header('Cache-Control', 'private, max-age=3600')
    .header('Content-Disposition', file.disposition ?? 'inline')
    .header('X-Content-Type-Options', 'nosniff')
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
      .send(await app.storage.read(file.key, range));
  }
  return reply.header('Content-Length', size).send(await app.storage.read(file.key));
}
