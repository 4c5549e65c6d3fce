import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { callAttachments } from '../../db/schema';

type AttachmentRow = typeof callAttachments.$inferSelect;

/** Records a file already in storage as an attachment of the call. */
export async function saveAttachment(
  db: Database,
  attachment: Pick<
    typeof callAttachments.$inferInsert,
    'callId' | 'sender' | 'storageKey' | 'name' | 'mime' | 'bytes'
  >,
): Promise<AttachmentRow> {
  const [saved] = await db.insert(callAttachments).values(attachment).returning();
  return saved!;
}

export async function attachmentById(db: Database, id: number): Promise<AttachmentRow | undefined> {
  const [attachment] = await db.select().from(callAttachments).where(eq(callAttachments.id, id)).limit(1);
  return attachment;
}
