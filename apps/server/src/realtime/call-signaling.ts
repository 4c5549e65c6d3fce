import { callTexts, errorMessages } from '@seguridad/contracts/messages';
import {
  callSocketEvents,
  clientMessageSchema,
  joinPayloadSchema,
  leavePayloadSchema,
  messageSenderSide,
  relayedMessageId,
  SIGNALING_LIMITS,
  type JoinAck,
  type LeaveAck,
  type ParsedClientMessage,
  type Participant,
  type ServerMessage,
} from '@seguridad/contracts/realtime/call';
import { callParticipant, callRoom, endCallWithoutMedia, endOpenCall } from '../modules/calls/call-access';
import {
  ackOf,
  isInRoom,
  joinedMembers,
  participantOf,
  refusal,
  signalError,
  socketUser,
  type AppSocket,
  type CallMembership,
} from './call-socket';
import { replayChat } from './call-chat';
import { queuePositions } from './call-queue';
import { sendCurrentVideoPlay } from './call-video-play';
import { createTokenBucket } from './socket-rate-limit';
import { sendCurrentRecording } from './call-recording';
import type { Deps } from '../lib/dependencies';

/** What the socket handlers of a call need besides the socket. */
export type CallHandlerContext = {
  app: Deps<'config' | 'database' | 'io' | 'roomSize'>;
  /** Starts the reconnect grace of a participant whose socket left the room without hanging up. */
  participantAway(membership: CallMembership): void;
  /** The participant is in the room again on this process. */
  participantBack(membership: CallMembership): void;
};

/** How an anonymous caller is called when it gave no name. */
export const DEFAULT_CALLER_NAME = 'Ciudadano';

/** The caller's chosen name as plain text: no control characters, never empty. */
export function callerDisplayName(userName: string): string {
  return userName.replace(/[\p{Cc}\p{Cf}]/gu, '').trim() || DEFAULT_CALLER_NAME;
}

/**
 * `join` (ack JoinAck). The caller proves itself with its caller token; an operator with the
 * session of its handshake, and only once the call is active (accepted). One socket per side: a
 * newer socket of the same participant (a reconnect, another tab) takes the place of the older one,
 * which leaves the room quietly without ending anything.
 */
export async function handleJoin(
  context: CallHandlerContext,
  socket: AppSocket,
  payload: unknown,
  rawAck: unknown,
): Promise<void> {
  const { app } = context;
  const ack = ackOf<JoinAck>(rawAck);
  const parsed = joinPayloadSchema.safeParse(payload);
  if (!parsed.success) return ack(refusal('invalid_payload', errorMessages.badRequest));
  const { roomName, videoCallID, callToken, lastChatId } = parsed.data;

  const participant = await callParticipant(app, videoCallID, {
    ...(callToken ? { callerToken: callToken } : {}),
    ...(socket.data.user ? { operatorUserId: socket.data.user.id } : {}),
  });
  if (!participant || participant.call.room !== roomName) {
    return ack(refusal('call_not_found', callTexts.callNotFound));
  }
  const { call } = participant;
  if (call.status !== 'waiting' && call.status !== 'active') {
    return ack(refusal('call_not_found', callTexts.callNotFound));
  }
  // An operator enters through the accept route, which makes the call active, and only the one
  // who accepted it (or created its private room) enters: anyone else joining first would take
  // the caller and the chat history.
  if (
    participant.side === 'answerer' &&
    (call.status !== 'active' || call.operatorId !== participant.userId)
  ) {
    return ack(refusal('not_in_call', callTexts.notInCall));
  }

  const room = callRoom(roomName);
  const members = joinedMembers(await app.io.in(room).fetchSockets(), roomName).filter(
    (member) => member.id !== socket.id,
  );
  const anotherOperator = members.some(
    (member) =>
      member.data.call.side === 'answerer' && member.data.call.participantId !== participant.participantId,
  );
  if (participant.side === 'answerer' && anotherOperator) {
    return ack(refusal('call_taken', callTexts.callTaken));
  }

  // It hung up while we were looking: joining now would leave a dead entry in the room.
  if (socket.disconnected) return;
  const previous = socket.data.call;
  if (previous && previous.room !== roomName && socket.rooms.has(callRoom(previous.room))) {
    await socket.leave(callRoom(previous.room));
    context.participantAway(previous);
  }
  const replaced = members.filter((member) => member.data.call.participantId === participant.participantId);
  await Promise.all(replaced.map((stale) => stale.leave(room)));

  const membership: CallMembership = {
    side: participant.side,
    participantId: participant.participantId,
    callId: call.id,
    companyId: call.companyId,
    room: roomName,
    isPrivate: call.isPrivate,
    kind: call.kind,
    userName:
      participant.side === 'caller' ? callerDisplayName(parsed.data.userName) : socketUser(socket).name,
  };
  socket.data.call = membership;
  await socket.join(room);
  context.participantBack(membership);

  const self = participantOf(membership);
  const users: Participant[] = [
    ...members
      .filter((member) => !replaced.includes(member))
      .map((member) => participantOf(member.data.call)),
    self,
  ];
  ack({ ok: true, self, users, status: call.status });
  socket.emit(callSocketEvents.message, { id: 'usersInRoom', roomName, users });
  socket.to(room).emit(callSocketEvents.message, { id: 'newUserInRoom', roomName, user: self });

  await replayChat(app, socket, membership, lastChatId);
  await sendCurrentVideoPlay(app, socket, membership);
  await sendCurrentRecording(app, socket, membership);
  if (membership.side === 'caller' && call.status === 'waiting' && !call.isPrivate) {
    const position = (await queuePositions(app, call.companyId)).find((entry) => entry.roomName === roomName);
    if (position && isInRoom(socket, roomName)) socket.emit(callSocketEvents.queuePosition, position);
  }
}

/**
 * Keypad digits get a bucket of their own, far smaller than the socket's: a person presses a few
 * keys a second, and each one lands on the operator's screen.
 */
const dtmfBuckets = new WeakMap<AppSocket, ReturnType<typeof createTokenBucket>>();

function takeDtmfToken(socket: AppSocket): boolean {
  let bucket = dtmfBuckets.get(socket);
  if (!bucket) {
    bucket = createTokenBucket({
      burst: SIGNALING_LIMITS.dtmfBurst,
      perSecond: SIGNALING_LIMITS.dtmfPerSecond,
    });
    dtmfBuckets.set(socket, bucket);
  }
  return bucket.take();
}

/**
 * `message`: relays signaling to the other participant of the room under the id it arrives with
 * (relayedMessageId), stamped with the sender's participant id. Whatever `from` or `videoCallID`
 * the client wrote is replaced by what the server knows.
 */
export function relayMessage(socket: AppSocket, payload: unknown): void {
  const parsed = clientMessageSchema.safeParse(payload);
  if (!parsed.success) return signalError(socket, 'invalid_payload', errorMessages.badRequest);
  const message = parsed.data;
  const membership = socket.data.call;
  if (!membership || !isInRoom(socket, message.roomName)) {
    return signalError(socket, 'not_in_room', callTexts.notInCall);
  }
  // The screen is the operator's to share; only the caller reports seeing it.
  const allowedSide = (messageSenderSide as Partial<Record<string, string>>)[message.id];
  if (allowedSide && allowedSide !== membership.side) {
    return signalError(socket, 'not_allowed', errorMessages.forbidden);
  }
  if (message.id === 'dtmf') {
    // Keypad digits belong to phone calls only.
    if (membership.kind !== 'phone') return signalError(socket, 'not_allowed', errorMessages.forbidden);
    if (!takeDtmfToken(socket)) return signalError(socket, 'rate_limited', errorMessages.tooManyRequests);
  }
  socket
    .to(callRoom(message.roomName))
    .emit(callSocketEvents.message, relayedMessage(message, membership.participantId, membership.callId));
  if (message.id === 'onVideoReady') {
    socket.emit(callSocketEvents.message, { id: 'onVideoReady', roomName: message.roomName });
  }
}

/**
 * A client message as the other participant receives it: under the id of relayedMessageId, with
 * `from` = the sender's participant id and, for recording messages, the call's own `videoCallID`.
 * One case per id, so that each relayed message is checked against its server message.
 */
export function relayedMessage(message: ParsedClientMessage, from: string, callId: number): ServerMessage {
  switch (message.id) {
    case 'start':
      return { ...message, id: relayedMessageId[message.id], from };
    case 'startResponse':
      return { ...message, id: relayedMessageId[message.id], from };
    case 'onIceCandidate':
      return { ...message, id: relayedMessageId[message.id], from };
    case 'newRemoteOffer':
      return { ...message, id: relayedMessageId[message.id], from };
    case 'remoteResponse':
      return { ...message, id: relayedMessageId[message.id], from };
    case 'onIceCandidateRemote':
      return { ...message, id: relayedMessageId[message.id], from };
    case 'onVideoReady':
      return { ...message, id: relayedMessageId[message.id], from };
    case 'screenShareStarted':
      return { ...message, id: relayedMessageId[message.id], from };
    case 'screenShareStopped':
      return { ...message, id: relayedMessageId[message.id], from };
    case 'onStreamerVideoReady':
      return { ...message, id: relayedMessageId[message.id], from };
    case 'dtmf':
      return { ...message, id: relayedMessageId[message.id], from };
    case 'startRecording':
      return { ...message, id: relayedMessageId[message.id], from, videoCallID: callId };
    case 'stopRecording':
      return { ...message, id: relayedMessageId[message.id], from, videoCallID: callId };
    case 'typing':
      return { ...message, id: relayedMessageId[message.id], from };
  }
}

/**
 * `leave` (Terminar Llamada): ends the call for everyone; a waiting call is abandoned. With
 * `reason: 'no_media'` (the media never connected, decision 037) an active call ends as `no_media`.
 */
export async function handleLeave(
  app: Deps<'callRealtime' | 'database'>,
  socket: AppSocket,
  payload: unknown,
  rawAck: unknown,
): Promise<void> {
  const ack = ackOf<LeaveAck>(rawAck);
  const parsed = leavePayloadSchema.safeParse(payload);
  if (!parsed.success) return ack(refusal('invalid_payload', errorMessages.badRequest));
  const membership = socket.data.call;
  if (!membership || !isInRoom(socket, parsed.data.roomName)) {
    return ack(refusal('not_in_room', callTexts.notInCall));
  }
  const ended =
    parsed.data.reason === 'no_media'
      ? await endCallWithoutMedia(app, membership.callId)
      : await endOpenCall(app, membership.callId);
  if (ended) await app.callRealtime.callEnded(ended.call, ended.reason);
  ack({ ok: true });
}
