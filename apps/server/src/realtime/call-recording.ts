import { callTexts, errorMessages } from '@seguridad/contracts/messages';
import {
  callSocketEvents,
  clientMessageSchema,
  type ServerMessage,
} from '@seguridad/contracts/realtime/call';
import { callRoom, operatorParticipantId } from '../modules/calls/call-access';
import { callById } from '../modules/calls/call-queries';
import { openRecordingOf } from '../modules/recordings/recording-queries';
import { finaliseCallRecordings, startCallRecording } from '../modules/recordings/recording-service';
import { isInRoom, signalError, type AppSocket, type CallMembership } from './call-socket';
import type { Deps } from '../lib/dependencies';

/** True for the signaling messages this module handles instead of the plain relay. */
export function isRecordingMessage(payload: unknown): boolean {
  const id = (payload as { id?: unknown } | null)?.id;
  return id === 'startRecording' || id === 'stopRecording';
}

/**
 * `startRecording` / `stopRecording` (spec §7, decision 017): only the operator of an active call.
 * Start opens a recording and tells the whole room, the sender included: the citizen's notice and
 * indicator, and the console's go with the recording's id for its chunks. Stop (sent once the
 * console uploaded its last chunk) finalises the file and tells the room.
 */
export async function handleRecordingMessage(
  app: Deps<'database' | 'io' | 'log' | 'storage'>,
  socket: AppSocket,
  payload: unknown,
): Promise<void> {
  const parsed = clientMessageSchema.safeParse(payload);
  if (!parsed.success) return signalError(socket, 'invalid_payload', errorMessages.badRequest);
  const message = parsed.data;
  const membership = socket.data.call;
  if (!membership || !isInRoom(socket, message.roomName)) {
    return signalError(socket, 'not_in_room', callTexts.notInCall);
  }
  const user = socket.data.user;
  // A silent call has no media to record (decision 060).
  if (membership.side !== 'answerer' || !user || membership.kind === 'text')
    return signalError(socket, 'not_allowed', errorMessages.forbidden);
  const call = await callById(app.database.db, membership.callId);
  if (!call || call.status !== 'active' || call.operatorId !== user.id) {
    return signalError(socket, 'not_allowed', errorMessages.forbidden);
  }
  const room = callRoom(call.room);
  const from = membership.participantId;
  if (message.id === 'startRecording') {
    const recording = await startCallRecording(app, call, user.id);
    const started: ServerMessage = {
      id: 'startRecording',
      roomName: call.room,
      from,
      recordingType: message.recordingType,
      videoCallID: call.id,
      recordingId: recording.id,
    };
    app.io.to(room).emit(callSocketEvents.message, started);
    return;
  }
  if (message.id === 'stopRecording') {
    await finaliseCallRecordings(app, call.id);
    const stopped: ServerMessage = { id: 'stopRecording', roomName: call.room, from, videoCallID: call.id };
    app.io.to(room).emit(callSocketEvents.message, stopped);
  }
}

/** To a participant that (re-)joined: the call is being recorded, if it is. */
export async function sendCurrentRecording(
  app: Deps<'database'>,
  socket: AppSocket,
  membership: CallMembership,
): Promise<void> {
  const recording = await openRecordingOf(app.database.db, membership.callId);
  if (!recording || !isInRoom(socket, membership.room)) return;
  const started: ServerMessage = {
    id: 'startRecording',
    roomName: membership.room,
    from:
      recording.operatorId === null ? membership.participantId : operatorParticipantId(recording.operatorId),
    recordingType: 1,
    videoCallID: membership.callId,
    recordingId: recording.id,
  };
  socket.emit(callSocketEvents.message, started);
}
