import { z } from 'zod';
import type { ErrorCode } from './error-codes';

/**
 * The one error body of every API route. `message` is Spanish and meant for a person; `data`
 * lists every problem found (the register page shows the first one, spec §8); `error` is a stable
 * machine name for clients that branch on it.
 */
export const apiErrorSchema = z.object({
  success: z.literal(false),
  code: z.number().int(),
  /** One of `ERROR_CODES`; typed so, and read as a string, so an older client keeps working. */
  error: z.string() as z.ZodType<ErrorCode>,
  message: z.string(),
  data: z.array(z.string()),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
