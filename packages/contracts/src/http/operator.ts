import { z } from 'zod';
import { errorMessages } from '../messages';
import { inboxCallbackSchema } from './callbacks';
import { launcherColorSchema, launcherLabelSchema } from './launcher';
import { recordingRetentionSchema } from './recordings';
import { okResponseSchema } from './auth';
import { apiRoute } from './api-route';
import { STAFF_ROLES } from '../staff-access';
import { CALL_LINK_MINUTES, QUICK_EXIT, QUICK_QUESTIONS } from '../constants';
import { callLinkTexts } from '../messages/call-links';

export const inboxVideoMailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  is_derived: z.boolean(),
  duration_ms: z.number().nullable(),
  created_at: z.string(),
  handled_at: z.string().nullable(),
  /** Signed, short-lived URLs: usable directly in <video> and <img>. */
  video_url: z.string(),
  thumbnail_url: z.string(),
});
export type InboxVideoMail = z.infer<typeof inboxVideoMailSchema>;

export const inboxContactSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  created_at: z.string(),
  handled_at: z.string().nullable(),
});
export type InboxContact = z.infer<typeof inboxContactSchema>;

export const inboxResponseSchema = z.object({
  code: z.literal(200),
  video_mails: z.array(inboxVideoMailSchema),
  contacts: z.array(inboxContactSchema),
  /** Callback requests (decision 018): pending ones are the console's callback queue. */
  callbacks: z.array(inboxCallbackSchema),
});
export type InboxResponse = z.infer<typeof inboxResponseSchema>;

const timeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'Usa el formato HH:mm');

export const workingHoursSlotSchema = z
  .object({ day: z.number().int().min(0).max(6), open: timeSchema, close: timeSchema })
  .refine((slot) => slot.open < slot.close, {
    message: 'La hora de cierre debe ser posterior a la de apertura',
  });

export const companySettingsSchema = z.object({
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  public_key: z.string(),
  call_back: z.boolean(),
  video_call: z.boolean(),
  video_mail: z.boolean(),
  working_hours: z.array(workingHoursSlotSchema),
  allowed_origins: z.array(z.string()),
  specialities: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Days a call recording is kept before the server deletes it (decision 017). */
  recording_retention_days: z.number().int(),
  /** The embedded widget's launcher on the company's own site (decision 036). */
  launcher_color: z.string(),
  launcher_label: z.string(),
  /** Where Salida rápida takes the citizen (decision 060): the product's default when not set. */
  quick_exit_url: z.string(),
  /** The silent call's quick questions, in the order the console shows them (decision 060). */
  quick_questions: z.array(z.string()),
  /** Minutes a call link sent by SMS or WhatsApp works before it is opened (decision 061). */
  call_link_minutes: z.number().int(),
});
export type CompanySettings = z.infer<typeof companySettingsSchema>;

export const companySettingsResponseSchema = z.object({
  code: z.literal(200),
  company: companySettingsSchema,
});

/** An origin a company allows to embed its widget: scheme, host and optional port, nothing else. */
const originSchema = z
  .string()
  .trim()
  .regex(
    /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i,
    'Escribe el origen como https://sitio.cl (sin ruta ni barra final)',
  );

/** Salida rápida's address: an https page of another site (never ours: leaving must look like leaving). */
export const quickExitUrlSchema = z
  .string()
  .trim()
  .max(QUICK_EXIT.urlMax, `Usa ${QUICK_EXIT.urlMax} caracteres o menos`)
  .regex(
    /^https:\/\/[a-z0-9-]+(\.[a-z0-9-]+)+(:\d{1,5})?([/?#]\S*)?$/i,
    'Escribe una dirección completa que empiece con https://',
  );

export const quickQuestionsSchema = z
  .array(
    z
      .string()
      .trim()
      .min(1, 'Escribe la pregunta o quítala de la lista')
      .max(QUICK_QUESTIONS.lengthMax, `Usa ${QUICK_QUESTIONS.lengthMax} caracteres o menos`),
  )
  .min(1, 'Deja al menos una pregunta')
  .max(QUICK_QUESTIONS.max, `Usa ${QUICK_QUESTIONS.max} preguntas o menos`);

/** How long a call link works before it is opened (decision 061), in whole minutes. */
export const callLinkMinutesSchema = z
  .number({ error: callLinkTexts.settingsMinutesHint })
  .int(callLinkTexts.settingsMinutesHint)
  .min(CALL_LINK_MINUTES.min, callLinkTexts.settingsMinutesHint)
  .max(CALL_LINK_MINUTES.max, callLinkTexts.settingsMinutesHint);

export const updateCompanySettingsBodySchema = z
  .object({
    call_back: z.boolean().optional(),
    video_call: z.boolean().optional(),
    video_mail: z.boolean().optional(),
    working_hours: z.array(workingHoursSlotSchema).max(50).optional(),
    allowed_origins: z.array(originSchema).max(50).optional(),
    recording_retention_days: recordingRetentionSchema.optional(),
    launcher_color: launcherColorSchema.optional(),
    launcher_label: launcherLabelSchema.optional(),
    /** null goes back to the product's default. */
    quick_exit_url: quickExitUrlSchema.nullable().optional(),
    quick_questions: quickQuestionsSchema.optional(),
    call_link_minutes: callLinkMinutesSchema.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: errorMessages.nothingToUpdate,
  });
export type UpdateCompanySettingsBody = z.infer<typeof updateCompanySettingsBodySchema>;

export const specialityNameBodySchema = z.object({
  name: z.string().trim().min(1, 'Este campo es obligatorio').max(60, 'Usa 60 caracteres o menos'),
});
export type CompanySettingsResponse = z.infer<typeof companySettingsResponseSchema>;
export type SpecialityNameBody = z.infer<typeof specialityNameBodySchema>;

/**
 * Whether the signed-in account belongs to a company's call centre. Answered 200 for everyone with
 * a session, so that a citizen who opens the console is told so without losing the session (the
 * client forgets its token on 403, spec §7).
 */
export const membershipResponseSchema = z.object({
  code: z.literal(200),
  member: z.boolean(),
  role: z.enum(STAFF_ROLES).nullable(),
  /** The company requires two-step sign-in for staff and this member has no confirmed phone yet. */
  two_step_required: z.boolean().optional(),
});
export type MembershipResponse = z.infer<typeof membershipResponseSchema>;

/** The console: membership, inbox, the company's settings and its specialities. */
export const operatorApi = {
  membership: apiRoute('GET', '/api/v1/operator/membership', 'user', { response: membershipResponseSchema }),
  inbox: apiRoute('GET', '/api/v1/operator/inbox', 'operator', { response: inboxResponseSchema }),
  videoMailHandled: apiRoute('POST', '/api/v1/operator/videoMails/:id/handled', 'operator', {
    response: okResponseSchema,
  }),
  contactHandled: apiRoute('POST', '/api/v1/operator/contacts/:id/handled', 'operator', {
    response: okResponseSchema,
  }),
  videoMailMedia: apiRoute('GET', '/api/media/video-mails/:id/:file', 'public'),
  company: apiRoute('GET', '/api/v1/operator/company', 'operator', {
    response: companySettingsResponseSchema,
  }),
  updateCompany: apiRoute('PATCH', '/api/v1/operator/company', 'admin', {
    body: updateCompanySettingsBodySchema,
    response: companySettingsResponseSchema,
  }),
  addSpeciality: apiRoute('POST', '/api/v1/operator/specialities', 'admin', {
    body: specialityNameBodySchema,
    response: companySettingsResponseSchema,
  }),
  removeSpeciality: apiRoute('DELETE', '/api/v1/operator/specialities/:id', 'admin', {
    response: companySettingsResponseSchema,
  }),
} as const;
