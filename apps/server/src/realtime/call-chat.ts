import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { callTexts, errorMessages } from '@seguridad/contracts/messages';
import { callSocketEvents, chatSendSchema, type ChatSendAck } from '@seguridad/contracts/realtime/call';
import { callAttachments, callChatMessages, videoCalls } from '../db/schema';
import { callRoom } from '../modules/calls/call-access';
import { chatMessagesAfter, toChatMessage } from '../modules/calls/chat-messages';
import { ackOf, refusal, type AppSocket, type CallMembership } from './call-socket';

/** Sends a (re)joined socket what it missed, once, in order, to that socket only. */
export async function replayChat(
  app: FastifyInstance,
  socket: AppSocket,
  membership: CallMembership,
  lastChatId: number,
): Promise<void> {
  const missed = await chatMessagesAfter(app, membership.callId, membership.room, lastChatId);
  for (const message of missed) socket.emit(callSocketEvents.chatMessage, message);
}

/**
 * `chat:send`: stores the message once per (call, sender, clientId) and sends it to the room,
 * sender included. A re-send of a stored message (after a reconnect) gets the stored message back
 * in its ack and is not broadcast again. Text is kept as typed: clients render it as text.
 */
export async function handleChatSend(
  app: FastifyInstance,
  socket: AppSocket,
  payload: unknown,
  rawAck: unknown,
): Promise<void> {
  const ack = ackOf<ChatSendAck>(rawAck);
  const parsed = chatSendSchema.safeParse(payload);
  if (!parsed.success) return ack(refusal('invalid_payload', errorMessages.badRequest));
  const { roomName, clientId, message, attachmentId } = parsed.data;
  const membership = socket.data.call;
  if (!membership || membership.room !== roomName || !socket.rooms.has(callRoom(roomName))) {
    return ack(refusal('not_in_room', callTexts.notInCall));
  }

  const db = app.database.db;
  const [call] = await db
    .select({ id: videoCalls.id })
    .from(videoCalls)
    .where(and(eq(videoCalls.id, membership.callId), inArray(videoCalls.status, ['waiting', 'active'])))
    .limit(1);
  if (!call) return ack(refusal('call_ended', callTexts.callNotFound));

  let attachment: typeof callAttachments.$inferSelect | null = null;
  if (attachmentId !== undefined) {
    const sameCall = await db
      .select()
      .from(callAttachments)
      .where(and(eq(callAttachments.id, attachmentId), eq(callAttachments.callId, membership.callId)))
      .limit(1);
    attachment = sameCall[0] ?? null;
    if (!attachment) return ack(refusal('attachment_not_found', errorMessages.notFound));
  }

  const [inserted] = await db
    .insert(callChatMessages)
    .values({
      callId: membership.callId,
      clientId,
      sender: membership.role,
      senderUserId: socket.data.user && membership.role === 'operator' ? socket.data.user.id : null,
      senderName: membership.userName,
      message,
      attachmentId: attachment?.id ?? null,
    })
    .onConflictDoNothing({
      target: [callChatMessages.callId, callChatMessages.sender, callChatMessages.clientId],
    })
    .returning();
  if (inserted) {
    const stored = toChatMessage(inserted, roomName, attachment);
    app.io.to(callRoom(roomName)).emit(callSocketEvents.chatMessage, stored);
    return ack({ ok: true, message: stored });
  }

  const [existing] = await db
    .select({ message: callChatMessages, attachment: callAttachments })
    .from(callChatMessages)
    .leftJoin(callAttachments, eq(callAttachments.id, callChatMessages.attachmentId))
    .where(
      and(
        eq(callChatMessages.callId, membership.callId),
        eq(callChatMessages.sender, membership.role),
        eq(callChatMessages.clientId, clientId),
      ),
    )
    .limit(1);
  if (!existing) return ack(refusal('server_error', errorMessages.generic));
  ack({ ok: true, message: toChatMessage(existing.message, roomName, existing.attachment) });
}
