import { z } from 'zod';
import { apiRoute } from './api-route';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['pglite', 'postgres']),
  databaseOk: z.boolean(),
  uptimeSeconds: z.number(),
  version: z.string(),
  /**
   * What a production server (not a demo) lacks to reach people: `mail` without SMTP, `sms`
   * without Twilio. Their messages (reset links, codes) then stay in the outbox and nobody gets
   * them. Absent when nothing is missing.
   */
  degraded: z.array(z.enum(['mail', 'sms'])).optional(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** Liveness and the development mailbox. */
export const healthApi = {
  health: apiRoute('GET', '/api/health', 'public', { response: healthResponseSchema }),
  devOutbox: apiRoute('GET', '/api/dev/outbox', 'public'),
} as const;
