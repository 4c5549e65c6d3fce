import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { videoCalls } from '../../db/schema';

type CallRow = typeof videoCalls.$inferSelect;

/**
 * Hands an open private room of the company to whoever holds its link: the new caller token
 * replaces the previous one. Undefined when no such room is open.
 */
export async function claimPrivateRoom(
  db: Database,
  room: { name: string; companyId: number; callerTokenHash: string; userId: number | null },
): Promise<CallRow | undefined> {
  const [call] = await db
    .update(videoCalls)
    // A signed-in caller links the call to their account (decision 040); an anonymous one leaves it.
    .set({ callerTokenHash: room.callerTokenHash, ...(room.userId ? { userId: room.userId } : {}) })
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

/**
 * Stores a new public call, waiting for an operator. Undefined when its voice token already
 * started a call (the unique token id decides between two requests racing with one token).
 */
/** Why a call that never reached the queue ended: nobody could take it (it fell back). */
export const REFUSED_END_REASON = 'no_operators';

export async function insertWaitingCall(
  db: Database,
  call: Pick<
    typeof videoCalls.$inferInsert,
    | 'companyId'
    | 'room'
    | 'specialityId'
    | 'specialityName'
    | 'fromPage'
    | 'callerTokenHash'
    | 'kind'
    | 'voiceTokenId'
    | 'userId'
  >,
): Promise<CallRow | undefined> {
  const [inserted] = await db
    .insert(videoCalls)
    .values(call)
    .onConflictDoNothing({ target: videoCalls.voiceTokenId })
    .returning();
  return inserted;
}

/**
 * A call the centre could not take because nobody who serves its speciality was free: kept as an
 * abandoned call with `end_reason` 'no_operators' so reports count it as offered and not answered
 * (decision 045). It has no caller token, so nobody can join or rate it.
 */
export async function insertRefusedCall(
  db: Database,
  call: Pick<
    typeof videoCalls.$inferInsert,
    'companyId' | 'room' | 'specialityId' | 'specialityName' | 'fromPage' | 'kind' | 'userId'
  >,
): Promise<void> {
  const now = new Date();
  await db
    .insert(videoCalls)
    .values({ ...call, status: 'abandoned', endReason: REFUSED_END_REASON, createdAt: now, endedAt: now });
}

export async function callById(db: Database, callId: number): Promise<CallRow | undefined> {
  const [call] = await db.select().from(videoCalls).where(eq(videoCalls.id, callId)).limit(1);
  return call;
}

export async function callOfCompany(
  db: Database,
  callId: number,
  companyId: number,
): Promise<CallRow | undefined> {
  const [call] = await db
    .select()
    .from(videoCalls)
    .where(and(eq(videoCalls.id, callId), eq(videoCalls.companyId, companyId)))
    .limit(1);
  return call;
}

/**
 * Ends a call if it is still open, in one statement so a hang-up racing an accept or a second
 * hang-up cannot both win: a waiting call is abandoned, an active one ended. Undefined when the
 * call had already ended.
 */
export async function endCallIfOpen(db: Database, callId: number): Promise<CallRow | undefined> {
  const wasWaiting = sql`${videoCalls.status} = 'waiting'`;
  const [call] = await db
    .update(videoCalls)
    .set({
      status: sql`case when ${wasWaiting} then 'abandoned' else 'ended' end`,
      endReason: sql`case when ${wasWaiting} then 'abandoned' else 'hangup' end`,
      endedAt: new Date(),
    })
    .where(and(eq(videoCalls.id, callId), inArray(videoCalls.status, ['waiting', 'active'])))
    .returning();
  return call;
}
