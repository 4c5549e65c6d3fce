import type { Database } from '../../db/client';
import { writeOutboxMessage } from '../outbox-queries';
import type { MessageSender } from './message-sender';

/** Keeps the message in the outbox (the dev mailbox) instead of sending it: demo mode and tests. */
export function createOutboxMessageSender(db: Database, brandName: string): MessageSender {
  let sent = 0;
  return {
    kind: 'outbox',
    async send({ to, channel, body, expiresAt }) {
      await writeOutboxMessage(db, {
        channel,
        recipient: to,
        subject: brandName,
        text: body,
        secretExpiresAt: expiresAt,
      });
      sent += 1;
      return { providerId: `outbox-${Date.now()}-${sent}` };
    },
  };
}
