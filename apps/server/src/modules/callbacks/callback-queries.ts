import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { InboxCallback } from '@seguridad/contracts/http/callbacks';
import type { Database } from '../../db/client';
import { callbacks } from '../../db/schema';

const INBOX_LIMIT = 200;

/** Callback requests a company received for one phone since a moment. */
export async function callbacksForPhoneSince(
  db: Database,
  companyId: number,
  phone: string,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(callbacks)
    .where(
      and(eq(callbacks.companyId, companyId), eq(callbacks.phone, phone), gt(callbacks.createdAt, since)),
    );
  return row?.total ?? 0;
}

/** Stores a callback request of the widget; returns its id. */
export async function saveCallback(
  db: Database,
  request: { companyId: number; phone: string; preferredTime: string },
): Promise<number> {
  const [saved] = await db.insert(callbacks).values(request).returning({ id: callbacks.id });
  return saved!.id;
}

/** The company's latest callback requests, newest first, as the console's inbox lists them. */
export async function companyCallbacks(db: Database, companyId: number): Promise<InboxCallback[]> {
  const rows = await db
    .select()
    .from(callbacks)
    .where(eq(callbacks.companyId, companyId))
    .orderBy(desc(callbacks.id))
    .limit(INBOX_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    phone: row.phone,
    preferred_time: row.preferredTime,
    created_at: row.createdAt.toISOString(),
    handled_at: row.handledAt?.toISOString() ?? null,
    note: row.note,
  }));
}

/**
 * Marks a callback of the company done by `userId`, with the operator's note. Marking it again
 * keeps the first time and operator but takes a new note when one is given (a correction). False
 * when the company has no such request.
 */
export async function markCallbackDone(
  db: Database,
  done: { id: number; companyId: number; userId: number; note: string },
): Promise<boolean> {
  const ofCompany = and(eq(callbacks.id, done.id), eq(callbacks.companyId, done.companyId));
  const first = await db
    .update(callbacks)
    .set({ handledAt: new Date(), handledBy: done.userId, note: done.note })
    .where(and(ofCompany, isNull(callbacks.handledAt)))
    .returning({ id: callbacks.id });
  if (first.length > 0) return true;
  const again = await db
    .update(callbacks)
    .set(done.note ? { note: done.note } : { id: done.id })
    .where(ofCompany)
    .returning({ id: callbacks.id });
  return again.length > 0;
}
