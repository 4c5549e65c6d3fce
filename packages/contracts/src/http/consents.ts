import { z } from 'zod';
import { databaseIdSchema } from './ids';
import { recordingTexts } from '../messages/recordings';
import { successResponseSchema } from './widget';
import { apiRoute } from './api-route';
import { consentMessages } from '../messages/consents';

/**
 * Consent records (decision 049): each consent the product asks for, with the text the person was
 * shown and its version, when it was given and, if withdrawn, when. A text changed in substance
 * gets a new version here: records keep the version and a hash of the text they were given under.
 */

export const consentPurposes = [
  'recording_notice',
  'camera_sharing_network',
  'camera_sharing_operators',
  'promo_terms',
] as const;
export type ConsentPurpose = (typeof consentPurposes)[number];

/** Where the consent was given: the site's pages or the call widget. */
export type ConsentChannel = 'web' | 'widget';

export type ConsentText = {
  version: string;
  /** What «Mis datos» calls it. */
  title: string;
  /** The words the person was shown, as shown. */
  text: string;
  /** Whether «Retirar» is offered, and what withdrawing stops. */
  withdrawal: string | null;
};

export const consentTexts: Record<ConsentPurpose, ConsentText> = {
  recording_notice: {
    version: '2026-11-23',
    title: 'Aviso de grabación de una llamada',
    text: recordingTexts.notice,
    withdrawal: null,
  },
  camera_sharing_network: {
    version: '2026-11-28',
    title: 'Compartir mis cámaras con mi red de seguridad',
    text: 'Compartir mis cámaras con mi red de seguridad',
    withdrawal: 'Al retirarlo, tu red de seguridad deja de ver tus cámaras.',
  },
  camera_sharing_operators: {
    version: '2026-11-28',
    title: 'Compartir mis cámaras con los operadores de la central',
    text: 'Compartir mis cámaras con los operadores de la central',
    withdrawal: 'Al retirarlo, los operadores de la central dejan de ver tus cámaras.',
  },
  promo_terms: {
    version: '2026-11-28',
    title: 'Bases del sorteo de cámaras',
    text: 'Al registrarte aceptas las bases del sorteo: participan los primeros 1000 registrados que confirmen su teléfono y su correo e inviten a 3 contactos; se sortean 50 cámaras IP; usamos tu nombre, correo y teléfono para el sorteo y para avisarte por correo o WhatsApp si ganas.',
    withdrawal: 'Al retirarlo, dejas de participar en el sorteo y borramos tu inscripción.',
  },
};

export const consentRecordSchema = z.object({
  id: z.number().int(),
  purpose: z.enum(consentPurposes),
  title: z.string(),
  text: z.string(),
  version: z.string(),
  channel: z.enum(['web', 'widget']),
  /** For a recording notice, the call it was shown in. */
  call_id: z.number().int().nullable(),
  granted_at: z.string(),
  withdrawn_at: z.string().nullable(),
  withdrawable: z.boolean(),
  /** What withdrawing stops; null when it cannot be withdrawn. */
  withdrawal: z.string().nullable(),
});
export type ConsentRecord = z.infer<typeof consentRecordSchema>;

export const consentListResponseSchema = z.object({
  code: z.literal(200),
  consents: z.array(consentRecordSchema),
});
export type ConsentListResponse = z.infer<typeof consentListResponseSchema>;

export const consentParamsSchema = z.object({ id: databaseIdSchema });

export const consentWithdrawnResponseSchema = z.object({
  code: z.literal(200),
  message: z.string(),
  consent: consentRecordSchema,
});

/** The citizen's view showed the recording notice of this recording (decision 017's notice). */
export const recordingNoticeBodySchema = z.object({
  recording_id: z.number({ error: consentMessages.recordingNotShown }).int().positive(),
});
export type RecordingNoticeBody = z.infer<typeof recordingNoticeBodySchema>;

export const consentsApi = {
  mine: apiRoute('GET', '/api/v1/user/consents', 'user', { response: consentListResponseSchema }),
  withdraw: apiRoute('POST', '/api/v1/user/consents/:id/withdraw', 'user', {
    response: consentWithdrawnResponseSchema,
  }),
  recordingNoticeShown: apiRoute('POST', '/api/calls/videoCall/:id/recording-notice', 'caller-token', {
    body: recordingNoticeBodySchema,
    response: successResponseSchema,
  }),
} as const;
