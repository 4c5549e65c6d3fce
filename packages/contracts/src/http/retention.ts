import { z } from 'zod';
import {
  RECORDING_RETENTION_DEFAULT_DAYS,
  RECORDING_RETENTION_MAX_DAYS,
  RECORDING_RETENTION_MIN_DAYS,
} from './recordings';
import { okResponseSchema } from './auth';
import { apiRoute } from './api-route';

/**
 * How long the platform keeps each kind of personal data (decision 034). One table per company;
 * these are its defaults, the privacy page's periods, and the bounds an administrator may set.
 * The privacy page's «Cuánto tiempo guardamos tus datos» is written from `RETENTION_RULES`, and the
 * server's retention job reads the same rules: page and behaviour cannot drift apart.
 *
 * Months are counted as 30 days and years as 365 (12 months are a year): a period is at most what the policy says.
 */
export const RETENTION_KINDS = [
  'video_mails',
  'call_chat',
  'call_attachments',
  'call_recordings',
  'contact_messages',
  'callbacks',
  'network_invitations',
  'promo',
  'wheel_spins',
  'security_log',
  'audit_trail',
  'outbox_messages',
  'orders',
] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];

export type RetentionRule = {
  /** What the console calls the kind. */
  label: string;
  defaultDays: number;
  /** Never below: what the law or an open case needs (orders: 6 years of tax law). */
  minDays: number;
  maxDays: number;
  /** What the job does when the period is over. */
  action: 'delete' | 'anonymise';
  /** Where the period starts, as the privacy page says it. */
  from: string;
};

const DAY = 1;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

export const RETENTION_RULES: Record<RetentionKind, RetentionRule> = {
  video_mails: {
    label: 'Video mails y sus miniaturas',
    defaultDays: 6 * MONTH,
    minDays: 30 * DAY,
    maxDays: 10 * YEAR,
    action: 'delete',
    from: 'desde su creación',
  },
  call_chat: {
    label: 'Mensajes del chat de las llamadas',
    defaultDays: 6 * MONTH,
    minDays: 30 * DAY,
    maxDays: 10 * YEAR,
    action: 'delete',
    from: 'desde que se enviaron',
  },
  call_attachments: {
    label: 'Archivos adjuntos de las llamadas',
    defaultDays: 6 * MONTH,
    minDays: 30 * DAY,
    maxDays: 10 * YEAR,
    action: 'delete',
    from: 'desde que se enviaron',
  },
  // The same default and bounds as the recordings' own setting (decision 017).
  call_recordings: {
    label: 'Grabaciones de videollamadas',
    defaultDays: RECORDING_RETENTION_DEFAULT_DAYS,
    minDays: RECORDING_RETENTION_MIN_DAYS,
    maxDays: RECORDING_RETENTION_MAX_DAYS,
    action: 'delete',
    from: 'desde su creación',
  },
  contact_messages: {
    label: 'Mensajes del formulario de contacto',
    defaultDays: 1 * YEAR,
    minDays: 30 * DAY,
    maxDays: 10 * YEAR,
    action: 'delete',
    from: 'desde que se recibieron',
  },
  callbacks: {
    label: 'Solicitudes de llamada',
    defaultDays: 1 * YEAR,
    minDays: 30 * DAY,
    maxDays: 10 * YEAR,
    action: 'delete',
    from: 'desde que se pidieron',
  },
  network_invitations: {
    label: 'Invitaciones a una red que no fueron aceptadas',
    defaultDays: 90 * DAY,
    minDays: 30 * DAY,
    maxDays: 2 * YEAR,
    action: 'delete',
    from: 'desde que se enviaron',
  },
  promo: {
    label: 'Datos del sorteo (inscripciones e invitaciones)',
    defaultDays: 1 * YEAR,
    minDays: 90 * DAY,
    maxDays: 5 * YEAR,
    action: 'delete',
    from: 'después de realizado el sorteo',
  },
  wheel_spins: {
    label: 'Giros de la ruleta de premios',
    defaultDays: 1 * YEAR,
    minDays: 90 * DAY,
    maxDays: 5 * YEAR,
    action: 'delete',
    from: 'desde cada giro',
  },
  // Fixed: every write of an account's log also trims it to this period.
  security_log: {
    label: 'Registros de seguridad de las cuentas',
    defaultDays: 1 * YEAR,
    minDays: 1 * YEAR,
    maxDays: 1 * YEAR,
    action: 'delete',
    from: 'desde cada registro',
  },
  audit_trail: {
    label: 'Registro de auditoría del personal',
    defaultDays: 2 * YEAR,
    minDays: 1 * YEAR,
    maxDays: 10 * YEAR,
    action: 'delete',
    from: 'desde cada acción',
  },
  outbox_messages: {
    label: 'Copias de los correos y mensajes enviados',
    defaultDays: 30 * DAY,
    minDays: 7 * DAY,
    maxDays: 1 * YEAR,
    action: 'delete',
    from: 'desde su envío',
  },
  orders: {
    label: 'Compras y pagos',
    defaultDays: 6 * YEAR,
    minDays: 6 * YEAR,
    maxDays: 10 * YEAR,
    action: 'delete',
    from: 'desde la compra, como exige la legislación tributaria',
  },
};

/** A period as the privacy page writes it: «90 días», «6 meses», «12 meses», «6 años». */
export function formatRetentionPeriod(days: number): string {
  if (days % YEAR === 0) {
    const years = days / YEAR;
    return years === 1 ? '12 meses' : `${years} años`;
  }
  // Short periods read better in days («90 días»), as the policy writes them.
  if (days % MONTH === 0 && days >= 6 * MONTH) return `${days / MONTH} meses`;
  return days === 1 ? '1 día' : `${days} días`;
}

export const retentionKindSchema = z.enum(RETENTION_KINDS);

export const retentionEntrySchema = z.object({
  kind: retentionKindSchema,
  label: z.string(),
  days: z.number().int(),
  default_days: z.number().int(),
  min_days: z.number().int(),
  max_days: z.number().int(),
  period: z.string(),
});
export type RetentionEntry = z.infer<typeof retentionEntrySchema>;

export const retentionTableResponseSchema = z.object({
  code: z.literal(200),
  retention: z.array(retentionEntrySchema),
});

/** An administrator's change of one kind's period; the bounds are checked against the kind's rule. */
export const retentionUpdateBodySchema = z
  .object({ kind: retentionKindSchema, days: z.number().int() })
  .superRefine((body, context) => {
    const rule = RETENTION_RULES[body.kind];
    if (body.days < rule.minDays || body.days > rule.maxDays) {
      context.addIssue({
        code: 'custom',
        path: ['days'],
        message: `El plazo debe estar entre ${rule.minDays} y ${rule.maxDays} días.`,
      });
    }
  });

/** What a legal hold may be put on: a call, a video mail or a contact message. */
export const HOLD_SUBJECTS = ['call', 'video_mail', 'contact_message'] as const;
export const holdSubjectSchema = z.enum(HOLD_SUBJECTS);
export type HoldSubject = z.infer<typeof holdSubjectSchema>;

export const heldItemsResponseSchema = z.object({
  code: z.literal(200),
  holds: z.array(
    z.object({ subject: holdSubjectSchema, id: z.number().int(), reason: z.string(), held_at: z.string() }),
  ),
});
export type HeldItem = z.infer<typeof heldItemsResponseSchema>['holds'][number];
export const HOLD_REASON_MAX = 500;

export const holdParamsSchema = z.object({
  subject: holdSubjectSchema,
  id: z.coerce.number().int().min(1).max(2_147_483_647),
});
export const holdBodySchema = z.object({
  reason: z
    .string({ error: 'Indica el motivo de la retención.' })
    .trim()
    .min(3, 'Indica el motivo de la retención.')
    .max(HOLD_REASON_MAX, `El motivo puede tener hasta ${HOLD_REASON_MAX} caracteres.`),
});

/** Retention periods and legal holds. */
export const retentionApi = {
  get: apiRoute('GET', '/api/v1/operator/retention', 'admin', { response: retentionTableResponseSchema }),
  update: apiRoute('PUT', '/api/v1/operator/retention', 'admin', {
    body: retentionUpdateBodySchema,
    response: okResponseSchema,
  }),
  holds: apiRoute('GET', '/api/v1/operator/holds', 'supervisor', { response: heldItemsResponseSchema }),
  placeHold: apiRoute('PUT', '/api/v1/operator/holds/:subject/:id', 'supervisor', {
    body: holdBodySchema,
    response: okResponseSchema,
  }),
  releaseHold: apiRoute('DELETE', '/api/v1/operator/holds/:subject/:id', 'supervisor', {
    response: okResponseSchema,
  }),
} as const;
