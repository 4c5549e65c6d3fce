import { z } from 'zod';
import { DEFAULT_RECORDING_TYPE } from '../constants';
import { attachmentSchema, queuedCallSchema, ROOM_NAME_PATTERN } from '../http/calls';
import { DATABASE_ID_MAX, databaseIdValueSchema } from '../http/ids';

/**
 * The call's realtime protocol (docs/realtime.md, "Calls"). Socket.IO events carry the spec's
 * names; signaling travels as `message` events whose `id` is one of the spec's message ids. Media
 * is peer to peer: the server relays signaling between the two participants of a room (the caller,
 * who placed the call, and the answerer, the operator who answers it), stamps every relayed message with the sender's participant id (`from`), and decides
 * who may join which room. Every payload is parsed with these schemas on arrival, on both sides.
 */

export const callSocketEvents = {
  /** client → server, with an ack: join a call's room (spec "Room join"). */
  join: 'join',
  /** both ways: signaling, `{ id, ... }` with the spec's message ids. */
  message: 'message',
  /** client → server, with an ack: end the call for everyone (Terminar Llamada). */
  leave: 'leave',
  /** client → server, with an ack: send a chat message (spec path chat/{room}). */
  chatSend: 'chat:send',
  /** server → room: a persisted chat message. */
  chatMessage: 'chat:message',
  /** server → caller: the waiting caller's place in the queue, live. */
  queuePosition: 'call:queue',
  /** server → room: the call ended, and why. */
  callEnded: 'call:ended',
  /** server → operators of the company: a call joined the queue (notifications/{company}/common/{call}). */
  queueAdded: 'queue:added',
  /** server → operators of the company: a call left the queue (accepted, abandoned, ended). */
  queueRemoved: 'queue:removed',
  /** server → operators who see the call: its offer changed (made, declined, expired, withdrawn). */
  queueUpdated: 'queue:updated',
  /** server → operators of the company: how many operators are online (connections/…). */
  presence: 'presence:changed',
  /** server → one socket: a refused message (rate limit, bad payload, not in the room). */
  signalError: 'signal:error',
  /**
   * Spec path roomAdmin/{room}: client → server with an ack, the call's operator plays a video of
   * the company's library to the caller (`videoPlay.videoID`) or stops it (null); server → room,
   * what is playing and since when (also to a participant that joins or rejoins).
   */
  roomAdmin: 'roomAdmin',
} as const;

/** A participant of a room as the others see it. */
export const participantSchema = z.object({
  /** `caller:<callId>` or `operator:<userId>`, set by the server, never taken from the client. */
  userID: z.string(),
  userName: z.string(),
  /**
   * The side of the call: `caller`, who placed it, or `answerer`, the staff member who answers it.
   * Not a staff role (`StaffRole`: a supervisor who answers a call is its answerer too), nor the
   * WebRTC answer (whoever joins second makes the offer).
   */
  side: z.enum(['caller', 'answerer']),
  userAvatar: z.string().nullable(),
});
export type Participant = z.infer<typeof participantSchema>;
/** The side of a call a participant is on: who placed it (`caller`) or who answers it (`answerer`). */
export type CallSide = Participant['side'];

const roomNameSchema = z.string().regex(ROOM_NAME_PATTERN);
/** The longest chat message, and the longest real-time text draft. */
export const CHAT_MESSAGE_MAX = 2_000;
/**
 * A media stream's id as WebRTC carries it in the SDP (`a=msid`): what tells the operator's shared
 * screen apart from its camera on the receiving side, whatever the order of the tracks.
 */
export const mediaStreamIdSchema = z.string().regex(/^[A-Za-z0-9{}_.-]{1,100}$/);
const sdpSchema = z.string().min(10).max(32_000);
const iceCandidateSchema = z.object({
  candidate: z.string().max(1_000),
  sdpMid: z.string().max(64).nullable().optional(),
  sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
  usernameFragment: z.string().max(256).nullable().optional(),
});
export type IceCandidatePayload = z.infer<typeof iceCandidateSchema>;

/** The DTMF alphabet a phone keypad sends (RTCDTMFSender also knows A–D and ',': never sent here). */
export const DTMF_DIGITS_PATTERN = /^[0-9*#]+$/;
/** Keys in one `dtmf` message: a person types one at a time; a paste is cut to this. */
export const DTMF_DIGITS_MAX = 16;
const dtmfDigitsSchema = z.string().min(1).max(DTMF_DIGITS_MAX).regex(DTMF_DIGITS_PATTERN);

/**
 * Room join (spec §3). The caller proves itself with the caller token of `POST /api/calls/videoCall`;
 * an operator with the session of its socket handshake. `isAdmin`/`isStreamer` claims are ignored:
 * the server derives the side. `lastChatId` asks for the chat messages missed while away.
 */
export const joinPayloadSchema = z.object({
  roomName: roomNameSchema,
  userName: z.string().trim().max(80).optional().default(''),
  userID: z.string().max(80).optional(),
  isAdmin: z.boolean().optional().default(false),
  userAvatar: z.string().max(500).nullable().optional(),
  isStreamer: z.boolean().optional().default(false),
  privateRoom: z.boolean().optional().default(false),
  videoCallID: databaseIdValueSchema,
  callToken: z.string().min(20).max(200).optional(),
  lastChatId: z.number().int().min(0).max(DATABASE_ID_MAX).optional().default(0),
});
export type JoinPayload = z.input<typeof joinPayloadSchema>;

export const callStatusSchema = z.enum(['waiting', 'active', 'ended', 'abandoned']);
export type CallStatus = z.infer<typeof callStatusSchema>;

/** The failure half of every ack of the call protocol: a code and a Spanish message a person can read. */
export type CallRefusal = { ok: false; error: string; message: string };

export type JoinAck = { ok: true; self: Participant; users: Participant[]; status: CallStatus } | CallRefusal;

/** What a client may send as `message` (spec §7 outgoing ids, plus the answers of a P2P call). */
export const clientMessageSchema = z.discriminatedUnion('id', [
  /** The offer of the participant that joined second (the operator on accept). */
  z.object({ id: z.literal('start'), roomName: roomNameSchema, sdpOffer: sdpSchema }),
  /** The answer to `start`. */
  z.object({ id: z.literal('startResponse'), roomName: roomNameSchema, sdpAnswer: sdpSchema }),
  /** An ICE candidate of the offering side. */
  z.object({ id: z.literal('onIceCandidate'), roomName: roomNameSchema, candidate: iceCandidateSchema }),
  /** A new offer on a live connection: renegotiation or ICE restart after a network change. */
  z.object({ id: z.literal('newRemoteOffer'), roomName: roomNameSchema, sdpOffer: sdpSchema }),
  /** The answer to `newRemoteOffer`. */
  z.object({ id: z.literal('remoteResponse'), roomName: roomNameSchema, sdpAnswer: sdpSchema }),
  /** An ICE candidate of the answering side. */
  z.object({
    id: z.literal('onIceCandidateRemote'),
    roomName: roomNameSchema,
    candidate: iceCandidateSchema,
  }),
  /** The sender's first remote video frame played. */
  z.object({ id: z.literal('onVideoReady'), roomName: roomNameSchema }),
  /** Operator only: the stream of this id, negotiated next, is its shared screen. */
  z.object({ id: z.literal('screenShareStarted'), roomName: roomNameSchema, streamId: mediaStreamIdSchema }),
  /** Operator only: the shared screen is gone (stopped from the console or the browser). */
  z.object({ id: z.literal('screenShareStopped'), roomName: roomNameSchema }),
  /**
   * Caller only: the operator's shared screen (`videoID` = its stream id) showed its first frame;
   * the operator receives it as `onStreamerVideoReady`.
   */
  z.object({ id: z.literal('onStreamerVideoReady'), roomName: roomNameSchema, videoID: mediaStreamIdSchema }),
  /**
   * Caller only, in a phone call: keys pressed on the keypad. They also travel as DTMF tones on the
   * audio, but a browser cannot decode those, so the operator's console shows these.
   */
  z.object({ id: z.literal('dtmf'), roomName: roomNameSchema, digits: dtmfDigitsSchema }),
  /**
   * Operator only: start recording the call (decision 017). The server opens the recording and
   * tells the whole room, the sender included, so the console starts its recorder only once the
   * citizen has been told.
   */
  z.object({
    id: z.literal('startRecording'),
    roomName: roomNameSchema,
    recordingType: z.number().int().min(1).max(9).optional().default(DEFAULT_RECORDING_TYPE),
    videoCallID: databaseIdValueSchema,
  }),
  /** Operator only, once its last chunk is uploaded: the server finalises the file and tells the room. */
  z.object({
    id: z.literal('stopRecording'),
    roomName: roomNameSchema,
    videoCallID: databaseIdValueSchema,
  }),
  /**
   * Caller only: real-time text (decision 060), the chat draft as it stands after each keystroke,
   * so the operator reads it as it is typed. Not stored; '' when the draft was sent or cleared, or
   * the citizen turned it off.
   */
  z.object({ id: z.literal('typing'), roomName: roomNameSchema, text: z.string().max(CHAT_MESSAGE_MAX) }),
]);
export type ClientMessage = z.input<typeof clientMessageSchema>;
/** A client message as the server holds it once parsed (defaults applied). */
export type ParsedClientMessage = z.infer<typeof clientMessageSchema>;
export type ClientMessageId = ClientMessage['id'];

/** Messages only one side may send; from the other the server answers `signal:error` `not_allowed`. */
export const messageSenderSide = {
  screenShareStarted: 'answerer',
  screenShareStopped: 'answerer',
  onStreamerVideoReady: 'caller',
  dtmf: 'caller',
  startRecording: 'answerer',
  stopRecording: 'answerer',
  typing: 'caller',
} as const satisfies Partial<Record<ClientMessageId, CallSide>>;

/** How the server relays each client message to the other participant (the id it arrives with). */
export const relayedMessageId = {
  start: 'start',
  startResponse: 'startResponse',
  onIceCandidate: 'iceCandidate',
  newRemoteOffer: 'newRemoteOffer',
  remoteResponse: 'remoteResponse',
  onIceCandidateRemote: 'remoteIceCandidate',
  onVideoReady: 'onUserVideoReady',
  screenShareStarted: 'screenShareStarted',
  screenShareStopped: 'screenShareStopped',
  onStreamerVideoReady: 'onStreamerVideoReady',
  dtmf: 'dtmf',
  startRecording: 'startRecording',
  stopRecording: 'stopRecording',
  typing: 'typing',
} as const satisfies Record<ClientMessageId, string>;

const from = z.string();
/** What a client receives as `message` (spec §7 incoming ids). */
export const serverMessageSchema = z.discriminatedUnion('id', [
  z.object({ id: z.literal('usersInRoom'), roomName: roomNameSchema, users: z.array(participantSchema) }),
  z.object({ id: z.literal('newUserInRoom'), roomName: roomNameSchema, user: participantSchema }),
  z.object({ id: z.literal('userLeaveRoom'), roomName: roomNameSchema, user: participantSchema }),
  z.object({ id: z.literal('start'), roomName: roomNameSchema, from, sdpOffer: sdpSchema }),
  z.object({ id: z.literal('startResponse'), roomName: roomNameSchema, from, sdpAnswer: sdpSchema }),
  z.object({ id: z.literal('iceCandidate'), roomName: roomNameSchema, from, candidate: iceCandidateSchema }),
  z.object({ id: z.literal('newRemoteOffer'), roomName: roomNameSchema, from, sdpOffer: sdpSchema }),
  z.object({ id: z.literal('remoteResponse'), roomName: roomNameSchema, from, sdpAnswer: sdpSchema }),
  z.object({
    id: z.literal('remoteIceCandidate'),
    roomName: roomNameSchema,
    from,
    candidate: iceCandidateSchema,
  }),
  /** Sent to a participant whose own camera reached the peer (the peer reported its first frame). */
  z.object({ id: z.literal('onVideoReady'), roomName: roomNameSchema }),
  z.object({ id: z.literal('onUserVideoReady'), roomName: roomNameSchema, from }),
  /** To the operator: the caller sees its shared screen (`videoID` = the screen's stream id). */
  z.object({ id: z.literal('onStreamerVideoReady'), roomName: roomNameSchema, from, videoID: z.string() }),
  z.object({
    id: z.literal('screenShareStarted'),
    roomName: roomNameSchema,
    from,
    streamId: mediaStreamIdSchema,
  }),
  z.object({ id: z.literal('screenShareStopped'), roomName: roomNameSchema, from }),
  /** To the operator of a phone call: keys the caller pressed. */
  z.object({ id: z.literal('dtmf'), roomName: roomNameSchema, from, digits: dtmfDigitsSchema }),
  /** To both sides (and to a caller that rejoins while it lasts): the call is being recorded. */
  z.object({
    id: z.literal('startRecording'),
    roomName: roomNameSchema,
    from,
    recordingType: z.number().int(),
    videoCallID: z.number().int(),
    /** The recording the console uploads its chunks to. */
    recordingId: z.number().int().optional(),
  }),
  z.object({ id: z.literal('stopRecording'), roomName: roomNameSchema, from, videoCallID: z.number().int() }),
  /** To the operator: what the citizen is typing now (real-time text). */
  z.object({
    id: z.literal('typing'),
    roomName: roomNameSchema,
    from,
    text: z.string().max(CHAT_MESSAGE_MAX),
  }),
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;

/** Chat (spec §3 "Chat message", path chat/{room}): `user` 1 is the caller, 2 the operator. */
export const chatSendSchema = z
  .object({
    roomName: roomNameSchema,
    /** Chosen by the sender; a message re-sent after a reconnect is stored once. */
    clientId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
    message: z.string().trim().max(CHAT_MESSAGE_MAX).optional().default(''),
    attachmentId: databaseIdValueSchema.optional(),
    /** Operator only: a quick question the citizen answers with Sí / No (decision 060). */
    quickQuestion: z.boolean().optional(),
    /** Caller only: this message («Sí» or «No») answers the quick question of this id. */
    answerTo: databaseIdValueSchema.optional(),
  })
  .refine((value) => value.message.length > 0 || value.attachmentId !== undefined, {
    message: 'empty',
    path: ['message'],
  });
export type ChatSend = z.input<typeof chatSendSchema>;

export const chatMessageSchema = z.object({
  id: z.number().int(),
  roomName: z.string(),
  clientId: z.string(),
  user: z.union([z.literal(1), z.literal(2)]),
  userName: z.string(),
  message: z.string(),
  isFile: z.boolean(),
  fileData: attachmentSchema.nullable(),
  /** ISO 8601; shown as HH:mm in the viewer's time zone. */
  createdAt: z.string(),
  /** A quick question of the operator: the citizen's page shows Sí / No under it. */
  quickQuestion: z.boolean().optional(),
  /** The quick question this message answers, if it is an answer. */
  answerTo: z.number().int().nullable().optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export type ChatSendAck = { ok: true; message: ChatMessage } | CallRefusal;

export const queuePositionSchema = z.object({
  roomName: z.string(),
  /** 1 = next to be answered. */
  position: z.number().int().min(1),
  eta_seconds: z.number().int().min(0),
  operators_online: z.number().int().min(0),
});
export type QueuePosition = z.infer<typeof queuePositionSchema>;

export const callEndedSchema = z.object({
  roomName: z.string(),
  /**
   * `no_media`: both were in the room but their media never connected (decision 037);
   * `quick_exit`: the citizen left with Salida rápida (decision 060).
   */
  reason: z.enum([
    'hangup',
    'caller_left',
    'operator_left',
    'abandoned',
    'timeout',
    'no_media',
    'quick_exit',
  ]),
});
export type CallEnded = z.infer<typeof callEndedSchema>;

/**
 * `reason: 'no_media'`: this side gave up because the media never connected within
 * MEDIA_CONNECT_TIMEOUT_MS (decision 037); the call ends as failed to connect, not as answered.
 */
export const leavePayloadSchema = z.object({
  roomName: roomNameSchema,
  reason: z.literal('no_media').optional(),
});
export type LeavePayload = z.input<typeof leavePayloadSchema>;
export type LeaveAck = { ok: true } | CallRefusal;

export const queueAddedSchema = queuedCallSchema;
export type QueueAdded = z.infer<typeof queueAddedSchema>;
export const queueRemovedSchema = z.object({
  id: z.number().int(),
  reason: z.enum(['accepted', 'abandoned', 'ended']),
});
export type QueueRemoved = z.infer<typeof queueRemovedSchema>;
export const presenceSchema = z.object({ operators_online: z.number().int().min(0) });
export type Presence = z.infer<typeof presenceSchema>;

export const signalErrorSchema = z.object({
  error: z.enum(['rate_limited', 'invalid_payload', 'not_in_room', 'not_allowed']),
  message: z.string(),
});
export type SignalError = z.infer<typeof signalErrorSchema>;

/** `roomAdmin` from the operator: play a video of the company's library (an id) or stop (null). */
export const roomAdminPayloadSchema = z.object({
  roomName: roomNameSchema,
  videoPlay: z.object({ videoID: databaseIdValueSchema.nullable() }),
});
export type RoomAdminPayload = z.input<typeof roomAdminPayloadSchema>;

/** What is playing in the room: the video, its signed short-lived URLs, and since when. */
export const videoPlaySchema = z.object({
  videoID: z.number().int(),
  title: z.string(),
  /** Signed, short-lived media URLs (the video, and its WebVTT captions when it has them). */
  url: z.string(),
  captionsUrl: z.string().nullable(),
  /** ISO 8601, server time: when it started playing. */
  startedAt: z.string(),
  /** ISO 8601, server time when this was sent: `serverNow - startedAt` is where it is now. */
  serverNow: z.string(),
});
export type VideoPlay = z.infer<typeof videoPlaySchema>;

export const roomAdminEventSchema = z.object({ roomName: z.string(), videoPlay: videoPlaySchema.nullable() });
export type RoomAdminEvent = z.infer<typeof roomAdminEventSchema>;

export type RoomAdminAck = { ok: true } | CallRefusal;

/** Server limits, stated once. */
export const SIGNALING_LIMITS = {
  /** Messages (signaling + chat) one socket may send: a bucket of this size... */
  burst: 120,
  /** ...refilled at this many per second. */
  perSecond: 40,
  /** A socket that keeps flooding past this many refused messages is disconnected. */
  disconnectAfterRefused: 400,
  /** A participant whose socket dropped keeps its place this long before it counts as gone. */
  reconnectGraceMs: 20_000,
  /** `dtmf` messages of one socket: a bucket of this size, refilled at `dtmfPerSecond`. */
  dtmfBurst: 20,
  dtmfPerSecond: 4,
} as const;
