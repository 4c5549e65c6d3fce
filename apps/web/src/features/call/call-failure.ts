import { callTexts } from '@seguridad/contracts/messages';
import { callLinkTexts } from '@seguridad/contracts/messages/call-links';
import { ApiRequestError } from '../../shared/api/api-client';

/**
 * Why a call could not start, as one Spanish sentence, and what the panel does about it:
 * - `fallBack`: the video mail opens instead, marked derived, with the sentence above it (spec §4);
 * - `privateRoomInvalid`: the invitation link is wrong or the call is over; the panel says so and
 *   keeps the public call and the video mail at hand, instead of dropping the person into a form.
 */
export type CallStartFailure = { action: 'fallBack' | 'privateRoomInvalid'; sentence: string };

/** The server's machine names for "the public call is not available now" (503). */
const unavailableSentences: Record<string, string> = {
  video_call_off: callTexts.serviceOff,
  outside_hours: callTexts.outsideHours,
  no_operators: callTexts.noOperators,
};

export function callStartFailure(error: unknown): CallStartFailure {
  if (!(error instanceof ApiRequestError)) return { action: 'fallBack', sentence: callTexts.callFailed };
  const code = error.body?.error;
  if (error.status === 404 && code === 'private_room_invalid')
    return { action: 'privateRoomInvalid', sentence: callTexts.privateRoomInvalid };
  // A call link sent by SMS or WhatsApp (decision 061): used, or never opened in time.
  if (error.status === 410 && code === 'call_link_used')
    return { action: 'privateRoomInvalid', sentence: callLinkTexts.used };
  if (error.status === 410 && code === 'call_link_expired')
    return { action: 'privateRoomInvalid', sentence: callLinkTexts.expired };
  if (error.status === 503) {
    const known = code ? unavailableSentences[code] : undefined;
    return { action: 'fallBack', sentence: known ?? error.body?.message ?? callTexts.callFailed };
  }
  // 5xx, 429, 400, 401 and no answer at all: the person cannot fix it, the video mail still works.
  return { action: 'fallBack', sentence: callTexts.callFailed };
}
