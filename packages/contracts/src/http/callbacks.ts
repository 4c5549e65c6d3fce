import { z } from 'zod';
import { mobilePhoneSchema } from '../helpers/phone';
import { callbackTexts, widgetTexts } from '../messages';
import { okResponseSchema } from './auth';
import { apiRoute } from './api-route';

/**
 * The callback request (`serviceStatus.callBack`, decision 018): a citizen who cannot or will not
 * wait leaves a +569 mobile and when to call, and the request enters the operators' queue.
 */

/** 'Lo antes posible', or the start of a one-hour slot of today's working hours. */
export const CALLBACK_ASAP = 'asap';
export const CALLBACK_SLOT_PATTERN = /^([01]\d|2[0-3]):00$/;
export const CALLBACK_NOTE_MAX = 500;

export const callbackBodySchema = z.object({
  /** Validated like the contact form's phone (spec §3, §5), stored as E.164. */
  phone_number: mobilePhoneSchema(widgetTexts.contactPhoneInvalid),
  preferred_time: z
    .string({ error: callbackTexts.slotInvalid })
    .refine(
      (value) => value === CALLBACK_ASAP || CALLBACK_SLOT_PATTERN.test(value),
      callbackTexts.slotInvalid,
    ),
});
export type CallbackBody = z.input<typeof callbackBodySchema>;

export const callbackCreatedResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ id: z.number().int() }),
});

/** The slots still open today, 'HH:00' each; empty when only 'asap' can be offered. */
export const callbackSlotsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ slots: z.array(z.string()) }),
});
export type CallbackSlotsResponse = z.infer<typeof callbackSlotsResponseSchema>;

/** A callback request as the console lists it, in the inbox beside contacts and video mails. */
export const inboxCallbackSchema = z.object({
  id: z.number().int(),
  phone: z.string(),
  /** 'asap' or 'HH:00'. */
  preferred_time: z.string(),
  created_at: z.string(),
  handled_at: z.string().nullable(),
  /** What the operator wrote when marking it done; empty when nothing. */
  note: z.string(),
});
export type InboxCallback = z.infer<typeof inboxCallbackSchema>;

export const markCallbackDoneBodySchema = z
  .object({
    note: z.string().trim().max(CALLBACK_NOTE_MAX, callbackTexts.noteTooLong).optional().default(''),
  })
  // A POST without a body marks it done without a note.
  .nullish()
  .transform((body) => body ?? { note: '' });
export type MarkCallbackDoneBody = z.input<typeof markCallbackDoneBodySchema>;

/** Callback requests from the widget and their handling in the console. */
export const callbacksApi = {
  slots: apiRoute('GET', '/api/callbacks/slots', 'company-key', { response: callbackSlotsResponseSchema }),
  request: apiRoute('POST', '/api/callbacks', 'company-key', {
    body: callbackBodySchema,
    response: callbackCreatedResponseSchema,
  }),
  markHandled: apiRoute('POST', '/api/v1/operator/callbacks/:id/handled', 'operator', {
    body: markCallbackDoneBodySchema,
    response: okResponseSchema,
  }),
} as const;
