import { z } from 'zod';
import { CALL_LINK_MINUTES } from '../constants';
import { mobilePhoneSchema } from '../helpers/phone';
import { callLinkTexts } from '../messages/call-links';
import { apiRoute } from './api-route';
import { queuedCallSchema } from './calls';

/**
 * A call link (decision 061): an operator sends a one-time link by SMS or WhatsApp to a citizen who
 * phoned; tapping it opens the browser straight into a private call with that operator.
 */
export const CALL_LINK_CHANNELS = ['sms', 'whatsapp'] as const;
export type CallLinkChannel = (typeof CALL_LINK_CHANNELS)[number];

/** How long a link works by default (a company's setting, `CALL_LINK_MINUTES`). */
export const CALL_LINK = { defaultMinutes: CALL_LINK_MINUTES.default } as const;

export const sendCallLinkBodySchema = z.object({
  phone: mobilePhoneSchema(callLinkTexts.phoneInvalid),
  channel: z.enum(CALL_LINK_CHANNELS, { error: callLinkTexts.channelInvalid }),
});
export type SendCallLinkBody = z.input<typeof sendCallLinkBodySchema>;

/**
 * Where a link is, as the operator reads it: sent, delivered (the provider said so), failed (the
 * provider could not deliver it), opened, in call, ended (its call is over) or expired (never
 * opened in time).
 */
export const callLinkStateSchema = z.enum([
  'sent',
  'delivered',
  'failed',
  'opened',
  'in_call',
  'ended',
  'expired',
]);
export type CallLinkState = z.infer<typeof callLinkStateSchema>;

export const callLinkSchema = z.object({
  id: z.number().int(),
  call_id: z.number().int(),
  phone: z.string(),
  channel: z.enum(CALL_LINK_CHANNELS),
  state: callLinkStateSchema,
  sent_at: z.string(),
  expires_at: z.string(),
});
export type CallLink = z.infer<typeof callLinkSchema>;

export const sendCallLinkResponseSchema = z.object({
  code: z.literal(200),
  link: callLinkSchema,
  /** The private room the link opens: the console lists it with the others. */
  call: queuedCallSchema,
});

export const callLinksResponseSchema = z.object({ code: z.literal(200), links: z.array(callLinkSchema) });

export const callLinksApi = {
  send: apiRoute('POST', '/api/v1/operator/call-links', 'operator', {
    body: sendCallLinkBodySchema,
    response: sendCallLinkResponseSchema,
  }),
  list: apiRoute('GET', '/api/v1/operator/call-links', 'operator', { response: callLinksResponseSchema }),
  /** Twilio's delivery reports (StatusCallback), signed with the account's auth token. */
  messageStatus: apiRoute('POST', '/api/webhooks/twilio/message-status', 'public'),
} as const;
