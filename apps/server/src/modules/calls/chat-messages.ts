import { and, asc, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ChatMessage } from '@seguridad/contracts/realtime/call';
import { callAttachments, callChatMessages } from '../../db/schema';

type ChatRow = typeof callChatMessages.$inferSelect;
type AttachmentRow = typeof callAttachments.$inferSelect;

/** A stored chat message as both participants receive it (user 1 is the caller, 2 the operator). */
export function toChatMessage(row: ChatRow, room: string, attachment: AttachmentRow | null): ChatMessage {
  return {
    id: row.id,
    roomName: room,
    clientId: row.clientId,
    user: row.sender === 'caller' ? 1 : 2,
    userName: row.senderName,
    message: row.message,
    isFile: attachment !== null,
    fileData: attachment
      ? { id: attachment.id, name: attachment.name, mime: attachment.mime, size: attachment.bytes }
      : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The call's messages after `afterId`, in the order they were sent. */
export async function chatMessagesAfter(
  app: FastifyInstance,
  callId: number,
  room: string,
  afterId: number,
): Promise<ChatMessage[]> {
  const rows = await app.database.db
    .select({ message: callChatMessages, attachment: callAttachments })
    .from(callChatMessages)
    .leftJoin(callAttachments, eq(callAttachments.id, callChatMessages.attachmentId))
    .where(and(eq(callChatMessages.callId, callId), gt(callChatMessages.id, afterId)))
    .orderBy(asc(callChatMessages.id));
  return rows.map((row) => toChatMessage(row.message, room, row.attachment));
}
