import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { videoCalls } from '../../db/schema';

type CallRow = typeof videoCalls.$inferSelect;

/**
 * Hands an open private room of the company to whoever holds its link: the new caller token
 * replaces the previous one. Undefined when no such room is open.
 */
export async function claimPrivateRoom(
  db: Database,
  room: { name: string; companyId: number; callerTokenHash: string },
): Promise<CallRow | undefined> {
  const [call] = await db
    .update(videoCalls)
    .set({ callerTokenHash: room.callerTokenHash })
    .where(
      and(
        eq(videoCalls.room, room.name),
        eq(videoCalls.companyId, room.companyId),
        eq(videoCalls.isPrivate, true),
        inArray(videoCalls.status, ['waiting', 'active']),
      ),
    )
    .returning();
  return call;
}

/** Stores a new public call, waiting for an operator. */
export async function insertWaitingCall(
  db: Database,
  call: Pick<
    typeof videoCalls.$inferInsert,
    'companyId' | 'room' | 'specialityId' | 'specialityName' | 'fromPage' | 'callerTokenHash'
  >,
): Promise<CallRow> {
  const [inserted] = await db.insert(videoCalls).values(call).returning();
  return inserted!;
}
