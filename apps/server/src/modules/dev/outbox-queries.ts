import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { outboxMessages } from '../../db/schema';

/** The newest outbox messages, to one recipient when `to` is given. */
export async function latestOutboxMessages(db: Database, query: { to?: string; limit: number }) {
  return db
    .select()
    .from(outboxMessages)
    .where(query.to ? eq(outboxMessages.recipient, query.to.toLowerCase()) : undefined)
    .orderBy(desc(outboxMessages.id))
    .limit(query.limit);
}
