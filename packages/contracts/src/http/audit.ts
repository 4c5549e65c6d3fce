import { z } from 'zod';
import { auditTexts } from '../messages/audit';
import { apiRoute } from './api-route';
import { databaseIdSchema } from './ids';

/** A calendar day in Chile (YYYY-MM-DD), as a date input gives it. */
const chileDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, auditTexts.badDate)
  .refine((day) => !Number.isNaN(Date.parse(`${day}T12:00:00Z`)), auditTexts.badDate);

/** The areas of the trail a person can filter by (an action's first part). */
export const AUDIT_AREAS = [
  'staff',
  'company',
  'call',
  'video_mail',
  'recording',
  'inbox',
  'data_request',
  'retention',
  'hold',
  'account',
  'library',
  'draw',
  'audit',
] as const;

/** Filters of the console's Auditoría tab; all optional. `to` is the last day included. */
export const auditQuerySchema = z
  .object({
    actor: databaseIdSchema.optional(),
    area: z.enum(AUDIT_AREAS, { error: auditTexts.badArea }).optional(),
    from: chileDaySchema.optional(),
    to: chileDaySchema.optional(),
    before: databaseIdSchema.optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: auditTexts.badRange,
    path: ['to'],
  });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEventSchema = z.object({
  id: z.number(),
  created_at: z.string(),
  actor_user_id: z.number().nullable(),
  actor_label: z.string(),
  action: z.string(),
  subject_kind: z.string(),
  subject_id: z.string(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEventView = z.infer<typeof auditEventSchema>;

export const auditResponseSchema = z.object({
  code: z.literal(200),
  events: z.array(auditEventSchema),
  /** The `before` of the next page, or null when this page is the last. */
  next_before: z.number().nullable(),
});
export type AuditResponse = z.infer<typeof auditResponseSchema>;

/** Rows of one page of the Auditoría tab. */
export const AUDIT_PAGE_SIZE = 100;
/** Rows a CSV export holds at most (the newest ones of the filter). */
export const AUDIT_CSV_MAX_ROWS = 100_000;

/** The company's audit trail, administrators only (decision 033). */
export const auditApi = {
  list: apiRoute('GET', '/api/v1/operator/audit', 'admin', {
    query: auditQuerySchema,
    response: auditResponseSchema,
  }),
  csv: apiRoute('GET', '/api/v1/operator/audit/csv', 'admin', { query: auditQuerySchema }),
} as const;
