import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { CALL_TOKEN_HEADER } from '@seguridad/contracts/http/calls';
import { databaseIdSchema } from '@seguridad/contracts/http/ids';
import { errorResponses } from '../../lib/error-responses';

/** What the call module's route files share: the id param, the caller's header, the error statuses. */
export const callIdParams = z.object({ id: databaseIdSchema });

/** Documents the caller's credential; loose, so the other headers (company-key, authorization) stay. */
export const callTokenHeaders = z.looseObject({ [CALL_TOKEN_HEADER]: z.string().max(200).optional() });

export const callErrors = errorResponses(400, 401, 403, 404, 429);

/**
 * The queue and the rooms are told after the row changed; the row is the truth (the console lists
 * it), so a failed notification is logged rather than undoing a call the caller already has.
 */
export async function notifyRealtime(log: FastifyBaseLogger, what: string, notification: Promise<void>) {
  await notification.catch((error: unknown) => log.error({ err: error }, `call realtime: ${what} failed`));
}
