import { z } from 'zod';
import { VIDEO_MAIL_MESSAGE_MAX } from '../constants';
import { chileanPhoneSchema, mobilePhoneSchema } from '../helpers/phone';
import { validationMessages as v, widgetTexts } from '../messages';
import { widgetAppearanceQuerySchema, widgetAppearanceResponseSchema } from './launcher';
import { apiRoute } from './api-route';
import { WIDGET_APPEARANCE_PATH } from './launcher-constants';

/** The simple {x}@{y}.{z} pattern of spec §5 for the widget forms. */
const WIDGET_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const widgetEmailSchema = z
  .string({ error: v.widgetEmailRequired })
  .trim()
  .min(1, v.widgetEmailRequired)
  .max(254, v.widgetEmailInvalid)
  .regex(WIDGET_EMAIL_PATTERN, v.widgetEmailInvalid);

const requiredText = (max: number) =>
  z.string({ error: v.requiredText }).trim().min(1, v.requiredText).max(max, v.requiredText);

/** Contact form (spec §3): the phone is +569 followed by the 8 digits of a Chilean mobile. */
export const contactBodySchema = z.object({
  name: requiredText(120),
  email: widgetEmailSchema,
  phone_number: mobilePhoneSchema(widgetTexts.contactPhoneInvalid),
  message: requiredText(2_000),
});
export type ContactBody = z.infer<typeof contactBodySchema>;

/** The text fields of the video mail form (spec §3); the video and thumbnail come as files. */
export const videoMailFieldsSchema = z.object({
  email: widgetEmailSchema,
  name: requiredText(120),
  phone_number: chileanPhoneSchema(widgetTexts.videoMailPhoneInvalid),
  message: z
    .string({ error: v.requiredText })
    .trim()
    .min(1, v.requiredText)
    .max(VIDEO_MAIL_MESSAGE_MAX, widgetTexts.messageTooLong),
  is_derived: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
});
export type VideoMailFields = z.input<typeof videoMailFieldsSchema>;

export const successResponseSchema = z.object({ success: z.literal(true) });

export const serviceStatusResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    callBack: z.boolean(),
    videoCall: z.boolean(),
    videoMail: z.boolean(),
    /** Whether the call centre is within its working hours right now (America/Santiago). */
    working_hours: z.boolean(),
    /** Where Salida rápida takes the citizen (decision 060). */
    quickExitUrl: z.string(),
  }),
});
export type ServiceStatus = z.infer<typeof serviceStatusResponseSchema>['data'];

export const videoMailUploadResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ upload_url: z.string() }),
});

/** Upload limits, stated once for the form and the server. */
export const VIDEO_MAIL_MAX_BYTES = 100 * 1024 * 1024;
export const THUMBNAIL_MAX_BYTES = 2 * 1024 * 1024;

/** The widget's routes, asked with the company's key. */
export const widgetApi = {
  appearance: apiRoute('GET', WIDGET_APPEARANCE_PATH, 'public', {
    query: widgetAppearanceQuerySchema,
    response: widgetAppearanceResponseSchema,
  }),
  serviceStatus: apiRoute('GET', '/api/company/serviceStatus', 'company-key', {
    response: serviceStatusResponseSchema,
  }),
  contact: apiRoute('POST', '/api/attention/contact', 'company-key', {
    body: contactBodySchema,
    response: successResponseSchema,
  }),
  videoMail: apiRoute('POST', '/api/calls/videoMail', 'company-key', { response: successResponseSchema }),
  /**
   * The resumable video mail (tus 1.0.0): `POST` here with the form's fields, the thumbnail and
   * `video_bytes`; the answer's `upload_url` takes the video with tus `HEAD`/`PATCH`, resuming after a
   * dropped connection; `POST {upload_url}/complete` then files the video mail. The spec's one-shot
   * `POST /api/calls/videoMail` still takes the whole form at once.
   */
  startVideoMailUpload: apiRoute('POST', '/api/calls/videoMail/uploads', 'company-key', {
    response: videoMailUploadResponseSchema,
  }),
  videoMailUploadHead: apiRoute('HEAD', '/api/calls/videoMail/uploads/:id', 'company-key'),
  videoMailUploadPatch: apiRoute('PATCH', '/api/calls/videoMail/uploads/:id', 'company-key'),
  completeVideoMailUpload: apiRoute('POST', '/api/calls/videoMail/uploads/:id/complete', 'company-key', {
    response: successResponseSchema,
  }),
} as const;
