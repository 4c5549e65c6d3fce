import { z } from 'zod';
import { DATABASE_ID_MAX } from './ids';
import { ROOM_NAME_PATTERN } from '../embed-bridge';
import { successResponseSchema } from './widget';
import { apiRoute } from './api-route';

/**
 * The video call's HTTP side (spec §7, company service API). The caller is anonymous: creating a
 * call returns, besides the spec's `id` and `company_id`, the room to join and a caller token that
 * proves, on every later request and on the socket, that this browser is the caller of this call.
 */

/** Header carrying the caller token on the call's HTTP routes (with `company-key`). */
export const CALL_TOKEN_HEADER = 'call-token';

/** Attachments in the call chat: any type, up to this size (spec §5, §7). */
export const CALL_ATTACHMENT_MAX_BYTES = 25 * 1024 * 1024;

// Defined beside the call links (no zod there, so the pages that read links stay light).
export { ROOM_NAME_PATTERN };

/**
 * A call is a video call, a phone call: audio only, started with a voice token of `GET
 * /api/token` (spec §7), or a silent call: text only, no camera, microphone or sound (decision
 * 060). All three go through the same queue, routing and signaling (decision 018).
 */
export const callKindSchema = z.enum(['video', 'phone', 'text']);
export type CallKind = z.infer<typeof callKindSchema>;

/** A voice token as `GET /api/token` returns it: two base64url parts joined by a dot. */
export const VOICE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{10,200}\.[A-Za-z0-9_-]{43}$/;

export const voiceTokenResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    /** Authorises one phone call of this company: send it as `voiceToken` when creating the call. */
    token: z.string(),
    expires_at: z.string(),
  }),
});
export type VoiceTokenResponse = z.infer<typeof voiceTokenResponseSchema>;

export const createVideoCallBodySchema = z.object({
  /** A speciality id of the company; absent, null or 0 means General. */
  speciality: z.coerce.number().int().min(0).max(DATABASE_ID_MAX).nullable().optional(),
  /** Where the call starts from: the page URL or the embedding site, for the operator's context. */
  from: z.string().trim().max(500).optional().default(''),
  /** `privatevideo`: the private room an operator created and shared as a link. */
  privateRoom: z.string().regex(ROOM_NAME_PATTERN).optional(),
  /** A voice token of `GET /api/token`: the call is a phone call (audio only), used once. */
  voiceToken: z.string().regex(VOICE_TOKEN_PATTERN).optional(),
  /** «Llamada silenciosa (solo texto)»: a chat only, for someone who cannot speak (decision 060). */
  silent: z.boolean().optional(),
});
export type CreateVideoCallBody = z.input<typeof createVideoCallBodySchema>;

export const videoCallSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  /** The Socket.IO room name to `join` (also the private room id). */
  room: z.string(),
  /** The caller token: send it as `call-token` and in the `join` payload. */
  token: z.string(),
  private: z.boolean(),
  kind: callKindSchema,
});
export type VideoCall = z.infer<typeof videoCallSchema>;

export const createVideoCallResponseSchema = z.object({
  success: z.literal(true),
  data: videoCallSchema,
});

/**
 * Relay server settings (spec §3) as TURN REST credentials valid for `ttl_seconds`. `urls` lists
 * every configured TURN URL; `turn_ip`/`turn_port` are the first one's host and port. Without a
 * configured relay `data` is null: peers connect directly (one machine, or a LAN).
 */
export const relaySettingsSchema = z.object({
  turn_ip: z.string(),
  turn_port: z.number().int(),
  turn_user: z.string(),
  turn_password: z.string(),
  urls: z.array(z.string()),
  ttl_seconds: z.number().int(),
});
export type RelaySettings = z.infer<typeof relaySettingsSchema>;
export const relaySettingsResponseSchema = z.object({
  success: z.literal(true),
  data: relaySettingsSchema.nullable(),
});

/** File data of a chat message (spec §3), without the signed URL, which is asked for on demand. */
export const attachmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
});
export type Attachment = z.infer<typeof attachmentSchema>;
export const attachmentUploadResponseSchema = z.object({
  success: z.literal(true),
  data: attachmentSchema,
});

/** `GET api/attachments/{id}`: a signed URL that expires (spec §7). */
export const attachmentUrlResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ tempUrl: z.string(), expires_at: z.string() }),
});

/** One waiting call in the operators' queue (spec path notifications/{company}/common/{call}). */
export const queuedCallSchema = z.object({
  id: z.number().int(),
  room: z.string(),
  speciality_id: z.number().int().nullable(),
  speciality: z.string(),
  from: z.string(),
  private: z.boolean(),
  kind: callKindSchema,
  created_at: z.string(),
  /**
   * While the call is offered to one operator first (decision 043): who, and how long is left as
   * the server saw it when it sent this (the console counts down from its own clock).
   */
  offer: z
    .object({ operator_id: z.number().int(), operator_name: z.string(), expires_in_ms: z.number().int() })
    .nullable()
    .optional(),
});
export type QueuedCall = z.infer<typeof queuedCallSchema>;

export const callQueueResponseSchema = z.object({
  code: z.literal(200),
  calls: z.array(queuedCallSchema),
  /** Operators of the company with the console open right now (spec path connections/…). */
  operators_online: z.number().int(),
});
export type CallQueueResponse = z.infer<typeof callQueueResponseSchema>;

/** An operator accepted a call: join `room` as operator. */
export const acceptCallResponseSchema = z.object({
  code: z.literal(200),
  call: queuedCallSchema,
});

/** An operator created a private room: the link opens the caller's widget straight into it. */
export const privateRoomResponseSchema = z.object({
  code: z.literal(200),
  call: queuedCallSchema,
  link: z.string(),
});

/** A finished call as the console lists it, with its persisted chat transcript count. */
export const callRecordSchema = z.object({
  id: z.number().int(),
  room: z.string(),
  speciality: z.string(),
  from: z.string(),
  private: z.boolean(),
  kind: callKindSchema,
  status: z.enum(['waiting', 'active', 'ended', 'abandoned']),
  created_at: z.string(),
  accepted_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  /** Why it ended (`hangup`, `abandoned`, `no_media`: the media never connected, …); null while open. */
  end_reason: z.string().nullable(),
  chat_messages: z.number().int(),
  /** The caller's stars, 1 to 5 (decision 044); null when the call was not rated. */
  rating: z.number().int().nullable(),
});
export type CallRecord = z.infer<typeof callRecordSchema>;
export const callHistoryResponseSchema = z.object({
  code: z.literal(200),
  calls: z.array(callRecordSchema),
});

/** Video and phone calls: the caller's side, attachments and the console's side. */
export const callsApi = {
  voiceToken: apiRoute('GET', '/api/token', 'company-key', { response: voiceTokenResponseSchema }),
  create: apiRoute('POST', '/api/calls/videoCall', 'company-key', {
    body: createVideoCallBodySchema,
    response: createVideoCallResponseSchema,
  }),
  end: apiRoute('POST', '/api/calls/videoCall/:id/end', 'caller-token', { response: successResponseSchema }),
  relaySettings: apiRoute('GET', '/api/calls/videoCall/:id/relaySettings', 'caller-token', {
    response: relaySettingsResponseSchema,
  }),
  publicAttachment: apiRoute('POST', '/api/calls/videoCall/:id/publicAttachment', 'caller-token', {
    response: attachmentUploadResponseSchema,
  }),
  attachment: apiRoute('GET', '/api/attachments/:id', 'caller-token', {
    response: attachmentUrlResponseSchema,
  }),
  attachmentFile: apiRoute('GET', '/api/attachments/:id/file', 'caller-token'),
  queue: apiRoute('GET', '/api/v1/operator/calls/queue', 'operator', { response: callQueueResponseSchema }),
  accept: apiRoute('POST', '/api/v1/operator/calls/:id/accept', 'operator', {
    response: acceptCallResponseSchema,
  }),
  createPrivateRoom: apiRoute('POST', '/api/v1/operator/calls/private', 'operator', {
    response: privateRoomResponseSchema,
  }),
  history: apiRoute('GET', '/api/v1/operator/calls/history', 'operator', {
    response: callHistoryResponseSchema,
  }),
  chat: apiRoute('GET', '/api/v1/operator/calls/:id/chat', 'operator'),
} as const;
