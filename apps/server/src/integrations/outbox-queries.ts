import type { Database } from '../db/client';
import { outboxMessages } from '../db/schema';

export type OutboxMessage = {
  channel: 'email' | 'sms' | 'whatsapp';
  recipient: string;
  subject: string;
  text: string;
  html?: string | null;
};

/** Keeps a message that the dev mailbox shows instead of sending it (demo and tests). */
export async function writeOutboxMessage(db: Database, message: OutboxMessage): Promise<void> {
  await db.insert(outboxMessages).values({ html: null, ...message });
}
