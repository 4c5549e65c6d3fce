import { and, eq, inArray, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { videoCalls } from '../../db/schema';

type CallRow = typeof videoCalls.$inferSelect;

/**
 * Moves the call from `from` to its end state in one conditional statement, so a racing accept,
 * hang-up or process cannot end it twice. Returns the row when this statement ended it.
 */
export async function endCallFrom(
  db: Database,
  callId: number,
  from: 'waiting' | 'active',
  reason: string,
): Promise<CallRow | undefined> {
  const [ended] = await db
    .update(videoCalls)
    .set({ status: from === 'waiting' ? 'abandoned' : 'ended', endReason: reason, endedAt: new Date() })
    .where(and(eq(videoCalls.id, callId), eq(videoCalls.status, from)))
    .returning();
  return ended;
}

/**
 * Open calls older than `createdBefore` that a sweep may end: public calls waiting or active,
 * and private rooms once active (a private room waiting for its caller stays open).
 */
export async function sweepableCalls(db: Database, createdBefore: Date) {
  return db
    .select({ id: videoCalls.id, room: videoCalls.room })
    .from(videoCalls)
    .where(
      and(
        inArray(videoCalls.status, ['waiting', 'active']),
        or(eq(videoCalls.isPrivate, false), eq(videoCalls.status, 'active')),
        lt(videoCalls.createdAt, createdBefore),
      ),
    );
}
