import type { Database } from '../../db/client';
import { contactMessages, videoMails } from '../../db/schema';

type ContactMessageRow = typeof contactMessages.$inferInsert;
type VideoMailRow = typeof videoMails.$inferInsert;

/** Stores a contact message of the widget; returns its id. */
export async function saveContactMessage(
  db: Database,
  message: Pick<ContactMessageRow, 'companyId' | 'name' | 'email' | 'phone' | 'message'>,
): Promise<number> {
  const [saved] = await db.insert(contactMessages).values(message).returning({ id: contactMessages.id });
  return saved!.id;
}

/** Stores a video mail whose files are already in storage; returns its id. */
export async function saveVideoMail(
  db: Database,
  mail: Omit<VideoMailRow, 'id' | 'createdAt' | 'handledAt' | 'handledBy'>,
): Promise<number> {
  const [saved] = await db.insert(videoMails).values(mail).returning({ id: videoMails.id });
  return saved!.id;
}
