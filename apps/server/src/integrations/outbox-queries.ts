import { and, isNotNull, lte } from 'drizzle-orm';
import type { Database } from '../db/client';
import { outboxMessages } from '../db/schema';

export type OutboxMessage = {
  channel: 'email' | 'sms' | 'whatsapp';
  recipient: string;
  subject: string;
  text: string;
  html?: string | null;
  /** When the link or code in it stops working (`blankExpiredOutboxSecrets`). */
  secretExpiresAt?: Date | null;
};

/** Keeps a message that the dev mailbox shows instead of sending it (demo and tests). */
export async function writeOutboxMessage(db: Database, message: OutboxMessage): Promise<void> {
  await db.insert(outboxMessages).values({ html: null, secretExpiresAt: null, ...message });
}

/** What an expired message's text becomes: the row stays, to show that something was sent. */
export const EXPIRED_OUTBOX_TEXT = '(mensaje vencido: el enlace o código que contenía ya no es válido)';

/**
 * Blanks the text of every message whose link or code has expired by `now`; returns how many.
 * Without SMTP or Twilio the outbox is where reset links and codes stay in clear.
 */
export async function blankExpiredOutboxSecrets(db: Database, now: Date): Promise<number> {
  const blanked = await db
    .update(outboxMessages)
    .set({ text: EXPIRED_OUTBOX_TEXT, html: null, secretExpiresAt: null })
    .where(and(isNotNull(outboxMessages.secretExpiresAt), lte(outboxMessages.secretExpiresAt, now)))
    .returning({ id: outboxMessages.id });
  return blanked.length;
}
