import { io } from 'socket.io-client';
import {
  CALL_TOKEN_HEADER,
  attachmentUploadResponseSchema,
  attachmentUrlResponseSchema,
  createVideoCallResponseSchema,
  relaySettingsResponseSchema,
  voiceTokenResponseSchema,
  type Attachment,
  type CreateVideoCallBody,
  type RelaySettings,
  type VideoCall,
  callsApi,
} from '@seguridad/contracts/http/calls';
import { errorMessages } from '@seguridad/contracts/messages';
import { QUICK_EXIT } from '@seguridad/contracts/constants';
import { ApiRequestError, apiRequest, uploadWithProgress, type RequestOptions } from '../api/api-client';
import type { CallSocket } from './call-session';

/**
 * Who asks: the anonymous caller with its call token and the company it called, or the signed-in
 * operator (bearer token).
 */
export type CallAuth = { callToken: string; companyKey: string } | { operator: true };

function authOptions(auth: CallAuth): Pick<RequestOptions, 'auth' | 'companyKey' | 'headers'> {
  return 'callToken' in auth
    ? { companyKey: auth.companyKey, headers: { [CALL_TOKEN_HEADER]: auth.callToken } }
    : { auth: true };
}

type ResponseSchema<T> = { safeParse(value: unknown): { success: true; data: T } | { success: false } };

/** A 2xx whose body is not what the contract says is a failure like any other. */
function parseResponse<T>(schema: ResponseSchema<T>, payload: unknown): T {
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new ApiRequestError(0, undefined, errorMessages.generic);
  return parsed.data;
}

/**
 * The citizen presses Llamar: a call in the company's queue, and the token that proves it is theirs.
 * A citizen signed in on this site sends the session too, so the call is theirs in «Descargar mis
 * datos» (decision 040); without one the call stays anonymous.
 */
export async function createVideoCall(companyKey: string, body: CreateVideoCallBody): Promise<VideoCall> {
  const payload = await apiRequest(callsApi.create.request(), {
    body,
    companyKey,
    auth: true,
  });
  return parseResponse(createVideoCallResponseSchema, payload).data;
}

/** `GET /api/token` (spec §7): a short-lived token that lets this widget start one phone call. */
export async function getVoiceToken(companyKey: string): Promise<string> {
  const payload = await apiRequest(callsApi.voiceToken.request(), { companyKey });
  return parseResponse(voiceTokenResponseSchema, payload).data.token;
}

/**
 * Ends the call while the page goes away (pagehide): a beacon survives the unload where fetch may
 * not. A beacon cannot carry headers, so the token travels in a text/plain body (no preflight);
 * `quickExit` says the citizen left with Salida rápida (decision 060).
 */
export function endVideoCallOnLeave(
  call: { id: number; token: string },
  options: { quickExit?: boolean } = {},
): void {
  const body = JSON.stringify({
    token: call.token,
    ...(options.quickExit ? { reason: QUICK_EXIT.endReason } : {}),
  });
  const url = callsApi.end.path({ id: call.id });
  const sent =
    typeof navigator !== 'undefined' &&
    typeof navigator.sendBeacon === 'function' &&
    navigator.sendBeacon(url, new Blob([body], { type: 'text/plain' }));
  if (sent || typeof fetch !== 'function') return;
  void fetch(url, {
    method: callsApi.end.method,
    body,
    headers: { 'content-type': 'text/plain' },
    keepalive: true,
  }).catch(() => undefined);
}

export async function getRelaySettings(callId: number, auth: CallAuth): Promise<RelaySettings | null> {
  const payload = await apiRequest(callsApi.relaySettings.request({ id: callId }), authOptions(auth));
  return parseResponse(relaySettingsResponseSchema, payload).data;
}

/**
 * The relay as RTCIceServers: TURN URLs with the time-limited credentials, STUN URLs without
 * (browsers ignore or warn about credentials on STUN). Null settings: direct connections only.
 */
export function toIceServers(settings: RelaySettings | null): RTCIceServer[] {
  if (!settings) return [];
  const urls = settings.urls.length > 0 ? settings.urls : [`turn:${settings.turn_ip}:${settings.turn_port}`];
  const stun = urls.filter((url) => /^stuns?:/i.test(url));
  const turn = urls.filter((url) => /^turns?:/i.test(url));
  const servers: RTCIceServer[] = [];
  if (stun.length > 0) servers.push({ urls: stun });
  if (turn.length > 0)
    servers.push({ urls: turn, username: settings.turn_user, credential: settings.turn_password });
  return servers;
}

/** Multipart field `attachment`; one hour of timeout as spec §7 gives attachments. */
export async function uploadCallAttachment(
  callId: number,
  file: File,
  auth: CallAuth,
  onProgress: (fraction: number) => void,
): Promise<Attachment> {
  const form = new FormData();
  form.append('attachment', file, file.name);
  const payload = await uploadWithProgress<unknown>(callsApi.publicAttachment.path({ id: callId }), form, {
    ...authOptions(auth),
    onProgress,
  });
  return parseResponse(attachmentUploadResponseSchema, payload).data;
}

/** A fresh signed URL for an attachment; it expires, so ask right before showing or opening it. */
export async function getAttachmentUrl(attachmentId: number, auth: CallAuth): Promise<string> {
  const payload = await apiRequest(callsApi.attachment.request({ id: attachmentId }), authOptions(auth));
  return parseResponse(attachmentUrlResponseSchema, payload).data.tempUrl;
}

/**
 * The caller's own Socket.IO connection to this origin, anonymous (the call token goes in `join`).
 * WebSocket only: long polling would need sticky sessions once several processes serve the site.
 */
export function openCallerSocket(): CallSocket {
  // Retried quickly: a citizen in a call is waiting on the other side of each attempt.
  return io({
    path: '/socket.io',
    transports: ['websocket'],
    reconnectionDelay: 500,
    reconnectionDelayMax: 2_000,
  });
}
