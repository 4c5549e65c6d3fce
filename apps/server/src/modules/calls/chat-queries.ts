import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { ChatMessage } from '@seguridad/contracts/realtime/call';
import type { Database } from '../../db/client';
import { callAttachments, callChatMessages, videoCalls } from '../../db/schema';

type ChatRow = typeof callChatMessages.$inferSelect;
export type AttachmentRow = typeof callAttachments.$inferSelect;

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
    ...(row.quickQuestion ? { quickQuestion: true } : {}),
    ...(row.answerTo === null ? {} : { answerTo: row.answerTo }),
  };
}

/**
 * Whether the citizen may answer the message of this id: a quick question of this call's operator
 * that has no answer yet (decision 060). 'taken' when it was answered already.
 */
export async function answerableQuestion(
  db: Database,
  callId: number,
  questionId: number,
): Promise<'open' | 'taken' | 'unknown'> {
  const [question] = await db
    .select({ id: callChatMessages.id })
    .from(callChatMessages)
    .where(
      and(
        eq(callChatMessages.id, questionId),
        eq(callChatMessages.callId, callId),
        eq(callChatMessages.quickQuestion, true),
      ),
    )
    .limit(1);
  if (!question) return 'unknown';
  const [answer] = await db
    .select({ id: callChatMessages.id })
    .from(callChatMessages)
    .where(and(eq(callChatMessages.callId, callId), eq(callChatMessages.answerTo, questionId)))
    .limit(1);
  return answer ? 'taken' : 'open';
}

/** The call's messages after `afterId`, in the order they were sent. */
export async function chatMessagesAfter(
  db: Database,
  callId: number,
  room: string,
  afterId: number,
): Promise<ChatMessage[]> {
  const rows = await db
    .select({ message: callChatMessages, attachment: callAttachments })
    .from(callChatMessages)
    .leftJoin(callAttachments, eq(callAttachments.id, callChatMessages.attachmentId))
    .where(and(eq(callChatMessages.callId, callId), gt(callChatMessages.id, afterId)))
    .orderBy(asc(callChatMessages.id));
  return rows.map((row) => toChatMessage(row.message, room, row.attachment));
}

/** True while the call is waiting or active: only then does its chat take messages. */
export async function isCallOpen(db: Database, callId: number): Promise<boolean> {
  const [call] = await db
    .select({ id: videoCalls.id })
    .from(videoCalls)
    .where(and(eq(videoCalls.id, callId), inArray(videoCalls.status, ['waiting', 'active'])))
    .limit(1);
  return Boolean(call);
}

/** An attachment uploaded to this call; undefined for another call's or an unknown id. */
export async function attachmentOfCall(
  db: Database,
  attachmentId: number,
  callId: number,
): Promise<AttachmentRow | undefined> {
  const [attachment] = await db
    .select()
    .from(callAttachments)
    .where(and(eq(callAttachments.id, attachmentId), eq(callAttachments.callId, callId)))
    .limit(1);
  return attachment;
}

type NewChatMessage = Pick<
  typeof callChatMessages.$inferInsert,
  'callId' | 'clientId' | 'sender' | 'senderUserId' | 'senderName' | 'message' | 'quickQuestion' | 'answerTo'
>;

/**
 * Stores a message once per (call, sender, clientId). `created` is false when a re-send found the
 * message already stored; the stored one is returned either way.
 */
export async function storeChatMessage(
  db: Database,
  message: NewChatMessage & { sender: 'caller' | 'operator' },
  attachment: AttachmentRow | null,
): Promise<{ created: boolean; row: ChatRow; attachment: AttachmentRow | null } | undefined> {
  const [inserted] = await db
    .insert(callChatMessages)
    .values({ ...message, attachmentId: attachment?.id ?? null })
    .onConflictDoNothing({
      target: [callChatMessages.callId, callChatMessages.sender, callChatMessages.clientId],
    })
    .returning();
  if (inserted) return { created: true, row: inserted, attachment };
  const [existing] = await db
    .select({ message: callChatMessages, attachment: callAttachments })
    .from(callChatMessages)
    .leftJoin(callAttachments, eq(callAttachments.id, callChatMessages.attachmentId))
    .where(
      and(
        eq(callChatMessages.callId, message.callId),
        eq(callChatMessages.sender, message.sender),
        eq(callChatMessages.clientId, message.clientId),
      ),
    )
    .limit(1);
  return existing && { created: false, row: existing.message, attachment: existing.attachment };
}
