import { z } from 'zod';

/**
 * The one error body of every API route. `message` is Spanish and meant for a person; `data`
 * lists every problem found (the register page shows the first one, spec §8); `error` is a stable
 * machine name for clients that branch on it.
 */
export const apiErrorSchema = z.object({
  success: z.literal(false),
  code: z.number().int(),
  error: z.string(),
  message: z.string(),
  data: z.array(z.string()),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
