import { z } from 'zod';
import { reportTexts } from '../messages/reports';
import { apiRoute } from './api-route';

/**
 * The console's Reportes tab (decision 045): how fast citizens were answered and how many gave up,
 * against the company's two service-level thresholds, over a range of days in Chile's time
 * (America/Santiago, with its daylight-saving changes). Supervisors and administrators only.
 */

/** A calendar day in Chile (YYYY-MM-DD), as a date input gives it. */
const chileDaySchema = z
  .string({ error: reportTexts.badDate })
  .regex(/^\d{4}-\d{2}-\d{2}$/, reportTexts.badDate)
  .refine((day) => !Number.isNaN(Date.parse(`${day}T12:00:00Z`)), reportTexts.badDate);

export const REPORT_GROUPS = ['hour', 'day', 'speciality', 'channel', 'operator'] as const;
export const reportGroupSchema = z.enum(REPORT_GROUPS, { error: reportTexts.badGroup });
export type ReportGroup = z.infer<typeof reportGroupSchema>;

export const reportGroupLabels: Record<ReportGroup, string> = {
  hour: 'Hora',
  day: 'Día',
  speciality: 'Especialidad',
  channel: 'Canal',
  operator: 'Operador',
};

export const REPORT_PRESETS = ['today', 'yesterday', 'last7', 'last30', 'custom'] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];
export const reportPresetLabels: Record<ReportPreset, string> = {
  today: 'Hoy',
  yesterday: 'Ayer',
  last7: 'Últimos 7 días',
  last30: 'Últimos 30 días',
  custom: 'Personalizado',
};

/** The longest range one report covers (a year and a day, so a whole year with a leap day fits). */
export const REPORT_MAX_DAYS = 367;

/** `from` and `to` are Chile days, both included. */
export const reportQuerySchema = z
  .object({
    from: chileDaySchema,
    to: chileDaySchema,
    group: reportGroupSchema.default('day'),
  })
  .refine((query) => query.from <= query.to, { message: reportTexts.badRange, path: ['to'] })
  .refine(
    (query) =>
      (Date.parse(`${query.to}T12:00:00Z`) - Date.parse(`${query.from}T12:00:00Z`)) / 86_400_000 <
      REPORT_MAX_DAYS,
    { message: reportTexts.rangeTooLong, path: ['to'] },
  );
export type ReportQuery = z.input<typeof reportQuerySchema>;

/** The channels a call comes through (`video_calls.kind`). */
export const channelLabels: Record<'video' | 'phone' | 'text', string> = {
  video: 'Videollamada',
  phone: 'Llamada telefónica',
  text: 'Llamada silenciosa',
};

/**
 * One row of the calls table. Seconds are null where nothing was answered. `offered` counts every
 * call that reached the centre, including those refused because nobody who serves its speciality
 * was free (`fell_back`: the citizen was sent to the video mail).
 */
export const callReportRowSchema = z.object({
  /** The group's key: an ISO hour or day in Chile ('2026-11-27T14:00', '2026-11-27'), a speciality
   * name, 'video' / 'phone', or an operator's id as text ('' for calls nobody answered). */
  key: z.string(),
  /** What people read: '14:00', '27-11-2026', the speciality, the channel, the operator's name. */
  label: z.string(),
  offered: z.number().int(),
  answered: z.number().int(),
  /** The citizen left before an answer. */
  abandoned: z.number().int(),
  /** Nobody who serves the speciality was free; the widget offered the video mail. */
  fell_back: z.number().int(),
  /** abandoned / offered, 0–1; null when nothing was offered. */
  abandon_rate: z.number().nullable(),
  avg_answer_seconds: z.number().nullable(),
  p90_answer_seconds: z.number().nullable(),
  /** Share (0–1) of offered calls answered within the first and the second threshold. */
  service_level_first: z.number().nullable(),
  service_level_second: z.number().nullable(),
  /** Answered → ended, over answered calls that have ended. */
  avg_handle_seconds: z.number().nullable(),
});
export type CallReportRow = z.infer<typeof callReportRowSchema>;

/** Video mails, contact messages and callbacks: received in the range, handled, and how soon. */
export const inboxReportRowSchema = z.object({
  kind: z.enum(['video_mail', 'contact', 'callback']),
  label: z.string(),
  received: z.number().int(),
  handled: z.number().int(),
  avg_first_handling_seconds: z.number().nullable(),
});
export type InboxReportRow = z.infer<typeof inboxReportRowSchema>;

export const serviceLevelTargetsSchema = z.object({
  first_seconds: z.number().int(),
  first_percent: z.number().int(),
  second_seconds: z.number().int(),
  second_percent: z.number().int(),
});
export type ServiceLevelTargets = z.infer<typeof serviceLevelTargetsSchema>;

export const reportResponseSchema = z.object({
  code: z.literal(200),
  from: z.string(),
  to: z.string(),
  group: reportGroupSchema,
  targets: serviceLevelTargetsSchema,
  /** One row per group with calls, in the group's natural order (time, or most offered first). */
  rows: z.array(callReportRowSchema),
  /** The whole range. */
  total: callReportRowSchema,
  /** Answers by hour of the day over the range (0–23, Chile time): the "when are we busy" chart. */
  answered_by_hour: z.array(
    z.object({ hour: z.number().int(), offered: z.number().int(), answered: z.number().int() }),
  ),
  /** Service level by day over the range, for the chart. */
  service_level_by_day: z.array(
    z.object({ day: z.string(), first: z.number().nullable(), second: z.number().nullable() }),
  ),
  inbox: z.array(inboxReportRowSchema),
  ratings: z.object({
    count: z.number().int(),
    average: z.number().nullable(),
    /** Ratings with 1, 2, 3, 4 and 5 stars, in that order. */
    distribution: z.array(z.number().int()).length(5),
    /** The latest comments of the range (at most 50), newest first. */
    comments: z.array(
      z.object({
        call_id: z.number().int(),
        stars: z.number().int(),
        comment: z.string(),
        created_at: z.string(),
        operator_name: z.string().nullable(),
      }),
    ),
  }),
});
export type ReportResponse = z.infer<typeof reportResponseSchema>;

/** Each table of the report as CSV: the same query plus which table. */
export const REPORT_CSV_TABLES = ['calls', 'inbox', 'ratings'] as const;
export const reportCsvQuerySchema = reportQuerySchema.and(
  z.object({ table: z.enum(REPORT_CSV_TABLES, { error: reportTexts.badTable }).default('calls') }),
);

/** Administrators set the two thresholds (seconds 1–600, percent 1–100, first ≤ second). */
export const serviceLevelBodySchema = z
  .object({
    first_seconds: z
      .number({ error: reportTexts.badSeconds })
      .int(reportTexts.badSeconds)
      .min(1, reportTexts.badSeconds)
      .max(600, reportTexts.badSeconds),
    first_percent: z
      .number({ error: reportTexts.badPercent })
      .int(reportTexts.badPercent)
      .min(1, reportTexts.badPercent)
      .max(100, reportTexts.badPercent),
    second_seconds: z
      .number({ error: reportTexts.badSeconds })
      .int(reportTexts.badSeconds)
      .min(1, reportTexts.badSeconds)
      .max(600, reportTexts.badSeconds),
    second_percent: z
      .number({ error: reportTexts.badPercent })
      .int(reportTexts.badPercent)
      .min(1, reportTexts.badPercent)
      .max(100, reportTexts.badPercent),
  })
  .refine((body) => body.first_seconds <= body.second_seconds, {
    message: reportTexts.thresholdsOrder,
    path: ['second_seconds'],
  });
export type ServiceLevelBody = z.infer<typeof serviceLevelBodySchema>;

export const serviceLevelResponseSchema = z.object({
  code: z.literal(200),
  targets: serviceLevelTargetsSchema,
});

export const reportsApi = {
  report: apiRoute('GET', '/api/v1/operator/reports', 'supervisor', {
    query: reportQuerySchema,
    response: reportResponseSchema,
  }),
  csv: apiRoute('GET', '/api/v1/operator/reports/csv', 'supervisor', { query: reportCsvQuerySchema }),
  serviceLevel: apiRoute('GET', '/api/v1/operator/service-level', 'supervisor', {
    response: serviceLevelResponseSchema,
  }),
  setServiceLevel: apiRoute('PUT', '/api/v1/operator/service-level', 'admin', {
    body: serviceLevelBodySchema,
    response: serviceLevelResponseSchema,
  }),
} as const;
