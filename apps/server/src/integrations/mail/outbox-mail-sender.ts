import type { Database } from '../../db/client';
import { writeOutboxMessage } from '../outbox-queries';
import type { MailMessage, MailSender } from './mail-sender';

/** Keeps every mail in the database, where the dev mailbox shows it. Nothing leaves the machine. */
export function createOutboxMailSender(db: Database): MailSender {
  return {
    kind: 'outbox',
    async send(message: MailMessage) {
      await writeOutboxMessage(db, {
        channel: 'email',
        recipient: message.to.toLowerCase(),
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        secretExpiresAt: message.expiresAt ?? null,
      });
    },
    async close() {},
  };
}
