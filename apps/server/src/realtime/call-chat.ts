import { callTexts, errorMessages } from '@seguridad/contracts/messages';
import { silentCallTexts } from '@seguridad/contracts/messages/silent-call';
import { callSocketEvents, chatSendSchema, type ChatSendAck } from '@seguridad/contracts/realtime/call';
import { callRoom, storedSenderOf } from '../modules/calls/call-access';
import {
  attachmentOfCall,
  chatMessagesAfter,
  answerableQuestion,
  isCallOpen,
  storeChatMessage,
  toChatMessage,
  type AttachmentRow,
} from '../modules/calls/chat-queries';
import { ackOf, refusal, type AppSocket, type CallMembership } from './call-socket';
import type { Deps } from '../lib/dependencies';

/** The answers a quick question takes. */
const QUICK_ANSWERS: readonly string[] = [silentCallTexts.yes, silentCallTexts.no];

/** Sends a (re)joined socket what it missed, once, in order, to that socket only. */
export async function replayChat(
  app: Deps<'database'>,
  socket: AppSocket,
  membership: CallMembership,
  lastChatId: number,
): Promise<void> {
  const missed = await chatMessagesAfter(app.database.db, membership.callId, membership.room, lastChatId);
  for (const message of missed) socket.emit(callSocketEvents.chatMessage, message);
}

/**
 * `chat:send`: stores the message once per (call, sender, clientId) and sends it to the room,
 * sender included. A re-send of a stored message (after a reconnect) gets the stored message back
 * in its ack and is not broadcast again. Text is kept as typed: clients render it as text.
 */
export async function handleChatSend(
  app: Deps<'database' | 'io'>,
  socket: AppSocket,
  payload: unknown,
  rawAck: unknown,
): Promise<void> {
  const ack = ackOf<ChatSendAck>(rawAck);
  const parsed = chatSendSchema.safeParse(payload);
  if (!parsed.success) return ack(refusal('invalid_payload', errorMessages.badRequest));
  const { roomName, clientId, message, attachmentId, quickQuestion, answerTo } = parsed.data;
  const membership = socket.data.call;
  if (!membership || membership.room !== roomName || !socket.rooms.has(callRoom(roomName))) {
    return ack(refusal('not_in_room', callTexts.notInCall));
  }

  const db = app.database.db;
  if (!(await isCallOpen(db, membership.callId))) return ack(refusal('call_ended', callTexts.callNotFound));

  // Quick questions are the operator's; their answers the citizen's, Sí or No, one per question.
  if (quickQuestion && (membership.side !== 'answerer' || attachmentId !== undefined)) {
    return ack(refusal('not_allowed', errorMessages.forbidden));
  }
  if (answerTo !== undefined) {
    if (membership.side !== 'caller' || !QUICK_ANSWERS.includes(message) || attachmentId !== undefined) {
      return ack(refusal('not_allowed', errorMessages.forbidden));
    }
    const question = await answerableQuestion(db, membership.callId, answerTo);
    if (question === 'unknown') return ack(refusal('not_found', errorMessages.notFound));
    if (question === 'taken') return ack(refusal('already_answered', silentCallTexts.alreadyAnswered));
  }

  let attachment: AttachmentRow | null = null;
  if (attachmentId !== undefined) {
    attachment = (await attachmentOfCall(db, attachmentId, membership.callId)) ?? null;
    if (!attachment) return ack(refusal('attachment_not_found', errorMessages.notFound));
  }

  const stored = await storeChatMessage(
    db,
    {
      callId: membership.callId,
      clientId,
      sender: storedSenderOf(membership.side),
      senderUserId: socket.data.user && membership.side === 'answerer' ? socket.data.user.id : null,
      senderName: membership.userName,
      message,
      quickQuestion: quickQuestion === true,
      answerTo: answerTo ?? null,
    },
    attachment,
  );
  if (!stored) return ack(refusal('server_error', errorMessages.generic));
  const sent = toChatMessage(stored.row, roomName, stored.attachment);
  if (stored.created) app.io.to(callRoom(roomName)).emit(callSocketEvents.chatMessage, sent);
  ack({ ok: true, message: sent });
}
