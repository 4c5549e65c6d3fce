import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TwilioMessagingConfig } from '../../config';
import type { MessageSender } from './message-sender';

/** Twilio's Messaging API (2010-04-01 Messages): one POST per message, delivery by StatusCallback. */
export function createTwilioMessageSender(options: TwilioMessagingConfig): MessageSender {
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  return {
    kind: 'twilio',
    async send({ to, channel, body, statusCallbackUrl }) {
      const form: Record<string, string> = { Body: body, StatusCallback: statusCallbackUrl };
      if (channel === 'whatsapp') {
        if (!options.whatsappFrom) throw new Error('WhatsApp has no sender: set TWILIO_WHATSAPP_FROM');
        form.To = `whatsapp:${to}`;
        form.From = `whatsapp:${options.whatsappFrom}`;
      } else {
        form.To = to;
        if (options.messagingServiceSid) form.MessagingServiceSid = options.messagingServiceSid;
        else form.From = options.smsFrom!;
      }
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
        signal: AbortSignal.timeout(10_000),
      });
      const answer = (await response.json().catch(() => ({}))) as { sid?: string; message?: string };
      if (!response.ok || !answer.sid)
        throw new Error(`Twilio refused the message (${response.status}): ${answer.message ?? ''}`);
      return { providerId: answer.sid };
    },
  };
}

/**
 * Twilio's request signature (X-Twilio-Signature): base64 HMAC-SHA1, keyed with the auth token, of
 * the full URL followed by every POST parameter's name and value, sorted by name.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((text, key) => text + key + params[key], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

export function isValidTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
  signature: string | undefined,
): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
