import { z } from 'zod';
import { operatorStateSchema, pauseReasonSchema } from './availability';
import { serviceLevelTargetsSchema } from './reports';
import { apiRoute } from './api-route';
import { STAFF_ROLES } from '../staff-access';

/**
 * The console's Supervisión tab (decision 046): a snapshot of the centre now, for supervisors and
 * administrators. The server sends `supervision:changed` (no payload) to the company's supervision
 * room after every change; the view then fetches this snapshot again.
 */

/** Changes of one company within this window make one `supervision:changed` per process. */
export const SUPERVISION_COALESCE_MS = 250;

export const supervisionWaitingCallSchema = z.object({
  id: z.number().int(),
  speciality: z.string(),
  channel: z.enum(['video', 'phone', 'text']),
  /** When the call entered the queue (ISO): the view counts the wait itself, every second. */
  waiting_since: z.string(),
  /** The operator it is offered to while the offer runs; null otherwise. */
  offered_to: z.string().nullable(),
});
export type SupervisionWaitingCall = z.infer<typeof supervisionWaitingCallSchema>;

export const supervisionOperatorSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  state: operatorStateSchema,
  reason: pauseReasonSchema.nullable(),
  /** Since when in this state, when known (ISO); null for Desconectado and never-chosen states. */
  since: z.string().nullable(),
});
export type SupervisionOperator = z.infer<typeof supervisionOperatorSchema>;

export const supervisionActiveCallSchema = z.object({
  id: z.number().int(),
  operator: z.string(),
  speciality: z.string(),
  channel: z.enum(['video', 'phone', 'text']),
  answered_at: z.string(),
});
export type SupervisionActiveCall = z.infer<typeof supervisionActiveCallSchema>;

/** Today's figures, over calls queued since midnight in Chile (America/Santiago). */
export const supervisionTodaySchema = z.object({
  /** The Chilean day the figures cover (YYYY-MM-DD). */
  day: z.string(),
  offered: z.number().int(),
  answered: z.number().int(),
  abandoned: z.number().int(),
  fell_back: z.number().int(),
  /** Share (0–1) of the decided calls answered within each threshold; null with none decided. */
  service_level_first: z.number().nullable(),
  service_level_second: z.number().nullable(),
  avg_answer_seconds: z.number().nullable(),
});
export type SupervisionToday = z.infer<typeof supervisionTodaySchema>;

export const supervisionSnapshotSchema = z.object({
  code: z.literal(200),
  /** The server's clock when the snapshot was taken, so the view can correct its own. */
  now: z.string(),
  waiting_count: z.number().int(),
  /** Oldest first (at most 500). */
  waiting: z.array(supervisionWaitingCallSchema),
  operators: z.array(supervisionOperatorSchema),
  in_progress: z.array(supervisionActiveCallSchema),
  today: supervisionTodaySchema,
  pending: z.object({
    callbacks: z.number().int(),
    video_mails: z.number().int(),
    contacts: z.number().int(),
  }),
  targets: serviceLevelTargetsSchema,
});
export type SupervisionSnapshot = z.infer<typeof supervisionSnapshotSchema>;

export const supervisionApi = {
  snapshot: apiRoute('GET', '/api/v1/operator/supervision', 'supervisor', {
    response: supervisionSnapshotSchema,
  }),
} as const;
